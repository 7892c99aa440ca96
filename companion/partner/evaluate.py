"""How well a player stands: the partner's evaluation, in gems.

A player needs 4 gems of one colour, 5 different colours or 7 gems. The evaluation
counts each gem in the reserve as 1, a gem in a canoe as part of one (more the nearer
the canoe is to the beach), adds a little for each empty canoe ready to load and takes
some off for each lost canoe; it then measures how many gems are still missing to the
nearest goal (a soft minimum over the three goals, so that progress towards a second
goal still counts a little). A reserve that has reached a goal is a win.

>>> from companion.state import gem_count
>>> round(goal_value({"violet": 3.0}), 2) > round(goal_value({"violet": 2.0}), 2)
True
>>> value(gem_count({"violet": 4}), [("beach", None), ("beach", None)]) == WIN
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from companion.board import GEM_COLOURS, LOST, POSITIONS, Arm, Card
from companion.forecast import predicted_arms
from companion.rules import after_river, goal_reached
from companion.state import GameState

WIN: Final = 100.0
"""The value of a reserve that has reached a goal (a won game)."""

CARRY: Final = {"beach": 1.0, "T1": 0.9, "T2": 0.84, "T3": 0.78, "T4": 0.72, "T5": 0.64,
                "L1": 0.56, "R1": 0.56, "L2": 0.46, "R2": 0.46}
"""How much of a gem a canoe carrying it at each position is worth."""
EMPTY: Final = {"beach": 0.24, "T1": 0.28, "T2": 0.4, "T3": 0.48, "T4": 0.48, "T5": 0.4,
                "L1": 0.28, "R1": 0.28, "L2": 0.08, "R2": 0.08}
"""What an empty canoe at each position is worth (a gem it may load soon)."""
LOST_CANOE: Final = -1.2
"""A lost canoe: a gem to buy it back, and the rounds it takes to paddle out again."""
BOTH_LOST: Final = -0.6
"""Both canoes lost, on top of ``LOST_CANOE`` twice: nothing moves until one is back."""
SOFTNESS: Final = 0.6
"""The temperature of the soft minimum over the goals (gems)."""
HAND: Final = {1: 0.0, 2: 0.05, 3: 0.1, 4: 0.15, 5: 0.225, 6: 0.3, "cloud": 0.15}
"""What keeping each card in hand is worth: every card is played once in seven rounds, so
a high card spent on a small gain now is missing when a canoe must come home from far."""

Spot = tuple[str, str | None]
"""A canoe as (position, gem)."""


@dataclass(frozen=True)
class Weights:
    """Scales on the evaluation's parts, so that levels can weigh them differently (the
    tables are tuned by selfplay for the strong level: see docs/engine.md)."""

    carry: float = 1.0
    """On the value of gems aboard (``CARRY``)."""
    empty: float = 1.0
    """On the value of empty canoes (``EMPTY``)."""
    lost: float = 1.0
    """On the cost of lost canoes (``LOST_CANOE``, ``BOTH_LOST``)."""
    hand: float = 1.0
    """On the value of the cards kept in hand (``HAND``)."""


PLAIN: Final = Weights()


def goal_value(effective: Mapping[str, float], available: Mapping[str, bool] | None = None
               ) -> float:
    """Minus the gems still missing to the nearest goal (soft minimum), for effective gem
    counts by colour; ``available`` says which colours can still make 4 of a kind."""
    counts = [effective.get(c, 0.0) for c in GEM_COLOURS]
    same = [4.0 - n for c, n in zip(GEM_COLOURS, counts, strict=True)
            if available is None or available.get(c, True)]
    needs = [5.0 - sum(min(1.0, n) for n in counts), 7.0 - sum(counts)]
    if same:
        needs.append(min(same))
    least = min(needs)
    soft = least - SOFTNESS * math.log(sum(math.exp((least - n) / SOFTNESS) for n in needs))
    return -soft


def value(reserve: Mapping[str, int], canoes: Iterable[Spot],
          available: Mapping[str, bool] | None = None,
          hand: Iterable[Card] = (), weights: Weights = PLAIN) -> float:
    """The evaluation of a player with ``reserve`` and ``canoes`` (``WIN`` once the
    reserve reaches a goal)."""
    if sum(reserve.values()) >= 4 and goal_reached(reserve):  # type: ignore[arg-type]
        return WIN
    effective = {c: float(n) for c, n in reserve.items()}
    extra = 0.0
    lost = 0
    carry, empty = weights.carry, weights.empty
    for at, gem in canoes:
        if at == LOST:
            lost += 1
        elif gem is not None:
            effective[gem] = effective.get(gem, 0.0) + carry * CARRY[at]
        else:
            extra += empty * EMPTY[at]
    if lost:
        extra += weights.lost * (LOST_CANOE * lost + (BOTH_LOST if lost == 2 else 0.0))
    if hand:
        extra += weights.hand * sum(HAND[c] for c in hand)
    return goal_value(effective, available) + extra


def available_colours(state: GameState, player: str) -> dict[str, bool]:
    """Colours of which ``player`` could still gather 4 (counting the deposits, every
    canoe and Joe, and their own reserve)."""
    free = dict.fromkeys(GEM_COLOURS, 0)
    for counts in state.deposits.values():
        for colour, n in counts.items():
            free[colour] += n
    for pair in state.canoes.values():
        for canoe in pair:
            if canoe.gem:
                free[canoe.gem] += 1
    if state.joe is not None and state.joe.gem:
        free[state.joe.gem] += 1
    mine = state.reserves[player]
    return {c: free[c] + mine.get(c, 0) >= 4 for c in GEM_COLOURS}


@lru_cache(maxsize=64)
def river_table(next_fork: Arm, discs: int) -> dict[str, str]:
    """Where a canoe on each position is after ``discs`` discs, alternating at the fork
    from ``next_fork`` (``lost`` if it went over the falls)."""
    arms = predicted_arms(next_fork, discs)
    return {at: after_river(at, arms) for at in (*POSITIONS, LOST)}


def after(spots: Iterable[Spot], table: Mapping[str, str]) -> list[Spot]:
    """Canoes after the river moved (a canoe that fell loses its gem)."""
    moved = []
    for at, gem in spots:
        new = table[at]
        moved.append((new, None if new == LOST else gem))
    return moved


