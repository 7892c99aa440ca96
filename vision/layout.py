"""Board geometry as data: the layout file, in board millimetres.

The origin is the top-left corner of the printed board, x to the right (downstream,
from the rope to the falls) and y down. Calibration, reading and the synthetic camera
all take their geometry from a :class:`Layout`; nothing else hard-codes it.

>>> layout = load_layout()
>>> layout.name, layout.board_mm
('zoch-2004', (600.0, 300.0))
>>> layout.slots["T1"]
(156.0, 150.0)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict, TypeVar

from companion.board import GEM_COLOURS, SLOTS, WEATHER_MAX, WEATHER_MIN
from companion.text import N_

LAYOUT_DIR = Path(__file__).with_name("layouts")
DEFAULT_LAYOUT = LAYOUT_DIR / "zoch-2004.json"
WEATHER_SPACES = tuple(range(WEATHER_MIN, WEATHER_MAX + 1))

Point = tuple[float, float]


class LayoutError(ValueError):
    """A layout file that cannot be read or does not describe a usable board."""


class MarkersJSON(TypedDict):
    """The ``markers`` section of a layout file."""

    dictionary: str
    size_mm: float
    centers: dict[str, list[float]]


class LayoutJSON(TypedDict):
    """A layout file, as :meth:`Layout.to_json` writes it (points are ``[x, y]`` in mm)."""

    name: str
    board_mm: list[float]
    disc_diameter_mm: float
    canoe_mm: list[float]
    gem_mm: float
    markers: MarkersJSON
    slots: dict[str, list[float]]
    beach: list[list[float]]
    deposits: dict[str, list[float]]
    weather: dict[str, list[float]]
    slot_zone_mm: float
    weather_space_mm: float
    marker_margin_mm: float


@dataclass(frozen=True)
class Layout:
    """Where everything lies on the printed board, in millimetres."""

    name: str
    board_mm: tuple[float, float]
    disc_diameter_mm: float
    canoe_mm: tuple[float, float]
    gem_mm: float
    marker_dictionary: str
    marker_size_mm: float
    marker_centers: Mapping[int, Point]
    slots: Mapping[str, Point]
    beach: tuple[Point, ...]
    deposits: Mapping[str, Point]
    weather: Mapping[int, Point]
    slot_zone_mm: float = 38.0
    """Radius around a slot centre in which its disc and canoes are read."""
    weather_space_mm: float = 15.0
    """Radius of one printed weather space."""
    marker_margin_mm: float = 5.0
    """White margin printed around each marker (used as the white reference)."""

    @property
    def disc_radius_mm(self) -> float:
        return self.disc_diameter_mm / 2

    def marker_corners_mm(self, marker_id: int) -> list[Point]:
        """The four corners of a marker on the board, in ArUco order (TL, TR, BR, BL)."""
        cx, cy = self.marker_centers[marker_id]
        h = self.marker_size_mm / 2
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]

    def to_json(self) -> LayoutJSON:
        """The layout in the file schema (round-trips through :func:`parse_layout`)."""
        return {
            "name": self.name,
            "board_mm": list(self.board_mm),
            "disc_diameter_mm": self.disc_diameter_mm,
            "canoe_mm": list(self.canoe_mm),
            "gem_mm": self.gem_mm,
            "markers": {
                "dictionary": self.marker_dictionary,
                "size_mm": self.marker_size_mm,
                "centers": {str(k): list(v) for k, v in self.marker_centers.items()},
            },
            "slots": {k: list(v) for k, v in self.slots.items()},
            "beach": [list(p) for p in self.beach],
            "deposits": {k: list(v) for k, v in self.deposits.items()},
            "weather": {str(k): list(v) for k, v in self.weather.items()},
            "slot_zone_mm": self.slot_zone_mm,
            "weather_space_mm": self.weather_space_mm,
            "marker_margin_mm": self.marker_margin_mm,
        }


def _number(value: object, where: str, *, positive: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise LayoutError(f"{where} must be a number, not {value!r}")
    if positive and value <= 0:
        raise LayoutError(f"{where} must be greater than 0, not {value!r}")
    return float(value)


def _point(value: object, where: str, board: tuple[float, float] | None = None) -> Point:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise LayoutError(f"{where} must be a point [x, y] in mm, not {value!r}")
    x = _number(value[0], f"{where} x", positive=False)
    y = _number(value[1], f"{where} y", positive=False)
    if board is not None and not (0 <= x <= board[0] and 0 <= y <= board[1]):
        raise LayoutError(N_(
            "{where} [{x}, {y}] lies outside the board ({width} x {height} mm)", where=where,
            x=f"{x:g}", y=f"{y:g}", width=f"{board[0]:g}", height=f"{board[1]:g}"))
    return (x, y)


_Section = TypeVar("_Section", list[Any], dict[Any, Any])


def _section(data: Mapping[str, Any], key: str, kind: type[_Section]) -> _Section:
    if key not in data:
        raise LayoutError(f"the layout has no '{key}'")
    value = data[key]
    if not isinstance(value, kind):
        raise LayoutError(f"'{key}' must be a {'mapping' if kind is dict else 'list'}")
    return value


def _points(data: Mapping[str, Any], key: str, names: tuple[str, ...],
            board: tuple[float, float]) -> dict[str, Point]:
    section = _section(data, key, dict)
    missing = [n for n in names if n not in section]
    if missing:
        raise LayoutError(f"'{key}' lacks {', '.join(missing)}")
    extra = [n for n in section if n not in names]
    if extra:
        raise LayoutError(f"'{key}' has unknown entries: {', '.join(map(str, extra))}")
    return {n: _point(section[n], f"{key}.{n}", board) for n in names}


def parse_layout(data: object) -> Layout:
    """Validate a decoded layout file and build a :class:`Layout`.

    :raises LayoutError: with a message naming the faulty entry.
    """
    if not isinstance(data, dict):
        raise LayoutError("a layout must be a JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise LayoutError("the layout needs a 'name'")
    board_raw = _section(data, "board_mm", list)
    if len(board_raw) != 2:
        raise LayoutError("'board_mm' must be [width, height]")
    board = (_number(board_raw[0], "board_mm width"), _number(board_raw[1], "board_mm height"))
    disc = _number(data.get("disc_diameter_mm"), "disc_diameter_mm")
    canoe_raw = _section(data, "canoe_mm", list)
    if len(canoe_raw) != 2:
        raise LayoutError("'canoe_mm' must be [length, width]")
    canoe = (_number(canoe_raw[0], "canoe_mm length"), _number(canoe_raw[1], "canoe_mm width"))
    gem = _number(data.get("gem_mm"), "gem_mm")

    markers = _section(data, "markers", dict)
    dictionary = markers.get("dictionary")
    import cv2  # only to check the marker dictionary's name

    if not isinstance(dictionary, str) or not hasattr(cv2.aruco, dictionary):
        raise LayoutError(f"markers.dictionary {dictionary!r} is not an ArUco dictionary")
    size = _number(markers.get("size_mm"), "markers.size_mm")
    centers_raw = _section(markers, "centers", dict)
    if len(centers_raw) < 4:
        raise LayoutError("markers.centers needs four markers, one at each corner")
    centers: dict[int, Point] = {}
    for key, value in centers_raw.items():
        try:
            marker_id = int(key)
        except ValueError:
            raise LayoutError(f"markers.centers key {key!r} is not a marker id") from None
        centers[marker_id] = _point(value, f"markers.centers.{key}", board)

    slots = _points(data, "slots", SLOTS, board)
    beach_raw = _section(data, "beach", list)
    if len(beach_raw) < 3:
        raise LayoutError("'beach' must be a polygon of at least 3 points")
    beach = tuple(_point(p, f"beach[{i}]", board) for i, p in enumerate(beach_raw))
    deposits = _points(data, "deposits", GEM_COLOURS, board)
    weather_named = _points(data, "weather", tuple(str(w) for w in WEATHER_SPACES), board)
    weather = {int(k): v for k, v in weather_named.items()}

    layout = Layout(
        name=name,
        board_mm=board,
        disc_diameter_mm=disc,
        canoe_mm=canoe,
        gem_mm=gem,
        marker_dictionary=dictionary,
        marker_size_mm=size,
        marker_centers=centers,
        slots=slots,
        beach=beach,
        deposits=deposits,
        weather=weather,
        slot_zone_mm=_number(data.get("slot_zone_mm", 38.0), "slot_zone_mm"),
        weather_space_mm=_number(data.get("weather_space_mm", 15.0), "weather_space_mm"),
        marker_margin_mm=_number(data.get("marker_margin_mm", 5.0), "marker_margin_mm"),
    )
    _check_geometry(layout)
    return layout


def _check_geometry(layout: Layout) -> None:
    """Refuse layouts whose slots overlap so much that a disc cannot be told apart."""
    if layout.canoe_mm[0] < layout.canoe_mm[1]:
        raise LayoutError("'canoe_mm' is [length, width]: the length must be the larger")
    names = list(layout.slots)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = math.dist(layout.slots[a], layout.slots[b])
            if d < layout.disc_diameter_mm:
                raise LayoutError(N_(
                    "slots {a} and {b} are {mm} mm apart, closer than one disc ({disc} mm): "
                    "check their positions", a=a, b=b, mm=f"{d:.0f}",
                    disc=f"{layout.disc_diameter_mm:g}"))


def load_layout(path: str | Path | None = None) -> Layout:
    """Load and validate a layout file (the bundled ``zoch-2004`` by default).

    :raises LayoutError: when the file is missing, not JSON, or not a valid layout.
    """
    file = Path(path) if path is not None else DEFAULT_LAYOUT
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LayoutError(f"layout file {file} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LayoutError(f"cannot read layout file {file}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LayoutError(f"layout file {file} is not valid JSON: {exc}") from None
    try:
        return parse_layout(data)
    except LayoutError as exc:
        raise LayoutError(f"layout file {file}: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    """``python -m vision.layout [FILE]``: check a layout file and summarise it."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    try:
        layout = load_layout(args[0] if args else None)
    except LayoutError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{layout.name}: board {layout.board_mm[0]:g} x {layout.board_mm[1]:g} mm, "
          f"disc {layout.disc_diameter_mm:g} mm, canoe {layout.canoe_mm[0]:g} x "
          f"{layout.canoe_mm[1]:g} mm, markers {layout.marker_dictionary} ids "
          f"{sorted(layout.marker_centers)} ({layout.marker_size_mm:g} mm): OK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
