"""The practice partner: legal, deterministic per seed, blind to cards it may not see."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from companion import rules
from companion.actions import ChooseCard, MoveRiver, Paddle, Weather
from companion.game import Game
from companion.partner import (
    LEVELS,
    Choice,
    NotYourDecision,
    check_decision,
    choose,
    decide,
    decide_actions,
    determinise,
    play_turn,
    sample_cards,
    view,
    whose_decision,
)
from companion.partner.players import play_game, wilson
from companion.playout import play_round, random_game
from companion.record import replay, to_record
from companion.state import Canoe, FrozenMap, GameState, Phase, gem_count, new_game

PLAYERS = ("red", "green", "yellow")


def positions(seed: int, count: int = 6) -> Iterator[GameState]:
    """States from a random game: phase 1 before anyone chose, and phase 2 turns."""
    rng = random.Random(seed)
    game = Game(PLAYERS)
    while game.state.phase is not Phase.OVER and count > 0:
        yield game.state
        count -= 1
        play_round(game, rng)
        state = game.state
        if state.phase is Phase.CHOOSE and count > 0:
            # Stop in phase 2 of the next round too: choose cards, play one turn.
            game.push_all(ChooseCard(p, random.Random(seed + count).choice(
                sorted(state.hands[p], key=str))) for p in PLAYERS)
            yield game.state
            count -= 1
            play_round(game, rng)


def swap_hidden_card(state: GameState, owner: str, rng: random.Random) -> GameState | None:
    """``state`` with ``owner``'s locked-in card changed to another card of their hand."""
    others = sorted(state.hands[owner], key=str)
    if not others:
        return None
    new = rng.choice(others)
    old = state.chosen[owner]
    hands = state.hands.set(owner, (state.hands[owner] - {new}) | {old})
    return state.replace(chosen=state.chosen.set(owner, new), hands=hands)


# -- what a player knows -----------------------------------------------------------------


def test_view_hides_the_others_locked_in_cards() -> None:
    state = new_game(PLAYERS)
    for player, card in (("green", 4), ("yellow", "cloud"), ("red", 2)):
        state, _ = rules.apply(state, ChooseCard(player, card))
    assert state.phase is Phase.ACTIONS  # red holds the buoy: red's 2 is revealed
    seen = view(state, "green")
    assert dict(seen.state.chosen) == {"red": 2, "green": 4}
    assert seen.unknown == ("yellow",)
    assert seen.state.hands["yellow"] == frozenset((1, 2, 3, 4, 5, 6, "cloud"))
    assert 2 not in seen.state.hands["red"]  # a revealed card is out of the hand
    guess = determinise(seen, sample_cards(seen, random.Random(1)))
    assert set(guess.chosen) == set(PLAYERS)
    assert guess.chosen["yellow"] not in guess.hands["yellow"]


@pytest.mark.parametrize("seed", range(4))
def test_a_hidden_card_never_changes_the_decision(seed: int) -> None:
    """Two states that differ only in a card the player cannot see give the same
    decision, at every level, in both phases."""
    rng = random.Random(seed)
    checked = 0
    for state in positions(seed, count=8):
        for player in whose_decision(state):
            hidden = [p for p in state.chosen if p != player and p not in state.played()]
            for owner in hidden:
                other = swap_hidden_card(state, owner, rng)
                if other is None:
                    continue
                assert other != state
                for level in ("beginner", "strong"):
                    first = decide(state, player, level=level, seed=seed)
                    second = decide(other, player, level=level, seed=seed)
                    if isinstance(first, rules.TurnResult):
                        assert isinstance(second, rules.TurnResult)
                        assert first.action == second.action
                    else:
                        assert first == second
                checked += 1
    assert checked > 0


def test_phase_one_ignores_cards_locked_in_before() -> None:
    state = new_game(PLAYERS)
    picks = set()
    for card in (1, 6, "cloud"):
        locked, _ = rules.apply(state, ChooseCard("green", card))
        locked, _ = rules.apply(locked, ChooseCard("yellow", card))
        picks.add(choose(locked, "red", seed=3))
    assert picks == {choose(state, "red", seed=3)}


# -- deterministic and legal ----------------------------------------------------------------


@pytest.mark.parametrize("level", list(LEVELS))
def test_same_seed_same_decision(level: str) -> None:
    for state in positions(11, count=6):
        for player in whose_decision(state):
            first = decide(state, player, level=level, seed=7)
            again = decide(state, player, level=level, seed=7)
            if isinstance(first, rules.TurnResult):
                assert isinstance(again, rules.TurnResult) and first.action == again.action
            else:
                assert first == again


def test_every_decision_of_a_game_is_legal_and_replays() -> None:
    """A whole game between the levels and the greedy policy: every action went through
    ``rules.apply`` (``Game.push``) and the record replays."""
    game = play_game({"red": "strong", "green": "beginner", "yellow": "greedy"}, seed=2)
    assert game.state.phase is Phase.OVER
    result = replay(to_record(game))
    assert result.ok and result.game is not None
    assert result.game.state == game.state


