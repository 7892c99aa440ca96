"""``niagara-companion serve``: the companion's web service on the LAN (waitress).

Defaults: every address (0.0.0.0) on port 8000, the synthetic camera following the
game, mock GPIO shown as virtual LEDs on the table page, games in SQLite in the user's
data directory.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import sys
from typing import TYPE_CHECKING, Any

from companion.table.camera import spec_help
from companion.table.lights import GPIO_CHOICES

if TYPE_CHECKING:
    from companion.cli import Subparsers
    from web.setup_key import SetupKey

DEFAULT_PORT = 8000
THREADS = 48
"""Waitress worker threads: each open event stream holds one (six phones, a table, a
few spare browsers) and requests need the rest."""


STOP_SECONDS = 3.0
"""How long the worker threads get to finish when the service stops."""

LOOKAHEAD = 1
"""Waitress keeps reading a connection while its request runs, so that an event stream
whose client went away is noticed (``waitress.client_disconnected``) at its next
heartbeat."""


MALLOC_ARENAS = 2
"""glibc's memory arenas for the whole process (``M_ARENA_MAX``). By default each of the
48 worker threads may get its own arena, which keeps the high-water mark of every
request it ever served: the RSS then grows for hours (measured: 70 MB to 590 MB in a
one-minute soak) although nothing leaks. Two arenas keep it flat (172 MB)."""

MAX_UPLOAD = 1024 * 1024
"""Waitress refuses bodies larger than this (413) without reading them; between the
app's own limit (64 kB) and this one, the app answers the refusal in its JSON shape."""


MMAP_THRESHOLD = 128 * 1024
"""Blocks of this size or more get their own memory map from glibc, returned whole when
freed (``M_MMAP_THRESHOLD``; 128 KiB is glibc's own starting value). Left to itself glibc
raises this threshold to the largest block it has freed (up to 32 MB) and keeps up to
twice that free in each arena: after the synthetic camera drew a frame (38 MB of numpy
work arrays, 19 MB each), a worker thread's arena held 39 MB free for good
(``malloc_stats``: 43 MB held, 3.9 MB in use), +40 MB of RSS after
``benchmarks/fuzz.py``; with a fixed threshold, +5 MB. A 1 MiB threshold still left the
blocks between 128 KiB and 1 MiB in the arenas (the camera's 640x360 frames and masks,
large request bodies): scattered free chunks, ``benchmarks/soak.py --pace 0.5`` +13 to
+18 MB by game 15; with 128 KiB, +8 to +9 MB."""


def fix_mmap_threshold(threshold: int = MMAP_THRESHOLD) -> bool:
    """Ask glibc to map blocks of ``threshold`` bytes or more on their own, always (unless
    ``MALLOC_MMAP_THRESHOLD_`` is set); False where there is no glibc."""
    import ctypes
    import ctypes.util
    import os

    if "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(-3, threshold))  # -3: M_MMAP_THRESHOLD
    except (OSError, AttributeError):
        return False


THREAD_CACHES_OFF = "glibc.malloc.tcache_count=0"
"""The glibc tunable :func:`restart_without_thread_caches` adds to ``GLIBC_TUNABLES``.
glibc keeps up to seven freed blocks of each small size (to 1 KiB) in a cache per
thread, counted as in use and never given back while the thread lives; waitress's 48
workers live as long as the service, and each filled its own cache one request after
another: the heap's blocks in use grew from 15 to 21 MB over a 7-minute dense soak
(``mallinfo2``), then kept creeping. Without them the heap stayed at 13 MB, and the RSS
after the first game to the end of the same soak was +4.0 MB instead of +10.4 MB."""


def restart_without_thread_caches() -> None:
    """Start this process again without glibc's per-thread caches (:data:`THREAD_CACHES_OFF`):
    glibc reads its tunables only when a program starts, so ``serve`` execs itself once
    with the tunable added (the same process id: systemd's watch and the shell's job are
    undisturbed). Nothing is done where there is no glibc, or when ``GLIBC_TUNABLES``
    already sets ``tcache_count`` (that is also how the second start knows it is one)."""
    import ctypes
    import ctypes.util

    tunables = os.environ.get("GLIBC_TUNABLES", "")
    if not sys.platform.startswith("linux") or "tcache_count" in tunables:
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.gnu_get_libc_version.restype = ctypes.c_char_p  # glibc's own function
    except (OSError, AttributeError):
        return  # not glibc (musl, for one): it has no such cache
    env = {**os.environ,
           "GLIBC_TUNABLES": ":".join(filter(None, (tunables, THREAD_CACHES_OFF)))}
    sys.stdout.flush()
    sys.stderr.flush()
    with contextlib.suppress(OSError):
        os.execve(sys.executable, sys.orig_argv, env)


