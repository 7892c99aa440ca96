"""Telling systemd the service is ready and alive: :class:`Watchdog` (``sd_notify``).

systemd passes ``NOTIFY_SOCKET`` (a datagram socket; a leading ``@`` names one in the
abstract namespace) and, with ``WatchdogSec=`` in the unit, ``WATCHDOG_USEC``. The
service sends ``READY=1`` once it serves, then ``WATCHDOG=1`` from the loop whose
progress proves it is alive (the camera loop); when the pings stop for ``WatchdogSec``
systemd kills the service and ``Restart=always`` starts it again. Outside systemd every
call does nothing. No dependency: one ``AF_UNIX`` datagram per message.

>>> watchdog = Watchdog(environ={})   # not under systemd
>>> watchdog.enabled, watchdog.ready(), watchdog.ping()
(False, False, False)
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Mapping
from time import monotonic

log = logging.getLogger(__name__)


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send one ``sd_notify`` message (``READY=1``, ``WATCHDOG=1``, ``STATUS=...``).

    :returns: whether it was sent (``False`` outside systemd or when sending failed;
        a failure is logged, never raised: the service must not die of it).
    """
    env = os.environ if environ is None else environ
    address = env.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        log.warning("NOTIFY_SOCKET %r is neither a path nor abstract: not notifying", address)
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError as exc:
        log.warning("cannot notify systemd (%s): %s", message.split("=", 1)[0], exc)
        return False
    return True


class Watchdog:
    """The service's side of systemd's ``Type=notify`` and ``WatchdogSec=``.

    :param environ: where ``NOTIFY_SOCKET``, ``WATCHDOG_USEC`` and ``WATCHDOG_PID`` are
        read (default: the process environment).
    :param clock: seconds that never go back.

    :meth:`ping` may be called as often as convenient (every camera reading): it sends
    at most one ``WATCHDOG=1`` per :attr:`interval`, half the watchdog time as
    ``sd_watchdog_enabled(3)`` advises.
    """

    def __init__(self, environ: Mapping[str, str] | None = None, *,
                 clock: Callable[[], float] = monotonic) -> None:
        self._environ = dict(os.environ if environ is None else environ)
        self._clock = clock
        self._last: float | None = None
        usec = self._environ.get("WATCHDOG_USEC", "")
        pid = self._environ.get("WATCHDOG_PID", "")
        for_us = not pid or (pid.isdigit() and int(pid) == os.getpid())
        self.timeout: float | None = (
            int(usec) / 1e6 if usec.isdigit() and int(usec) > 0 and for_us else None)
        """``WatchdogSec`` in seconds, ``None`` without a watchdog."""

    @property
    def enabled(self) -> bool:
        """Whether systemd expects pings."""
        return self.timeout is not None and bool(self._environ.get("NOTIFY_SOCKET"))

    @property
    def interval(self) -> float | None:
        """Seconds between two pings sent (half the watchdog time)."""
        return None if self.timeout is None else self.timeout / 2

    def ready(self, status: str = "serving") -> bool:
        """The service is up (``Type=notify`` waits for this)."""
        return notify(f"READY=1\nSTATUS={status}", self._environ)

    def ping(self) -> bool:
        """The service is alive; sends only when half the watchdog time has passed.

        :returns: whether a ping went out.
        """
        if not self.enabled:
            return False
        now = self._clock()
        assert self.interval is not None
        if self._last is not None and now - self._last < self.interval:
            return False
        self._last = now
        return notify("WATCHDOG=1", self._environ)

    def status(self, text: str) -> bool:
        """A one-line status for ``systemctl status``."""
        return notify(f"STATUS={text}", self._environ)

    def stopping(self) -> bool:
        """The service is shutting down (no restart is due to the watchdog)."""
        return notify("STOPPING=1", self._environ)
