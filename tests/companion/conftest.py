"""Builders for positions in the middle of a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from companion.board import CARDS
from companion.state import Canoe, FrozenMap, GameState, Options, Phase, gem_count, new_game

PLAYERS = ("red", "green", "yellow")


def build(players: tuple[str, ...] = PLAYERS, *, canoes: Mapping[str, Any] | None = None,
          card: int | str = 3, to_play: str = "red", chosen: Mapping[str, Any] | None = None,
          weather: int = 0, joe: Canoe | None = None, options: Options | None = None,
          deposits: Mapping[str, Mapping[str, int]] | None = None,
          reserves: Mapping[str, Mapping[str, int]] | None = None,
          phase: Phase = Phase.ACTIONS, first: int = 0, next_fork: str = "left") -> GameState:
    """A position: canoes given as {player: [(at, gem), (at, gem)]}; in phase 2 it is
    ``to_play``'s turn with ``card``; other players chose 6 unless ``chosen`` says."""
    state = new_game(players, options)
    pairs = dict(state.canoes)
    for player, pair in (canoes or {}).items():
        pairs[player] = tuple(sorted(Canoe(*c) if isinstance(c, tuple) else Canoe(c)
                                     for c in pair))
    choice: dict[str, Any] = {}
    hands = dict(state.hands)
    turn = 0
    if phase is not Phase.CHOOSE:
        choice = {p: 6 for p in players}
        choice[to_play] = card
        choice.update(chosen or {})
        hands = {p: frozenset(CARDS) - {choice[p]} for p in players}
        order = [players[(first + i) % len(players)] for i in range(len(players))]
        turn = order.index(to_play) if phase is Phase.ACTIONS else 0
    return state.replace(
        canoes=FrozenMap(pairs), phase=phase, chosen=FrozenMap(choice), hands=FrozenMap(hands),
        turn=turn, weather=weather, first=first, next_fork=next_fork,
        joe=joe if joe is not None else state.joe,
        deposits=FrozenMap({**state.deposits,
                            **{d: gem_count(v) for d, v in (deposits or {}).items()}}),
        reserves=FrozenMap({**state.reserves,
                            **{p: gem_count(v) for p, v in (reserves or {}).items()}}),
    )


@pytest.fixture
def position() -> Callable[..., GameState]:
    return build