def limit_malloc_arenas(arenas: int = MALLOC_ARENAS) -> bool:
    """Ask glibc for at most ``arenas`` memory arenas (unless ``MALLOC_ARENA_MAX`` is
    set); must run before the worker threads start. False where there is no glibc."""
    import ctypes
    import ctypes.util
    import os

    if "MALLOC_ARENA_MAX" in os.environ:
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(-8, arenas))  # -8: M_ARENA_MAX
    except (OSError, AttributeError):
        return False


def register(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    serve = subparsers.add_parser(
        "serve", help="run the companion's web service (phones, table page, lights, camera)",
        description="Serve the companion on the local network: players open their secret "
                    "links on their phones, the table page shows the river. Stop with "
                    "Ctrl+C.")
    serve.add_argument("--host", default="0.0.0.0",
                       help="address to listen on (default: 0.0.0.0, every network)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"port (default: {DEFAULT_PORT})")
    serve.add_argument("--camera", default="synthetic", metavar="SPEC",
                       help=f"{spec_help()} (default: synthetic, the board drawn from "
                            "the game)")
    serve.add_argument("--gpio", choices=GPIO_CHOICES, default="mock",
                       help="lights and buzzer: auto (the Pi's GPIO, else mock), mock "
                            "(default: virtual LEDs on the table page), none")
    serve.add_argument("--db", default=None, metavar="PATH",
                       help="SQLite file of the games (default: in the user's data folder)")
    serve.add_argument("--layout", default=None, metavar="PATH",
                       help="the board layout file adjusted on the calibration page "
                            "(default: layout.json in the user's config folder; the "
                            "bundled layout until one is saved)")
    serve.add_argument("--wifi-ssid", default=os.environ.get("NIAGARA_WIFI_SSID"),
                       metavar="NAME",
                       help="the table's Wi-Fi network (the Pi's own access point, see "
                            "hardware/access-point.sh): the links page shows its QR code so "
                            "phones join it first (default: $NIAGARA_WIFI_SSID)")
    serve.add_argument("--wifi-password", default=os.environ.get("NIAGARA_WIFI_PASSWORD"),
                       metavar="PASSWORD",
                       help="its password (default: $NIAGARA_WIFI_PASSWORD; none: an open "
                            "network)")
    serve.set_defaults(func=run_serve, prepare_process=restart_without_thread_caches)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on the local network (no packet is sent)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))  # UDP connect: picks a route, sends nothing
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found:
                found.append(address)
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")]


def urls(host: str, port: int) -> list[str]:
    """The addresses to open, the LAN ones first."""
    hosts = [*lan_addresses(), "localhost"] if host in ("0.0.0.0", "") else [host]
    return [f"http://{h}:{port}/" for h in hosts]


def calibration_message(addresses: list[str], key: SetupKey) -> str:
    """The owner's link and the calibration link, both with the setup key (for the owner
    of the companion only: whoever holds it starts games and calibrates the camera)."""
    owner = f"{addresses[0]}?key={key.value}"
    url = f"{addresses[0]}calibrate?key={key.value}"
    if key.persistent:
        kept = (f"The key is kept in {key.path}: the links stay the same after a restart "
                "(delete the file for a new one).")
    else:
        kept = key.error or "The key changes at each start."
    return (f"The owner's link (keep it to yourself: open it once on the device that sets "
            f"up the table; that device can then start games and calibrate the camera):\n"
            f"  {owner}\n"
            f"Calibrate the camera (the same key):\n  {url}\n{kept}")


