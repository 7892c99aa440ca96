"""Calibration: which markers the camera sees, the four-corner fallback, the table
learned from the setup position, and the board layout's positions adjusted by dragging.

Works on the camera's latest picture (``camera.jpeg()``, decoded); the corners and the
learned table profile go to the camera's ``vision.detector.Detector`` when it has one
(``--camera picamera``, ``opencv:N``...). The synthetic camera needs no calibration: it
only reports what it would see.

The layout (``vision/layouts/zoch-2004.json`` by default) can be adjusted on the page:
the adjusted one is saved to a user layout file (:class:`LayoutFile`, by default
``layout.json`` in the user's config directory, or ``serve --layout PATH``), validated by
``vision.layout.parse_layout``, and given to the camera's detector at once.

Every change (any method but GET, HEAD and OPTIONS) is the owner's (:mod:`web.roles`):
it must carry the service's setup key in the ``X-Setup-Key`` header or the owner's
cookie (:mod:`web.setup_key`); without it: 403, nothing changed. Looking (the view, the
layout, the board picture) stays open and never shows the key.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, jsonify

from companion.errors import InvalidActionError
from companion.table.camera import TableCamera, on_vision_thread
from companion.text import N_
from web.api import json_body
from web.i18n import tr
from web.services import exposure_file, layout_file, loop, profile_file

if TYPE_CHECKING:
    from vision.layout import Layout
    from vision.profile import TableProfile
    from vision.types import Image

bp = Blueprint("calibration", __name__, url_prefix="/api/calibration")
log = logging.getLogger(__name__)

BOARD_PX_PER_MM = 2.0
"""Resolution of the rectified board picture shown under the draggable positions."""


def default_layout_path() -> Path:
    """``layout.json`` in the user's config directory (``platformdirs``)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("niagara-companion", appauthor=False)) / "layout.json"


class LayoutFile:
    """The board layout in use: the user's saved layout file, or the bundled default.

    :param path: the user layout file (need not exist: the default is used until a
        layout is saved).
    :param strict: an unreadable or invalid file raises ``vision.layout.LayoutError``
        (``serve --layout PATH``); otherwise it is reported in :attr:`error` and the
        default layout is used.
    """

    def __init__(self, path: str | Path, *, strict: bool = False) -> None:
        from vision.layout import LayoutError, load_layout

        self.path = Path(path)
        self.error: str | None = None
        self._lock = threading.Lock()
        self._cameras: list[TableCamera] = []
        self.default = load_layout()
        self.layout = self.default
        if self.path.exists():
            try:
                self.layout = load_layout(self.path)
            except LayoutError as error:
                if strict:
                    raise
                self.error = N_("The saved layout could not be used ({error}); the default "
                                "layout is used instead.", error=str(error))
                log.warning("%s", self.error)

    @property
    def custom(self) -> bool:
        """True when the layout in use comes from the user's file."""
        return self.layout is not self.default

    def follow(self, camera: TableCamera | None) -> None:
        """Give this camera's detector (if it has one) the layout, now and after changes."""
        if camera is not None:
            self._cameras.append(camera)
            self._apply(camera)

    def _apply(self, camera: TableCamera) -> None:
        if camera.detector is not None:
            camera.detector.layout = self.layout

    def save(self, data: object) -> Layout:
        """Validate ``data`` (the layout file's JSON) and save it; the detector uses it at
        once. :raises InvalidActionError: with the layout's fault; nothing is saved."""
        from vision.layout import LayoutError, parse_layout

        try:
            layout = parse_layout(data)
        except LayoutError as error:
            raise InvalidActionError(N_("The layout was not saved: {error}.",
                                        error=error.args[0] if error.args else str(error))
                                     ) from None
        text = json.dumps(layout.to_json(), indent=2) + "\n"
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".layout-", suffix=".json",
                                       dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as file:
                    file.write(text)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            self.layout, self.error = layout, None
            for camera in self._cameras:
                self._apply(camera)
        return layout

    def reset(self) -> Layout:
        """Forget the saved layout: back to the bundled default."""
        with self._lock:
            self.path.unlink(missing_ok=True)
            self.layout, self.error = self.default, None
            for camera in self._cameras:
                self._apply(camera)
        return self.layout

    def to_json(self) -> dict[str, Any]:
        return {"layout": self.layout.to_json(), "default": self.default.to_json(),
                "custom": self.custom, "path": str(self.path), "error": self.error}


