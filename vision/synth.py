"""A synthetic camera: photo-like BGR frames of the board in any game state.

>>> from companion.state import new_game
>>> frame = render(new_game(["red", "green", "blue"]), seed=1, size=(640, 480))
>>> frame.shape, frame.dtype
((480, 640, 3), dtype('uint8'))

The board is drawn flat in board millimetres from the layout (art, markers, transparent
discs, canoes with gems, the weather marker, hands), lit (light colour temperature,
uneven light, soft shadows), then seen through a pinhole camera (tilt, roll, distance)
with blur, sensor noise and JPEG loss. Every random choice comes from ``seed``.

Faults draw the board differently from ``state`` to exercise the checks:

``("canoe_off", colour)``
    the first canoe of that colour (``"joe"`` for Joe) stands one slot further
    downstream (upstream when it cannot go down; a beach canoe goes to T1).
``("missing_disc", slot)``
    no disc on that slot (its canoes sit on the riverbed).
``("wrong_arm", slot)``
    what stands on an arm slot (L1, L2, R1, R2) is drawn on the same slot of the other
    arm, and the other way round: a disc that took the wrong side of the island.
``("weather", n)``
    the weather marker lies on space ``n`` instead of the state's.
``("gem", colour, gem)``
    the first canoe of that colour carries ``gem`` (a gem colour or None).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal, cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import BEACH, SLOTS, upstream
from companion.state import GameState
from vision.config import DEFAULT_CANOE_BGR, DEFAULT_GEM_BGR, JOE_COLOUR
from vision.layout import Layout, Point, load_layout
from vision.observation import ABSENT, PRESENT, CanoeSeen, Observation, sort_canoes
from vision.types import Doubles, Floats, Image, Mask

CANVAS_PX_PER_MM = 2.0
TABLE_MARGIN_MM = 100.0
FAULTS = ("canoe_off", "missing_disc", "wrong_arm", "weather", "gem")
Fault = (tuple[Literal["canoe_off"], str] | tuple[Literal["missing_disc"], str]
         | tuple[Literal["wrong_arm"], str] | tuple[Literal["weather"], int]
         | tuple[Literal["gem"], str, str | None])
"""A deliberate difference from the game state in a drawing (see the module docs)."""


def parse_fault(value: object) -> Fault:
    """A fault from its JSON form (``["canoe_off", "red"]``, ``["weather", 2]``,
    ``["gem", "red", "violet"]``).

    >>> parse_fault(["weather", 2])
    ('weather', 2)

    :raises ValueError: ``value`` is no fault (the message says what one looks like).
    """
    items = list(value) if isinstance(value, list | tuple) else []
    kind, args = (items[0], items[1:]) if items else (None, [])
    one = args[0] if len(args) == 1 and isinstance(args[0], str) else None
    if kind == "canoe_off" and one is not None:
        return ("canoe_off", one)
    if kind == "missing_disc" and one is not None:
        return ("missing_disc", one)
    if kind == "wrong_arm" and one is not None:
        return ("wrong_arm", one)
    if kind == "weather" and len(args) == 1 and type(args[0]) is int:
        return ("weather", args[0])
    if kind == "gem" and len(args) == 2 and isinstance(args[0], str) \
            and (args[1] is None or isinstance(args[1], str)):
        return ("gem", args[0], args[1])
    raise ValueError(f"a fault is one of {', '.join(FAULTS)}, then its arguments: "
                     f"not {value!r}")
_ARM_MIRROR = {"L1": "R1", "L2": "R2", "R1": "L1", "R2": "L2"}
_DOWN = {"T1": "T2", "T2": "T3", "T3": "T4", "T4": "T5", "T5": "L1", "L1": "L2", "R1": "R2"}
SKIN_BGR = ((150, 175, 225), (120, 150, 205), (95, 125, 175), (70, 95, 140), (170, 190, 230))
SLEEVE_BGR = ((60, 60, 60), (120, 70, 40), (40, 40, 150), (200, 200, 200), (60, 110, 60),
              (30, 30, 30), (140, 140, 140), (90, 50, 110))


@dataclass(frozen=True)
class Hand:
    """A hand and arm over the board, in board mm: from ``start`` (off the board)
    to the fingertips at ``end``."""

    start: tuple[float, float]
    end: tuple[float, float]
    width_mm: float = 80.0
    skin: tuple[int, int, int] = SKIN_BGR[0]
    sleeve: tuple[int, int, int] = SLEEVE_BGR[0]


@dataclass(frozen=True)
class Shadow:
    """A soft shadow on the board (board mm); ``depth`` is the light left (0..1)."""

    center: tuple[float, float]
    axes: tuple[float, float]
    angle: float = 0.0
    depth: float = 0.7


@dataclass(frozen=True)
class SceneConfig:
    """How the scene is photographed: camera pose, light, sensor and occlusions."""

    tilt_deg: float = 0.0
    """Camera tilt from straight down (0..30 in the benchmarks)."""
    tilt_dir_deg: float = 0.0
    roll_deg: float = 0.0
    """Rotation of the board in the frame."""
    fill: float = 0.86
    """Share of the frame the board's outline fills (the tighter of width and height)."""
    offset: tuple[float, float] = (0.0, 0.0)
    """Shift of the board in the frame, as a share of the frame size."""
    distance_mm: float = 900.0
    kelvin: float = 5500.0
    """Light colour temperature (3000 warm .. 6500 cool)."""
    white_balance: float = 0.8
    """How much of the light's colour the camera's white balance removes (0..1)."""
    exposure: float = 1.0
    gradient: float = 0.0
    """Light falloff across the board (0 even .. 0.4 strong)."""
    gradient_deg: float = 0.0
    vignette: float = 0.0
    shadows: tuple[Shadow, ...] = ()
    noise: float = 2.0
    """Sensor noise, standard deviation in grey levels."""
    blur: float = 0.0
    """Gaussian blur sigma in frame pixels (focus, motion)."""
    jpeg_quality: int | None = 92
    hands: tuple[Hand, ...] = ()
    colour_jitter: float = 10.0
    """How far the table's canoe and gem colours stray from the defaults (grey levels)."""
    table_seed: int = 0
    """Picks this table's own canoe and gem colours (fixed for one table, any frame)."""
    table_bgr: tuple[int, int, int] = (70, 95, 120)

    @classmethod
    def random(cls, seed: int, *, hands: float = 0.25, tilt_max: float = 30.0) -> SceneConfig:
        """A varied scene for benchmarks: every parameter drawn from ``seed``.

        ``hands`` is the chance of a hand over the board.
        """
        rng = np.random.default_rng([seed, 0x5CE4E])
        shadows = tuple(
            Shadow(
                center=(float(rng.uniform(0, 600)), float(rng.uniform(0, 300))),
                axes=(float(rng.uniform(40, 160)), float(rng.uniform(20, 90))),
                angle=float(rng.uniform(0, 180)),
                depth=float(rng.uniform(0.55, 0.85)),
            )
            for _ in range(int(rng.integers(0, 3)))
        )
        hand_list: list[Hand] = []
        if rng.random() < hands:
            hand_list.append(random_hand(rng))
        return cls(
            tilt_deg=float(rng.uniform(0, tilt_max)),
            tilt_dir_deg=float(rng.uniform(0, 360)),
            roll_deg=float(rng.uniform(-12, 12) + (180 if rng.random() < 0.5 else 0)),
            fill=float(rng.uniform(0.72, 0.95)),
            offset=(float(rng.uniform(-0.04, 0.04)), float(rng.uniform(-0.04, 0.04))),
            distance_mm=float(rng.uniform(700, 1200)),
            kelvin=float(rng.uniform(3000, 6500)),
            white_balance=float(rng.uniform(0.0, 0.9)),
            exposure=float(rng.uniform(0.8, 1.15)),
            gradient=float(rng.uniform(0, 0.4)),
            gradient_deg=float(rng.uniform(0, 360)),
            vignette=float(rng.uniform(0, 0.3)),
            shadows=shadows,
            noise=float(rng.uniform(1.0, 6.0)),
            blur=float(rng.uniform(0.0, 1.4)),
            jpeg_quality=int(rng.integers(60, 96)),
            hands=tuple(hand_list),
            colour_jitter=float(rng.uniform(4, 16)),
            table_seed=int(seed),
            table_bgr=tuple(int(v) for v in rng.integers(40, 170, 3)),  # type: ignore[arg-type]
        )


