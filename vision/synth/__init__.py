"""A synthetic camera: photo-like BGR frames of the board in any game state.

>>> from companion.state import new_game
>>> frame = render(new_game(["red", "green", "blue"]), seed=1, size=(640, 480))
>>> frame.shape, frame.dtype
((480, 640, 3), dtype('uint8'))

One module per part: :mod:`~vision.synth.scene` (how the scene is photographed:
:class:`SceneConfig`), :mod:`~vision.synth.art` (art families, drawing the board and its
pieces), :mod:`~vision.synth.camera` (pose, light, lens, sensor) and
:mod:`~vision.synth.truth` (what is drawn: state plus faults, and :func:`ground_truth`).
The board is drawn flat in board millimetres (pieces with their height when
``scene.heights``), lit, then seen through a pinhole camera and a lens. Every random
choice comes from ``seed`` and the scene's own seeds. Faults: see :mod:`vision.synth.truth`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from typing import cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import SLOTS
from companion.state import GameState
from vision.config import DEFAULT_CANOE_BGR, DEFAULT_GEM_BGR
from vision.layout import Layout, load_layout
from vision.synth.art import (
    REPORTING_FAMILIES,
    TUNING_FAMILIES,
    ArtStyle,
    Canvas,
    between_move,
    board_art,
    draw_canoe,
    draw_clutter,
    draw_deposit_gems,
    draw_disc,
    draw_hand,
    draw_weather_marker,
    place_canoes,
)
from vision.synth.camera import (
    camera_centre_mm,
    camera_homography,
    camera_pose,
    distort_maps,
    flicker_rows,
    glare_board,
    kelvin_gains,
    lift_at,
    light_board,
)
from vision.synth.scene import (
    SKIN_BGR,
    SLEEVE_BGR,
    Clutter,
    Glare,
    Hand,
    SceneConfig,
    Shadow,
    random_clutter,
    random_hand,
)
from vision.synth.truth import FAULTS, Fault, ground_truth, parse_fault, placement
from vision.types import Doubles, Floats, Image

__all__ = ["FAULTS", "REPORTING_FAMILIES", "SKIN_BGR", "SLEEVE_BGR", "TUNING_FAMILIES",
           "ArtStyle", "Clutter", "Fault", "Glare", "Hand", "SceneConfig", "Shadow",
           "between_canoe", "camera_homography", "camera_pose", "ground_truth", "kelvin_gains",
           "parse_fault", "random_clutter", "random_hand", "render"]

_MAPS: dict[tuple[int, int, float, float | None],
            tuple[Floats, Floats, NDArray[np.bool_], int]] = {}
"""Per frame size, lens and focal length: the lens's remap tables, the pixels they take
from beyond the pinhole frame, and the margin that frame needs for them."""


_BASES: dict[tuple[str, tuple[int, int, int]], Floats] = {}
_RADII: dict[tuple[int, int], Floats] = {}


def _base(cv: Canvas, style: ArtStyle, table_bgr: tuple[int, int, int], art: Floats,
          on_board: NDArray[np.bool_], wood: Floats) -> Floats:
    """The printed board on its table (a fresh copy to draw on; cached per board)."""
    key = (repr((cv.layout.to_json(), style)), table_bgr)
    if key not in _BASES:
        if len(_BASES) > 4:
            _BASES.clear()
        table = np.array(table_bgr, np.float32)
        _BASES[key] = np.where(on_board[..., None], art, wood + table).astype(np.float32)
    return _BASES[key].copy()


def _radius2(size: tuple[int, int]) -> Floats:
    """Squared distance from the frame's centre, 1 at the corners (for vignetting)."""
    if size not in _RADII:
        w, h = size
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        _RADII[size] = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    return _RADII[size]


def between_canoe(state: GameState, faults: Iterable[Fault] = ()) -> tuple[str, str, str] | None:
    """The canoe a scene with ``between`` draws between two slots: its colour (``"?"``
    when its slot holds several), the slot it is on in the game, the next slot."""
    return between_move(placement(state, tuple(faults), None))


