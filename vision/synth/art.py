"""How the board and its pieces look: art families, and drawing the board flat in
board millimetres (riverbed, banks, beach, deposits, weather track, markers), the
transparent discs, canoes with gems, hands and clutter.

A family is a range of looks (river colour, width, texture and banks; land; beach;
deposits and weather track; disc rim and transparency; canoe shade and size; gem
shape); ``ArtStyle.of(family, seed)`` draws one board of it. ``zoch`` is the one fixed
board the project was first tuned on. :data:`TUNING_FAMILIES` and
:data:`REPORTING_FAMILIES` are disjoint: thresholds are tuned on the first, figures
reported on the second.

>>> ArtStyle.of("delta", 4) == ArtStyle.of("delta", 4)
True
>>> set(TUNING_FAMILIES) & set(REPORTING_FAMILIES)
set()
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.board import BEACH, SLOTS
from vision.config import DEFAULT_GEM_BGR
from vision.layout import Layout, Point
from vision.observation import CanoeSeen
from vision.synth.scene import Clutter, Hand
from vision.synth.truth import Placement, next_slot
from vision.types import Doubles, Floats, Image, Mask

CANVAS_PX_PER_MM = 2.0
TABLE_MARGIN_MM = 100.0
CANOE_HEIGHT_MM = 15.0
DISC_HEIGHT_MM = 3.0

Range = tuple[tuple[int, int, int], tuple[int, int, int]]
"""Lowest and highest BGR of a colour in a family."""


@dataclass(frozen=True)
class Family:
    """The ranges one art family draws from."""

    river: Range
    bank: Range
    sand: Range
    deposit: Range = ((130, 130, 130), (170, 172, 170))
    weather: Range = ((200, 190, 160), (240, 225, 200))
    river_width_mm: tuple[float, float] = (70.0, 95.0)


FAMILIES: dict[str, Family] = {
    "zoch": Family(((186, 172, 108),) * 2, ((82, 138, 96),) * 2, ((160, 203, 224),) * 2),
    "lagoon": Family(((170, 150, 80), (210, 185, 120)), ((60, 120, 70), (100, 160, 110)),
                     ((150, 195, 215), (185, 220, 240))),
    "moss": Family(((150, 160, 100), (180, 190, 130)), ((40, 90, 60), (80, 120, 90)),
                   ((165, 200, 210), (195, 225, 235))),
    "slate": Family(((150, 140, 110), (180, 165, 135)), ((60, 80, 95), (95, 110, 125)),
                    ((150, 170, 180), (180, 195, 205))),
    "glacier": Family(((200, 180, 130), (235, 215, 170)), ((150, 185, 160), (190, 215, 195)),
                      ((200, 215, 225), (225, 235, 245)), river_width_mm=(60.0, 90.0)),
    "delta": Family(((150, 95, 40), (190, 130, 80)), ((40, 130, 110), (80, 170, 150)),
                    ((120, 170, 215), (150, 200, 240)), river_width_mm=(75.0, 100.0)),
    "dusk": Family(((120, 110, 60), (150, 135, 90)), ((40, 70, 90), (70, 95, 120)),
                   ((110, 150, 180), (140, 175, 205)), weather=((150, 160, 170), (190, 200, 205))),
    # Tuning families at the edges of what a board may look like (added when the held-out
    # families showed the first four too alike): a pale, low-contrast board; a saturated
    # teal river on warm ochre sand; a dark board under a grey weather track.
    "chalk": Family(((205, 195, 165), (240, 225, 195)), ((165, 185, 175), (200, 215, 205)),
                    ((185, 205, 215), (220, 235, 245)), river_width_mm=(55.0, 85.0)),
    "teal": Family(((160, 130, 40), (195, 165, 90)), ((50, 110, 40), (90, 150, 80)),
                   ((100, 170, 205), (140, 205, 235)), river_width_mm=(70.0, 100.0)),
    "ink": Family(((105, 90, 55), (135, 115, 85)), ((35, 55, 60), (65, 85, 95)),
                  ((95, 135, 165), (130, 165, 195)), weather=((140, 150, 160), (185, 195, 200))),
    # A river of about a canoe's own colour (the blue canoes' hue, darker to lighter): the
    # real board's river is blue, and so are one player's canoes. Added after the held-out
    # families showed blue canoes missed or imagined on a deep blue river.
    "indigo": Family(((140, 60, 25), (215, 115, 75)), ((70, 110, 120), (110, 150, 160)),
                     ((140, 185, 210), (175, 210, 235)), river_width_mm=(65.0, 95.0)),
}
TUNING_FAMILIES = ("zoch", "lagoon", "moss", "slate", "chalk", "teal", "ink", "indigo")
REPORTING_FAMILIES = ("glacier", "delta", "dusk")
GEM_SHAPES = ("hex", "round", "square", "drop")


@dataclass(frozen=True)
class ArtStyle:
    """One board's look (colours BGR under neutral light, sizes in mm)."""

    family: str
    seed: int
    river: tuple[float, float, float]
    bank: tuple[float, float, float]
    sand: tuple[float, float, float]
    deposit: tuple[float, float, float]
    weather: tuple[float, float, float]
    river_width_mm: float
    river_texture: float = 7.0
    bank_line_mm: float = 0.0
    """A darker line along the river's banks (0: none)."""
    sand_texture: float = 0.0
    disc_rim: tuple[float, float] = (0.13, 0.24)
    """How much the rim darkens (negative: a light rim line)."""
    disc_glow: float = 22.0
    """The bright inner edge of a disc (grey levels)."""
    disc_tint: float = 0.03
    canoe_shade: float = 1.0
    canoe_scale: float = 1.0
    gem_shape: str = "hex"
    cloud: tuple[float, float, float] = (88, 84, 80)
    weather_edge: tuple[float, float, float] = (120, 100, 80)

    @classmethod
    def of(cls, family: str, seed: int = 0) -> ArtStyle:
        """Board ``seed`` of ``family`` (``zoch``: always the same board)."""
        if family not in FAMILIES:
            raise ValueError(f"unknown art family {family!r}: use one of {', '.join(FAMILIES)}")
        fam = FAMILIES[family]
        if family == "zoch":
            return cls("zoch", 0, fam.river[0], fam.bank[0], fam.sand[0], (150, 152, 150),
                       (232, 206, 176), 84.0)
        rng = np.random.default_rng([seed, 0xA27F, *map(ord, family)])

        def pick(r: Range) -> tuple[float, float, float]:
            lo, hi = np.array(r[0], float), np.array(r[1], float)
            v = lo + rng.random(3) * (hi - lo)
            return (float(v[0]), float(v[1]), float(v[2]))

        light_rim = rng.random() < 0.3
        grey = float(rng.uniform(55, 100))
        return cls(
            family, seed, pick(fam.river), pick(fam.bank), pick(fam.sand), pick(fam.deposit),
            pick(fam.weather), float(rng.uniform(*fam.river_width_mm)),
            river_texture=float(rng.uniform(3, 12)),
            bank_line_mm=float(rng.choice([0.0, rng.uniform(1.0, 3.5)])),
            sand_texture=float(rng.uniform(0, 8)),
            disc_rim=(-0.16, -0.08) if light_rim else (float(rng.uniform(0.08, 0.15)),
                                                        float(rng.uniform(0.16, 0.28))),
            disc_glow=float(rng.uniform(5, 35)),
            disc_tint=float(rng.uniform(0.0, 0.06)),
            canoe_shade=float(rng.uniform(0.85, 1.12)),
            canoe_scale=float(rng.uniform(0.9, 1.06)),
            gem_shape=str(rng.choice(GEM_SHAPES)),
            cloud=(grey, grey * float(rng.uniform(0.95, 1.02)),
                   grey * float(rng.uniform(0.9, 1.05))),
            weather_edge=tuple(float(v) * 0.55 for v in pick(fam.weather)),  # type: ignore[arg-type]
        )


