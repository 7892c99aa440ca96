"""Calibration: which markers the camera sees, the four-corner fallback, canoe colours.

Works on the camera's latest picture (``camera.jpeg()``, decoded); the corners and the
learned colours go to the camera's ``vision.detector.Detector`` when the camera has one
(``--camera picamera``, ``opencv:N``...). The synthetic camera needs no calibration: it
only reports what it would see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from companion.errors import InvalidActionError
from companion.loop import GameLoop

bp = Blueprint("calibration", __name__, url_prefix="/api/calibration")


def _loop() -> GameLoop:
    loop: GameLoop = current_app.extensions["niagara"]
    return loop


def latest_frame(camera: Any) -> Any:
    """The camera's latest picture as a BGR array, or None."""
    if camera is None:
        return None
    frame = getattr(camera, "_frame", None)
    if frame is not None:
        return frame
    jpeg = camera.jpeg() if hasattr(camera, "jpeg") else None
    if jpeg is None:
        return None
    import cv2
    import numpy as np

    return cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)


def calibration_view(camera: Any = None) -> dict[str, Any]:
    """The layout (board mm), the markers seen in the latest frame, and a sentence."""
    try:
        from vision.layout import load_layout

        layout = load_layout()
    except Exception as error:  # vision not installed, or no layout
        return {"layout": {}, "markers": [], "text": f"No board layout available: {error}"}
    data = {"slots": {k: list(v) for k, v in layout.slots.items()},
            "board_mm": list(layout.board_mm)}
    frame = latest_frame(camera)
    if frame is None:
        return {"layout": data, "markers": [], "frame": None,
                "text": "No picture from the camera yet."}
    from vision.locate import find_markers

    seen = sorted(int(i) for i in find_markers(frame, layout))
    wanted = sorted(int(i) for i in layout.marker_centers)
    missing = [i for i in wanted if i not in seen]
    text = (f"All {len(wanted)} corner markers are seen." if not missing else
            f"Markers seen: {', '.join(map(str, seen)) or 'none'}; missing: "
            f"{', '.join(map(str, missing))}. Click the four corners of the board instead.")
    h, w = frame.shape[:2]
    return {"layout": data, "markers": seen, "missing": missing, "frame": [w, h],
            "text": text}


@bp.get("")
def view() -> Response:
    loop = _loop()
    loop.check_camera()
    return jsonify({"ok": True, **calibration_view(loop.camera)})


def _corners(value: object) -> list[list[float]]:
    if (not isinstance(value, Sequence) or len(value) != 4 or not all(
            isinstance(p, Sequence) and len(p) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in p)
            for p in value)):
        raise InvalidActionError("'corners' must be four [x, y] points in frame pixels: "
                                 "top left, top right, bottom right, bottom left.")
    return [[float(p[0]), float(p[1])] for p in value]  # type: ignore[index]


@bp.post("/corners")
def corners() -> Response:
    """Use four clicked corners instead of the markers (``{"corners": [[x, y], ...]}``)."""
    from flask import request

    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise InvalidActionError("The request body must be a JSON object.")
    points = _corners(data.get("corners"))
    camera = _loop().camera
    detector = getattr(camera, "detector", None)
    frame = latest_frame(camera)
    if detector is None or frame is None:
        raise InvalidActionError("This camera needs no corners: it is not read by the "
                                 "vision pipeline (use --camera picamera or opencv:N).")
    h, w = frame.shape[:2]
    detector.corners = points
    detector.corners_size = (w, h)
    return jsonify({"ok": True, "corners": points, "size": [w, h]})


@bp.post("/colours")
def colours() -> Response:
    """Learn the canoe colours from the setup position (every canoe on the beach)."""
    loop = _loop()
    camera = loop.camera
    detector = getattr(camera, "detector", None)
    frame = latest_frame(camera)
    if detector is None or frame is None or loop.current is None:
        raise InvalidActionError("Colours are learned from a real camera's picture of the "
                                 "setup, with a game started.")
    state = loop.state(loop.current)
    try:
        learned = detector.learn_colours(frame, state.players,
                                         joe=state.options.diamanten_joe)
    except ValueError as error:
        raise InvalidActionError(str(error)) from None
    return jsonify({"ok": True, "learned": {k: list(v) for k, v in learned.items()}})
