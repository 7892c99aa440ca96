"""``niagara-companion detect``, ``learn``, ``markers`` and ``camera-calibrate``.

Errors the user can fix print one plain line on stderr and exit with status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

from companion.board import PLAYER_COLOURS
from vision.config import JOE_COLOUR, VisionConfig
from vision.layout import LayoutError, load_layout

if TYPE_CHECKING:
    from vision.types import Image

# OpenCV and the pipeline are imported by the commands when they run, so that the
# command line itself (niagara-companion --help) starts without them.

MAX_FILE_BYTES = 60_000_000


class UserError(Exception):
    """A problem the user can fix; printed as one line."""


def picture_size(file: Path, max_pixels: int) -> tuple[int, int] | None:
    """Width and height from the picture file's header (Pillow reads only the header), or
    None if it is not a picture Pillow knows; :class:`UserError` when Pillow finds it far
    too large itself. Checked before OpenCV decodes anything, so that a small file
    claiming a huge picture never gets its pixels allocated."""
    import warnings

    from PIL import Image as Picture

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # DecompressionBombWarning: checked below
            with Picture.open(file) as picture:
                width, height = picture.size
    except Picture.DecompressionBombError:
        raise UserError(f"{file}: the picture is too large; use at most "
                        f"{max_pixels // 1_000_000} megapixels") from None
    except Exception:  # any malformed header: not a picture we read
        return None
    return int(width), int(height)


def read_image(path: str | Path, config: VisionConfig | None = None) -> Image:
    """A picture file as a BGR frame, or :class:`UserError` with a plain message."""
    config = config or VisionConfig()
    file = Path(path)
    if not file.is_file():
        raise UserError(f"{file}: no such picture file")
    size = file.stat().st_size
    if size == 0:
        raise UserError(f"{file}: the file is empty")
    if size > MAX_FILE_BYTES:
        raise UserError(f"{file}: the file is too large ({size // 1_000_000} MB) for a camera "
                        "picture")
    header = picture_size(file, config.max_image_pixels)
    if header is None:
        raise UserError(f"{file}: not a picture OpenCV can read (use PNG or JPEG)")
    w, h = header
    if w * h > config.max_image_pixels:
        raise UserError(f"{file}: the picture is too large ({w}x{h}); use at most "
                        f"{config.max_image_pixels // 1_000_000} megapixels")
    import cv2
    import numpy as np

    data = np.fromfile(file, np.uint8)
    try:
        # IMREAD_COLOR decodes to 8-bit BGR.
        image = cast("Image | None", cv2.imdecode(data, cv2.IMREAD_COLOR))
    except cv2.error:
        raise UserError(f"{file}: the picture is too large to read") from None
    if image is None:
        raise UserError(f"{file}: not a picture OpenCV can read (use PNG or JPEG)")
    h, w = image.shape[:2]
    if h * w > config.max_image_pixels:
        raise UserError(f"{file}: the picture is too large ({w}x{h}); use at most "
                        f"{config.max_image_pixels // 1_000_000} megapixels")
    return image


def _players(text: str | None) -> tuple[str, ...] | None:
    if not text:
        return None
    names = tuple(p.strip().lower() for p in text.split(",") if p.strip())
    bad = [p for p in names if p not in (*PLAYER_COLOURS, JOE_COLOUR)]
    if bad:
        raise UserError(f"--players: '{bad[0]}' is not a colour; choose from "
                        f"{', '.join(PLAYER_COLOURS)} (and {JOE_COLOUR} for Diamanten Joe)")
    return names


def detect(args: argparse.Namespace) -> int:
    from vision.camera import CameraError, load_camera
    from vision.detector import Detector, FrameError
    from vision.locate import BoardNotFound, CalibrationError, load_calibration, parse_corners
    from vision.profile import ProfileError, load_profile

    try:
        profile = load_profile(args.profile) if args.profile else None
        camera = load_camera(args.camera) if args.camera else None
        layout_path = args.layout or (profile.layout if profile else None)
        layout = load_layout(layout_path)
        config = VisionConfig()
        frame = read_image(args.image, config)
        corners = size = None
        if args.corners:
            corners = parse_corners(args.corners)
        elif args.calibration:
            corners, size = load_calibration(args.calibration)
        colours = _players(args.players)
        if colours is not None and args.joe and JOE_COLOUR not in colours:
            colours = (*colours, JOE_COLOUR)
        detector = Detector(layout, config, corners=corners, corners_size=size, colours=colours,
                            camera=camera)
        if profile is not None:
            detector.use_profile(profile)
            if colours is not None:
                detector.colours = colours
        seen = detector.analyse(frame, strict=True)
    except (UserError, LayoutError, CalibrationError, FrameError, BoardNotFound,
            ProfileError, CameraError) as exc:
        print(f"niagara-companion detect: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(seen.to_json()))
        return 0
    data = seen.to_json()
    print(f"board found (reprojection {data['reprojection_px']} px) in {data['ms']} ms")
    print("discs:   " + " ".join(f"{s}={v}" for s, v in data["discs"].items()))
    for c in data["canoes"]:
        gem = f", carrying {c['gem']}" if c["gem"] else ""
        print(f"canoe:   {c['colour']} on {c['at']}{gem}")
    weather = "not seen" if data["weather"] is None else f"{data['weather']:+d}"
    print(f"weather: {weather}")
    unread = [*data["unknown"], *(s for s, v in data["discs"].items()
                                  if v == "unknown" and s not in data["unknown"])]
    if unread:
        hint = "" if profile is not None else (
            "; a table profile from a setup photo is needed to read this board: "
            "niagara-companion learn SETUP_IMAGE --players ... --out PROFILE.json, then "
            "detect --profile PROFILE.json")
        print("could not read (covered?): " + ", ".join(unread) + hint)
    return 0


def learn(args: argparse.Namespace) -> int:
    from vision.camera import CameraError, load_camera
    from vision.detector import FrameError
    from vision.profile import SetupError, learn_profile

    try:
        camera = load_camera(args.camera) if args.camera else None
        players = _players(args.players) or ()
        if JOE_COLOUR in players:
            raise UserError("--players: list the players' colours; Diamanten Joe is --joe")
        if not 2 <= len(players) <= len(PLAYER_COLOURS) or len(set(players)) != len(players):
            raise UserError("--players: give 2 to 6 different colours, e.g. red,green,blue")
        out = Path(args.out)
        if not out.parent.exists():
            raise UserError(f"--out {out}: folder {out.parent} does not exist")
        layout = load_layout(args.layout)
        frame = read_image(args.image)
        profile = learn_profile(frame, players, joe=args.joe, layout=layout,
                                layout_path=args.layout, camera=camera)
        profile.save(out)
    except (UserError, LayoutError, FrameError, SetupError, CameraError, OSError) as exc:
        print(f"niagara-companion learn: {exc}", file=sys.stderr)
        return 1
    colours = ", ".join(f"{c} {list(v)}" for c, v in profile.canoe_bgr.items())
    print(f"wrote {out}: the table as seen in {args.image} (canoes: {colours}); use it with "
          f"detect --profile {out}")
    for note in profile.notes:
        print(f"note: {note}")
    return 0


def markers(args: argparse.Namespace) -> int:
    from vision.markers import write_charuco_sheet, write_marker_sheet

    try:
        layout = load_layout(args.layout)
        out = Path(args.out)
        if out.suffix.lower() != ".png":
            raise UserError(f"--out {out}: the sheet is written as PNG; name it something.png")
        if not out.parent.exists():
            raise UserError(f"--out {out}: folder {out.parent} does not exist")
        if args.charuco:
            write_charuco_sheet(out)
        else:
            write_marker_sheet(out, layout)
    except (UserError, LayoutError, OSError) as exc:
        print(f"niagara-companion markers: {exc}", file=sys.stderr)
        return 1
    if args.charuco:
        print(f"wrote {out}: print it at 100% scale (300 dpi), check the 100 mm ruler, lay it "
              "flat and take 6-15 photos of it with the table camera from several angles; then "
              "run niagara-companion camera-calibrate PHOTOS... --out camera.json")
    else:
        print(f"wrote {out}: print it at 100% scale (300 dpi) and check the 100 mm ruler; stick "
              "marker i at the board position its label gives")
    return 0


def camera_calibrate(args: argparse.Namespace) -> int:
    from vision.camera import CameraError, calibrate

    try:
        out = Path(args.out)
        if out.suffix.lower() != ".json":
            raise UserError(f"--out {out}: the camera is written as JSON; name it "
                            "something.json")
        if not out.parent.exists():
            raise UserError(f"--out {out}: folder {out.parent} does not exist")
        photos = [read_image(p) for p in args.photos]
        camera = calibrate(photos)
        camera.save(out)
    except (UserError, CameraError, OSError) as exc:
        print(f"niagara-companion camera-calibrate: {exc}", file=sys.stderr)
        return 1
    k, d = camera.matrix, camera.dist
    print(f"wrote {out}: focal length {k[0, 0]:.1f} px ({k[0, 0] / camera.image_size[0]:.3f} "
          f"frame widths), centre ({k[0, 2]:.1f}, {k[1, 2]:.1f}), k1 {d[0]:+.4f}, k2 "
          f"{d[1]:+.4f}, fit {camera.rms_px:.2f} px RMS; use it with --camera {out}")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``detect`` and ``markers`` subcommands."""
    p = subparsers.add_parser(
        "detect", help="read the board from a picture",
        description="Find the board in a picture (corner markers, or fixed corners) and read "
        "discs, canoes, gems and the weather marker.")
    p.add_argument("image", metavar="IMAGE", help="a PNG or JPEG picture of the board")
    p.add_argument("--layout", metavar="F", help="board layout JSON (default: zoch-2004)")
    p.add_argument("--calibration", metavar="F",
                   help='fixed-camera file {"corners_px": [[x, y] x4], "image_size": [w, h]}')
    p.add_argument("--corners", metavar="X1,Y1,...,X4,Y4",
                   help="the board's corners in the picture: top-left, top-right, "
                   "bottom-right, bottom-left (instead of the markers)")
    p.add_argument("--players", metavar="red,green,...",
                   help="the canoe colours in play (default: every colour)")
    p.add_argument("--joe", action="store_true", help="Diamanten Joe is in play")
    p.add_argument("--profile", metavar="PROFILE.json",
                   help="the table profile learned from a setup photo (niagara-companion "
                   "learn); players, Joe and layout come from it unless given")
    p.add_argument("--camera", metavar="CAMERA.json",
                   help="the camera's lens calibration (niagara-companion camera-calibrate; "
                   "default: a standard lens without distortion)")
    p.add_argument("--json", action="store_true", help="print the reading as JSON")
    p.set_defaults(func=detect)
    lp = subparsers.add_parser(
        "learn", help="learn the table from a setup photo",
        description="Learn what this board, these canoes and this light look like from one "
        "photo of the start position (every canoe on the beach, Joe on T1 when in play, "
        "nine discs, weather on 0, no hands), and save it as a table profile (JSON).")
    lp.add_argument("image", metavar="SETUP_IMAGE", help="a PNG or JPEG of the start position")
    lp.add_argument("--players", required=True, metavar="red,green,...",
                    help="the players' canoe colours")
    lp.add_argument("--joe", action="store_true", help="Diamanten Joe is in play (on T1)")
    lp.add_argument("--layout", metavar="F", help="board layout JSON (default: zoch-2004)")
    lp.add_argument("--camera", metavar="CAMERA.json",
                    help="the camera's lens calibration (niagara-companion camera-calibrate)")
    lp.add_argument("--out", required=True, metavar="PROFILE.json")
    lp.set_defaults(func=learn)
    m = subparsers.add_parser(
        "markers", help="write the printable marker sheet",
        description="Write an A4 sheet (PNG, 300 dpi) with the four corner markers at true "
        "size and a mm ruler (with --charuco: the lens-calibration board instead).")
    m.add_argument("--out", required=True, metavar="FILE.png")
    m.add_argument("--layout", metavar="F", help="board layout JSON (default: zoch-2004)")
    m.add_argument("--charuco", action="store_true",
                   help="write the ChArUco board for camera-calibrate instead")
    m.set_defaults(func=markers)
    c = subparsers.add_parser(
        "camera-calibrate", help="calibrate the camera's lens from photos",
        description="Measure the camera's focal length, centre and lens distortion from "
        "photos of the printed ChArUco board (markers --charuco), taken from several angles "
        "at the size the companion uses, and write them as JSON for --camera.")
    c.add_argument("photos", nargs="+", metavar="PHOTO", help="PNG or JPEG photos of the board")
    c.add_argument("--out", required=True, metavar="CAMERA.json")
    c.set_defaults(func=camera_calibrate)