class Canvas:
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
        """A length in fixed-point canvas pixels."""
        return round(mm * self.s * 16)

    def mm_to_canvas(self) -> Doubles:
        """The 3x3 map from board mm to canvas pixels."""
        k = self.s
        return np.array([[k, 0, self.m * k], [0, k, self.m * k], [0, 0, 1]], dtype=np.float64)


AA = cv2.LINE_AA
SH = 4


def texture(rng: np.random.Generator, shape: tuple[int, int], cells: int,
            amp: float) -> Floats:
    """Smooth noise of ``cells`` cells across, amplitude ``amp``."""
    h, w = shape
    small = rng.normal(0.0, 1.0, (max(2, h * cells // w), cells)).astype(np.float32)
    return cast(Floats, cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC) * amp)


_ART_CACHE: dict[str, tuple[Floats, Mask, Floats]] = {}


def board_art(cv: Canvas, style: ArtStyle) -> tuple[Floats, Mask, Floats]:
    """The printed board (cached per layout and style), its mask, and a wood grain for
    the table around it."""
    key = json.dumps([cv.layout.to_json(), repr(style)], sort_keys=True)
    if key not in _ART_CACHE:
        if len(_ART_CACHE) > 4:
            _ART_CACHE.clear()
        rng = np.random.default_rng(0xA27 if style.family == "zoch"
                                    else [style.seed, 0xA27, *map(ord, style.family)])
        _ART_CACHE[key] = _draw_art(cv, style, rng)
    return _ART_CACHE[key]


def _draw_art(cv: Canvas, style: ArtStyle,
              rng: np.random.Generator) -> tuple[Floats, Mask, Floats]:
    lay = cv.layout
    w, h = cv.size
    img = np.zeros((h, w, 3), np.float32)
    wood = texture(rng, (h, w), 8, 10.0)[..., None]
    bw, bh = lay.board_mm
    x0, y0 = cv.px((0, 0))
    x1, y1 = cv.px((bw, bh))
    board = np.zeros((h, w), np.uint8)
    cv2.rectangle(board, (x0, y0), (x1, y1), 255, -1, shift=SH)
    img[:] = style.bank
    img += wood * 0.6
    river = np.zeros((h, w), np.uint8)
    sl = lay.slots
    thick = round(style.river_width_mm * cv.s)
    t1 = sl["T1"]
    start = (lay.beach[1][0] if len(lay.beach) > 1 else t1[0] - 40, t1[1])
    trunk = [start, *[sl[s] for s in ("T1", "T2", "T3", "T4", "T5")]]
    for arm in ("L", "R"):
        a1, a2 = sl[arm + "1"], sl[arm + "2"]
        end = (bw + 5, a2[1] + (a2[1] - a1[1]) * 0.3)
        pts = [*trunk, a1, a2, end]
        for p, q in itertools.pairwise(pts):
            cv2.line(river, cv.px(p), cv.px(q), 255, thick, AA, shift=SH)
    river &= board
    if style.bank_line_mm > 0:
        grown = cast(Image, cv2.dilate(river, cv2.getStructuringElement(
            cv2.MORPH_ELLIPSE, (2 * round(style.bank_line_mm * cv.s) + 1,) * 2)))
        edge = grown & ~river & board
        img[edge > 128] = np.array(style.bank, np.float32) * 0.6
    img[river > 128] = style.river
    water_tex = (texture(rng, (h, w), 30, style.river_texture)[..., None]
                 + texture(rng, (h, w), 90, style.river_texture * 3 / 7)[..., None])
    img += np.where(river[..., None] > 128, water_tex, 0)
    # Waterfall foam at the end of each arm.
    for arm in ("L", "R"):
        a2 = sl[arm + "2"]
        for k in range(7):
            y = a2[1] - 36 + k * 12
            cv2.line(img, cv.px((bw - 24, y)), cv.px((bw, y + 3)), (235, 240, 240),
                     int(4 * cv.s), AA, shift=SH)
    # Beach (sand) and the rope.
    beach = np.array([cv.px(p) for p in lay.beach], np.int32)
    cv2.fillPoly(img, [beach], style.sand, AA, shift=SH)
    if style.sand_texture > 0:
        sand_mask = np.zeros((h, w), np.uint8)
        cv2.fillPoly(sand_mask, [beach], 1, shift=SH)
        img += np.where(sand_mask[..., None] > 0,
                        texture(rng, (h, w), 120, style.sand_texture)[..., None], 0)
    bx = max(p[0] for p in lay.beach)
    cv2.line(img, cv.px((bx + 3, t1[1] - 42)), cv.px((bx + 3, t1[1] + 42)), (40, 80, 120),
             int(2.5 * cv.s), AA, shift=SH)
    # Deposits (their gems are drawn with the table's gem colours: draw_deposit_gems).
    for p in lay.deposits.values():
        cv2.circle(img, cv.px(p), cv.r(14), style.deposit, -1, AA, shift=SH)
    # Weather track: printed spaces with their numbers.
    edge_bgr = style.weather_edge
    for n, p in lay.weather.items():
        cv2.circle(img, cv.px(p), cv.r(lay.weather_space_mm), style.weather, -1, AA, shift=SH)
        cv2.circle(img, cv.px(p), cv.r(lay.weather_space_mm), edge_bgr, 2, AA, shift=SH)
        label = f"{n:+d}" if n else "0"
        org = (int((p[0] + cv.m - 4 * len(label)) * cv.s), int((p[1] + cv.m + 13) * cv.s))
        text = np.zeros(img.shape[:2], np.uint8)
        cv2.putText(text, label, org, cv2.FONT_HERSHEY_SIMPLEX, 0.55, 255, 1, AA)
        img[text > 100] = (90, 70, 60)
    # ArUco markers on white stickers.
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, lay.marker_dictionary))
    for mid, (cx, cy) in lay.marker_centers.items():
        half = lay.marker_size_mm / 2 + lay.marker_margin_mm
        cv2.rectangle(img, cv.px((cx - half, cy - half)), cv.px((cx + half, cy + half)),
                      (250, 250, 250), -1, shift=SH)
        side = round(lay.marker_size_mm * cv.s)
        marker = cv2.aruco.generateImageMarker(dictionary, int(mid), side)
        mx = round((cx - lay.marker_size_mm / 2 + cv.m) * cv.s)
        my = round((cy - lay.marker_size_mm / 2 + cv.m) * cv.s)
        img[my : my + side, mx : mx + side] = (marker.astype(np.float32)[..., None] * 0.9 + 12)
    return img, (board > 0), wood


