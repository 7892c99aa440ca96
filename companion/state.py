"""The frozen game state: what is on the table between two actions.

>>> state = new_game(["red", "green", "yellow"])
>>> state.phase, state.round, state.weather
(<Phase.CHOOSE: 'choose'>, 1, 0)
>>> state.canoes_of("red")
(Canoe(at='beach', gem=None), Canoe(at='beach', gem=None))
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

from companion.board import (
    BEACH,
    CARDS,
    GEM_COLOURS,
    GEMS_PER_COLOUR,
    LOST,
    PLAYER_COLOURS,
    Arm,
    Card,
)
from companion.errors import InvalidActionError
from companion.frozen import quick_init
from companion.text import N_

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(dict[K, V]):
    """An immutable, hashable mapping (the state's dicts).

    A ``dict`` whose mutating methods raise ``TypeError``: reading it costs what reading a
    dict costs, and the engine copies it only where a transition changes it (``set``).

    >>> counts = FrozenMap({"pink": 2})
    >>> counts.set("blue", 1), counts
    (FrozenMap({'pink': 2, 'blue': 1}), FrozenMap({'pink': 2}))
    """

    __slots__ = ("_hash",)

    def __hash__(self) -> int:  # type: ignore[override]
        try:
            return self._hash
        except AttributeError:
            self._hash: int = hash(frozenset(self.items()))
            return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({dict.__repr__(self)})"

    def __reduce__(self) -> tuple[type[FrozenMap[K, V]], tuple[dict[K, V]]]:
        return (FrozenMap, (dict(self),))

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a FrozenMap cannot be changed: use set() or without() for a copy")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def set(self, key: K, value: V) -> FrozenMap[K, V]:
        """A copy with ``key`` set to ``value``."""
        new = FrozenMap(self)
        dict.__setitem__(new, key, value)
        return new

    def without(self, key: K) -> FrozenMap[K, V]:
        """A copy without ``key``."""
        new = FrozenMap(self)
        dict.pop(new, key, None)
        return new


GemCount = FrozenMap[str, int]


def gem_count(counts: Mapping[str, int]) -> GemCount:
    """Gem counts without zero entries, in gem-value order."""
    return FrozenMap([(c, counts[c]) for c in GEM_COLOURS if counts.get(c, 0) > 0])


def add_gem(counts: GemCount, colour: str, n: int = 1) -> GemCount:
    """``counts`` with ``n`` more gems of ``colour`` (``n`` may be negative)."""
    new = counts.get(colour, 0) + n
    if new > 0 and colour in counts:  # the order of the colours stays as it is
        return counts.set(colour, new)
    data = dict(counts)
    data[colour] = new
    return gem_count(data)


class Phase(enum.Enum):
    """The four phases of a round, plus the end of the game."""

    CHOOSE = "choose"
    """Phase 1: buy back lost canoes, choose a paddle card secretly."""
    ACTIONS = "actions"
    """Phase 2: in turn order, each player reveals and plays their card."""
    RIVER = "river"
    """Phase 3: the river moves (phase 4, passing the buoy, follows at once)."""
    OVER = "over"


@quick_init
@dataclass(frozen=True)
class Canoe:
    """One canoe: where it is (a slot, ``beach`` or ``lost``) and the gem it carries.

    Canoes sort by position, then cargo (empty first), so a player's pair has one order.
    """

    at: str
    gem: str | None = None

    def __lt__(self, other: Canoe) -> bool:
        return (self.at, self.gem or "") < (other.at, other.gem or "")

    @property
    def on_river(self) -> bool:
        return self.at not in (BEACH, LOST)

    @property
    def lost(self) -> bool:
        return self.at == LOST

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "gem": self.gem}


@quick_init
@dataclass(frozen=True)
class Options:
    """Game options: the Diamanten Joe mini expansion and the gem-value tie-break."""

    diamanten_joe: bool = False
    tie_break: bool = False

    def to_json(self) -> dict[str, bool]:
        return {"diamanten_joe": self.diamanten_joe, "tie_break": self.tie_break}


@dataclass(frozen=True)
class GameState:
    """Everything on the table. Never mutated: transitions build a new state.

    ``chosen`` holds the cards locked in during phase 1; it is secret until each
    player's turn and must never be shown to other players (see ``public_json``).
    """

    players: tuple[str, ...]
    options: Options = Options()
    round: int = 1
    phase: Phase = Phase.CHOOSE
    first: int = 0
    """Index into ``players`` of the buoy holder."""
    turn: int = 0
    """Phase 2: how many players have played this round."""
    weather: int = 0
    next_fork: Arm = "left"
    """The arm the next disc is predicted to take (opposite the previous disc)."""
    canoes: FrozenMap[str, tuple[Canoe, Canoe]] = field(default_factory=FrozenMap)
    joe: Canoe | None = None
    reserves: FrozenMap[str, GemCount] = field(default_factory=FrozenMap)
    deposits: FrozenMap[str, GemCount] = field(default_factory=FrozenMap)
    hands: FrozenMap[str, frozenset[Card]] = field(default_factory=FrozenMap)
    chosen: FrozenMap[str, Card] = field(default_factory=FrozenMap)
    """Phase 1 choices (secret), kept until the end of the round."""
    recovered: frozenset[str] = frozenset()
    """Players who bought back a canoe this round (one per round)."""
    winners: tuple[str, ...] = ()

    # -- derived facts -----------------------------------------------------------------

    def canoes_of(self, player: str) -> tuple[Canoe, Canoe]:
        """The player's two canoes, sorted."""
        return self.canoes[player]

    @property
    def first_player(self) -> str:
        return self.players[self.first]

    def turn_order(self) -> tuple[str, ...]:
        """Players in phase-2 order: the buoy holder first, then clockwise."""
        return turn_order(self.players, self.first)

    @property
    def to_play(self) -> str | None:
        """Whose turn it is in phase 2, else None."""
        if self.phase is not Phase.ACTIONS:
            return None
        return turn_order(self.players, self.first)[self.turn]

    def played(self) -> dict[str, Card]:
        """Cards revealed so far this round (public), in turn order."""
        if self.phase is Phase.CHOOSE:
            return {}
        # In phase 2 the player whose turn it is has revealed their card.
        shown = self.turn_order() if self.phase is not Phase.ACTIONS else \
            self.turn_order()[: self.turn + 1]
        return {p: self.chosen[p] for p in shown if p in self.chosen}

    def reserve_total(self, player: str) -> int:
        return sum(self.reserves[player].values())

    def gems_accounted(self) -> dict[str, int]:
        """Gems by colour across deposits, canoes, reserves and Joe (35 in play)."""
        total = dict.fromkeys(GEM_COLOURS, 0)
        for counts in (*self.deposits.values(), *self.reserves.values()):
            for colour, n in counts.items():
                total[colour] += n
        for pair in self.canoes.values():
            for canoe in pair:
                if canoe.gem:
                    total[canoe.gem] += 1
        if self.joe is not None and self.joe.gem:
            total[self.joe.gem] += 1
        return total

    # -- serialisation -----------------------------------------------------------------

    def to_json(self, *, reveal: bool = True) -> dict[str, Any]:
        """The whole state as JSON. With ``reveal=False`` the secret choices are left out."""
        data: dict[str, Any] = {
            "players": list(self.players),
            "options": self.options.to_json(),
            "round": self.round,
            "phase": self.phase.value,
            "first_player": self.first_player,
            "to_play": self.to_play,
            "weather": self.weather,
            "next_fork": self.next_fork,
            "canoes": {p: [c.to_json() for c in self.canoes[p]] for p in self.players},
            "joe": self.joe.to_json() if self.joe else None,
            "reserves": {p: dict(self.reserves[p]) for p in self.players},
            "deposits": {d: dict(self.deposits[d]) for d in GEM_COLOURS},
            "hands": {p: sorted_cards(self.hands[p]) for p in self.players},
            "played": dict(self.played()),
            "locked": [p for p in self.players if p in self.chosen],
            "recovered": sorted(self.recovered),
            "winners": list(self.winners),
        }
        if reveal:
            data["chosen"] = dict(self.chosen)
        else:
            # Cards still in hand show what was chosen by elimination: hide the hand too.
            hidden = set(self.chosen) - set(self.played())
            for p in hidden:
                data["hands"][p] = sorted_cards(self.hands[p] | {self.chosen[p]})
        return data

    def replace(self, **changes: Any) -> GameState:
        """A copy with ``changes`` (like ``dataclasses.replace``, several times faster:
        every transition copies the state, and the fields need no re-validation)."""
        unknown = changes.keys() - _FIELDS
        if unknown:
            raise TypeError(f"GameState has no field {', '.join(sorted(unknown))}")
        return self._evolve(changes)

    def _evolve(self, changes: dict[str, Any]) -> GameState:
        """``replace`` for the engine's own transitions, whose field names are right."""
        new = object.__new__(GameState)
        data = new.__dict__
        data.update(self.__dict__)
        data.update(changes)
        return new


_FIELDS = frozenset(f.name for f in dataclasses.fields(GameState))
_TURN_ORDERS: dict[tuple[tuple[str, ...], int], tuple[str, ...]] = {}


def turn_order(players: tuple[str, ...], first: int) -> tuple[str, ...]:
    """``players`` in phase-2 order when ``players[first]`` holds the buoy (memoised)."""
    key = (players, first)
    order = _TURN_ORDERS.get(key)
    if order is None:
        n = len(players)
        order = tuple(players[(first + i) % n] for i in range(n))
        if len(_TURN_ORDERS) < 4096:
            _TURN_ORDERS[key] = order
    return order


_CANOES: dict[tuple[str, str | None], Canoe] = {}


def canoe(at: str, gem: str | None = None) -> Canoe:
    """``Canoe(at, gem)``, shared: canoes are values, and there are few distinct ones."""
    try:
        return _CANOES[at, gem]
    except KeyError:
        made = Canoe(at, gem)
        if len(_CANOES) < 4096:
            _CANOES[at, gem] = made
        return made


def canoe_pair(a: Canoe, b: Canoe) -> tuple[Canoe, Canoe]:
    """Two canoes in their order (``sorted``, without the sort)."""
    if (b.at, b.gem or "") < (a.at, a.gem or ""):
        return (b, a)
    return (a, b)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in the order 1..6, cloud."""
    return sorted(cards, key=lambda c: 7 if c == "cloud" else int(c))


def new_game(players: Iterable[str], options: Options | None = None) -> GameState:
    """The starting position: canoes on the beach, 7 gems on each deposit, weather 0.

    Raises :class:`InvalidActionError` for a wrong number of players or an unknown or
    repeated colour.
    """
    seats = tuple(players)
    for p in seats:
        if p not in PLAYER_COLOURS:
            raise InvalidActionError(N_("'{value}' is not a player colour: choose from {colours}",
                                        value=p, colours=", ".join(PLAYER_COLOURS)))
    if len(set(seats)) != len(seats):
        raise InvalidActionError(N_("Each player needs a different colour"))
    if not 3 <= len(seats) <= 5:
        raise InvalidActionError(N_("Niagara is played by 3 to 5 players, not {count}",
                                    count=len(seats)))
    opts = options or Options()
    return GameState(
        players=seats,
        options=opts,
        canoes=FrozenMap((p, (Canoe(BEACH), Canoe(BEACH))) for p in seats),
        joe=Canoe("T1") if opts.diamanten_joe else None,
        reserves=FrozenMap((p, gem_count({})) for p in seats),
        deposits=FrozenMap((c, gem_count({c: GEMS_PER_COLOUR})) for c in GEM_COLOURS),
        hands=FrozenMap((p, frozenset(CARDS)) for p in seats),
    )
