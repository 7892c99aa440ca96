"""The colours of the canoes and gems, the one table: what each is called, its letter
(for colour-blind players), and how it looks on a screen, on the RGB player LED and to
the camera.

Pure data, no I/O: the web page gets it from the server (``/api/board``), the lights
(:mod:`hardware.config`) and the camera's default colours (:mod:`vision.config`) read
it from here.

>>> CANOE_COLOURS["brown"].letter, CANOE_COLOURS["joe"].label
('Br', 'Diamanten Joe')
>>> LED["red"], CAMERA_BGR["joe"]
((255, 0, 0), (122, 170, 206))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from companion.board import GEM_COLOURS, PLAYER_COLOURS

RGB = tuple[int, int, int]
BGR = tuple[int, int, int]

JOE: Final = "joe"
"""Diamanten Joe's canoe, in every package (the engine, vision, the pages)."""


@dataclass(frozen=True)
class CanoeColour:
    """One canoe colour: a player's, or Diamanten Joe's natural wood."""

    name: str
    label: str
    """How players say it ("Red", "Diamanten Joe")."""
    letter: str
    """Drawn on the canoe, so that no one depends on colour alone."""
    screen: str
    """CSS colour on the pages."""
    led: RGB | None
    """The RGB player LED showing whose turn it is (None: Joe never plays)."""
    camera: BGR
    """How the camera sees the hull under neutral light (a default; learned at setup)."""
    dark_text: bool = False
    """Whether the letter is written dark on this colour (a light hull)."""

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "label": self.label, "letter": self.letter,
                "screen": self.screen, "dark_text": self.dark_text}


CANOE_COLOURS: Final[dict[str, CanoeColour]] = {c.name: c for c in (
    CanoeColour("red", "Red", "R", "#d62f2f", (255, 0, 0), (38, 38, 192)),
    CanoeColour("green", "Green", "G", "#2b9a3f", (0, 255, 0), (62, 140, 38)),
    CanoeColour("yellow", "Yellow", "Y", "#f0c419", (255, 150, 0), (40, 198, 228),
                dark_text=True),
    CanoeColour("blue", "Blue", "B", "#2f62cc", (0, 0, 255), (186, 72, 36)),
    CanoeColour("brown", "Brown", "Br", "#8a5a2b", (150, 60, 10), (38, 72, 116)),
    CanoeColour("black", "Black", "K", "#222222", (255, 255, 255), (44, 40, 40)),
    CanoeColour(JOE, "Diamanten Joe", "J", "#d8b98a", None, (122, 170, 206),
                dark_text=True),
)}
"""Every canoe colour: the six player colours, then Joe."""

assert tuple(CANOE_COLOURS)[:-1] == PLAYER_COLOURS

GEM_SCREEN: Final[dict[str, str]] = {
    "violet": "#8a4fd0", "white": "#f7f7f7", "yellow": "#f2c200", "blue": "#2f7fe0",
    "pink": "#ef5fa7",
}
"""Gem colours on the pages (the camera's are in :mod:`vision.config`: translucent
plastic looks different from a flat colour)."""

assert tuple(GEM_SCREEN) == GEM_COLOURS

LED: Final[dict[str, RGB]] = {c.name: c.led for c in CANOE_COLOURS.values() if c.led}
"""The player LED's colour for each player colour."""

CAMERA_BGR: Final[dict[str, BGR]] = {c.name: c.camera for c in CANOE_COLOURS.values()}
"""The canoe colours as a camera sees them under neutral light (vision's defaults)."""

LETTERS: Final[dict[str, str]] = {c.name: c.letter for c in CANOE_COLOURS.values()}
"""The letter drawn on each canoe."""
