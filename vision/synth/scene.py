"""How a synthetic scene is photographed: camera pose and lens, light, sensor, and what
else is in view (hands, clutter, a glare spot, a covered marker).

>>> a, b = SceneConfig.varied(3, family="glacier"), SceneConfig.varied(3, family="glacier")
>>> a == b, a.art
(True, 'glacier')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from vision.layout import Layout, load_layout

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
class Clutter:
    """Something lying on the table or the board's land (board mm): a ``card``, a
    ``cup`` (seen from above: a ring), a ``phone`` or a ``die``."""

    kind: str
    center: tuple[float, float]
    size: float
    angle: float = 0.0
    bgr: tuple[int, int, int] = (200, 200, 200)


@dataclass(frozen=True)
class Glare:
    """A specular glare spot on the board (board mm); ``strength`` is added light
    (1: the paper's white at the centre)."""

    center: tuple[float, float]
    radius: float
    strength: float = 1.0


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
    """Camera distance from the board's centre (without ``focal``; with it, the distance
    follows from ``fill``)."""
    focal: float | None = None
    """A physical camera: its focal length in frame widths (0.8: a standard lens), the
    principal point at the frame's centre (see :func:`vision.synth.camera.camera_pose`).
    None: the focal length is chosen to fill the frame (the scenes of issue 3)."""
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
    art: str = "zoch"
    """The board's art family (:data:`vision.synth.art.FAMILIES`); ``zoch`` is the one
    fixed board the project was first tuned on."""
    art_seed: int = 0
    """Which board of the family (every family but ``zoch`` varies with it)."""
    heights: bool = True
    """Draw canoes (15 mm) and discs (3 mm) with their height: their tops shift away from
    the camera under tilt (parallax) and their sides show (False: a flat world, as the
    scenes of issue 3 were drawn)."""
    k1: float = 0.0
    """Barrel distortion of the lens (0 .. -0.3), with the focal length of a standard lens."""
    flicker: float = 0.0
    """50 Hz flicker under a rolling shutter: brightness bands of this amplitude (share)."""
    flicker_bands: float = 5.0
    """Band periods over the frame's height."""
    flicker_phase: float = 0.0
    glare: Glare | None = None
    clutter: tuple[Clutter, ...] = ()
    cover_marker: int | None = None
    """A marker hidden under a card (its id)."""
    motion_blur_px: float = 0.0
    """Length (frame px) of the motion blur of hands (a hand moving fast)."""
    motion_blur_deg: float = 0.0
    between: float = 0.0
    """The first canoe on a river slot is drawn this share of the way to the next slot
    downstream (0: on its slot); the game still has it on its slot."""

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

    @classmethod
    def varied(cls, seed: int, *, family: str, hands: float = 0.0,
               tilt: tuple[float, float] = (0.0, 15.0), k1: tuple[float, float] = (-0.05, 0.0),
               fill: tuple[float, float] = (0.5, 0.92), kelvin: tuple[float, float] = (3500, 6500),
               clutter: int = 2, focal: tuple[float, float] = (0.7, 1.3)) -> SceneConfig:
        """A widely varied scene on a board of art ``family`` (board ``seed`` of it), with
        object heights, a physical camera of focal length ``focal`` (frame widths: 0.7 is
        a 71 deg, 1.3 a 42 deg horizontal view): the base of the benchmark's conditions.
        Ranges that a condition stresses are parameters; every draw comes from ``seed``.
        """
        base = cls.random(seed, hands=hands, tilt_max=1.0)
        rng = np.random.default_rng([seed, 0x7A41ED])
        return replace(
            base,
            tilt_deg=float(rng.uniform(*tilt)),
            fill=float(rng.uniform(*fill)),
            offset=(float(rng.uniform(-0.03, 0.03)), float(rng.uniform(-0.03, 0.03))),
            kelvin=float(rng.uniform(*kelvin)),
            white_balance=float(rng.uniform(0.3, 0.9)),
            k1=float(rng.uniform(*k1)),
            flicker=float(rng.uniform(0, 0.03)),
            flicker_bands=float(rng.uniform(3, 9)),
            flicker_phase=float(rng.uniform(0, 2 * np.pi)),
            clutter=random_clutter(rng, count=int(rng.integers(0, clutter + 1))),
            art=family,
            art_seed=int(seed),
            heights=True,
            colour_jitter=float(rng.uniform(4, 22)),
            focal=float(rng.uniform(*focal)),
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


def random_clutter(rng: np.random.Generator, layout: Layout | None = None,
                   count: int = 3) -> tuple[Clutter, ...]:
    """``count`` things lying beside the river: on the table around the board, or on
    the board's land away from slots, beach and markers."""
    layout = layout or load_layout()
    w, h = layout.board_mm
    out: list[Clutter] = []
    tries = 0
    while len(out) < count and tries < 200:
        tries += 1
        kind = str(rng.choice(["card", "cup", "phone", "die"]))
        size = {"card": 60.0, "cup": 45.0, "phone": 70.0, "die": 16.0}[kind]
        size *= float(rng.uniform(0.8, 1.2))
        p = (float(rng.uniform(-90, w + 90)), float(rng.uniform(-90, h + 90)))
        reach = size * 0.75
        near_slot = min(np.hypot(p[0] - x, p[1] - y) for x, y in layout.slots.values())
        if near_slot < layout.slot_zone_mm + reach + 6:
            continue
        near_weather = min(np.hypot(p[0] - x, p[1] - y) for x, y in layout.weather.values())
        if near_weather < layout.weather_space_mm + reach + 6:
            continue
        near_marker = min(max(abs(p[0] - x), abs(p[1] - y))
                          for x, y in layout.marker_centers.values())
        if near_marker < layout.marker_size_mm / 2 + layout.marker_margin_mm + reach + 4:
            continue
        bx = [q[0] for q in layout.beach]
        by = [q[1] for q in layout.beach]
        if (min(bx) - reach - 12 < p[0] < max(bx) + reach + 12
                and min(by) - reach - 12 < p[1] < max(by) + reach + 12):
            continue
        bgr = tuple(int(v) for v in rng.integers(20, 240, 3))
        out.append(Clutter(kind, p, size, float(rng.uniform(0, 180)),
                           (bgr[0], bgr[1], bgr[2])))
    return tuple(out)
