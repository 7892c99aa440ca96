"""The ``serve`` command: its options and the addresses it prints (nothing is served)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.cli import build_parser
from web.cli import run_serve, urls


def test_serve_options_and_defaults() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.camera, args.gpio, args.db) == (
        "0.0.0.0", 8000, "synthetic", "mock", None)
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "9000",
                                      "--camera", "opencv:0", "--gpio", "auto", "--db", "x.db"])
    assert (args.host, args.port, args.camera, args.gpio, args.db) == (
        "127.0.0.1", 9000, "opencv:0", "auto", "x.db")
    assert args.func is run_serve


def test_urls_list_lan_addresses_then_localhost() -> None:
    assert urls("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    every = urls("0.0.0.0", 8000)
    assert every[-1] == "http://localhost:8000/"
    assert all(u.startswith("http://") and u.endswith(":8000/") for u in every)


def test_bad_port_and_camera_are_plain_errors(tmp_path, capsys: pytest.CaptureFixture,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    key_file = tmp_path / "setup-key"
    monkeypatch.setattr("web.setup_key.default_setup_key_path", lambda: key_file)
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "70000"])
    assert run_serve(args) == 2
    assert "--port must be 1..65535" in capsys.readouterr().err
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--camera", "nonsense",
                                      "--gpio", "none", "--db", str(tmp_path / "g.db")])
    assert run_serve(args) == 1
    assert "nonsense" in capsys.readouterr().err
    assert not key_file.exists()  # a start that fails writes no key


def test_the_calibration_link_carries_the_setup_key(tmp_path: Path) -> None:
    from web.cli import calibration_message
    from web.setup_key import SetupKey

    key = SetupKey(path=tmp_path / "setup-key")
    text = calibration_message(["http://10.0.0.2:8000/", "http://localhost:8000/"], key)
    assert f"http://10.0.0.2:8000/calibrate?key={key.value}" in text
    assert f"  http://10.0.0.2:8000/?key={key.value}\n" in text
    assert str(tmp_path / "setup-key") in text and "after a restart" in text
    assert "changes at each start" in calibration_message(["http://x/"], SetupKey())


def test_serve_prints_the_table_and_calibration_links(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import waitress

    class Dispatcher:
        def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
            return True

    class Server:
        task_dispatcher = Dispatcher()

        def run(self) -> None:
            raise KeyboardInterrupt

        def close(self) -> None:
            pass

    key_file = tmp_path / "config" / "setup-key"
    monkeypatch.setattr("web.setup_key.default_setup_key_path", lambda: key_file)
    monkeypatch.setattr(waitress, "create_server", lambda *a, **k: Server())
    args = build_parser().parse_args([
        "serve", "--host", "127.0.0.1", "--port", "8123", "--camera", "none", "--gpio",
        "none", "--db", str(tmp_path / "g.db"), "--layout", str(tmp_path / "layout.json")])
    assert run_serve(args) == 0
    out = capsys.readouterr().out
    key = key_file.read_text().strip()
    assert "  http://127.0.0.1:8123/\n" in out
    assert f"  http://127.0.0.1:8123/calibrate?key={key}\n" in out
    assert f"  http://127.0.0.1:8123/?key={key}\n" in out
    # The same link after a restart.
    assert run_serve(args) == 0
    assert f"/calibrate?key={key}\n" in capsys.readouterr().out


@pytest.mark.slow
def test_sigterm_stops_serve_cleanly_and_systemd_hears_from_it(tmp_path: Path) -> None:
    """``systemctl stop``: exit 0 within 3 s, lights off, camera and store closed; under
    systemd the service says it is ready, pings the watchdog from its loop, and says it
    is stopping."""
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(tmp_path / "notify"))
    notify.settimeout(10)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "NOTIFY_SOCKET": str(tmp_path / "notify"),
           "WATCHDOG_USEC": "1000000", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("INVOCATION_ID", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--camera", "none", "--gpio", "mock", "--db", str(tmp_path / "g.db"),
         "--layout", str(tmp_path / "layout.json")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        messages = [notify.recv(4096).decode() for _ in range(2)]
        assert messages[0].startswith("READY=1")
        assert messages[1] == "WATCHDOG=1"  # from the loop, though there is no camera
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=10)
        assert time.monotonic() - started < 3
        assert server.returncode == 0, err
        assert "Stopped: the lights are off, the camera is closed" in out
        assert "Traceback" not in err
        rest = []
        notify.settimeout(0.5)
        try:
            while True:
                rest.append(notify.recv(4096).decode())
        except TimeoutError:
            pass
        assert "STOPPING=1" in rest
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        notify.close()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["Ctrl+C", "SIGTERM"])
def test_serve_stops_cleanly_with_streams_open(tmp_path: Path, sig: signal.Signals) -> None:
    """Ctrl+C or SIGTERM with event streams open: the streams end, the service says it
    stopped, exit 0, no traceback (waitress's "Bad file descriptor" included)."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--camera", "none", "--gpio", "none", "--db", str(tmp_path / "g.db")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    streams: list[http.client.HTTPConnection] = []
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/api/leds")
                conn.getresponse().read()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None
                time.sleep(0.2)
        # The service runs in the process started (restarted in place, same id) with
        # glibc's per-thread caches off.
        environ = Path(f"/proc/{server.pid}/environ").read_bytes().split(b"\0")
        assert b"GLIBC_TUNABLES=glibc.malloc.tcache_count=0" in environ
        key = (tmp_path / "config" / "niagara-companion" / "setup-key").read_text().strip()
        conn.request("POST", "/api/games", body=json.dumps({"players": ["red", "green", "blue"]}),
                     headers={"Content-Type": "application/json", "X-Setup-Key": key})
        created = json.loads(conn.getresponse().read())
        for _ in range(3):
            stream = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            stream.request("GET", f"/api/games/{created['id']}/stream")
            response = stream.getresponse()
            assert response.status == 200 and response.fp.readline()
            streams.append(stream)
        started = time.monotonic()
        server.send_signal(sig)
        out, err = server.communicate(timeout=15)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for stream in streams:
            stream.close()
    stopped_after = time.monotonic() - started
    assert server.returncode == 0
    # No worker thread was still busy when the service stopped (waitress says so, after
    # STOP_SECONDS): the streams ended first. And it stopped well within the time systemd
    # gives it before killing it (the figure itself depends on the machine's load).
    assert b"still running" not in err and b"Canceling" not in err, err
    assert stopped_after < timeout_stop_sec() / 2, stopped_after
    assert b"Stopped: the lights are off, the camera is closed" in out
    assert b"Traceback" not in err and b"Bad file descriptor" not in err, err


def timeout_stop_sec() -> float:
    """``TimeoutStopSec`` of the systemd unit: how long ``systemctl stop`` waits."""
    unit = Path(__file__).resolve().parents[2] / "hardware/systemd/niagara-companion.service"
    return float(next(line.split("=", 1)[1] for line in unit.read_text().splitlines()
                      if line.startswith("TimeoutStopSec=")))


def test_a_signal_taken_by_another_thread_wakes_the_loop_at_once() -> None:
    """The operating system may hand Ctrl+C or SIGTERM to any thread; Python runs the
    handler in the main thread, which waits in waitress's select(). ``SignalWake`` wakes
    that select at once (without it, here, only at its 30 s timeout)."""
    from waitress import wasyncore

    from web.cli import SignalWake

    got: list[int] = []
    previous = signal.signal(signal.SIGUSR1, lambda signum, _frame: got.append(signum))
    sockets: dict[int, Any] = {}

    class Idle(wasyncore.dispatcher):  # type: ignore[misc]
        def writable(self) -> bool:  # a connection with nothing to say or send
            return False

    idle, peer = socket.socketpair()
    Idle(idle, map=sockets)
    wake = SignalWake(sockets)

    def to_itself() -> None:  # a thread other than the main one takes the signal
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), signal.SIGUSR1)

    other = threading.Thread(target=to_itself)
    try:
        other.start()
        started = time.monotonic()
        wasyncore.loop(timeout=30, map=sockets, count=1)
        waited = time.monotonic() - started
    finally:
        other.join()
        wake.close()
        signal.signal(signal.SIGUSR1, previous)
        idle.close()
        peer.close()
    assert got == [signal.SIGUSR1]
    assert waited < 15, waited