@pytest.mark.parametrize("seed", range(3))
def test_turns_are_turn_results_on_the_real_state(seed: int) -> None:
    for state in positions(seed, count=8):
        if state.phase is not Phase.ACTIONS:
            continue
        player = state.to_play
        assert player is not None
        result = play_turn(state, player, level="medium", seed=seed)
        after, _ = rules.apply(state, result.action)
        assert after.canoes == result.state.canoes
        assert after.reserves == result.state.reserves
        if isinstance(result.action, Weather):
            assert state.chosen[player] == "cloud"
        else:
            assert isinstance(result.action, Paddle)


def test_decide_actions_play_a_whole_game() -> None:
    game = Game(PLAYERS)
    while game.state.phase is not Phase.OVER and game.state.round < 60:
        state = game.state
        if state.phase is Phase.RIVER:
            game.push(MoveRiver(None))
            continue
        player = whose_decision(state)[0]
        for action in decide_actions(state, player, level="medium", seed=state.round):
            game.push(action)
    assert game.state.phase is Phase.OVER and game.state.winners


def test_choices_are_legal_actions() -> None:
    for state in positions(5, count=10):
        if state.phase is not Phase.CHOOSE:
            continue
        for player in state.players:
            choice = choose(state, player, level="strong", seed=1)
            now = state
            for action in choice.actions(player):
                now, _ = rules.apply(now, action)
            assert now.hands[player] == state.hands[player] - {choice.card}


# -- buy-backs ------------------------------------------------------------------------------


def lost_state(reserve: dict[str, int], both: bool) -> GameState:
    state = new_game(PLAYERS)
    pair = (Canoe("lost"), Canoe("lost")) if both else (Canoe("T2"), Canoe("lost"))
    return state.replace(canoes=state.canoes.set("red", pair),
                         reserves=state.reserves.set("red", gem_count(reserve)))


def test_both_canoes_lost_and_no_gem_takes_the_free_canoe() -> None:
    choice = choose(lost_state({}, both=True), "red", seed=0)
    assert choice.recover == ("free",) and choice.recover_json() == "free"


def test_both_canoes_lost_with_gems_buys_back() -> None:
    choice = choose(lost_state({"violet": 1, "white": 1}, both=True), "red", seed=0)
    assert choice.recover
    assert choice.to_json()["recover"] in ("violet", "white", ["violet", "white"],
                                           ["white", "violet"])


def test_recover_json_shapes() -> None:
    assert Choice(3).recover_json() is None
    assert Choice(3, ("pink",)).to_json() == {"phase": "choose", "card": 3, "recover": "pink"}
    assert Choice("cloud", ("pink", "blue")).recover_json() == ["pink", "blue"]


# -- whose decision -----------------------------------------------------------------------


def test_not_your_decision_says_whose_it_is() -> None:
    state = new_game(PLAYERS)
    for player, card in (("red", 3), ("green", 4), ("yellow", 5)):
        state, _ = rules.apply(state, ChooseCard(player, card))
    with pytest.raises(NotYourDecision, match="Red's turn"):
        check_decision(state, "green")
    with pytest.raises(NotYourDecision, match="not playing"):
        check_decision(state, "blue")
    phase1, _ = rules.apply(new_game(PLAYERS), ChooseCard("red", 2))
    with pytest.raises(NotYourDecision, match="still choosing: Green, Yellow"):
        choose(phase1, "red")


def test_the_river_and_the_end_are_nobodys_decision() -> None:
    game = random_game(PLAYERS, seed=4)
    assert whose_decision(game.state) == ()
    with pytest.raises(NotYourDecision, match="over"):
        decide(game.state, "red")
    state = new_game(PLAYERS)
    for player, card in (("red", 1), ("green", 1), ("yellow", 1)):
        state, _ = rules.apply(state, ChooseCard(player, card))
    for player in PLAYERS:
        state, _ = rules.apply(state, rules.turn_results(state, player, 1)[0].action)
    assert state.phase is Phase.RIVER and whose_decision(state) == ()
    state, _ = rules.apply(state, MoveRiver(None))
    assert whose_decision(state) == PLAYERS


# -- playing ---------------------------------------------------------------------------------


def test_a_canoe_near_the_falls_is_taken_away() -> None:
    """With a loaded canoe on L2 and the river sure to move, the partner paddles it up
    rather than leaving it to fall."""
    state = new_game(PLAYERS)
    pair = (Canoe("L2", "pink"), Canoe("beach"))
    state = state.replace(canoes=state.canoes.set("red", pair), next_fork="left",
                          chosen=FrozenMap({"red": 3, "green": 2, "yellow": 5}),
                          hands=FrozenMap({"red": frozenset({1, 2, 4, 5, 6, "cloud"}),
                                           "green": frozenset({1, 3, 4, 5, 6, "cloud"}),
                                           "yellow": frozenset({1, 2, 3, 4, 6, "cloud"})}),
                          phase=Phase.ACTIONS)
    result = play_turn(state, "red", seed=0)
    assert all(c.at != "L2" for c in result.canoes)


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-9


def test_five_players_with_joe_and_the_tie_break() -> None:
    from companion.state import Options

    seats = {"red": "strong", "green": "beginner", "yellow": "greedy", "blue": "medium",
             "brown": "strong"}
    game = play_game(seats, seed=1, options=Options(diamanten_joe=True, tie_break=True))
    assert game.state.phase is Phase.OVER and game.state.winners
    result = replay(to_record(game))
    assert result.ok and result.game is not None and result.game.state == game.state
