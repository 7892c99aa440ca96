"""``niagara-companion record``: save frames from any camera of ``--camera`` (the real
ones and the synthetic one), to replay a session later with ``--camera folder:DIR``.

Heavy imports (OpenCV) happen when the command runs, not when the parser is built.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.cli import Subparsers


def spec_help() -> str:
    from companion.table.camera import spec_help as camera_specs

    return camera_specs().replace(", none", "")


def register(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    """Add ``record`` to the ``niagara-companion`` command line."""
    rec = subparsers.add_parser(
        "record",
        help="save frames from a camera into a folder (replay with --camera folder:DIR)",
        description="Save frames from any camera as PNG files, to replay a real session "
                    "later with --camera folder:DIR.",
    )
    rec.add_argument("--camera", default="auto", metavar="SPEC",
                     help=f"{spec_help()} (default: auto)")
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

    from companion.table.camera import open_frames
    from hardware.camera import CameraNotFound, CameraUnavailable, EndOfFrames

    try:
        camera = open_frames(args.camera, size=size, reconnect=True)
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
