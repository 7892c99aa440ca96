"""The board as the pages draw it, served to them (``/api/board`` and a JSON block in
every page): the river's slots and deposits from :mod:`companion.board`, the colours and
letters from :mod:`companion.colours`, and where the schematic river drawing puts each
place (SVG units). The page's scripts keep no copy of any of it.

>>> data = board_json()
>>> data["slots"][:3], data["deposits"]["blue"]["slots"], data["colours"]["joe"]["letter"]
(['T1', 'T2', 'T3'], ['L1', 'R1'], 'J')
"""

from __future__ import annotations

from typing import Any, Final

from companion.board import BEACH, DEPOSIT_AT, GEM_COLOURS, SLOTS, WEATHER_MAX, WEATHER_MIN
from companion.colours import CANOE_COLOURS, GEM_SCREEN

DRAWING_SIZE: Final = (380, 560)
"""The schematic river's SVG view box: the beach at the top, the falls at the bottom."""

DRAWN_AT: Final[dict[str, tuple[int, int]]] = {
    "T1": (190, 110), "T2": (190, 170), "T3": (190, 230), "T4": (190, 290),
    "T5": (190, 350), "L1": (120, 420), "L2": (120, 490), "R1": (260, 420),
    "R2": (260, 490), BEACH: (190, 45),
}
"""Where the drawing puts each place (centre, SVG units)."""

DEPOSIT_DRAWN_AT: Final[dict[str, tuple[int, int]]] = {
    "violet": (70, 230), "white": (70, 290), "yellow": (70, 350), "blue": (190, 420),
    "pink": (190, 490),
}
"""Where the drawing puts each deposit (beside its slots; the island's between the arms)."""


def board_json() -> dict[str, Any]:
    """Everything the pages need to draw the board, JSON-ready."""
    return {
        "slots": list(SLOTS),
        "beach": BEACH,
        "size": list(DRAWING_SIZE),
        "drawn_at": {place: list(xy) for place, xy in DRAWN_AT.items()},
        "deposits": {gem: {"drawn_at": list(DEPOSIT_DRAWN_AT[gem]),
                           "slots": [s for s in SLOTS if DEPOSIT_AT.get(s) == gem]}
                     for gem in GEM_COLOURS},
        "weather": {"min": WEATHER_MIN, "max": WEATHER_MAX},
        "colours": {name: colour.to_json() for name, colour in CANOE_COLOURS.items()},
        "gems": dict(GEM_SCREEN),
    }