def run_serve(args: argparse.Namespace) -> int:
    from companion.errors import NiagaraError
    from companion.table.store import StoreError, default_path
    from hardware.camera import CameraError

    try:
        from waitress import create_server

        from web.app import close_app, create_app
    except ImportError as error:
        print(f"error: the web service needs flask and waitress: {error}", file=sys.stderr)
        return 1
    if not 0 < args.port < 65536:
        print(f"error: --port must be 1..65535, not {args.port}", file=sys.stderr)
        return 2
    addresses = urls(args.host, args.port)
    limit_malloc_arenas()
    fix_mmap_threshold()
    try:
        app = create_app({
            "DATABASE": args.db or str(default_path()),
            "CAMERA": args.camera,
            "GPIO": args.gpio,
            "PUBLIC_URL": addresses[0].rstrip("/"),
            "LAYOUT": args.layout,
            "WIFI_SSID": args.wifi_ssid,
            "WIFI_PASSWORD": args.wifi_password,
        })
    except (StoreError, NiagaraError, CameraError, ValueError, RuntimeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    sockets: dict[int, Any] = {}  # waitress's socket map, for the signal wake-up
    try:
        server = create_server(app, sockets, host=args.host, port=args.port, threads=THREADS,
                               channel_timeout=120, ident="niagara-companion",
                               channel_request_lookahead=LOOKAHEAD,
                               max_request_body_size=MAX_UPLOAD)
    except OSError as error:
        close_app(app)
        print(f"error: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
              file=sys.stderr)
        return 1
    loop = app.extensions["niagara"]
    camera = app.extensions["niagara.camera"]
    print("Niagara Companion is running. Open on a tablet or laptop beside the board:")
    for url in addresses:
        print(f"  {url}")
    print(calibration_message(addresses, app.extensions["niagara.setup_key"]))
    layout = app.extensions.get("niagara.layout")
    if layout is not None:
        print(f"Board layout: {layout.path if layout.custom else 'the default'}"
              f"{'' if layout.custom else f' (adjusted ones are saved to {layout.path})'}.")
        if layout.error:
            print(f"warning: {layout.error}", file=sys.stderr)
    print(f"Games: {loop.store.path}; camera: {camera.name if camera else 'none'}; "
          f"lights: {args.gpio}. Stop with Ctrl+C.", flush=True)
    for part in loop.hardware().values():
        if part["problem"]:
            print(f"warning: {part['problem']}", file=sys.stderr, flush=True)
    from hardware.notify import Watchdog

    watchdog = Watchdog()  # systemd's Type=notify and WatchdogSec; nothing elsewhere
    loop.heartbeat = watchdog.ping
    loop.watch()  # pings come from the loop's own thread, camera or not

    def interrupt(_signum: int, _frame: object) -> None:
        # Ctrl+C and systemctl stop (SIGTERM). Close the loop first: every stream ends at
        # once, so that waitress's own shutdown (it catches KeyboardInterrupt) finds its
        # threads free, not busy for 5 s.
        watchdog.stopping()
        loop.close()
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}
    wake = SignalWake(sockets)
    try:
        watchdog.ready()
        server.run()  # returns (or raises KeyboardInterrupt) on Ctrl+C and SIGTERM
    except KeyboardInterrupt:
        pass
    finally:
        watchdog.stopping()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        wake.close()
        stop(server, app)
    print("Stopped: the lights are off, the camera is closed and every game is saved.",
          flush=True)
    return 0


class SignalWake:
    """Wakes waitress's main loop the moment a signal arrives.

    Python runs a signal's handler in the main thread, between two bytecodes; the
    operating system may hand the signal to any of the service's threads, and then the
    main thread, waiting in waitress's ``select()``, would notice only at its timeout (a
    second; longer on a loaded machine). ``signal.set_wakeup_fd`` writes a byte to a
    socket the loop watches, whichever thread took the signal.
    """

    def __init__(self, socket_map: dict[int, Any]) -> None:
        from waitress.wasyncore import dispatcher

        class Reader(dispatcher):  # type: ignore[misc]
            def writable(self) -> bool:
                return False

            def handle_read(self) -> None:
                with contextlib.suppress(OSError):
                    self.recv(512)

        self._read, self._write = socket.socketpair()
        for end in (self._read, self._write):
            end.setblocking(False)
        self._reader = Reader(self._read, map=socket_map)
        self._previous = signal.set_wakeup_fd(self._write.fileno(), warn_on_full_buffer=False)

    def close(self) -> None:
        signal.set_wakeup_fd(self._previous)
        self._reader.close()
        self._write.close()


def stop(server: Any, app: Any) -> None:
    """Stop in order: the loop first (its hub wakes every event stream, which ends), then
    the worker threads (given a few seconds to finish their last writes), then the
    sockets; then the lights go off and the camera and the store close (nothing is
    written to a closed socket)."""
    from web.app import close_app

    loop = app.extensions.get("niagara")
    if loop is not None:
        loop.close()
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=STOP_SECONDS)
    server.close()
    close_app(app)