def test_stopping_serve_leaves_every_light_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lights are lit while the game runs (mock pins); a stop (Ctrl+C, SIGTERM) leaves
    every output off."""
    import waitress

    from companion.table import lights
    from hardware.schedule import Outputs

    made: list[Any] = []
    real = lights.make_announcer

    def keep(*args: Any, **kwargs: Any) -> Any:
        made.append(real(*args, **kwargs))
        return made[-1]

    class Dispatcher:
        def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
            return True

    class Server:
        task_dispatcher = Dispatcher()

        def run(self) -> None:
            announcer = made[0]
            announcer.turn("red")  # the player LED lit, the bar and all-good as the game has them
            announcer.discrepancy(True)
            assert announcer.wait_idle(5)
            assert announcer.lights.value != Outputs.dark(announcer.config.bar_length)
            raise KeyboardInterrupt

        def close(self) -> None:
            pass

    monkeypatch.setattr("web.app.make_announcer", keep)
    monkeypatch.setattr("web.setup_key.default_setup_key_path", lambda: tmp_path / "key")
    monkeypatch.setattr(waitress, "create_server", lambda *a, **k: Server())
    args = build_parser().parse_args([
        "serve", "--host", "127.0.0.1", "--port", "8124", "--camera", "none", "--gpio",
        "mock", "--db", str(tmp_path / "g.db"), "--layout", str(tmp_path / "layout.json")])
    assert run_serve(args) == 0
    assert made and made[0].closed and made[0].lights.closed
    assert made[0].lights.value == Outputs.dark(made[0].config.bar_length)


FREED_BLOCK = """
import sys
import numpy as np
from web.cli import fix_mmap_threshold
def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6
if sys.argv[1] == "fixed":
    assert fix_mmap_threshold()
