"""The turn enumerator misses nothing: brute force over step sequences agrees with it.

For one canoe (the other is lost), every sequence of the shape
``[gem steps] [one move] [gem steps] [steal or Joe]`` is tried through ``apply`` (the
rules decide); the distinct legal end results must be exactly ``turn_results``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from companion.actions import CanoeMove, Paddle, Step
from companion.board import ARMS, GEM_COLOURS
from companion.errors import NiagaraError
from companion.rules import _board_key, apply, turn_results
from companion.state import Canoe, GameState, Options

pytestmark = pytest.mark.slow

Build = Callable[..., GameState]

GEM_SEQS: list[tuple[str, ...]] = [()]
GEM_SEQS += [("unload",)] + [(f"load {c}",) for c in GEM_COLOURS]
GEM_SEQS += [("unload", f"load {c}") for c in GEM_COLOURS]
GEM_SEQS += [(f"load {c}", "unload") for c in GEM_COLOURS]
MOVES: list[tuple[str, ...]] = [()]
MOVES += [(f"up {k}",) for k in range(1, 8)]
MOVES += [(f"down {k}",) for k in range(1, 7)]
MOVES += [(f"down {k} {arm}",) for k in range(1, 7) for arm in ARMS]
EXTRAS: list[tuple[str, ...]] = [(), ("joe take",), ("joe swap",), ("joe give",)]
EXTRAS += [(f"steal {p} {g}",) for p in ("green", "yellow") for g in GEM_COLOURS]


def parsed(sequences: list[tuple[str, ...]]) -> list[tuple[Step, ...]]:
    return [tuple(Step.parse(s) for s in sequence) for sequence in sequences]


def brute_force(state: GameState, start: str, card: int) -> set[object]:
    found = set()
    # The steps are parsed once (not again in each of the ~100,000 sequences).
    gems, moves, extras = parsed(GEM_SEQS), parsed(MOVES), parsed(EXTRAS)
    for pre, move, post, extra in itertools.product(gems, moves, gems, extras):
        steps = (*pre, *move, *post, *extra)
        if not steps:
            continue
        action = Paddle("red", (CanoeMove(start, steps),))
        try:
            after, _ = apply(state, action)
        except NiagaraError:
            continue
        found.add(_board_key(after))
    return found


POSITIONS = [
    ("beach, 6", {"canoes": {"red": [("beach", None), ("lost", None)]}}, "beach", 6),
    ("T3 empty, 4", {"canoes": {"red": [("T3", None), ("lost", None)]}}, "T3", 4),
    ("T4 loaded, 4", {"canoes": {"red": [("T4", "pink"), ("lost", None)]},
                      "deposits": {"white": {"white": 6, "blue": 1}}}, "T4", 4),
    ("T5 thief, 3", {"canoes": {"red": [("T5", None), ("lost", None)],
                                "green": [("T3", "pink"), ("T2", "blue")],
                                "yellow": [("T3", "white"), ("beach", None)]}}, "T5", 3),
    ("R1 with Joe, 2", {"options": Options(diamanten_joe=True), "joe": Canoe("R2", "yellow"),
                        "canoes": {"red": [("R1", "blue"), ("lost", None)]}}, "R1", 2),
    ("L2 near the falls, 5", {"canoes": {"red": [("L2", "violet"), ("lost", None)]}}, "L2", 5),
]


@pytest.mark.parametrize(("name", "setup", "start", "card"), POSITIONS,
                         ids=[p[0] for p in POSITIONS])
def test_enumerator_matches_brute_force(position: Build, name: str, setup: dict[str, object],
                                        start: str, card: int) -> None:
    state = position(card=card, **setup)
    expected = brute_force(state, start, card)
    listed = {_board_key(r.state) for r in turn_results(state, "red", card)}
    assert expected, "the brute force found no legal turn"
    assert listed == expected