class ExposureFile:
    """The camera's exposure and white balance locked at calibration
    (``camera-exposure.json`` beside the user layout file, or ``EXPOSURE_FILE``), set again
    when the service starts."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def load(self) -> dict[str, object]:
        """The saved controls ({} when there are none or the file is unreadable)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def save(self, controls: dict[str, object]) -> Path:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".exposure-", suffix=".json", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump(controls, file, indent=2)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return self.path


class ProfileFile:
    """The table profile learned at the calibration page's setup step
    (``table-profile.json`` beside the user layout file, or ``PROFILE_FILE``): what this
    board, its canoes and gems and the room's light look like (:mod:`vision.profile`),
    used again when the service starts."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.error: str | None = None

    def load(self) -> TableProfile | None:
        """The saved profile; None when there is none, or it cannot be used (then
        :attr:`error` says why, and the setup step must be done again)."""
        if not self.path.exists():
            return None
        try:
            from vision.profile import ProfileError, load_profile
        except ImportError:  # no vision package: nothing to read with
            return None
        try:
            return load_profile(self.path)
        except ProfileError as error:
            self.error = (f"The table learned at the last setup could not be used ({error}); "
                          "learn it again on the calibration page.")
            log.warning("%s", self.error)
            return None

    def save(self, profile: TableProfile) -> Path:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".profile-", suffix=".json", dir=self.path.parent)
        os.close(fd)
        try:
            profile.save(tmp)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self.error = None
        return self.path


def default_profile_path() -> Path:
    """``table-profile.json`` in the user's config directory (``platformdirs``)."""
    return default_layout_path().with_name("table-profile.json")


def default_exposure_path() -> Path:
    """``camera-exposure.json`` in the user's config directory (``platformdirs``)."""
    return default_layout_path().with_name("camera-exposure.json")


def current_layout() -> Layout:
    """The layout in use (the saved one, else the default)."""
    service = layout_file()
    if service is not None:
        return service.layout
    from vision.layout import load_layout

    return load_layout()


def latest_frame(camera: TableCamera | None) -> Image | None:
    """The camera's latest picture as a BGR array, or None (decoded on the vision thread:
    :func:`~companion.table.camera.on_vision_thread`)."""
    return None if camera is None else on_vision_thread(camera.frame)


def calibration_view(camera: TableCamera | None = None) -> dict[str, Any]:
    """The layout (board mm), the markers seen in the latest frame, and a sentence."""
    try:
        layout = current_layout()
    except Exception as error:  # vision not installed, or no layout
        return {"layout": {}, "markers": [],
                "text": N_("No board layout available: {error}", error=str(error))}
    data = {"slots": {k: list(v) for k, v in layout.slots.items()},
            "board_mm": list(layout.board_mm)}
    frame = latest_frame(camera)
    if frame is None:
        return {"layout": data, "markers": [], "frame": None,
                "text": N_("No picture from the camera yet.")}
    from vision.locate import find_markers

    seen = sorted(int(i) for i in on_vision_thread(find_markers, frame, layout))
    wanted = sorted(int(i) for i in layout.marker_centers)
    missing = [i for i in wanted if i not in seen]
    if not missing:
        text = N_("All {count} corner markers are seen.", count=len(wanted))
    elif not seen:
        text = N_("No corner marker is seen; missing: {missing}. Click the four corners of "
                  "the board instead.", missing=", ".join(map(str, missing)))
    else:
        text = N_("Markers seen: {seen}; missing: {missing}. Click the four corners of the "
                  "board instead.", seen=", ".join(map(str, seen)),
                  missing=", ".join(map(str, missing)))
    h, w = frame.shape[:2]
    return {"layout": data, "markers": seen, "missing": missing, "frame": [w, h],
            "text": text}


@bp.get("")
def view() -> Response:
    game_loop = loop()
    game_loop.check_camera()
    return jsonify({"ok": True, **tr(calibration_view(game_loop.camera))})


def _corners(value: object) -> list[list[float]]:
    if (not isinstance(value, Sequence) or len(value) != 4 or not all(
            isinstance(p, Sequence) and len(p) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in p)
            for p in value)):
        raise InvalidActionError(N_("'corners' must be four [x, y] points in frame pixels: "
                                    "top left, top right, bottom right, bottom left."))
    return [[float(p[0]), float(p[1])] for p in value]


@bp.post("/corners")
def corners() -> Response:
    """Use four clicked corners instead of the markers (``{"corners": [[x, y], ...]}``)."""
    data = json_body()
    if not isinstance(data, dict):
        raise InvalidActionError(N_("The request body must be a JSON object."))
    points = _corners(data.get("corners"))
    camera = loop().camera
    detector = camera.detector if camera is not None else None
    frame = latest_frame(camera)
    if detector is None or frame is None:
        raise InvalidActionError(N_("This camera needs no corners: it is not read by the "
                                    "vision pipeline (use --camera picamera or opencv:N)."))
    h, w = frame.shape[:2]
    detector.corners = points
    detector.corners_size = (w, h)
    return jsonify({"ok": True, "corners": points, "size": [w, h]})


