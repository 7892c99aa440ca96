"""Events emitted by every transition, for the LEDs, the buzzer and the web log.

Each event is a small frozen dataclass with a ``kind`` (a stable string other parts
switch on), its facts as fields, ``describe()`` for a plain sentence a player
understands (a :class:`companion.text.Text`: English, and its template for the pages'
other languages), and ``to_json()`` for logs and the web page.

No event ever carries a card chosen in phase 1: :class:`CardLocked` says who locked in,
never what. Cards become public in :class:`CardRevealed` when the player's turn comes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.frozen import quick_init
from companion.text import N_, Listing, Nn_, Text, arm, colour, gem, join, place


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


def _signed(n: int) -> str:
    """A weather value as players say it: +2, +1, 0, -1."""
    return f"{n:+d}" if n else "0"


@quick_init
@dataclass(frozen=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int
    first_player: str

    def describe(self) -> Text:
        return N_("Round {round} begins. {player} holds the buoy and plays first.",
                  round=self.round, player=colour(self.first_player))


@quick_init
@dataclass(frozen=True)
class HandReturned(Event):
    kind: ClassVar[str] = "hand_returned"
    player: str

    def describe(self) -> Text:
        return N_("{player} has played all 7 paddle cards and takes them back.",
                  player=colour(self.player))


@quick_init
@dataclass(frozen=True)
class CanoeBoughtBack(Event):
    kind: ClassVar[str] = "canoe_bought_back"
    player: str
    paid: str | None
    """The gem colour paid, or None when the canoe came back for free."""

    def describe(self) -> Text:
        if self.paid is None:
            return N_("{player} has lost both canoes and has no gem: one canoe comes back to "
                      "the beach for free.", player=colour(self.player))
        return N_("{player} pays a {gem} gem (back to its deposit) to put a lost canoe back "
                  "on the beach.", player=colour(self.player), gem=gem(self.paid))


@quick_init
@dataclass(frozen=True)
class CardLocked(Event):
    kind: ClassVar[str] = "card_locked"
    player: str

    def describe(self) -> Text:
        return N_("{player} has chosen a paddle card.", player=colour(self.player))


@quick_init
@dataclass(frozen=True)
class CardRevealed(Event):
    kind: ClassVar[str] = "card_revealed"
    player: str
    card: int | str

    def describe(self) -> Text:
        if self.card == "cloud":
            return N_("{player} reveals the cloud.", player=colour(self.player))
        return N_("{player} reveals a {card}.", player=colour(self.player), card=self.card)


@quick_init
@dataclass(frozen=True)
class WeatherChanged(Event):
    kind: ClassVar[str] = "weather_changed"
    player: str
    old: int
    new: int

    def describe(self) -> Text:
        if self.new > self.old:
            return N_("{player} moves the cloud up: the weather is now {weather}.",
                      player=colour(self.player), weather=_signed(self.new))
        return N_("{player} moves the cloud down: the weather is now {weather}.",
                  player=colour(self.player), weather=_signed(self.new))


@quick_init
@dataclass(frozen=True)
class CanoeMoved(Event):
    kind: ClassVar[str] = "canoe_moved"
    player: str
    start: str
    end: str
    path: tuple[str, ...]

    def describe(self) -> Text:
        if self.start == self.end:
            return N_("{player}'s canoe stays on {at}.", player=colour(self.player),
                      at=place(self.start))
        return N_("{player}'s canoe paddles from {start} to {end}.",
                  player=colour(self.player), start=place(self.start), end=place(self.end))


@quick_init
@dataclass(frozen=True)
class GemLoaded(Event):
    kind: ClassVar[str] = "gem_loaded"
    player: str
    gem: str
    at: str
    deposit: str

    def describe(self) -> Text:
        return N_("{player} loads a {gem} gem from the {deposit} deposit on {at}.",
                  player=colour(self.player), gem=gem(self.gem), deposit=gem(self.deposit),
                  at=place(self.at))


@quick_init
@dataclass(frozen=True)
class GemUnloaded(Event):
    kind: ClassVar[str] = "gem_unloaded"
    player: str
    gem: str
    at: str
    deposit: str

    def describe(self) -> Text:
        return N_("{player} unloads a {gem} gem onto the {deposit} deposit on {at}.",
                  player=colour(self.player), gem=gem(self.gem), deposit=gem(self.deposit),
                  at=place(self.at))


@quick_init
@dataclass(frozen=True)
class GemStolen(Event):
    kind: ClassVar[str] = "gem_stolen"
    player: str
    victim: str
    gem: str
    at: str

    def describe(self) -> Text:
        return N_("{player} steals {victim}'s {gem} gem on {at}.", player=colour(self.player),
                  victim=colour(self.victim), gem=gem(self.gem), at=place(self.at))


@quick_init
@dataclass(frozen=True)
class GemDelivered(Event):
    kind: ClassVar[str] = "gem_delivered"
    player: str
    gem: str

    def describe(self) -> Text:
        return N_("{player} lands with a {gem} gem: it goes to their reserve.",
                  player=colour(self.player), gem=gem(self.gem))


@quick_init
@dataclass(frozen=True)
class JoeTraded(Event):
    kind: ClassVar[str] = "joe_traded"
    player: str
    how: str
    """``take``, ``swap`` or ``give``."""
    gave: str | None
    got: str | None

    def describe(self) -> Text:
        if self.how == "take":
            return N_("Diamanten Joe gives {player} his {gem} gem.", player=colour(self.player),
                      gem=gem(self.got or ""))
        if self.how == "give":
            return N_("{player} gives Diamanten Joe a {gem} gem.", player=colour(self.player),
                      gem=gem(self.gave or ""))
        return N_("{player} swaps a {gave} gem for Diamanten Joe's {got} gem.",
                  player=colour(self.player), gave=gem(self.gave or ""), got=gem(self.got or ""))


@quick_init
@dataclass(frozen=True)
class DiscPushed(Event):
    kind: ClassVar[str] = "disc_pushed"
    number: int
    """1-based number of this disc in the river move."""
    arm: str
    predicted: str

    def describe(self) -> Text:
        if self.arm == self.predicted:
            return N_("Disc {number} goes down the {arm} arm.", number=self.number,
                      arm=arm(self.arm))
        return N_("Disc {number} goes down the {arm} arm (the {expected} arm was expected).",
                  number=self.number, arm=arm(self.arm), expected=arm(self.predicted))


@quick_init
@dataclass(frozen=True)
class RiverMoved(Event):
    kind: ClassVar[str] = "river_moved"
    discs: int
    arms: tuple[str, ...]
    base: int
    weather: int

    def describe(self) -> Text:
        weather = _signed(self.weather)
        if self.discs == 0 and self.base:
            return N_("The river does not move: lowest card {base}, weather {weather}.",
                      base=self.base, weather=weather)
        if self.discs == 0:
            return N_("The river does not move: everyone played the cloud, weather {weather}.",
                      weather=weather)
        if self.base:
            return Nn_("The river moves {n} disc: lowest card {base}, weather {weather}.",
                       "The river moves {n} discs: lowest card {base}, weather {weather}.",
                       self.discs, base=self.base, weather=weather)
        return Nn_("The river moves {n} disc: everyone played the cloud, weather {weather}.",
                   "The river moves {n} discs: everyone played the cloud, weather {weather}.",
                   self.discs, weather=weather)


@quick_init
@dataclass(frozen=True)
class CanoeFell(Event):
    kind: ClassVar[str] = "canoe_fell"
    player: str
    """A player's colour, or ``joe`` for Diamanten Joe."""
    at: str
    gem: str | None

    def describe(self) -> Text:
        at = place(self.at)
        if self.player == "joe" and self.gem:
            return N_("Diamanten Joe goes over the falls from {at} with a {gem} gem (back to "
                      "its deposit).", at=at, gem=gem(self.gem))
        if self.player == "joe":
            return N_("Diamanten Joe goes over the falls from {at}.", at=at)
        if self.gem:
            return N_("{player}'s canoe goes over the falls from {at} with a {gem} gem (back "
                      "to its deposit).", player=colour(self.player), at=at, gem=gem(self.gem))
        return N_("{player}'s canoe goes over the falls from {at}.",
                  player=colour(self.player), at=at)


