"""What a synthetic frame shows: the game state, with deliberate faults, as placed
pieces; and the perfect reading of it (:func:`ground_truth`).

Faults draw the board differently from ``state`` to exercise the checks:

``("canoe_off", colour)``
    the first canoe of that colour (``"joe"`` for Joe) stands one slot further
    downstream (upstream when it cannot go down; a beach canoe goes to T1).
``("missing_disc", slot)``
    no disc on that slot (its canoes sit on the riverbed).
``("wrong_arm", slot)``
    what stands on an arm slot (L1, L2, R1, R2) is drawn on the same slot of the other
    arm, and the other way round: a disc that took the wrong side of the island.
``("weather", n)``
    the weather marker lies on space ``n`` instead of the state's.
``("gem", colour, gem)``
    the first canoe of that colour carries ``gem`` (a gem colour or None).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from companion.board import BEACH, SLOTS, upstream
from companion.state import GameState
from vision.config import JOE_COLOUR
from vision.observation import ABSENT, PRESENT, CanoeSeen, Observation, sort_canoes

FAULTS = ("canoe_off", "missing_disc", "wrong_arm", "weather", "gem")
Fault = (tuple[Literal["canoe_off"], str] | tuple[Literal["missing_disc"], str]
         | tuple[Literal["wrong_arm"], str] | tuple[Literal["weather"], int]
         | tuple[Literal["gem"], str, str | None])
"""A deliberate difference from the game state in a drawing (see the module docs)."""


def parse_fault(value: object) -> Fault:
    """A fault from its JSON form (``["canoe_off", "red"]``, ``["weather", 2]``,
    ``["gem", "red", "violet"]``).

    >>> parse_fault(["weather", 2])
    ('weather', 2)

    :raises ValueError: ``value`` is no fault (the message says what one looks like).
    """
    items = list(value) if isinstance(value, list | tuple) else []
    kind, args = (items[0], items[1:]) if items else (None, [])
    one = args[0] if len(args) == 1 and isinstance(args[0], str) else None
    if kind == "canoe_off" and one is not None:
        return ("canoe_off", one)
    if kind == "missing_disc" and one is not None:
        return ("missing_disc", one)
    if kind == "wrong_arm" and one is not None:
        return ("wrong_arm", one)
    if kind == "weather" and len(args) == 1 and type(args[0]) is int:
        return ("weather", args[0])
    if kind == "gem" and len(args) == 2 and isinstance(args[0], str) \
            and (args[1] is None or isinstance(args[1], str)):
        return ("gem", args[0], args[1])
    raise ValueError(f"a fault is one of {', '.join(FAULTS)}, then its arguments: "
                     f"not {value!r}")
_ARM_MIRROR = {"L1": "R1", "L2": "R2", "R1": "L1", "R2": "L2"}
_DOWN = {"T1": "T2", "T2": "T3", "T3": "T4", "T4": "T5", "T5": "L1", "L1": "L2", "R1": "R2"}


@dataclass
class Placement:
    """The pieces to draw: discs per slot, canoes, the weather space."""

    discs: dict[str, bool]
    canoes: list[CanoeSeen]
    weather: int


def placement(state: GameState, faults: Iterable[Fault],
               discs: Collection[str] | Mapping[str, bool] | None) -> Placement:
    if discs is None:
        disc_map = dict.fromkeys(SLOTS, True)
    elif isinstance(discs, Mapping):
        disc_map = {s: bool(discs.get(s, False)) for s in SLOTS}
    else:
        chosen = set(discs)
        bad = chosen - set(SLOTS)
        if bad:
            raise ValueError(f"discs names unknown slots: {', '.join(sorted(bad))}")
        disc_map = {s: s in chosen for s in SLOTS}
    canoes: list[CanoeSeen] = []
    for player in state.players:
        for canoe in state.canoes[player]:
            if canoe.at in SLOTS or canoe.at == BEACH:
                canoes.append(CanoeSeen(player, canoe.at, canoe.gem))
    if state.joe is not None and state.joe.at in SLOTS:
        canoes.append(CanoeSeen(JOE_COLOUR, state.joe.at, state.joe.gem))
    weather = state.weather
    for fault in faults:
        if fault[0] == "canoe_off":
            i = _first(canoes, fault[1])
            c = canoes[i]
            to = "T1" if c.at == BEACH else _DOWN.get(c.at) or upstream(c.at) or c.at
            canoes[i] = replace(c, at=to)
        elif fault[0] == "missing_disc":
            if fault[1] not in SLOTS:
                raise ValueError(f"missing_disc needs a slot, not {fault[1]!r}")
            disc_map[fault[1]] = False
        elif fault[0] == "wrong_arm":
            if fault[1] not in _ARM_MIRROR:
                raise ValueError(f"wrong_arm needs an arm slot (L1 L2 R1 R2), not {fault[1]!r}")
            a, b = fault[1], _ARM_MIRROR[fault[1]]
            swap = {a: b, b: a}
            canoes = [replace(c, at=swap.get(c.at, c.at)) for c in canoes]
            disc_map[a], disc_map[b] = disc_map[b], disc_map[a]
        elif fault[0] == "weather":
            weather = int(fault[1])
        elif fault[0] == "gem":
            i = _first(canoes, fault[1])
            canoes[i] = replace(canoes[i], gem=fault[2])
        else:
            raise ValueError(f"unknown fault {fault[0]!r}: use one of {', '.join(FAULTS)}")
    return Placement(disc_map, canoes, weather)


def _first(canoes: list[CanoeSeen], colour: str) -> int:
    for i, c in enumerate(canoes):
        if c.colour == colour:
            return i
    raise ValueError(f"no {colour} canoe on the board to apply the fault to")


def ground_truth(
    state: GameState,
    *,
    faults: Iterable[Fault] = (),
    discs: Collection[str] | Mapping[str, bool] | None = None,
) -> Observation:
    """What :func:`render` draws for these arguments, as a perfect :class:`Observation`."""
    board = placement(state, faults, discs)
    return Observation(
        board_found=True,
        reprojection_px=0.0,
        discs={s: PRESENT if board.discs[s] else ABSENT for s in SLOTS},
        canoes=sort_canoes(board.canoes),
        weather=board.weather,
    )



def next_slot(slot: str) -> str | None:
    """The slot a canoe on ``slot`` moves to one step downstream (None at the falls)."""
    return _DOWN.get(slot)
