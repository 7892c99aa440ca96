"""``niagara-companion hw-test`` and ``niagara-companion record``.

Heavy imports (gpiozero, OpenCV) happen when a command runs, not when the parser is built.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hardware.config import HardwareConfig
    from hardware.patterns import Pattern


def register(subparsers: Any) -> None:
    """Add ``hw-test`` and ``record`` to the ``niagara-companion`` command line."""
    hw = subparsers.add_parser(
        "hw-test",
        help="light every LED and play every sound in turn, to check the wiring",
        description="Light every LED and play every sound of the table companion in turn, "
                    "naming each one and its GPIO, to check the wiring.",
    )
    hw.add_argument("--gpio", choices=("auto", "mock"), default="auto",
                    help="auto: the Pi's GPIO, else mock pins; mock: always mock pins "
                         "(default: auto)")
    hw.add_argument("--config", metavar="FILE",
                    help="pin configuration (TOML, BCM numbers; default: the packaged pins.toml)")
    hw.add_argument("--speed", type=float, default=1.0,
                    help="play faster (2 = twice as fast; default: 1)")
    hw.set_defaults(func=hw_test)

    rec = subparsers.add_parser(
        "record",
        help="save frames from a camera into a folder (replay with --camera folder:DIR)",
        description="Save frames from any camera as PNG files, to replay a real session "
                    "later with --camera folder:DIR.",
    )
    rec.add_argument("--camera", default="auto", metavar="SPEC",
                     help="auto, picamera, opencv:N, opencv:FILE, folder:DIR or synthetic "
                          "(default: auto)")
    rec.add_argument("--out", required=True, metavar="DIR", help="folder for the frames")
    rec.add_argument("--frames", type=int, default=100, metavar="N",
                     help="how many frames (default: 100)")
    rec.add_argument("--interval", type=float, default=1.0, metavar="S",
                     help="seconds between frames (default: 1)")
    rec.add_argument("--size", default="1280x720", metavar="WxH",
                     help="frame size (default: 1280x720)")
    rec.set_defaults(func=record)


def _fail(message: str) -> int:
    print(f"niagara-companion: {message}", file=sys.stderr)
    return 1


# -- hw-test -----------------------------------------------------------------------------


def hw_test_steps(config: HardwareConfig) -> list[tuple[str, Pattern]]:
    """Every light and every sound, one at a time, each with a label naming its wiring."""
    from hardware import patterns

    def wired(what: str, pin: int | None) -> str:
        return f"{what} (GPIO{pin})" if pin is not None else f"{what} (not wired: virtual)"

    steps: list[tuple[str, Pattern]] = []
    n = config.bar_length
    for i in range(n):
        pin = config.bar[i] if config.bar else None
        mask = tuple(j == i for j in range(n))
        steps.append((wired(f"bar LED {i + 1} of {n}", pin), patterns.walk(f"bar {i + 1}",
                                                                          bar=mask)))
    for name, what in (("falls", "red falls LED"), ("check", "amber check LED"),
                       ("ok", "green all-good LED")):
        steps.append((wired(what, getattr(config, name)), patterns.walk(name, **{name: True})))
    rgb = config.rgb or (None, None, None)
    for pin, channel, colour in zip(rgb, ("red", "green", "blue"),
                                    ((255, 0, 0), (0, 255, 0), (0, 0, 255)), strict=True):
        steps.append((wired(f"player LED, {channel} leg", pin),
                      patterns.walk(f"rgb {channel}", rgb=colour)))
    for player, colour in config.colours.items():
        steps.append((f"player LED shows {player} {list(colour)}",
                      patterns.walk(f"player {player}", rgb=colour)))
    buzzer = wired(f"{config.buzzer_kind} buzzer", config.buzzer)
    for note in ("C5", "E5", "G5", "C6", "E6", "G6", "C7"):
        steps.append((f"{buzzer}: note {note}", patterns.tone(note, 0.3)))
    warning = patterns.discrepancy()
    warning = replace(warning, loop=False,
                      steps=tuple(replace(s, check=True, ok=False) for s in warning.steps))
    for label, pattern in (
        ("river moves 3 discs: 3 beeps, the bar fills", patterns.river(3)),
        ("river does not move: one long low beep", patterns.river(0)),
        ("1 canoe over the falls", patterns.falls(1)),
        ("2 canoes over the falls", patterns.falls(2)),
        ("board disagrees: two-tone warning (repeats in a game)", warning),
        ("board agrees again: rising chirp", patterns.resolved()),
        ("game won by red and green: fanfare",
         patterns.won([config.colours["red"], config.colours["green"]])),
    ):
        steps.append((f"{buzzer}: {label}", pattern))
    return steps


def hw_test(args: argparse.Namespace) -> int:
    """Walk through every LED and sound, printing what should happen."""
    from hardware.announcer import Announcer, HardwareError
    from hardware.config import ConfigError, load_config
    from hardware.gpio import is_mock, select_pin_factory

    if args.speed <= 0:
        return _fail("--speed must be positive")
    try:
        config = load_config(args.config)
        factory = select_pin_factory(args.gpio)
        announcer = Announcer(config, pin_factory=factory, speed=args.speed)
    except (ConfigError, HardwareError) as exc:
        return _fail(str(exc))
    with announcer:
        if is_mock(factory):
            print("Mock pins: nothing on the header moves; each step is only simulated.")
        else:
            print(f"GPIO through {type(factory).__name__}; pins from {config.source}.")
        steps = hw_test_steps(config)
        for number, (label, pattern) in enumerate(steps, start=1):
            print(f"{number:2d}/{len(steps)}  {label}", flush=True)
            announcer.play(pattern)
            if not announcer.wait_idle(pattern.duration / args.speed + 5):
                return _fail("the announcer stopped responding")
        print("Done: every LED and sound was shown.")
    return 0


# -- record ------------------------------------------------------------------------------


def _parse_size(text: str) -> tuple[int, int] | None:
    width, _, height = text.lower().partition("x")
    if width.isdigit() and height.isdigit() and int(width) > 0 and int(height) > 0:
        return int(width), int(height)
    return None


def record(args: argparse.Namespace) -> int:
    """Save ``--frames`` frames from ``--camera`` into ``--out``, one every ``--interval`` s."""
    size = _parse_size(args.size)
    if size is None:
        return _fail(f"--size must look like 1280x720, not {args.size!r}")
    if args.frames < 1:
        return _fail("--frames must be at least 1")
    if args.interval < 0:
        return _fail("--interval cannot be negative")
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        return _fail(f"{out} is a file, not a folder")
    if out.is_dir() and any(out.glob("frame_*.png")):
        return _fail(f"{out} already holds recorded frames: choose another folder")

    import cv2

    from hardware.camera import CameraNotFound, CameraUnavailable, EndOfFrames, open_camera

    try:
        camera = open_camera(args.camera, size=size, reconnect=True)
    except (CameraNotFound, ValueError) as exc:
        return _fail(str(exc))
    saved = 0
    try:
        out.mkdir(parents=True, exist_ok=True)
        session = {"camera": camera.spec, "size": list(camera.size), "interval": args.interval,
                   "started": datetime.now(UTC).isoformat(timespec="seconds")}
        (out / "session.json").write_text(json.dumps(session, indent=2) + "\n", encoding="utf-8")
        print(f"Recording {args.frames} frames from {camera.spec} into {out} ...", flush=True)
        next_at = time.monotonic()
        while saved < args.frames:
            try:
                frame = camera.read()
            except EndOfFrames:
                print(f"{camera.spec} has no more frames.")
                break
            except CameraUnavailable as exc:
                print(f"warning: {exc}", file=sys.stderr)
                time.sleep(max(0.1, getattr(camera, "retry_in", 0.5)))
                continue
            path = out / f"frame_{saved:06d}.png"
            if not cv2.imwrite(str(path), frame):
                return _fail(f"cannot write {path}")
            saved += 1
            next_at += args.interval
            if saved < args.frames:
                time.sleep(max(0.0, next_at - time.monotonic()))
    except KeyboardInterrupt:
        print(f"Stopped: saved {saved} frames into {out}.")
        return 130
    except OSError as exc:
        return _fail(f"cannot record into {out}: {exc.strerror or exc}")
    finally:
        camera.close()
    print(f"Saved {saved} frames into {out} (replay: --camera folder:{out}).")
    return 0
