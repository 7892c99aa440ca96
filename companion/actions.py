"""Actions: the moves of Niagara, as small value types with a text notation.

Steps use the notation of game records (``niagara-record/1``)::

    >>> Step.parse("down 2 left")
    Step.parse('down 2 left')
    >>> CanoeMove.from_json({"from": "beach", "steps": ["down 1", "load violet"]})
    CanoeMove(start='beach', steps=(Step.parse('down 1'), Step.parse('load violet')))
    >>> action_from_json({"type": "choose", "player": "red", "card": 3})
    ChooseCard(player='red', card=3)

Parsing problems raise :class:`InvalidActionError`; rule breaches are found later, when
the action is applied to a state.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion.board import (
    ARMS,
    CARDS,
    GEM_COLOURS,
    LOST,
    PLAYER_COLOURS,
    POSITIONS,
    Arm,
    Card,
)
from companion.errors import InvalidActionError
from companion.frozen import quick_init
from companion.text import N_

ANY_CARGO: Final = "any"
"""``CanoeMove.carrying`` when the move does not say which of two canoes it means."""

STEP_OPS: Final = ("unload", "load", "down", "up", "steal", "joe")
JOE_TRADES: Final = ("take", "swap", "give")


def _ascii_number(text: str, digits: int = 3) -> int | None:
    """``text`` as a whole number if it is 1 to ``digits`` ASCII digits, else None (no
    Unicode digits such as "²", no numbers too long to be a card or a step)."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def parse_card(value: object) -> Card:
    """A paddle card from ``3``, ``"3"`` or ``"cloud"``."""
    if isinstance(value, bool):
        raise InvalidActionError(N_("{value} is not a paddle card: cards are 1 to 6 and cloud",
                                    value=repr(value)))
    if isinstance(value, int) and value in CARDS:
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text == "cloud":
            return "cloud"
        number = _ascii_number(text)
        if number is not None and number in CARDS:
            return number
    raise InvalidActionError(N_("{value} is not a paddle card: cards are 1 to 6 and cloud",
                                value=repr(value)))


def check_player(value: object) -> str:
    if not isinstance(value, str) or value not in PLAYER_COLOURS:
        raise InvalidActionError(N_("{value} is not a player colour: colours are {colours}",
                                    value=repr(value), colours=", ".join(PLAYER_COLOURS)))
    return value


def check_gem(value: object) -> str:
    if not isinstance(value, str) or value not in GEM_COLOURS:
        raise InvalidActionError(N_("{value} is not a gem colour: gems are {gems}",
                                    value=repr(value), gems=", ".join(GEM_COLOURS)))
    return value


