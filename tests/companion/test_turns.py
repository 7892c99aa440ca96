"""Turn enumeration: perft-style counts, and every listed result really is legal."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.actions import Paddle, Weather
from companion.rules import _end_turn, apply, legal_actions, paddle_canoes, turn_results
from companion.state import Canoe, GameState, Options, Phase

Build = Callable[..., GameState]


def ends(state: GameState, player: str, card: int | str) -> set[tuple[tuple[str, str | None], ...]]:
    return {tuple((c.at, c.gem) for c in r.canoes) for r in turn_results(state, player, card)}


# Counted by hand from the rules.
def test_from_the_beach(position: Build) -> None:
    state = position()
    assert ends(state, "red", 3) == {(("T3", None), ("beach", None))}
    assert ends(state, "red", 4) == {(("T4", None), ("beach", None))}
    assert ends(state, "red", 5) == {(("T5", None), ("beach", None)),
                                     (("T3", "violet"), ("beach", None))}
    assert ends(state, "red", 6) == {(("L1", None), ("beach", None)),
                                     (("R1", None), ("beach", None)),
                                     (("T4", "white"), ("beach", None))}


def test_one_on_the_river_one_on_the_beach(position: Build) -> None:
    state = position(canoes={"red": [("T3", None), ("beach", None)]})
    # The T3 canoe: load violet, up 2 (T1), down 2 (T5); the beach canoe may go to T2.
    river_only = {("T3", "violet"), ("T1", None), ("T5", None)}
    expected = {tuple(sorted([r, ("beach", None)], key=lambda c: (c[0], c[1] or "")))
                for r in river_only}
    expected |= {tuple(sorted([r, ("T2", None)], key=lambda c: (c[0], c[1] or "")))
                 for r in river_only}
    assert ends(state, "red", 2) == expected
    assert len(turn_results(state, "red", 2)) == 6


def test_cloud_results_are_weather_moves(position: Build) -> None:
    state = position(card="cloud")
    results = turn_results(state, "red", "cloud")
    assert [r.action for r in results] == [Weather("red", "up"), Weather("red", "down")]
    for result in results:
        new, _ = apply(state, result.action)
        assert new.weather == result.state.weather
    assert len(turn_results(position(card="cloud", weather=2), "red", "cloud")) == 1


# Regression counts (perft): computed once by this engine and checked by hand where
# small; a change here means the rules changed.
PERFT = [
    ("start, 1", {}, 1, 1),
    ("start, 6", {}, 6, 3),
    ("both on the river", {"canoes": {"red": [("T2", None), ("T5", "pink")]}}, 3, None),
    ("steal chances", {"canoes": {"red": [("T5", None), ("beach", None)],
                                  "green": [("T3", "pink"), ("T4", "blue")]}}, 2, None),
    ("at the fork", {"canoes": {"red": [("T5", "blue"), ("L1", None)]}}, 4, None),
    ("with Joe", {"options": Options(diamanten_joe=True), "joe": Canoe("T4", "white"),
                  "canoes": {"red": [("T2", None), ("beach", None)]}}, 2, None),
]
# "steal chances" checked by hand: the T5 canoe can go up 2 (with or without stealing
# green's pink), down 2 to L2 or R2, or load yellow: 5 ends, each with or without the
# beach canoe paddling to T2.
PERFT_COUNTS = {"both on the river": 21, "steal chances": 10, "at the fork": 24, "with Joe": 6}


@pytest.mark.parametrize(("name", "setup", "card", "count"), PERFT, ids=[p[0] for p in PERFT])
def test_perft(position: Build, name: str, setup: dict[str, object], card: int,
               count: int | None) -> None:
    state = position(card=card, **setup)
    expected = count if count is not None else PERFT_COUNTS[name]
    assert len(turn_results(state, "red", card)) == expected


def test_steal_chances_listed(position: Build) -> None:
    state = position(card=2, canoes={"red": [("T5", None), ("beach", None)],
                                     "green": [("T3", "pink"), ("T4", "blue")]})
    got = ends(state, "red", 2)
    assert (("T3", "pink"), ("beach", None)) in got  # up 2, steal green's pink
    assert (("T4", "blue"), ("beach", None)) not in got  # up 1 is only 1 point


def test_every_result_is_legal_and_distinct(position: Build) -> None:
    setups = [
        {"canoes": {"red": [("T2", None), ("T5", "pink")]}, "card": 3},
        {"canoes": {"red": [("T5", "blue"), ("L1", None)]}, "card": 4},
        {"canoes": {"red": [("T3", "pink"), ("T3", None)]}, "card": 4},
        {"canoes": {"red": [("T4", None), ("T4", None)]}, "card": 5},
        {"canoes": {"red": [("T5", None), ("beach", None)],
                    "green": [("T3", "pink"), ("T4", "blue")]}, "card": 2},
        {"options": Options(diamanten_joe=True), "joe": Canoe("T4", "white"),
         "canoes": {"red": [("T2", "blue"), ("beach", None)]}, "card": 2},
    ]
    for setup in setups:
        state = position(**setup)
        card = setup["card"]
        results = turn_results(state, "red", card)
        keys = set()
        for result in results:
            new, _ = apply(state, result.action)  # the listed action is legal as a turn
            assert new.canoes == result.state.canoes
            assert new.deposits == result.state.deposits
            assert new.joe == result.state.joe
            keys.add((result.state.canoes, result.state.joe, result.state.deposits))
        assert len(keys) == len(results)


def test_legal_actions_by_phase(position: Build) -> None:
    choose = position(phase=Phase.CHOOSE)
    assert len(list(legal_actions(choose, "red"))) == 7
    acting = position(card=6)
    assert len(list(legal_actions(acting, "red"))) == 3
    assert list(legal_actions(acting, "green")) == []  # not green's turn
    river = position(phase=Phase.RIVER, chosen={"red": 2, "green": 6, "yellow": 6})
    assert len(list(legal_actions(river))) == 1 + 4  # predicted + every arm pair


def test_paddle_helper_matches_apply(position: Build) -> None:
    state = position(card=5)
    result = turn_results(state, "red", 5)[0]
    new, events = paddle_canoes(state, "red", 5, result.action.canoes)
    assert isinstance(result.action, Paddle)
    assert new.canoes == result.state.canoes
    assert _end_turn(new, list(events)).to_play == "green"