@bp.post("/colours")
def colours() -> Response:
    """Learn the table from the setup position (every canoe on the beach, Joe on T1, the
    nine discs, the weather marker on 0): its canoe and gem colours, riverbed, discs and
    marker (:func:`vision.profile.learn_profile`). The camera reads with it at once, and
    it is saved (:class:`ProfileFile`) for the next start."""
    game_loop = loop()
    camera = game_loop.camera
    detector = camera.detector if camera is not None else None
    frame = latest_frame(camera)
    if detector is None or frame is None or game_loop.current is None:
        raise InvalidActionError(N_("The table is learned from a real camera's picture of "
                                    "the setup, with a game started."))
    state = game_loop.state(game_loop.current)
    try:
        profile = on_vision_thread(detector.learn_table, frame, state.players,
                                   joe=state.options.diamanten_joe)
    except ValueError as error:  # SetupError, BoardNotFound: what is missing where
        raise InvalidActionError(str(error)) from None
    saved_profile = profile_file().save(profile)
    # The table was learned under this light: freeze exposure and white balance so that
    # it stays true, and keep the settings for the next start.
    assert camera is not None
    exposure = camera.lock_exposure()
    saved = exposure_file().save(exposure) if exposure else None
    # ``notes``: what the players should know though the table was learned (a glare spot
    # hiding a canoe or the weather marker), in plain words.
    return jsonify({"ok": True, "learned": {k: list(v) for k, v in profile.canoe_bgr.items()},
                    "notes": list(profile.notes),
                    "profile_file": str(saved_profile),
                    "exposure": exposure, "exposure_file": str(saved) if saved else None})


# -- the layout: slot positions adjusted by dragging -------------------------------------


def _layout_service() -> LayoutFile:
    service = layout_file()
    if service is None:
        raise InvalidActionError(N_("No board layout is available (the vision package is "
                                    "missing)."))
    return service


@bp.get("/layout")
def get_layout() -> Response:
    """The layout in use, the default one, whether it is the user's, and where it is saved."""
    return jsonify({"ok": True, **tr(_layout_service().to_json())})


@bp.put("/layout")
def put_layout() -> Response:
    """Save a layout (the layout file's JSON, as ``GET`` gives it): validated by
    ``vision.layout.parse_layout``; a bad one is refused and nothing is saved."""
    service = _layout_service()
    data = json_body()
    if not isinstance(data, dict):
        raise InvalidActionError(N_("The request body must be a layout as a JSON object."))
    service.save(data)
    return jsonify(tr({"ok": True, **service.to_json(),
                       "text": N_("Layout saved to {path}: the camera uses it now.",
                                  path=str(service.path))}))


@bp.delete("/layout")
def reset_layout() -> Response:
    """Back to the bundled default layout (the user's file is removed)."""
    service = _layout_service()
    service.reset()
    return jsonify(tr({"ok": True, **service.to_json(),
                       "text": N_("Back to the default layout: the camera uses it now.")}))


@bp.get("/board.jpg")
def board_picture() -> Response | tuple[Response, int]:
    """The camera's latest picture straightened to a top-down view of the board (board
    millimetres × ``BOARD_PX_PER_MM``), for placing the layout's positions on it."""
    import cv2

    from vision.config import VisionConfig
    from vision.locate import BoardNotFound, locate_board, rectify

    camera = loop().camera
    frame = latest_frame(camera)
    if camera is None or frame is None:
        return jsonify({"ok": False, "error": tr(N_("No picture from the camera yet.")),
                        "kind": "not_found"}), 404
    layout = current_layout()
    detector = camera.detector

    def straightened() -> tuple[bool, Any]:
        pose = detector.locate(frame) if detector is not None else locate_board(frame, layout)
        top = rectify(frame, pose, layout, VisionConfig(px_per_mm=BOARD_PX_PER_MM))
        return cv2.imencode(".jpg", top, [cv2.IMWRITE_JPEG_QUALITY, 85])

    try:
        ok, buf = on_vision_thread(straightened)
    except BoardNotFound as error:
        return jsonify({"ok": False, "kind": "not_found", "error": tr(N_(
            "The board is not found in the picture: {error}", error=str(error)))}), 404
    if not ok:
        return jsonify({"ok": False, "error": tr(N_("The picture could not be encoded.")),
                        "kind": "invalid"}), 500
    response = Response(buf.tobytes(), mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response