@quick_init
@dataclass(frozen=True)
class Step:
    """One step of a canoe's turn: ``unload``, ``load <gem>``, ``down <n> [left|right]``,
    ``up <n>``, ``steal <player> [<gem>]`` or ``joe take|swap|give``."""

    op: str
    n: int = 0
    arg: str | None = None
    """The gem to load, the arm taken at the fork, the player robbed, or Joe's trade."""
    gem: str | None = None
    """For ``steal``: which gem, when the victim has two loaded canoes on the slot."""

    @classmethod
    def parse(cls, text: object) -> Step:
        if cls is Step and type(text) is str:
            known = _PARSED.get(text)
            if known is not None:
                return known
            step = cls._parse(text)
            if len(_PARSED) < _PARSED_MAX:
                _PARSED[text] = step
            return step
        return cls._parse(text)

    @classmethod
    def _parse(cls, text: object) -> Step:
        if not isinstance(text, str) or not text.strip():
            raise InvalidActionError(N_("{step} is not a step: {help}", step=repr(text),
                                        help=_STEP_HELP))
        words = text.strip().lower().split()
        op, rest = words[0], words[1:]
        if op == "unload" and not rest:
            return cls("unload")
        if op == "load" and len(rest) == 1:
            return cls("load", arg=check_gem(rest[0]))
        if op in ("down", "up") and 1 <= len(rest) <= 2:
            n = _ascii_number(rest[0])
            if n is None or n < 1:
                raise InvalidActionError(N_("'{step}': the number of slots must be 1 or more",
                                            step=text))
            arm = None
            if len(rest) == 2:
                if op == "up" or rest[1] not in ARMS:
                    raise InvalidActionError(N_(
                        "'{step}': only 'down' takes an arm, left or right", step=text))
                arm = rest[1]
            return cls(op, n=n, arg=arm)
        if op == "steal" and 1 <= len(rest) <= 2:
            gem = check_gem(rest[1]) if len(rest) == 2 else None
            return cls("steal", arg=check_player(rest[0]), gem=gem)
        if op == "joe" and len(rest) == 1 and rest[0] in JOE_TRADES:
            return cls("joe", arg=rest[0])
        raise InvalidActionError(N_("{step} is not a step: {help}", step=f"'{text}'",
                                    help=_STEP_HELP))

    def text(self) -> str:
        if self.op == "unload":
            return "unload"
        if self.op in ("down", "up"):
            return f"{self.op} {self.n}" + (f" {self.arg}" if self.arg else "")
        if self.op == "steal" and self.gem:
            return f"steal {self.arg} {self.gem}"
        return f"{self.op} {self.arg}"

    @property
    def cost(self) -> int:
        """Points this step costs (a landing may cost less than its move: see the rules)."""
        if self.op in ("unload", "load"):
            return 2
        if self.op in ("down", "up"):
            return self.n
        return 0

    def __repr__(self) -> str:
        return f"Step.parse({self.text()!r})"


_PARSED: dict[str, Step] = {}
"""Steps already parsed, by text: a record repeats a few texts many times."""
_PARSED_MAX: Final = 4096

_STEP_HELP = N_("use 'unload', 'load <gem>', 'down <n> [left|right]', 'up <n>', "
                "'steal <player> [<gem>]' or 'joe take|swap|give'")


@quick_init
@dataclass(frozen=True)
class CanoeMove:
    """One canoe's part of a number-card turn: where it starts and its steps in order.

    ``carrying`` picks one of two canoes on the same position that differ in cargo
    (a gem colour, or None for the empty one); ``ANY_CARGO`` when unspecified.
    """

    start: str
    steps: tuple[Step, ...]
    carrying: str | None = ANY_CARGO

    @classmethod
    def from_json(cls, data: object) -> CanoeMove:
        key: tuple[object, ...] | None = None
        if cls is CanoeMove and type(data) is dict and type(data.get("steps")) is list:
            key = (data.get("from"), data.get("carrying", _NO_CARGO), *data["steps"])
            try:
                known = _MOVES.get(key)
            except TypeError:  # something unhashable: not a move parsed before
                key = None
            else:
                if known is not None:
                    return known
        move = cls._from_json(data)
        if key is not None and len(_MOVES) < _PARSED_MAX:
            _MOVES[key] = move
        return move

    @classmethod
    def _from_json(cls, data: object) -> CanoeMove:
        if type(data) is not dict and not isinstance(data, Mapping):
            raise InvalidActionError(N_("a canoe's move must be an object with 'from' and "
                                        "'steps', not {value}", value=repr(data)))
        start = data.get("from")
        if not isinstance(start, str) or start not in POSITIONS:
            if start == LOST:
                raise InvalidActionError(N_("a lost canoe cannot move; buy it back in phase 1"))
            raise InvalidActionError(N_("'from' must be beach, T1..T5, L1, L2, R1 or R2, not "
                                        "{value}", value=repr(start)))
        steps = data.get("steps", [])
        if type(steps) is not list and (not isinstance(steps, Sequence) or
                                        isinstance(steps, str)):
            raise InvalidActionError(N_("'steps' must be a list of steps, not {value}",
                                        value=repr(steps)))
        carrying: str | None = ANY_CARGO
        if "carrying" in data:
            raw = data["carrying"]
            carrying = None if raw is None else check_gem(raw)
        return cls(start, tuple([Step.parse(s) for s in steps]), carrying)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"from": self.start}
        if self.carrying != ANY_CARGO:
            data["carrying"] = self.carrying
        data["steps"] = [s.text() for s in self.steps]
        return data

    def __repr__(self) -> str:
        extra = "" if self.carrying == ANY_CARGO else f", carrying={self.carrying!r}"
        return f"CanoeMove(start={self.start!r}, steps={self.steps!r}{extra})"