def draw_deposit_gems(cv: Canvas, img: Floats, gem_bgr: Mapping[str, Floats | Doubles],
                      rng: np.random.Generator) -> None:
    """Each deposit's gems piled up (3 to 7), in this table's gem colours."""
    lay = cv.layout
    for colour, p in lay.deposits.items():
        g = tuple(float(v) for v in gem_bgr.get(colour, DEFAULT_GEM_BGR[colour]))
        for _ in range(int(rng.integers(3, 8))):
            q = (p[0] + rng.uniform(-7, 7), p[1] + rng.uniform(-7, 7))
            cv2.circle(img, cv.px(q), cv.r(lay.gem_mm / 2.6), g, -1, AA, shift=SH)


Lift = tuple[float, float]
"""Where a point 1 mm above the board appears, relative to its footprint (mm per mm of
height): parallax under a tilted camera. (0, 0): drawn flat."""


def draw_disc(cv: Canvas, img: Floats, p: Point, rng: np.random.Generator,
              style: ArtStyle, lift: Lift = (0.0, 0.0)) -> None:
    """A transparent disc on ``p``: drop shadow, slight tint, rim, bright inner edge and a
    specular arc (its top ``DISC_HEIGHT_MM`` up: shifted by ``lift``)."""
    lay = cv.layout
    r = lay.disc_radius_mm
    h, w = img.shape[:2]
    p = (p[0] + lift[0] * DISC_HEIGHT_MM, p[1] + lift[1] * DISC_HEIGHT_MM)
    cx, cy = (p[0] + cv.m) * cv.s, (p[1] + cv.m) * cv.s
    rad = math.ceil((r + 4) * cv.s)
    x0, y0 = int(cx) - rad, int(cy) - rad
    x1, y1 = min(w, x0 + 2 * rad + 2), min(h, y0 + 2 * rad + 2)
    roi = img[y0:y1, x0:x1]
    mul = np.ones(roi.shape[:2], np.float32)
    add = np.zeros(roi.shape[:2], np.float32)
    c = (round((cx - x0) * 16), round((cy - y0) * 16))
    R = round(r * cv.s * 16)
    sh = np.ones_like(mul)
    off = round(1.2 * cv.s * 16)
    cv2.circle(sh, (c[0] + off, c[1] + off), R, 0.9, -1, AA, shift=SH)
    mul *= cv2.GaussianBlur(sh, (0, 0), 2.0)
    inside = np.zeros_like(mul)
    cv2.circle(inside, c, R, 1.0, -1, AA, shift=SH)
    mul = np.where(inside > 0.5, 1.0, mul) * (1 + 0.05 * inside)
    rim = np.zeros_like(mul)
    cv2.circle(rim, c, R - int(0.9 * cv.s * 16), 1.0, int(1.8 * cv.s), AA, shift=SH)
    mul *= 1 - float(rng.uniform(*style.disc_rim)) * rim
    edge = np.zeros_like(mul)
    cv2.circle(edge, c, R - int(2.6 * cv.s * 16), 1.0, 1, AA, shift=SH)
    add += style.disc_glow * edge
    a0 = float(rng.uniform(0, 360))
    cv2.ellipse(add, c, (int(R * 0.72), int(R * 0.72)), 0, a0, a0 + float(rng.uniform(30, 70)),
                float(rng.uniform(40, 90)), int(2.5 * cv.s), AA, shift=SH)
    add = cast(Floats, cv2.GaussianBlur(add, (0, 0), 1.0))
    t = style.disc_tint
    tint = np.array([1 + t, 1 + t / 3, 1 - 2 * t / 3], np.float32)
    roi[:] = roi * mul[..., None] * np.where(inside[..., None] > 0.5, tint, 1.0) + add[..., None]