def random_hand(rng: np.random.Generator, layout: Layout | None = None) -> Hand:
    """A hand reaching in from a random side of the board towards a random point on it."""
    layout = layout or load_layout()
    w, h = layout.board_mm
    side = int(rng.integers(0, 4))
    t = float(rng.uniform(0.1, 0.9))
    start = [(t * w, -150.0), (w + 150.0, t * h), (t * w, h + 150.0), (-150.0, t * h)][side]
    end = (float(rng.uniform(40, w - 40)), float(rng.uniform(40, h - 40)))
    return Hand(
        start=start,
        end=end,
        width_mm=float(rng.uniform(65, 95)),
        skin=SKIN_BGR[int(rng.integers(0, len(SKIN_BGR)))],
        sleeve=SLEEVE_BGR[int(rng.integers(0, len(SLEEVE_BGR)))],
    )


# -- what is on the board --------------------------------------------------------------


@dataclass
class _Board:
    discs: dict[str, bool]
    canoes: list[CanoeSeen]
    weather: int
    extra: dict[str, object] = field(default_factory=dict)


def _placement(state: GameState, faults: Iterable[Fault],
               discs: Collection[str] | Mapping[str, bool] | None) -> _Board:
    if discs is None:
        disc_map = dict.fromkeys(SLOTS, True)
    elif isinstance(discs, Mapping):
        disc_map = {s: bool(discs.get(s, False)) for s in SLOTS}
    else:
        chosen = set(discs)
        bad = chosen - set(SLOTS)
        if bad:
            raise ValueError(f"discs names unknown slots: {', '.join(sorted(bad))}")
        disc_map = {s: s in chosen for s in SLOTS}
    canoes: list[CanoeSeen] = []
    for player in state.players:
        for canoe in state.canoes[player]:
            if canoe.at in SLOTS or canoe.at == BEACH:
                canoes.append(CanoeSeen(player, canoe.at, canoe.gem))
    if state.joe is not None and state.joe.at in SLOTS:
        canoes.append(CanoeSeen(JOE_COLOUR, state.joe.at, state.joe.gem))
    weather = state.weather
    for fault in faults:
        if fault[0] == "canoe_off":
            i = _first(canoes, fault[1])
            c = canoes[i]
            to = "T1" if c.at == BEACH else _DOWN.get(c.at) or upstream(c.at) or c.at
            canoes[i] = replace(c, at=to)
        elif fault[0] == "missing_disc":
            if fault[1] not in SLOTS:
                raise ValueError(f"missing_disc needs a slot, not {fault[1]!r}")
            disc_map[fault[1]] = False
        elif fault[0] == "wrong_arm":
            if fault[1] not in _ARM_MIRROR:
                raise ValueError(f"wrong_arm needs an arm slot (L1 L2 R1 R2), not {fault[1]!r}")
            a, b = fault[1], _ARM_MIRROR[fault[1]]
            swap = {a: b, b: a}
            canoes = [replace(c, at=swap.get(c.at, c.at)) for c in canoes]
            disc_map[a], disc_map[b] = disc_map[b], disc_map[a]
        elif fault[0] == "weather":
            weather = int(fault[1])
        elif fault[0] == "gem":
            i = _first(canoes, fault[1])
            canoes[i] = replace(canoes[i], gem=fault[2])
        else:
            raise ValueError(f"unknown fault {fault[0]!r}: use one of {', '.join(FAULTS)}")
    return _Board(disc_map, canoes, weather)