_MOVES: dict[tuple[object, ...], CanoeMove] = {}
"""Canoe moves already parsed, by (from, carrying, *steps): a record repeats many."""
_NO_CARGO: Final = object()


class Action(abc.ABC):
    """Base class of actions; ``to_json``/``action_from_json`` round-trip."""

    player: str | None

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The action as JSON (see :func:`action_from_json`)."""


@quick_init
@dataclass(frozen=True)
class ChooseCard(Action):
    """Phase 1: lock in a paddle card, secretly."""

    player: str
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "choose", "player": self.player, "card": self.card}


@quick_init
@dataclass(frozen=True)
class Recover(Action):
    """Phase 1: buy back a lost canoe, paying a gem colour or ``"free"``."""

    player: str
    pay: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "recover", "player": self.player, "pay": self.pay}


@quick_init
@dataclass(frozen=True)
class Weather(Action):
    """Phase 2, cloud card: move the weather marker ``up`` or ``down``."""

    player: str
    direction: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "weather", "player": self.player, "direction": self.direction}


@quick_init
@dataclass(frozen=True)
class Paddle(Action):
    """Phase 2, number card: the canoes moved, in order (none when no canoe can move)."""

    player: str
    canoes: tuple[CanoeMove, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "paddle", "player": self.player,
                "canoes": [c.to_json() for c in self.canoes]}


@quick_init
@dataclass(frozen=True)
class MoveRiver(Action):
    """Phase 3: push the discs. ``arms`` lists the arm each disc took at the fork, or is
    None for the predicted alternation."""

    arms: tuple[Arm, ...] | None = None
    player: None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "river", "arms": None if self.arms is None else list(self.arms)}


def _field(data: Mapping[str, Any], name: str) -> Any:
    if name not in data:
        raise InvalidActionError(N_("the action has no '{name}'", name=name))
    return data[name]


def action_from_json(data: object) -> Action:
    """Rebuild an action from ``Action.to_json()`` output."""
    if not isinstance(data, Mapping):
        raise InvalidActionError(N_("an action must be an object, not {value}",
                                    value=repr(data)))
    kind = data.get("type")
    if kind == "choose":
        return ChooseCard(check_player(_field(data, "player")), parse_card(_field(data, "card")))
    if kind == "recover":
        pay = _field(data, "pay")
        return Recover(check_player(_field(data, "player")),
                       "free" if pay == "free" else check_gem(pay))
    if kind == "weather":
        direction = _field(data, "direction")
        if direction not in ("up", "down"):
            raise InvalidActionError(N_("the weather moves 'up' or 'down', not {value}",
                                        value=repr(direction)))
        return Weather(check_player(_field(data, "player")), direction)
    if kind == "paddle":
        canoes = _field(data, "canoes")
        if not isinstance(canoes, Sequence) or isinstance(canoes, str):
            raise InvalidActionError(N_("'canoes' must be a list of canoe moves"))
        return Paddle(check_player(_field(data, "player")),
                      tuple(CanoeMove.from_json(c) for c in canoes))
    if kind == "river":
        return MoveRiver(parse_arms(data.get("arms")))
    raise InvalidActionError(N_("unknown action type {value}: expected choose, recover, "
                                "weather, paddle or river", value=repr(kind)))


def parse_arms(value: object) -> tuple[Arm, ...] | None:
    """The ``fork`` list of a record: arms in order, or None."""
    if value is None:
        return None
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise InvalidActionError(N_("'fork' must be a list of 'left'/'right', not {value}",
                                    value=repr(value)))
    arms: list[Arm] = []
    for arm in value:
        if arm == "left" or arm == "right":
            arms.append(arm)
        else:
            raise InvalidActionError(N_("{value} is not an arm of the fork: use 'left' or "
                                        "'right'", value=repr(arm)))
    return tuple(arms)