def hull(cv: Canvas, center: Point, angle: float, length: float,
         width: float) -> NDArray[np.int32]:
    """A pointed canoe hull outline, fixed-point canvas pixels."""
    # ellipse2Poly gives an (n, 2) int32 array (the stubs say a sequence of points).
    poly = cast(NDArray[np.int32], cv2.ellipse2Poly((0, 0), (1000, 1000), 0, 0, 360, 10))
    pts = poly.astype(np.float32) / 1000
    x = pts[:, 0] * length / 2
    y = pts[:, 1] * width / 2 * np.sqrt(np.clip(1 - 0.35 * pts[:, 0] ** 4, 0, 1))
    a = math.radians(angle)
    xr = x * math.cos(a) - y * math.sin(a) + center[0]
    yr = x * math.sin(a) + y * math.cos(a) + center[1]
    return np.stack([(xr + cv.m) * cv.s * 16, (yr + cv.m) * cv.s * 16], 1).round().astype(np.int32)


def _gem(cv: Canvas, img: Floats, center: Point, a: float, r: float, base: Floats,
         shape: str, rng: np.random.Generator) -> None:
    def fill(poly: list[Point], colour: Floats) -> None:
        cv2.fillPoly(img, [np.array([cv.px(q) for q in poly], np.int32)],
                     tuple(float(v) for v in np.clip(colour, 0, 255)), AA, shift=SH)

    if shape == "hex":
        for k in range(6):
            t0 = a + k * math.pi / 3
            fill([center, (center[0] + r * math.cos(t0), center[1] + r * math.sin(t0)),
                  (center[0] + r * math.cos(t0 + math.pi / 3),
                   center[1] + r * math.sin(t0 + math.pi / 3))],
                 base * float(rng.uniform(0.8, 1.12)))
    elif shape == "round":
        cv2.circle(img, cv.px(center), cv.r(r), tuple(float(v) for v in base), -1, AA, shift=SH)
        cv2.circle(img, cv.px(center), cv.r(r * 0.6),
                   tuple(float(v) for v in np.clip(base * 1.08, 0, 255)), -1, AA, shift=SH)
    else:
        n = 4 if shape == "square" else 5
        rr = r * (0.9 if shape == "square" else 1.0)
        pts = [(center[0] + rr * math.cos(a + k * 2 * math.pi / n + math.pi / 4),
                center[1] + rr * math.sin(a + k * 2 * math.pi / n + math.pi / 4))
               for k in range(n)]
        fill(pts, base * float(rng.uniform(0.9, 1.05)))