@quick_init
@dataclass(frozen=True)
class JoeMoved(Event):
    kind: ClassVar[str] = "joe_moved"
    start: str
    end: str
    loaded: str | None
    """A gem Joe loaded before paddling, if any."""

    def describe(self) -> Text:
        if self.start == self.end:
            moved = N_("Diamanten Joe stays on {at}.", at=place(self.end))
        else:
            moved = N_("Diamanten Joe paddles from {start} to {end}.", start=place(self.start),
                       end=place(self.end))
        if self.loaded:
            return join([N_("Diamanten Joe loads a {gem} gem.", gem=gem(self.loaded)), moved])
        return moved


@quick_init
@dataclass(frozen=True)
class JoeReturned(Event):
    kind: ClassVar[str] = "joe_returned"

    def describe(self) -> Text:
        return N_("Diamanten Joe is back on T1.")


@quick_init
@dataclass(frozen=True)
class BuoyPassed(Event):
    kind: ClassVar[str] = "buoy_passed"
    player: str

    def describe(self) -> Text:
        return N_("The buoy passes to {player}.", player=colour(self.player))


@quick_init
@dataclass(frozen=True)
class GameWon(Event):
    kind: ClassVar[str] = "game_won"
    winners: tuple[str, ...]
    reason: str

    def describe(self) -> Text:
        return Nn_("{winners} wins the game: {reason}.", "{winners} win the game: {reason}.",
                   len(self.winners), winners=Listing(map(colour, self.winners)),
                   reason=self.reason)


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        RoundStarted, HandReturned, CanoeBoughtBack, CardLocked, CardRevealed, WeatherChanged,
        CanoeMoved, GemLoaded, GemUnloaded, GemStolen, GemDelivered, JoeTraded, DiscPushed,
        RiverMoved, CanoeFell, JoeMoved, JoeReturned, BuoyPassed, GameWon,
    )
}
