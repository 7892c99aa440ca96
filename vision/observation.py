"""What the camera saw: the value type every reading and check passes around.

>>> seen = Observation.empty()
>>> seen.to_json()["board_found"]
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from companion.board import BEACH, POSITIONS, SLOTS

PRESENT = "present"
ABSENT = "absent"
UNKNOWN = "unknown"
DISC_READINGS = (PRESENT, ABSENT, UNKNOWN)

_ORDER = {p: i for i, p in enumerate(POSITIONS)}


class CanoeJSON(TypedDict):
    """One canoe in the ``detect --json`` output."""

    colour: str
    at: str
    gem: str | None


class ObservationJSON(TypedDict):
    """The ``detect --json`` output."""

    board_found: bool
    reprojection_px: float | None
    discs: dict[str, str]
    canoes: list[CanoeJSON]
    weather: int | None
    unknown: list[str]
    ms: float


@dataclass(frozen=True, order=True)
class CanoeSeen:
    """One canoe seen: its colour (a player colour, or ``joe`` for Diamanten Joe's
    natural-wood canoe), where it stands (a slot or ``beach``) and its gem (a colour,
    None, or ``"unknown"``)."""

    colour: str
    at: str
    gem: str | None = None

    def to_json(self) -> CanoeJSON:
        return {"colour": self.colour, "at": self.at, "gem": self.gem}


def sort_canoes(canoes: list[CanoeSeen] | tuple[CanoeSeen, ...]) -> tuple[CanoeSeen, ...]:
    """Canoes in board order (beach, T1 .. R2), then by colour and gem."""
    return tuple(sorted(canoes, key=lambda c: (_ORDER.get(c.at, 99), c.colour, str(c.gem))))


@dataclass(frozen=True)
class Observation:
    """One reading of the board.

    ``unknown`` lists the positions (slots, ``beach``) that could not be read: their
    disc reads ``unknown`` and no canoe is listed there.
    """

    board_found: bool
    reprojection_px: float | None = None
    discs: dict[str, str] = field(default_factory=dict)
    canoes: tuple[CanoeSeen, ...] = ()
    weather: int | None = None
    unknown: tuple[str, ...] = ()
    ms: float = 0.0

    @classmethod
    def empty(cls, ms: float = 0.0) -> Observation:
        """The reading of a frame in which the board was not found."""
        return cls(
            board_found=False,
            discs=dict.fromkeys(SLOTS, UNKNOWN),
            unknown=(*SLOTS, BEACH),
            ms=ms,
        )

    def canoes_at(self, position: str) -> list[CanoeSeen]:
        return [c for c in self.canoes if c.at == position]

    def is_known(self, position: str) -> bool:
        return self.board_found and position not in self.unknown

    @property
    def blocked(self) -> bool:
        """Whether part of the board could not be read (a hand, a missing marker...)."""
        return not self.board_found or bool(self.unknown) or self.weather is None

    def to_json(self) -> ObservationJSON:
        """Exactly the ``detect --json`` shape."""
        return {
            "board_found": self.board_found,
            "reprojection_px": (
                None if self.reprojection_px is None else round(self.reprojection_px, 2)
            ),
            "discs": {s: self.discs.get(s, UNKNOWN) for s in SLOTS},
            "canoes": [c.to_json() for c in sort_canoes(self.canoes)],
            "weather": self.weather,
            "unknown": list(self.unknown),
            "ms": round(self.ms, 1),
        }

    @classmethod
    def from_json(cls, data: ObservationJSON) -> Observation:
        """Rebuild an observation from :meth:`to_json` output."""
        return cls(
            board_found=bool(data["board_found"]),
            reprojection_px=data.get("reprojection_px"),
            discs=dict(data.get("discs", {})),
            canoes=tuple(
                CanoeSeen(c["colour"], c["at"], c.get("gem")) for c in data.get("canoes", [])
            ),
            weather=data.get("weather"),
            unknown=tuple(data.get("unknown", ())),
            ms=float(data.get("ms", 0.0)),
        )
