"""The quick turn enumeration agrees with the checked one, position by position.

``turn_results`` (and ``turn_outcomes``, which playouts use) carry out candidates without
the rules' checks; ``checked_turn_results`` runs every candidate through the checked
transition. On every number-card turn of seeded random games, and on hand-built busy
positions, both must list the same results in the same order with the same actions, and
each listed action, applied through ``apply``, must give exactly the listed board.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.actions import Paddle
from companion.playout import random_game
from companion.rules import _board_key, apply, checked_turn_results, turn_outcomes, turn_results
from companion.state import Canoe, GameState, Options, Phase

Build = Callable[..., GameState]
COLOURS = ["red", "green", "yellow", "blue", "brown"]


def assert_agree(state: GameState, player: str, card: int) -> int:
    quick = turn_results(state, player, card)
    checked = checked_turn_results(state, player, card)
    assert [r.action for r in quick] == [r.action for r in checked]
    assert [r.state for r in quick] == [r.state for r in checked]
    assert [r.state.to_json() for r in quick] == [r.state.to_json() for r in checked]
    outcomes = turn_outcomes(state, player, card)
    assert [o.result() for o in outcomes] == quick
    for outcome, result in zip(outcomes, quick, strict=True):
        pair = result.state.canoes[player]
        assert outcome.canoes == tuple((c.at, c.gem) for c in pair)
        assert state.reserve_total(player) + len(outcome.delivered) == \
            result.state.reserve_total(player)
    if state.to_play == player and state.chosen.get(player) == card:
        for result in quick:
            after, _ = apply(state, result.action)  # the checked path, as a whole turn
            assert _board_key(after) == _board_key(result.state)
    return len(quick)


@pytest.mark.parametrize("seed", range(8))
def test_every_turn_of_random_games(seed: int) -> None:
    players = COLOURS[:3 + seed % 3]
    game = random_game(players, seed=seed, options=Options(diamanten_joe=seed % 2 == 1),
                       max_rounds=60)
    turns = 0
    for state, action in zip(game._states, game.history, strict=False):
        if isinstance(action, Paddle):
            card = state.chosen[action.player]
            assert isinstance(card, int)
            assert_agree(state, action.player, card)
            turns += 1
    assert turns > 20


BUSY = [
    {"canoes": {"red": [("T2", None), ("T5", "pink")],
                "green": [("T3", "white"), ("T4", "blue")],
                "yellow": [("T1", "violet"), ("beach", None)]}},
    {"options": Options(diamanten_joe=True), "joe": Canoe("T4", "white"),
     "canoes": {"red": [("T2", None), ("T5", "pink")],
                "green": [("T3", "white"), ("T4", "blue")]}},
    {"canoes": {"red": [("T3", "pink"), ("T3", None)],
                "green": [("T1", "blue"), ("T1", "white")]}},
    {"options": Options(diamanten_joe=True), "joe": Canoe("T3", None),
     "canoes": {"red": [("T4", "yellow"), ("T4", "yellow")],
                "green": [("T3", "pink"), ("T3", "pink")]},
     "deposits": {"violet": {"violet": 1}, "white": {"white": 7, "pink": 1}}},
    {"canoes": {"red": [("L1", "white"), ("R2", None)]},
     "deposits": {"blue": {"blue": 0, "white": 2}}},
    {"canoes": {"red": [("T1", "yellow"), ("T2", "blue")]}},
]


@pytest.mark.parametrize("setup", BUSY, ids=range(len(BUSY)))
@pytest.mark.parametrize("card", [1, 2, 3, 4, 5, 6])
def test_busy_positions(position: Build, setup: dict[str, object], card: int) -> None:
    state = position(card=card, **setup)
    assert state.phase is Phase.ACTIONS
    assert assert_agree(state, "red", card) >= 1
