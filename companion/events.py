"""Events emitted by every transition, for the LEDs, the buzzer and the web log.

Each event is a small frozen dataclass with a ``kind`` (a stable string other parts
switch on), its facts as fields, ``describe()`` for a plain sentence a player
understands, and ``to_json()`` for logs and the web page.

No event ever carries a card chosen in phase 1: :class:`CardLocked` says who locked in,
never what. Cards become public in :class:`CardRevealed` when the player's turn comes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.frozen import quick_init


@quick_init
@dataclass(frozen=True)
class Event:
    """Base class of all events."""

    kind: ClassVar[str] = "event"

    def describe(self) -> str:
        """A plain sentence for the table's log."""
        return self.kind.replace("_", " ")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``kind``, the fields, and ``text`` (the plain sentence)."""
        data: dict[str, Any] = {"kind": self.kind}
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        for name in names:
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        data["text"] = self.describe()
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""The field names of each event class (``dataclasses.fields`` costs more than the rest of
``to_json``)."""


def _cap(colour: str) -> str:
    return colour.capitalize()


def _signed(n: int) -> str:
    """A weather value as players say it: +2, +1, 0, -1."""
    return f"{n:+d}" if n else "0"


@quick_init
@dataclass(frozen=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int
    first_player: str

    def describe(self) -> str:
        return (f"Round {self.round} begins. {_cap(self.first_player)} holds the buoy "
                "and plays first.")


@quick_init
@dataclass(frozen=True)
class HandReturned(Event):
    kind: ClassVar[str] = "hand_returned"
    player: str

    def describe(self) -> str:
        return f"{_cap(self.player)} has played all 7 paddle cards and takes them back."


@quick_init
@dataclass(frozen=True)
class CanoeBoughtBack(Event):
    kind: ClassVar[str] = "canoe_bought_back"
    player: str
    paid: str | None
    """The gem colour paid, or None when the canoe came back for free."""

    def describe(self) -> str:
        if self.paid is None:
            return (f"{_cap(self.player)} has lost both canoes and has no gem: "
                    "one canoe comes back to the beach for free.")
        return (f"{_cap(self.player)} pays a {self.paid} gem (back to its deposit) "
                "to put a lost canoe back on the beach.")


@quick_init
@dataclass(frozen=True)
class CardLocked(Event):
    kind: ClassVar[str] = "card_locked"
    player: str

    def describe(self) -> str:
        return f"{_cap(self.player)} has chosen a paddle card."


@quick_init
@dataclass(frozen=True)
class CardRevealed(Event):
    kind: ClassVar[str] = "card_revealed"
    player: str
    card: int | str

    def describe(self) -> str:
        what = "the cloud" if self.card == "cloud" else f"a {self.card}"
        return f"{_cap(self.player)} reveals {what}."


@quick_init
@dataclass(frozen=True)
class WeatherChanged(Event):
    kind: ClassVar[str] = "weather_changed"
    player: str
    old: int
    new: int

    def describe(self) -> str:
        way = "up" if self.new > self.old else "down"
        return f"{_cap(self.player)} moves the cloud {way}: the weather is now {_signed(self.new)}."


@quick_init
@dataclass(frozen=True)
class CanoeMoved(Event):
    kind: ClassVar[str] = "canoe_moved"
    player: str
    start: str
    end: str
    path: tuple[str, ...]

    def describe(self) -> str:
        if self.start == self.end:
            return f"{_cap(self.player)}'s canoe stays on {self.start}."
        return f"{_cap(self.player)}'s canoe paddles from {self.start} to {self.end}."


@quick_init
@dataclass(frozen=True)
class GemLoaded(Event):
    kind: ClassVar[str] = "gem_loaded"
    player: str
    gem: str
    at: str
    deposit: str

    def describe(self) -> str:
        return (f"{_cap(self.player)} loads a {self.gem} gem from the {self.deposit} deposit "
                f"on {self.at}.")


@quick_init
@dataclass(frozen=True)
class GemUnloaded(Event):
    kind: ClassVar[str] = "gem_unloaded"
    player: str
    gem: str
    at: str
    deposit: str

    def describe(self) -> str:
        return (f"{_cap(self.player)} unloads a {self.gem} gem onto the {self.deposit} deposit "
                f"on {self.at}.")


@quick_init
@dataclass(frozen=True)
class GemStolen(Event):
    kind: ClassVar[str] = "gem_stolen"
    player: str
    victim: str
    gem: str
    at: str

    def describe(self) -> str:
        return f"{_cap(self.player)} steals {self.victim}'s {self.gem} gem on {self.at}."


@quick_init
@dataclass(frozen=True)
class GemDelivered(Event):
    kind: ClassVar[str] = "gem_delivered"
    player: str
    gem: str

    def describe(self) -> str:
        return f"{_cap(self.player)} lands with a {self.gem} gem: it goes to their reserve."


@quick_init
@dataclass(frozen=True)
class JoeTraded(Event):
    kind: ClassVar[str] = "joe_traded"
    player: str
    how: str
    """``take``, ``swap`` or ``give``."""
    gave: str | None
    got: str | None

    def describe(self) -> str:
        if self.how == "take":
            return f"Diamanten Joe gives {self.player} his {self.got} gem."
        if self.how == "give":
            return f"{_cap(self.player)} gives Diamanten Joe a {self.gave} gem."
        return f"{_cap(self.player)} swaps a {self.gave} gem for Diamanten Joe's {self.got} gem."


@quick_init
@dataclass(frozen=True)
class DiscPushed(Event):
    kind: ClassVar[str] = "disc_pushed"
    number: int
    """1-based number of this disc in the river move."""
    arm: str
    predicted: str

    def describe(self) -> str:
        note = "" if self.arm == self.predicted else f" (the {self.predicted} arm was expected)"
        return f"Disc {self.number} goes down the {self.arm} arm{note}."


@quick_init
@dataclass(frozen=True)
class RiverMoved(Event):
    kind: ClassVar[str] = "river_moved"
    discs: int
    arms: tuple[str, ...]
    base: int
    weather: int

    def describe(self) -> str:
        base = (f"lowest card {self.base}" if self.base else "everyone played the cloud")
        if self.discs == 0:
            return f"The river does not move: {base}, weather {_signed(self.weather)}."
        plural = "disc" if self.discs == 1 else "discs"
        return f"The river moves {self.discs} {plural}: {base}, weather {_signed(self.weather)}."


@quick_init
@dataclass(frozen=True)
class CanoeFell(Event):
    kind: ClassVar[str] = "canoe_fell"
    player: str
    """A player's colour, or ``joe`` for Diamanten Joe."""
    at: str
    gem: str | None

    def describe(self) -> str:
        who = "Diamanten Joe" if self.player == "joe" else f"{_cap(self.player)}'s canoe"
        gem = f" with a {self.gem} gem (back to its deposit)" if self.gem else ""
        return f"{who} goes over the falls from {self.at}{gem}."


@quick_init
@dataclass(frozen=True)
class JoeMoved(Event):
    kind: ClassVar[str] = "joe_moved"
    start: str
    end: str
    loaded: str | None
    """A gem Joe loaded before paddling, if any."""

    def describe(self) -> str:
        load = f"Diamanten Joe loads a {self.loaded} gem. " if self.loaded else ""
        if self.start == self.end:
            return f"{load}Diamanten Joe stays on {self.end}."
        return f"{load}Diamanten Joe paddles from {self.start} to {self.end}."


@quick_init
@dataclass(frozen=True)
class JoeReturned(Event):
    kind: ClassVar[str] = "joe_returned"

    def describe(self) -> str:
        return "Diamanten Joe is back on T1."


@quick_init
@dataclass(frozen=True)
class BuoyPassed(Event):
    kind: ClassVar[str] = "buoy_passed"
    player: str

    def describe(self) -> str:
        return f"The buoy passes to {self.player}."


@quick_init
@dataclass(frozen=True)
class GameWon(Event):
    kind: ClassVar[str] = "game_won"
    winners: tuple[str, ...]
    reason: str

    def describe(self) -> str:
        names = " and ".join(_cap(w) for w in self.winners)
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"{names} {verb} the game: {self.reason}."


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        RoundStarted, HandReturned, CanoeBoughtBack, CardLocked, CardRevealed, WeatherChanged,
        CanoeMoved, GemLoaded, GemUnloaded, GemStolen, GemDelivered, JoeTraded, DiscPushed,
        RiverMoved, CanoeFell, JoeMoved, JoeReturned, BuoyPassed, GameWon,
    )
}
