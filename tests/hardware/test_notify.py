"""sd_notify without systemd: a datagram socket stands in for systemd's NOTIFY_SOCKET."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.notify import Watchdog, notify


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    """A bound datagram socket, as systemd listens on for a ``Type=notify`` service."""
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(path)
        sock.settimeout(5)
        yield sock, path


def received(sock: socket.socket) -> list[str]:
    messages = []
    sock.setblocking(False)
    try:
        while True:
            messages.append(sock.recv(4096).decode())
    except BlockingIOError:
        pass
    finally:
        sock.settimeout(5)
    return messages


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_ready_and_pings_at_half_the_watchdog_time(systemd: tuple[socket.socket, str]) -> None:
    sock, path = systemd
    clock = Clock()
    watchdog = Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000",
                         "WATCHDOG_PID": str(os.getpid())}, clock=clock)
    assert watchdog.enabled and watchdog.timeout == 30 and watchdog.interval == 15
    assert watchdog.ready()
    sent = []
    for now in (0, 1, 14.9, 15, 20, 29.9, 30, 31):
        clock.now = now
        sent.append(watchdog.ping())
    assert sent == [True, False, False, True, False, False, True, False]
    assert watchdog.status("camera: disconnected")
    assert watchdog.stopping()
    assert received(sock) == ["READY=1\nSTATUS=serving", "WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1",
                              "STATUS=camera: disconnected", "STOPPING=1"]


def test_abstract_socket_names(tmp_path: Path) -> None:
    name = f"niagara-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        assert notify("READY=1", {"NOTIFY_SOCKET": "@" + name})
        assert sock.recv(100) == b"READY=1"


def test_outside_systemd_nothing_is_sent_and_nothing_fails(tmp_path: Path) -> None:
    assert not notify("READY=1", {})
    assert not notify("READY=1", {"NOTIFY_SOCKET": "relative/path"})
    assert not notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "gone")})  # logged only
    other_pid = Watchdog({"NOTIFY_SOCKET": "/x", "WATCHDOG_USEC": "1000000",
                          "WATCHDOG_PID": "1"})
    assert not other_pid.enabled and not other_pid.ping()  # the watchdog is for another pid
    no_watchdog = Watchdog({"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert not no_watchdog.enabled and no_watchdog.interval is None