def draw_canoe(cv: Canvas, img: Floats, center: Point, angle: float, body: Floats | Doubles,
               gem_bgr: Floats | Doubles | None, rng: np.random.Generator,
               style: ArtStyle | None = None, lift: Lift = (0.0, 0.0)) -> None:
    """A canoe on ``center`` (its footprint), with its gem; with a ``lift`` its top is
    drawn ``CANOE_HEIGHT_MM`` up, the side between footprint and top in shade."""
    lay = cv.layout
    scale = style.canoe_scale if style else 1.0
    length, width = lay.canoe_mm[0] * scale, lay.canoe_mm[1] * scale
    body = np.array(body, np.float32)
    x0 = max(0, int((center[0] + cv.m - length) * cv.s))
    y0 = max(0, int((center[1] + cv.m - length) * cv.s))
    span = int(2 * length * cv.s)
    roi = img[y0 : y0 + span, x0 : x0 + span]
    shadow = np.zeros(roi.shape[:2], np.uint8)
    outline = hull(cv, (center[0] + 1.5, center[1] + 1.5), angle, length, width)
    outline -= np.array([x0 * 16, y0 * 16], np.int32)
    cv2.fillPoly(shadow, [outline], 255, AA, shift=SH)
    sm = cv2.GaussianBlur(shadow.astype(np.float32), (0, 0), 2.0) / 255
    roi *= (1 - 0.35 * sm)[..., None]
    if lift != (0.0, 0.0):
        # The hull's side, from the footprint up to the gunwale, in shade.
        side = tuple(float(v) for v in body * 0.62)
        for f in np.linspace(0.0, 0.9, 6):
            at = (center[0] + lift[0] * CANOE_HEIGHT_MM * f,
                  center[1] + lift[1] * CANOE_HEIGHT_MM * f)
            cv2.fillPoly(img, [hull(cv, at, angle, length * 0.96, width * 0.9)], side, AA,
                         shift=SH)
        center = (center[0] + lift[0] * CANOE_HEIGHT_MM, center[1] + lift[1] * CANOE_HEIGHT_MM)
    outline = hull(cv, center, angle, length, width)
    cv2.fillPoly(img, [outline], tuple(float(v) for v in body), AA, shift=SH)
    top = hull(cv, (center[0], center[1] - width * 0.12), angle, length * 0.9, width * 0.55)
    cv2.fillPoly(img, [top], tuple(float(v) for v in np.clip(body * 1.1 + 6, 0, 255)), AA,
                 shift=SH)
    cv2.polylines(img, [outline], True, tuple(float(v) for v in body * 0.6), 2, AA, shift=SH)
    a = math.radians(angle)
    c = (round((center[0] + cv.m) * cv.s * 16), round((center[1] + cv.m) * cv.s * 16))
    cv2.ellipse(img, c, (cv.r(6.0 * scale), cv.r(3.5 * scale)), angle, 0, 360,
                tuple(float(v) for v in body * 0.35), -1, AA, shift=SH)
    if gem_bgr is not None:
        g = np.array(gem_bgr, np.float32)
        r = lay.gem_mm / 2
        under = img[c[1] // 16, c[0] // 16].copy()
        base = g * 0.88 + under * 0.12
        _gem(cv, img, center, a, r, base, style.gem_shape if style else "hex", rng)
        hx = center[0] + r * 0.35 * math.cos(a + 2.2)
        hy = center[1] + r * 0.35 * math.sin(a + 2.2)
        cv2.circle(img, cv.px((hx, hy)), cv.r(1.2), (250, 250, 250), -1, AA, shift=SH)


def _berths(n: int, rng: np.random.Generator) -> list[float]:
    """Offsets across the river (mm) for ``n`` canoes on one disc."""
    if n == 1:
        return [float(rng.choice([-9.0, 0.0, 0.0, 9.0]))]
    if n == 2:
        return list(map(float, [(-9.0, 9.0), (-17.0, 0.0), (0.0, 17.0)][int(rng.integers(0, 3))]))
    base = [-17.0, 0.0, 17.0, -34.0, 34.0, -51.0, 51.0, -68.0, 68.0, -85.0, 85.0]
    return base[:n]


def place_canoes(cv: Canvas, board: Placement, rng: np.random.Generator,
                 between: float = 0.0) -> list[tuple[CanoeSeen, Point, float]]:
    """Where each canoe is drawn (centre in board mm, angle); with ``between`` the first
    canoe on a river slot with a slot downstream is drawn that share of the way there."""
    lay = cv.layout
    placed: list[tuple[CanoeSeen, Point, float]] = []
    moved = False
    for slot in SLOTS:
        here = [c for c in board.canoes if c.at == slot]
        rng.shuffle(here)
        if not here:
            continue
        for c, dy in zip(here, _berths(len(here), rng), strict=True):
            x, y = lay.slots[slot]
            jitter = rng.uniform(-1.5, 1.5, 2)
            to = next_slot(slot)
            if between and not moved and to is not None:
                moved = True
                tx, ty = lay.slots[to]
                x, y = x + (tx - x) * between, y + (ty - y) * between
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


def between_move(board: Placement) -> tuple[str, str, str] | None:
    """The canoe :func:`place_canoes` draws between two slots: colour, from, to."""
    for slot in SLOTS:
        here = [c for c in board.canoes if c.at == slot]
        to = next_slot(slot)
        if here and to is not None:
            return (here[0].colour, slot, to) if len(here) == 1 else ("?", slot, to)
    return None


def draw_hand(cv: Canvas, img: Floats, hand: Hand, blur_px: float = 0.0,
              blur_deg: float = 0.0) -> None:
    """A hand and arm with a soft shadow; ``blur_px`` smears it (a moving hand)."""
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

        cv2.line(target, cv.px(off(hand.start)), cv.px(off(wrist)), sleeve, arm_w, AA, shift=SH)
        palm = (ex - ux * hand.width_mm * 0.6, ey - uy * hand.width_mm * 0.6)
        ang = math.degrees(math.atan2(uy, ux))
        axes = (cv.r(hand.width_mm * 0.55), cv.r(hand.width_mm * 0.42))
        cv2.ellipse(target, cv.px(off(palm)), axes, ang, 0, 360, skin, -1, AA, shift=SH)
        for k in (-1.5, -0.5, 0.5, 1.5):
            fx = ex + (-uy) * k * hand.width_mm * 0.18
            fy = ey + ux * k * hand.width_mm * 0.18
            cv2.line(target, cv.px(off(palm)), cv.px(off((fx, fy))), skin,
                     int(hand.width_mm * 0.15 * cv.s), AA, shift=SH)

    shape(shadow, 18.0, 255, 255)
    sm = cv2.GaussianBlur(shadow, (0, 0), 12).astype(np.float32) / 255
    img *= (1 - 0.45 * sm)[..., None]
    if blur_px <= 0.5:
        shape(img, 0.0, tuple(map(float, hand.skin)), tuple(map(float, hand.sleeve)))
        return
    layer = np.zeros_like(img)
    alpha = np.zeros(img.shape[:2], np.float32)
    shape(layer, 0.0, tuple(map(float, hand.skin)), tuple(map(float, hand.sleeve)))
    shape(alpha, 0.0, 1.0, 1.0)
    n = max(3, int(blur_px * cv.s) | 1)
    kernel = np.zeros((n, n), np.float32)
    a = math.radians(blur_deg)
    c = n // 2
    cv2.line(kernel, (round(c - c * math.cos(a)), round(c - c * math.sin(a))),
             (round(c + c * math.cos(a)), round(c + c * math.sin(a))), 1.0, 1)
    kernel /= kernel.sum()
    layer = cast(Floats, cv2.filter2D(layer, -1, kernel))
    alpha = cast(Floats, cv2.filter2D(alpha, -1, kernel))
    img *= (1 - alpha)[..., None]
    img += layer


def draw_clutter(cv: Canvas, img: Floats, item: Clutter) -> None:
    """A card, cup, phone or die seen from above, with a soft shadow."""
    colour = tuple(float(v) for v in item.bgr)
    a = item.angle
    shadow = np.zeros(img.shape[:2], np.float32)

    def rect(target: Floats, centre: Point, size: tuple[float, float],
             value: float | tuple[float, ...]) -> None:
        box = cv2.boxPoints((((centre[0] + cv.m) * cv.s, (centre[1] + cv.m) * cv.s),
                             (size[0] * cv.s, size[1] * cv.s), a))
        cv2.fillPoly(target, [(box * 16).round().astype(np.int32)], value, AA, shift=SH)

    s = item.size
    off = (item.center[0] + 4, item.center[1] + 4)
    if item.kind == "cup":
        cv2.circle(shadow, cv.px(off), cv.r(s / 2), 1.0, -1, AA, shift=SH)
    else:
        dims = {"card": (s, s * 0.65), "phone": (s, s * 0.48), "die": (s, s)}[item.kind]
        rect(shadow, off, dims, 1.0)
    shadow = cast(Floats, cv2.GaussianBlur(shadow, (0, 0), 4 * cv.s))
    img *= (1 - 0.4 * shadow)[..., None]
    if item.kind == "cup":
        cv2.circle(img, cv.px(item.center), cv.r(s / 2), colour, -1, AA, shift=SH)
        inner = tuple(v * 0.45 for v in colour)
        cv2.circle(img, cv.px(item.center), cv.r(s / 2 - 4), inner, -1, AA, shift=SH)
    elif item.kind == "phone":
        rect(img, item.center, (s, s * 0.48), (20.0, 20.0, 24.0))
        rect(img, item.center, (s * 0.86, s * 0.4), (90.0, 70.0, 50.0))
    elif item.kind == "die":
        rect(img, item.center, (s, s), (235.0, 235.0, 235.0))
        cv2.circle(img, cv.px(item.center), cv.r(s / 8), (30.0, 30.0, 30.0), -1, AA, shift=SH)
    else:
        rect(img, item.center, (s, s * 0.65), (240.0, 240.0, 240.0))
        rect(img, item.center, (s * 0.85, s * 0.5), colour)


def draw_weather_marker(cv: Canvas, img: Floats, q: Point, style: ArtStyle) -> None:
    """The rain-maker stone: a dark grey token with a light cloud on it."""
    cv2.circle(img, cv.px((q[0] + 1.0, q[1] + 1.0)), cv.r(9.5), (40, 50, 60), -1, AA, shift=SH)
    cv2.circle(img, cv.px(q), cv.r(9.5), style.cloud, -1, AA, shift=SH)
    for dx, dy, rr in ((-2.2, 0.7, 1.9), (0.3, -1.0, 2.3), (2.5, 0.8, 1.7)):
        cv2.circle(img, cv.px((q[0] + dx, q[1] + dy)), cv.r(rr), (225, 225, 228), -1, AA,
                   shift=SH)