def render(
    state: GameState,
    *,
    seed: int = 0,
    scene: SceneConfig | None = None,
    faults: Iterable[Fault] = (),
    discs: Collection[str] | Mapping[str, bool] | None = None,
    size: tuple[int, int] = (1280, 720),
    layout: Layout | None = None,
) -> Image:
    """A BGR uint8 frame of the board in ``state``, as the camera would see it.

    :param seed: drives every random detail (textures, canoe placement, noise).
    :param scene: camera, light, art and occlusion settings (default: a straight, clean
        view of the ``zoch`` board).
    :param faults: deliberate differences from ``state`` (see :mod:`vision.synth.truth`).
    :param discs: the slots holding a disc (default: all nine).
    :param size: frame ``(width, height)`` in pixels.
    """
    layout = layout or load_layout()
    scene = scene or SceneConfig()
    board = placement(state, tuple(faults), discs)
    rng = np.random.default_rng([seed, 0xB0A2D])
    cv = Canvas(layout)
    style = ArtStyle.of(scene.art, scene.art_seed)
    art, on_board, wood = board_art(cv, style)
    img = _base(cv, style, scene.table_bgr, art, on_board, wood)
    centre = camera_centre_mm(layout, scene, size) if scene.heights else None

    def lift(p: tuple[float, float]) -> tuple[float, float]:
        return lift_at(p, centre) if centre is not None else (0.0, 0.0)

    for slot in SLOTS:
        if board.discs[slot]:
            draw_disc(cv, img, layout.slots[slot], rng, style, lift(layout.slots[slot]))
    jitter = scene.colour_jitter
    table_rng = np.random.default_rng([scene.table_seed, 0x7AB1E])
    canoe_bgr = {
        k: np.clip((np.array(v, np.float32) + table_rng.uniform(-jitter, jitter, 3))
                   * style.canoe_shade, 0, 255)
        for k, v in DEFAULT_CANOE_BGR.items()
    }
    gem_bgr = {
        k: np.clip(np.array(v, np.float32) + table_rng.uniform(-jitter / 2, jitter / 2, 3), 0,
                   255)
        for k, v in DEFAULT_GEM_BGR.items()
    }
    draw_deposit_gems(cv, img, gem_bgr, np.random.default_rng([scene.table_seed, 0xDE905]))
    for canoe, center, angle in place_canoes(cv, board, rng, scene.between):
        gem = gem_bgr[canoe.gem] if canoe.gem else None
        draw_canoe(cv, img, center, angle, canoe_bgr[canoe.colour], gem, rng, style,
                   lift(center))
    if board.weather in layout.weather:
        p = layout.weather[board.weather]
        draw_weather_marker(cv, img, (p[0] + rng.uniform(-1.2, 1.2),
                                      p[1] + rng.uniform(-1.2, 1.2)), style)
    for item in scene.clutter:
        draw_clutter(cv, img, item)
    if scene.cover_marker is not None and scene.cover_marker in layout.marker_centers:
        mx, my = layout.marker_centers[scene.cover_marker]
        draw_clutter(cv, img, Clutter("card", (mx + 6, my + 4), 64.0, 20.0, (60, 40, 160)))
    for hand in scene.hands:
        draw_hand(cv, img, hand, scene.motion_blur_px / 2, scene.motion_blur_deg)
    light_board(cv, img, scene)
    glare_board(cv, img, scene)
    # Into the camera.
    h_cam = camera_homography(layout, scene, size) @ np.linalg.inv(cv.mm_to_canvas())
    w, h = size
    border = tuple(float(v) * 0.8 for v in scene.table_bgr)
    frame = cast(Floats, cv2.warpPerspective(
        img, h_cam, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
        borderValue=border))
    if scene.k1:
        key = (w, h, round(scene.k1, 4), scene.focal)
        if key not in _MAPS:
            if len(_MAPS) > 4:
                _MAPS.clear()
            map_x, map_y = distort_maps(size, scene.k1, None if scene.focal is None
                                        else camera_pose(layout, scene, size)[0])
            # A barrel lens shows, at the frame's corners, what lies beyond the pinhole
            # frame: there it is drawn from one with a margin wide enough (cut at its edge,
            # the table's colour showed over a corner marker's side: a marker seen cut
            # short). At most a quarter of the frame's width all round: at a wide lens's
            # far corners the map runs off to no place a camera sees; they stay the border.
            reach = np.maximum.reduce([-map_x, map_x - (w - 1), -map_y, map_y - (h - 1)])
            far = float(np.nan_to_num(reach, nan=np.inf).max())
            _MAPS[key] = (map_x, map_y, reach > 0, math.ceil(min(far, max(w, h) / 4)) + 2)
        mx_, my_, beyond, pad = _MAPS[key]
        bent = cast(Floats, cv2.remap(frame, mx_, my_, cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_CONSTANT, borderValue=border))
        if beyond.any():
            # (Elsewhere as before, pixel for pixel.)
            shift = np.array([[1.0, 0.0, pad], [0.0, 1.0, pad], [0.0, 0.0, 1.0]])
            wide = cv2.warpPerspective(img, shift @ h_cam, (w + 2 * pad, h + 2 * pad),
                                       flags=cv2.INTER_LINEAR,
                                       borderMode=cv2.BORDER_CONSTANT, borderValue=border)
            edge = cv2.remap(wide, mx_ + pad, my_ + pad, cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=border)
            bent[beyond] = edge[beyond]
        frame = bent
    light = kelvin_gains(scene.kelvin)
    seen: Doubles = light ** (1 - scene.white_balance)
    seen = seen / seen.max() * scene.exposure
    frame *= seen.astype(np.float32)
    if scene.vignette:
        frame *= (1 - scene.vignette * _radius2(size))[..., None]
    if scene.flicker:
        frame *= flicker_rows(h, scene)[:, None, None]
    if scene.blur > 0.05:
        frame = cast(Floats, cv2.GaussianBlur(frame, (0, 0), scene.blur))
    if scene.noise > 0:
        noise = rng.standard_normal(frame.shape, dtype=np.float32)
        noise *= scene.noise
        frame += noise
    out = np.clip(frame, 0, 255).astype(np.uint8)
    if scene.jpeg_quality is not None:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(scene.jpeg_quality)])
        if ok:
            out = cast(Image, cv2.imdecode(buf, cv2.IMREAD_COLOR))  # what imencode wrote
    return out
