"""The board as the pages draw it, served to them (``/api/board`` and a JSON block in
every page): the river's slots and deposits from :mod:`companion.board`, the colours and
letters from :mod:`companion.colours` (names, letters and labels in the page's language
once :func:`web.i18n.tr` renders them), and two schematic drawings of the river (SVG
units): ``wide`` as the camera sees the board (beach left, falls right; the table page)
and ``tall`` (beach at the top, falls at the bottom; a phone held upright). The page's
scripts keep no copy of any of it.

>>> data = board_json()
>>> data["slots"][:3], data["deposits"]["blue"]["slots"], str(data["colours"]["joe"]["letter"])
(['T1', 'T2', 'T3'], ['L1', 'R1'], 'J')
>>> data["drawings"]["wide"]["drawn_at"]["beach"][0] < data["drawings"]["wide"]["drawn_at"]["L2"][0]
True
"""

from __future__ import annotations

from typing import Any, Final

from companion.board import BEACH, DEPOSIT_AT, GEM_COLOURS, SLOTS, WEATHER_MAX, WEATHER_MIN
from companion.colours import CANOE_COLOURS, GEM_SCREEN
from companion.text import N_, Term

Point = tuple[int, int]

WIDE: Final[dict[str, Any]] = {
    "size": (600, 300),
    "drawn_at": {
        "T1": (160, 150), "T2": (218, 150), "T3": (276, 150), "T4": (334, 150),
        "T5": (392, 150), "L1": (478, 89), "L2": (540, 89), "R1": (478, 211),
        "R2": (540, 211), BEACH: (62, 150),
    },
    "deposits": {
        "violet": {"at": (276, 234), "label": (276, 266)},
        "white": {"at": (334, 234), "label": (334, 266)},
        "yellow": {"at": (392, 234), "label": (392, 266)},
        "blue": {"at": (478, 150), "label": None},
        "pink": {"at": (540, 150), "label": None},
    },
    "weather": {"label": (150, 30), "at": {"-1": (214, 26), "0": (250, 26), "1": (286, 26),
                                            "2": (322, 26)}},
    "beach_canoes": {"origin": (38, 72), "step": (0, 25), "per_line": 7, "line_step": (46, 0)},
    "falls": {"left": (588, 89), "right": (588, 211)},
    "slot_label": (18, -26),
    "shapes": [
        ("path", {"d": "M125 122 L408 122 L444 62 L572 62 L572 116 L452 116 L452 184 "
                       "L572 184 L572 238 L444 238 L408 178 L125 178 Z", "class": "water"}),
        ("rect", {"x": 452, "y": 120, "width": 118, "height": 60, "rx": 12,
                  "class": "island"}),
        ("rect", {"x": 8, "y": 40, "width": 108, "height": 222, "rx": 8, "class": "beach"}),
        ("text", {"x": 16, "y": 56, "class": "label"}, N_("Beach")),
        ("line", {"x1": 127, "y1": 116, "x2": 127, "y2": 184, "class": "start-line"}),
        ("rect", {"x": 574, "y": 54, "width": 24, "height": 192, "class": "falls"}),
        ("text", {"x": 590, "y": 150, "class": "label", "text-anchor": "middle",
                  "transform": "rotate(90 590 150)"}, N_("Waterfall")),
    ],
}
"""The table's drawing: as the camera sees the board (beach left, falls right)."""

TALL: Final[dict[str, Any]] = {
    "size": (380, 560),
    "drawn_at": {
        "T1": (190, 110), "T2": (190, 170), "T3": (190, 230), "T4": (190, 290),
        "T5": (190, 350), "L1": (120, 420), "L2": (120, 490), "R1": (260, 420),
        "R2": (260, 490), BEACH: (190, 45),
    },
    "deposits": {
        "violet": {"at": (70, 230), "label": (70, 259)},
        "white": {"at": (70, 290), "label": (70, 319)},
        "yellow": {"at": (70, 350), "label": (70, 379)},
        "blue": {"at": (190, 420), "label": None},
        "pink": {"at": (190, 490), "label": None},
    },
    "weather": {"label": (330, 90), "at": {"2": (330, 110), "1": (330, 146), "0": (330, 182),
                                            "-1": (330, 218)}},
    "beach_canoes": {"origin": (70, 53), "step": (30, 0), "per_line": 10, "line_step": (0, 16)},
    "falls": {"left": (120, 539), "right": (260, 539)},
    "slot_label": (27, -14),
    "shapes": [
        ("path", {"d": "M150 75 L230 75 L230 370 L300 400 L300 525 L220 525 L220 380 "
                       "L160 380 L160 525 L80 525 L80 400 L150 370 Z", "class": "water"}),
        ("rect", {"x": 40, "y": 20, "width": 300, "height": 50, "rx": 8, "class": "beach"}),
        ("text", {"x": 48, "y": 36, "class": "label"}, N_("Beach")),
        ("line", {"x1": 140, "y1": 76, "x2": 240, "y2": 76, "class": "start-line"}),
        ("rect", {"x": 70, "y": 528, "width": 240, "height": 22, "class": "falls"}),
        ("text", {"x": 190, "y": 544, "class": "label", "text-anchor": "middle"},
         N_("Waterfall")),
        ("rect", {"x": 165, "y": 395, "width": 50, "height": 120, "rx": 12,
                  "class": "island"}),
    ],
}
"""A phone's drawing: the river upright (beach at the top, falls at the bottom)."""

DRAWINGS: Final = {"wide": WIDE, "tall": TALL}


def _drawing_json(drawing: dict[str, Any]) -> dict[str, Any]:
    def pt(p: Point | None) -> list[int] | None:
        return list(p) if p is not None else None

    return {
        "size": list(drawing["size"]),
        "drawn_at": {place: list(xy) for place, xy in drawing["drawn_at"].items()},
        "deposits": {gem: {"at": pt(d["at"]), "label": pt(d["label"])}
                     for gem, d in drawing["deposits"].items()},
        "weather": {"label": pt(drawing["weather"]["label"]),
                    "at": {w: list(xy) for w, xy in drawing["weather"]["at"].items()}},
        "beach_canoes": {k: (list(v) if isinstance(v, tuple) else v)
                         for k, v in drawing["beach_canoes"].items()},
        "falls": {arm: list(xy) for arm, xy in drawing["falls"].items()},
        "slot_label": list(drawing["slot_label"]),
        "shapes": [{"tag": s[0], "attrs": s[1], "text": s[2] if len(s) > 2 else None}
                   for s in drawing["shapes"]],
    }


def board_json() -> dict[str, Any]:
    """Everything the pages need to draw the board, JSON-ready."""
    return {
        "slots": list(SLOTS),
        "beach": BEACH,
        "drawings": {name: _drawing_json(d) for name, d in DRAWINGS.items()},
        "deposits": {gem: {"slots": [s for s in SLOTS if DEPOSIT_AT.get(s) == gem]}
                     for gem in GEM_COLOURS},
        "weather": {"min": WEATHER_MIN, "max": WEATHER_MAX},
        "colours": {name: {**colour.to_json(), "label": Term("colour", name),
                           "letter": Term("letter", name)}
                    for name, colour in CANOE_COLOURS.items()},
        "gems": dict(GEM_SCREEN),
    }