big = np.ones(20_000_000 // 8); del big  # mapped and freed: glibc raises its threshold
before = rss_mb()
block = np.ones(16_000_000 // 8); del block  # a frame's work array, freed
print(rss_mb() - before)
"""


def test_serve_gives_freed_frames_back_to_the_system() -> None:
    def kept(how: str) -> float:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
        return float(subprocess.run([sys.executable, "-c", FREED_BLOCK, how], env=env,
                                    capture_output=True, text=True, check=True).stdout)

    # glibc on its own: the 16 MB block comes from the heap after the 20 MB one was
    # freed, and stays resident when freed. With serve's fixed threshold: given back.
    assert kept("glibc") > 12
    assert kept("fixed") < 4



THREADS_FREE_SMALL_BLOCKS = """
import ctypes, os, sys, threading
from web.cli import restart_without_thread_caches
if sys.argv[1] == "restarted":
    restart_without_thread_caches()
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in "arena ordblks smblks hblks hblkhd "
                "usmblks fsmblks uordblks fordblks keepcost".split()]
libc.mallinfo2.restype = Info
def in_use():
    return libc.mallinfo2().uordblks
done, stop = threading.Semaphore(0), threading.Event()
def worker():  # a long-lived thread: frees small blocks of many sizes, then waits
    blocks = [libc.malloc(size) for size in range(64, 1024, 16) for _ in range(7)]
    for block in blocks:
        libc.free(block)
    done.release()
    stop.wait()
before = in_use()
for _ in range(32):
    threading.Thread(target=worker, daemon=True).start()
    done.acquire()
print((in_use() - before) / 1e6)
stop.set()
"""


def test_serve_runs_without_glibcs_per_thread_caches() -> None:
    """Small blocks freed by a thread that lives on stay in its glibc cache, in use for
    good: 32 threads (waitress has 48) keep about 7 MB that way; restarted the way
    ``serve`` restarts itself, none."""
    def kept(how: str) -> float:
        env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES"}
        return float(subprocess.run([sys.executable, "-c", THREADS_FREE_SMALL_BLOCKS, how],
                                    env=env, capture_output=True, text=True,
                                    check=True).stdout)

    assert kept("as-is") > 3
    assert kept("restarted") < 1