def _first(canoes: list[CanoeSeen], colour: str) -> int:
    for i, c in enumerate(canoes):
        if c.colour == colour:
            return i
    raise ValueError(f"no {colour} canoe on the board to apply the fault to")


def ground_truth(
    state: GameState,
    *,
    faults: Iterable[Fault] = (),
    discs: Collection[str] | Mapping[str, bool] | None = None,
) -> Observation:
    """What :func:`render` draws for these arguments, as a perfect :class:`Observation`."""
    board = _placement(state, faults, discs)
    return Observation(
        board_found=True,
        reprojection_px=0.0,
        discs={s: PRESENT if board.discs[s] else ABSENT for s in SLOTS},
        canoes=sort_canoes(board.canoes),
        weather=board.weather,
    )


# -- drawing ---------------------------------------------------------------------------


class _Canvas:
    """The board drawn flat, in canvas pixels (``CANVAS_PX_PER_MM``)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.s = CANVAS_PX_PER_MM
        self.m = TABLE_MARGIN_MM
        w, h = layout.board_mm
        self.size = (round((w + 2 * self.m) * self.s), round((h + 2 * self.m) * self.s))

    def px(self, p: tuple[float, float]) -> tuple[int, int]:
        """A board point as fixed-point canvas pixels (shift 4)."""
        return (round((p[0] + self.m) * self.s * 16), round((p[1] + self.m) * self.s * 16))

    def r(self, mm: float) -> int:
        return round(mm * self.s * 16)

    def mm_to_canvas(self) -> Doubles:
        k = self.s
        return np.array([[k, 0, self.m * k], [0, k, self.m * k], [0, 0, 1]], dtype=np.float64)


_AA = cv2.LINE_AA
_SH = 4


def _texture(rng: np.random.Generator, shape: tuple[int, int], cells: int,
             amp: float) -> Floats:
    h, w = shape
    small = rng.normal(0.0, 1.0, (max(2, h * cells // w), cells)).astype(np.float32)
    return cast(Floats, cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC) * amp)


_ART_CACHE: dict[str, tuple[Floats, Mask, Floats]] = {}


def _board_art(cv: _Canvas) -> tuple[Floats, Mask, Floats]:
    """The printed board (one texture per layout: the same board in every photo),
    its mask, and a wood grain for the table around it."""
    key = json.dumps(cv.layout.to_json(), sort_keys=True)
    if key not in _ART_CACHE:
        if len(_ART_CACHE) > 4:
            _ART_CACHE.clear()
        _ART_CACHE[key] = _draw_art(cv, np.random.default_rng(0xA27))
    return _ART_CACHE[key]


def _draw_art(cv: _Canvas, rng: np.random.Generator) -> tuple[Floats, Mask, Floats]:
    lay = cv.layout
    w, h = cv.size
    img = np.zeros((h, w, 3), np.float32)
    wood = _texture(rng, (h, w), 8, 10.0)[..., None]
    bw, bh = lay.board_mm
    x0, y0 = cv.px((0, 0))
    x1, y1 = cv.px((bw, bh))
    board = np.zeros((h, w), np.uint8)
    cv2.rectangle(board, (x0, y0), (x1, y1), 255, -1, shift=_SH)
    img[:] = (82, 138, 96)  # banks
    img += wood * 0.6
    river = np.zeros((h, w), np.uint8)
    sl = lay.slots
    thick = round(84 * cv.s)
    t1 = sl["T1"]
    start = (lay.beach[1][0] if len(lay.beach) > 1 else t1[0] - 40, t1[1])
    trunk = [start, *[sl[s] for s in ("T1", "T2", "T3", "T4", "T5")]]
    for arm in ("L", "R"):
        a1, a2 = sl[arm + "1"], sl[arm + "2"]
        end = (bw + 5, a2[1] + (a2[1] - a1[1]) * 0.3)
        pts = [*trunk, a1, a2, end]
        for p, q in itertools.pairwise(pts):
            cv2.line(river, cv.px(p), cv.px(q), 255, thick, _AA, shift=_SH)
    river &= board
    img[river > 128] = (186, 172, 108)  # riverbed (teal)
    water_tex = (_texture(rng, (h, w), 30, 7.0)[..., None]
                 + _texture(rng, (h, w), 90, 3.0)[..., None])
    img += np.where(river[..., None] > 128, water_tex, 0)
    # Waterfall foam at the end of each arm.
    for arm in ("L", "R"):
        a2 = sl[arm + "2"]
        for k in range(7):
            y = a2[1] - 36 + k * 12
            cv2.line(img, cv.px((bw - 24, y)), cv.px((bw, y + 3)), (235, 240, 240),
                     int(4 * cv.s), _AA, shift=_SH)
    # Beach (sand) and the rope.
    beach = np.array([cv.px(p) for p in lay.beach], np.int32)
    cv2.fillPoly(img, [beach], (160, 203, 224), _AA, shift=_SH)
    bx = max(p[0] for p in lay.beach)
    cv2.line(img, cv.px((bx + 3, t1[1] - 42)), cv.px((bx + 3, t1[1] + 42)), (40, 80, 120),
             int(2.5 * cv.s), _AA, shift=_SH)
    # Deposits with their gems piled up.
    for colour, p in lay.deposits.items():
        cv2.circle(img, cv.px(p), cv.r(14), (150, 152, 150), -1, _AA, shift=_SH)
        g = DEFAULT_GEM_BGR[colour]
        for _ in range(int(rng.integers(3, 8))):
            q = (p[0] + rng.uniform(-7, 7), p[1] + rng.uniform(-7, 7))
            cv2.circle(img, cv.px(q), cv.r(lay.gem_mm / 2.6), g, -1, _AA, shift=_SH)
    # Weather track: printed spaces with their numbers.
    for n, p in lay.weather.items():
        cv2.circle(img, cv.px(p), cv.r(lay.weather_space_mm), (232, 206, 176), -1, _AA, shift=_SH)
        cv2.circle(img, cv.px(p), cv.r(lay.weather_space_mm), (120, 100, 80), 2, _AA, shift=_SH)
        label = f"{n:+d}" if n else "0"
        org = (int((p[0] + cv.m - 4 * len(label)) * cv.s), int((p[1] + cv.m + 13) * cv.s))
        text = np.zeros(img.shape[:2], np.uint8)
        cv2.putText(text, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.55, 255, 1, _AA)
        img[text > 100] = (90, 70, 60)
    # ArUco markers on white stickers.
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, lay.marker_dictionary))
    for mid, (cx, cy) in lay.marker_centers.items():
        half = lay.marker_size_mm / 2 + lay.marker_margin_mm
        cv2.rectangle(img, cv.px((cx - half, cy - half)), cv.px((cx + half, cy + half)),
                      (250, 250, 250), -1, shift=_SH)
        side = round(lay.marker_size_mm * cv.s)
        marker = cv2.aruco.generateImageMarker(dictionary, int(mid), side)
        mx = round((cx - lay.marker_size_mm / 2 + cv.m) * cv.s)
        my = round((cy - lay.marker_size_mm / 2 + cv.m) * cv.s)
        img[my : my + side, mx : mx + side] = (marker.astype(np.float32)[..., None] * 0.9 + 12)
    return img, (board > 0), wood


def _draw_disc(cv: _Canvas, img: Floats, p: Point, rng: np.random.Generator) -> None:
    lay = cv.layout
    r = lay.disc_radius_mm
    h, w = img.shape[:2]
    cx, cy = (p[0] + cv.m) * cv.s, (p[1] + cv.m) * cv.s
    rad = math.ceil((r + 4) * cv.s)
    x0, y0 = int(cx) - rad, int(cy) - rad
    x1, y1 = min(w, x0 + 2 * rad + 2), min(h, y0 + 2 * rad + 2)
    roi = img[y0:y1, x0:x1]
    mul = np.ones(roi.shape[:2], np.float32)
    add = np.zeros(roi.shape[:2], np.float32)
    c = (round((cx - x0) * 16), round((cy - y0) * 16))
    R = round(r * cv.s * 16)
    # Drop shadow, slight brightening inside, a darker rim and a bright inner edge.
    sh = np.ones_like(mul)
    off = round(1.2 * cv.s * 16)
    cv2.circle(sh, (c[0] + off, c[1] + off), R, 0.9, -1, _AA, shift=_SH)
    mul *= cv2.GaussianBlur(sh, (0, 0), 2.0)
    inside = np.zeros_like(mul)
    cv2.circle(inside, c, R, 1.0, -1, _AA, shift=_SH)
    mul = np.where(inside > 0.5, 1.0, mul) * (1 + 0.05 * inside)
    rim = np.zeros_like(mul)
    cv2.circle(rim, c, R - int(0.9 * cv.s * 16), 1.0, int(1.8 * cv.s), _AA, shift=_SH)
    mul *= 1 - float(rng.uniform(0.13, 0.24)) * rim
    edge = np.zeros_like(mul)
    cv2.circle(edge, c, R - int(2.6 * cv.s * 16), 1.0, 1, _AA, shift=_SH)
    add += 22 * edge
    # A specular highlight arc.
    a0 = float(rng.uniform(0, 360))
    cv2.ellipse(add, c, (int(R * 0.72), int(R * 0.72)), 0, a0, a0 + float(rng.uniform(30, 70)),
                float(rng.uniform(40, 90)), int(2.5 * cv.s), _AA, shift=_SH)
    add = cast(Floats, cv2.GaussianBlur(add, (0, 0), 1.0))
    tint = np.array([1.03, 1.01, 0.98], np.float32)
    roi[:] = roi * mul[..., None] * np.where(inside[..., None] > 0.5, tint, 1.0) + add[..., None]


def _hull(cv: _Canvas, center: Point, angle: float, length: float,
          width: float) -> NDArray[np.int32]:
    # ellipse2Poly gives an (n, 2) int32 array (the stubs say a sequence of points).
    poly = cast(NDArray[np.int32], cv2.ellipse2Poly((0, 0), (1000, 1000), 0, 0, 360, 10))
    pts = poly.astype(np.float32) / 1000
    # A pointed hull: narrow the ends.
    x = pts[:, 0] * length / 2
    y = pts[:, 1] * width / 2 * np.sqrt(np.clip(1 - 0.35 * pts[:, 0] ** 4, 0, 1))
    a = math.radians(angle)
    xr = x * math.cos(a) - y * math.sin(a) + center[0]
    yr = x * math.sin(a) + y * math.cos(a) + center[1]
    return np.stack([(xr + cv.m) * cv.s * 16, (yr + cv.m) * cv.s * 16], 1).round().astype(np.int32)


def _draw_canoe(cv: _Canvas, img: Floats, center: Point, angle: float, body: Floats | Doubles,
                gem_bgr: Floats | Doubles | None, rng: np.random.Generator) -> None:
    lay = cv.layout
    length, width = lay.canoe_mm
    x0 = max(0, int((center[0] + cv.m - length) * cv.s))
    y0 = max(0, int((center[1] + cv.m - length) * cv.s))
    span = int(2 * length * cv.s)
    roi = img[y0 : y0 + span, x0 : x0 + span]
    shadow = np.zeros(roi.shape[:2], np.uint8)
    hull = _hull(cv, (center[0] + 1.5, center[1] + 1.5), angle, length, width)
    hull -= np.array([x0 * 16, y0 * 16], np.int32)
    cv2.fillPoly(shadow, [hull], 255, _AA, shift=_SH)
    sm = cv2.GaussianBlur(shadow.astype(np.float32), (0, 0), 2.0) / 255
    roi *= (1 - 0.35 * sm)[..., None]
    hull = _hull(cv, center, angle, length, width)
    body = np.array(body, np.float32)
    cv2.fillPoly(img, [hull], tuple(float(v) for v in body), _AA, shift=_SH)
    # Light from one side: a lighter half-hull.
    top = _hull(cv, (center[0], center[1] - width * 0.12), angle, length * 0.9, width * 0.55)
    cv2.fillPoly(img, [top], tuple(float(v) for v in np.clip(body * 1.1 + 6, 0, 255)), _AA,
                 shift=_SH)
    cv2.polylines(img, [hull], True, tuple(float(v) for v in body * 0.6), 2, _AA, shift=_SH)
    a = math.radians(angle)
    c = (round((center[0] + cv.m) * cv.s * 16), round((center[1] + cv.m) * cv.s * 16))
    cv2.ellipse(img, c, (cv.r(6.0), cv.r(3.5)), angle, 0, 360,
                tuple(float(v) for v in body * 0.35), -1, _AA, shift=_SH)
    if gem_bgr is not None:
        g = np.array(gem_bgr, np.float32)
        r = lay.gem_mm / 2
        under = img[c[1] // 16, c[0] // 16].copy()
        base = g * 0.88 + under * 0.12
        for k in range(6):
            t0 = a + k * math.pi / 3
            tri = [
                (center[0], center[1]),
                (center[0] + r * math.cos(t0), center[1] + r * math.sin(t0)),
                (center[0] + r * math.cos(t0 + math.pi / 3),
                 center[1] + r * math.sin(t0 + math.pi / 3)),
            ]
            shade = float(rng.uniform(0.8, 1.12))
            colour = tuple(float(v) for v in np.clip(base * shade, 0, 255))
            cv2.fillPoly(img, [np.array([cv.px(q) for q in tri], np.int32)], colour, _AA,
                         shift=_SH)
        hx = center[0] + r * 0.35 * math.cos(a + 2.2)
        hy = center[1] + r * 0.35 * math.sin(a + 2.2)
        cv2.circle(img, cv.px((hx, hy)), cv.r(1.2), (250, 250, 250), -1, _AA, shift=_SH)
    del a


def _berths(n: int, rng: np.random.Generator) -> list[float]:
    """Offsets across the river (mm) for ``n`` canoes on one disc."""
    if n == 1:
        return [float(rng.choice([-9.0, 0.0, 0.0, 9.0]))]
    if n == 2:
        return list(map(float, [(-9.0, 9.0), (-17.0, 0.0), (0.0, 17.0)][int(rng.integers(0, 3))]))
    base = [-17.0, 0.0, 17.0, -34.0, 34.0, -51.0, 51.0, -68.0, 68.0, -85.0, 85.0]
    return base[:n]


def _place_canoes(
    cv: _Canvas, board: _Board, rng: np.random.Generator
) -> list[tuple[CanoeSeen, Point, float]]:
    lay = cv.layout
    placed: list[tuple[CanoeSeen, Point, float]] = []
    for slot in SLOTS:
        here = [c for c in board.canoes if c.at == slot]
        rng.shuffle(here)
        if not here:
            continue
        for c, dy in zip(here, _berths(len(here), rng), strict=True):
            x, y = lay.slots[slot]
            jitter = rng.uniform(-1.5, 1.5, 2)
            placed.append((c, (x + jitter[0], y + dy + jitter[1]), float(rng.uniform(-8, 8))))
    beach = [c for c in board.canoes if c.at == BEACH]
    if beach:
        xs = [p[0] for p in lay.beach]
        ys = [p[1] for p in lay.beach]
        length, width = lay.canoe_mm
        margin, gap = 6.0, 8.0
        usable_w = max(xs) - min(xs) - 2 * margin
        usable_h = max(ys) - min(ys) - 2 * margin
        cols = max(1, int((usable_w + gap) // (length + gap)))
        rows = max(1, int((usable_h + gap) // (width + gap)))
        cells = [(i, j) for i in range(cols) for j in range(rows)]
        order = rng.permutation(len(cells))
        step_x = (usable_w - length) / max(1, cols - 1)
        step_y = (usable_h - width) / max(1, rows - 1)
        for k, c in enumerate(beach):
            i, j = cells[order[k % len(cells)]]
            x = min(xs) + margin + length / 2 + i * step_x + rng.uniform(-1.0, 1.0)
            y = min(ys) + margin + width / 2 + j * step_y + rng.uniform(-1.0, 1.0)
            placed.append((c, (x, y), float(rng.uniform(-4, 4))))
    return placed


def _draw_hand(cv: _Canvas, img: Floats, hand: Hand) -> None:
    sx, sy = hand.start
    ex, ey = hand.end
    d = math.hypot(ex - sx, ey - sy) or 1.0
    ux, uy = (ex - sx) / d, (ey - sy) / d
    wrist = (ex - ux * hand.width_mm * 1.1, ey - uy * hand.width_mm * 1.1)
    shadow = np.zeros(img.shape[:2], np.uint8)
    arm_w = int(hand.width_mm * 0.9 * cv.s)

    def shape(target: Image | Floats, dx: float, skin: float | tuple[float, ...],
              sleeve: float | tuple[float, ...]) -> None:
        def off(p: Point) -> Point:
            return (p[0] + dx, p[1] + dx)

        cv2.line(target, cv.px(off(hand.start)), cv.px(off(wrist)), sleeve, arm_w, _AA, shift=_SH)
        palm = (ex - ux * hand.width_mm * 0.6, ey - uy * hand.width_mm * 0.6)
        ang = math.degrees(math.atan2(uy, ux))
        axes = (cv.r(hand.width_mm * 0.55), cv.r(hand.width_mm * 0.42))
        cv2.ellipse(target, cv.px(off(palm)), axes,
                    ang, 0, 360, skin, -1, _AA, shift=_SH)
        for k in (-1.5, -0.5, 0.5, 1.5):
            fx = ex + (-uy) * k * hand.width_mm * 0.18
            fy = ey + ux * k * hand.width_mm * 0.18
            cv2.line(target, cv.px(off(palm)), cv.px(off((fx, fy))), skin,
                     int(hand.width_mm * 0.15 * cv.s), _AA, shift=_SH)

    shape(shadow, 18.0, 255, 255)
    sm = cv2.GaussianBlur(shadow, (0, 0), 12).astype(np.float32) / 255
    img *= (1 - 0.45 * sm)[..., None]
    shape(img, 0.0, tuple(map(float, hand.skin)), tuple(map(float, hand.sleeve)))


def _light(cv: _Canvas, img: Floats, scene: SceneConfig) -> None:
    h, w = img.shape[:2]
    field_ = np.ones((h, w), np.float32)
    if scene.gradient:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = math.radians(scene.gradient_deg)
        t = ((xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)) / max(w, h)
        field_ *= 1 + scene.gradient * t * 1.6
    for s in scene.shadows:
        m = np.zeros((h, w), np.float32)
        cv2.ellipse(m, cv.px(s.center), (cv.r(s.axes[0]), cv.r(s.axes[1])), s.angle, 0, 360, 1.0,
                    -1, _AA, shift=_SH)
        m = cast(Floats, cv2.GaussianBlur(m, (0, 0), 8 * cv.s))
        field_ *= 1 - (1 - s.depth) * m
    img *= field_[..., None]


def kelvin_gains(kelvin: float) -> Doubles:
    """Relative (B, G, R) gains of light at ``kelvin``, 1 for the strongest channel."""
    t = kelvin / 100
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * math.log(t) - 161.12 if t <= 66 else 288.12 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.52 * math.log(t - 10) - 305.04)
    bgr = np.clip(np.array([b, g, r], np.float64), 1, 255)
    ref = np.array([1.0, 1.0, 1.0])
    return cast(Doubles, (bgr / bgr.max()) / ref)


def camera_homography(layout: Layout, scene: SceneConfig, size: tuple[int, int]) -> Doubles:
    """The 3x3 homography from board mm to frame pixels for this camera pose."""
    bw, bh = layout.board_mm
    t = math.radians(scene.tilt_deg)
    d = math.radians(scene.tilt_dir_deg)
    axis = np.array([math.cos(d), math.sin(d), 0.0])
    r_tilt, _ = cv2.Rodrigues(axis * t)
    r_roll, _ = cv2.Rodrigues(np.array([0.0, 0.0, math.radians(scene.roll_deg)]))
    rot = r_roll @ r_tilt
    cam = rot.T @ np.array([0.0, 0.0, -scene.distance_mm])
    trans = -rot @ cam
    h1 = np.column_stack([rot[:, 0], rot[:, 1], trans]) @ np.array(
        [[1, 0, -bw / 2], [0, 1, -bh / 2], [0, 0, 1]], np.float64
    )
    corners = np.array([[0, 0], [bw, 0], [bw, bh], [0, bh]], np.float64)
    proj = cv2.perspectiveTransform(corners[None], h1)[0]
    span = proj.max(0) - proj.min(0)
    w, h = size
    f = min(scene.fill * w / span[0], scene.fill * h / span[1])
    mid = (proj.max(0) + proj.min(0)) / 2
    u = w / 2 + scene.offset[0] * w - f * mid[0]
    v = h / 2 + scene.offset[1] * h - f * mid[1]
    k = np.array([[f, 0, u], [0, f, v], [0, 0, 1]], np.float64)
    return cast(Doubles, k @ h1)


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
    :param scene: camera, light and occlusion settings (default: a straight, clean view).
    :param faults: deliberate differences from ``state`` (see the module docs).
    :param discs: the slots holding a disc (default: all nine).
    :param size: frame ``(width, height)`` in pixels.
    """
    layout = layout or load_layout()
    scene = scene or SceneConfig()
    faults = tuple(faults)
    board = _placement(state, faults, discs)
    rng = np.random.default_rng([seed, 0xB0A2D])
    cv = _Canvas(layout)
    art, on_board, wood = _board_art(cv)
    table = np.array(scene.table_bgr, np.float32)
    img = np.where(on_board[..., None], art, wood + table)
    for slot in SLOTS:
        if board.discs[slot]:
            _draw_disc(cv, img, layout.slots[slot], rng)
    jitter = scene.colour_jitter
    table_rng = np.random.default_rng([scene.table_seed, 0x7AB1E])
    canoe_bgr = {
        k: np.clip(np.array(v, np.float32) + table_rng.uniform(-jitter, jitter, 3), 0, 255)
        for k, v in DEFAULT_CANOE_BGR.items()
    }
    gem_bgr = {
        k: np.clip(np.array(v, np.float32) + table_rng.uniform(-jitter / 2, jitter / 2, 3), 0,
                   255)
        for k, v in DEFAULT_GEM_BGR.items()
    }
    for canoe, center, angle in _place_canoes(cv, board, rng):
        gem = gem_bgr[canoe.gem] if canoe.gem else None
        _draw_canoe(cv, img, center, angle, canoe_bgr[canoe.colour], gem, rng)
    if board.weather in layout.weather:
        p = layout.weather[board.weather]
        q = (p[0] + rng.uniform(-1.2, 1.2), p[1] + rng.uniform(-1.2, 1.2))
        cv2.circle(img, cv.px((q[0] + 1.0, q[1] + 1.0)), cv.r(9.5), (40, 50, 60), -1, _AA,
                   shift=_SH)
        cv2.circle(img, cv.px(q), cv.r(9.5), (88, 84, 80), -1, _AA, shift=_SH)
        for dx, dy, rr in ((-2.2, 0.7, 1.9), (0.3, -1.0, 2.3), (2.5, 0.8, 1.7)):
            cv2.circle(img, cv.px((q[0] + dx, q[1] + dy)), cv.r(rr), (225, 225, 228), -1, _AA,
                       shift=_SH)
    for hand in scene.hands:
        _draw_hand(cv, img, hand)
    _light(cv, img, scene)
    # Into the camera.
    h_cam = camera_homography(layout, scene, size) @ np.linalg.inv(cv.mm_to_canvas())
    w, h = size
    frame = cast(Floats, cv2.warpPerspective(
        img, h_cam, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
        borderValue=tuple(float(v) * 0.8 for v in scene.table_bgr)))
    light = kelvin_gains(scene.kelvin)
    seen: Doubles = light ** (1 - scene.white_balance)
    seen = seen / seen.max() * scene.exposure
    frame *= seen.astype(np.float32)
    if scene.vignette:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        rr = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
        frame *= (1 - scene.vignette * rr)[..., None]
    if scene.blur > 0.05:
        frame = cast(Floats, cv2.GaussianBlur(frame, (0, 0), scene.blur))
    if scene.noise > 0:
        frame += rng.normal(0, scene.noise, frame.shape).astype(np.float32)
    out = np.clip(frame, 0, 255).astype(np.uint8)
    if scene.jpeg_quality is not None:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(scene.jpeg_quality)])
        if ok:
            out = cast(Image, cv2.imdecode(buf, cv2.IMREAD_COLOR))  # what imencode wrote
    return out
