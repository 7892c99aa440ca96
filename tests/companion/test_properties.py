"""Properties of random legal games (hypothesis draws the seeds; every run is seeded)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.actions import ChooseCard, MoveRiver
from companion.board import ARMS, GEM_COLOURS, LEFT_ARM, POSITIONS, RIGHT_ARM, TRUNK
from companion.game import Game
from companion.playout import play_round
from companion.rules import river_discs
from companion.state import GameState, Options, Phase

COLOURS = ["red", "green", "yellow", "blue", "brown"]


class DiscModel:
    """An independent model of the physical river: 12 numbered discs, 9 in the bed."""

    def __init__(self) -> None:
        self.slots = {s: i for i, s in enumerate((*TRUNK, *LEFT_ARM, *RIGHT_ARM))}
        self.spare = [9, 10, 11]

    def push(self, arm: str) -> int:
        """Insert a spare at T1 and push; returns the disc that fell."""
        side = LEFT_ARM if arm == "left" else RIGHT_ARM
        fallen = self.slots[side[1]]
        self.slots[side[1]] = self.slots[side[0]]
        self.slots[side[0]] = self.slots["T5"]
        for a, b in (("T5", "T4"), ("T4", "T3"), ("T3", "T2"), ("T2", "T1")):
            self.slots[a] = self.slots[b]
        self.slots["T1"] = self.spare.pop(0)
        self.spare.append(fallen)
        return fallen

    def where(self, disc: int) -> str | None:
        return next((s for s, d in self.slots.items() if d == disc), None)


def check_invariants(state: GameState) -> None:
    accounted = state.gems_accounted()
    assert accounted == dict.fromkeys(GEM_COLOURS, 7), accounted  # 35 gems
    for player in state.players:
        pair = state.canoes[player]
        assert len(pair) == 2  # no canoe in two places, none missing
        for canoe in pair:
            assert canoe.at in (*POSITIONS, "lost")
            assert canoe.gem is None or canoe.gem in GEM_COLOURS
            assert not (canoe.at in ("beach", "lost") and canoe.gem)
        hand = state.hands[player]
        played = 7 - len(hand)
        assert 0 <= played <= 7
    assert -1 <= state.weather <= 2
    if state.joe is not None:
        assert state.joe.at not in ("beach",)


@pytest.mark.slow
@settings(max_examples=max(5, settings.default.max_examples // 4), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5), joe=st.booleans())
def test_random_games_keep_the_invariants(seed: int, players: int, joe: bool) -> None:
    rng = random.Random(seed)
    game = Game(COLOURS[:players], Options(diamanten_joe=joe))
    discs = DiscModel()
    cards_this_cycle: dict[str, list[object]] = {p: [] for p in game.state.players}
    while game.state.phase is not Phase.OVER and game.state.round <= 40:
        before = game.state
        round_start = len(game.history)
        # Play phases 1 and 2, then the river with our own choice of arms.
        play_round_until_river(game, rng)
        for action in game.history[round_start:]:
            if isinstance(action, ChooseCard):
                cards_this_cycle[action.player].append(action.card)
        check_invariants(game.state)
        if game.state.phase is Phase.OVER:
            break
        state = game.state
        assert state.phase is Phase.RIVER
        n = river_discs(state)
        arms = tuple(rng.choice(ARMS) for _ in range(n))
        riding: dict[tuple[str, int], int | None] = {
            (p, i): discs.slots[c.at] for p in state.players
            for i, c in enumerate(state.canoes[p]) if c.on_river}
        for arm in arms:
            fallen = discs.push(arm)
            # A fallen disc comes back as a spare; the canoes it carried do not.
            riding = {k: None if v == fallen else v for k, v in riding.items()}
        events = game.push(MoveRiver(arms))
        after = game.state
        assert sum(e.kind == "disc_pushed" for e in events) == n
        assert len(discs.slots) == 9 and len(set(discs.slots.values())) == 9  # 9 in the river
        fell = Counter(e.player for e in events if e.kind == "canoe_fell" and e.player != "joe")
        for player in state.players:
            expected = sorted(
                c.at if not c.on_river else
                "lost" if riding[(player, i)] is None else
                discs.where(riding[(player, i)]) or "lost"
                for i, c in enumerate(state.canoes[player]))
            assert sorted(c.at for c in after.canoes[player]) == expected
            assert fell[player] == sum(x == "lost" for x in expected) - \
                sum(c.at == "lost" for c in state.canoes[player])
        check_invariants(after)
        for player, cards in cards_this_cycle.items():
            assert len(cards) == len(set(map(str, cards)))  # no card twice in a cycle
            if len(cards) == 7:
                assert after.hands[player] == frozenset({1, 2, 3, 4, 5, 6, "cloud"})
                cards_this_cycle[player] = []
        assert before.round + 1 == after.round


def play_round_until_river(game: Game, rng: random.Random) -> None:
    """Phases 1 and 2 of a round with random legal choices (stops before the river)."""
    state = game.state
    if state.phase is Phase.CHOOSE:
        # play_round plays the whole round; run it on a copy of the game and keep only
        # the actions before the river move.
        shadow = Game(state.players, state.options)
        shadow._states = [state]
        shadow._state = state
        play_round(shadow, rng, surprise_arms=0.0)
        for action in shadow.history:
            if isinstance(action, MoveRiver):
                break
            game.push(action)
