"""Hints and the post-game review: reasons that name what they describe, nothing drawn
from a card still secret."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion import rules
from companion.actions import Action, ChooseCard, MoveRiver, Paddle, Weather
from companion.cli import main
from companion.game import Game
from companion.partner import chances, decide, hints, play_game, review
from companion.partner.words import end_of
from companion.playout import play_round
from companion.record import to_record
from companion.state import Canoe, FrozenMap, GameState, Phase, new_game

PLAYERS = ("red", "green", "yellow")


def mid_game(seed: int, rounds: int) -> Game:
    rng = random.Random(seed)
    game = Game(PLAYERS)
    for _ in range(rounds):
        play_round(game, rng)
    return game


def turn_position(seed: int, rounds: int) -> GameState:
    """Phase 2 of the round after ``rounds`` random rounds."""
    game = mid_game(seed, rounds)
    rng = random.Random(seed)
    for p in PLAYERS:
        game.push(ChooseCard(p, rng.choice(sorted(game.state.hands[p], key=str))))
    return game.state


# -- hints ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_the_first_hint_is_the_partners_choice(seed: int) -> None:
    for state in (mid_game(seed, 2).state, turn_position(seed, 3)):
        player = state.to_play or "red"
        tips = hints(state, player, seed=seed, count=3)
        assert 1 <= len(tips) <= 3
        assert [t.value for t in tips] == sorted((t.value for t in tips), reverse=True)
        best = decide(state, player, seed=seed)
        if isinstance(best, rules.TurnResult):
            assert tips[0].action == best.action
        else:
            assert tips[0].choice == best


@pytest.mark.parametrize("seed", range(6))
def test_turn_reasons_name_the_slots_and_gems(seed: int) -> None:
    state = turn_position(seed, 3 + seed % 3)
    player = state.to_play
    assert player is not None
    for tip in hints(state, player, seed=seed, count=3):
        action = tip.action
        assert isinstance(action, Paddle | Weather) and tip.reason.endswith(".")
        if isinstance(action, Weather):
            assert f"weather goes to {state.weather + (1 if action.direction == 'up' else -1):+d}" \
                in tip.reason
            continue
        reason = tip.reason.lower()
        for move in action.canoes:
            end = end_of(move)
            assert end.lower() in reason or "lands" in reason or "stays" in reason
            for step in move.steps:
                if step.op == "load":
                    assert f"loads {step.arg}" in reason


def test_a_canoe_that_will_fall_is_named() -> None:
    state = new_game(PLAYERS)
    state = state.replace(
        canoes=state.canoes.set("red", (Canoe("L2", "pink"), Canoe("beach"))),
        chosen=FrozenMap({"green": 3, "yellow": 4, "red": "cloud"}), first=1, turn=2,
        hands=FrozenMap({p: frozenset({1, 2, 5, 6}) for p in PLAYERS}),
        phase=Phase.ACTIONS, next_fork="left")
    assert state.to_play == "red"
    tips = hints(state, "red")
    assert {t.action for t in tips} == {Weather("red", "up"), Weather("red", "down")}
    for tip in tips:
        assert "Your canoe on L2 goes over the falls this round whatever the others play." \
            in tip.reason


def test_a_safe_landing_and_load_are_said() -> None:
    state = new_game(PLAYERS)
    state = state.replace(
        canoes=state.canoes.set("red", (Canoe("T1", "white"), Canoe("beach"))),
        chosen=FrozenMap({"red": 3, "green": 5, "yellow": 6}), phase=Phase.ACTIONS,
        hands=FrozenMap({p: frozenset({1, 2, 4, "cloud"}) for p in PLAYERS}))
    tip = hints(state, "red", count=1)[0]
    assert tip.to_json()["turn"]["player"] == "red"
    assert "lands and delivers white" in tip.reason
    assert "loads violet on T3" in tip.reason or "T" in tip.reason


def test_hints_json_shapes() -> None:
    choose = hints(new_game(PLAYERS), "green", count=2)
    assert [set(t.to_json()) for t in choose] == [
        {"phase", "card", "recover", "text", "reason", "value"}] * 2
    turn = hints(turn_position(1, 2), turn_position(1, 2).to_play or "", count=1)
    assert set(turn[0].to_json()) == {"phase", "turn", "text", "reason", "value"}
    json.dumps([t.to_json() for t in choose + turn])


@pytest.mark.parametrize("seed", range(3))
def test_hints_never_depend_on_a_secret_card(seed: int) -> None:
    state = turn_position(seed, 2)
    player = state.to_play
    assert player is not None
    later = [p for p in state.turn_order()[1:]]
    rng = random.Random(seed)
    for owner in later:
        other_card = rng.choice(sorted(state.hands[owner], key=str))
        hands = state.hands.set(owner, (state.hands[owner] - {other_card})
                                | {state.chosen[owner]})
        other = state.replace(chosen=state.chosen.set(owner, other_card), hands=hands)
        assert [t.to_json() for t in hints(state, player, seed=seed)] == \
            [t.to_json() for t in hints(other, player, seed=seed)]
    # Phase 1: cards locked in by others change nothing either.
    start = mid_game(seed, 2).state
    locked, _ = rules.apply(start, ChooseCard("green", sorted(start.hands["green"], key=str)[0]))
    assert [t.to_json() for t in hints(start, "red", seed=seed)] == \
        [t.to_json() for t in hints(locked, "red", seed=seed)]


# -- review --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> Game:
    return play_game({"red": "strong", "green": "greedy", "yellow": "beginner"}, seed=1)


def test_review_of_a_finished_game(finished: Game) -> None:
    done = review(finished, playouts=2, horizon=2, seed=1, level="medium")
    data = done.to_json()
    assert data["complete"] and data["winners"] == list(finished.state.winners)
    rounds = data["rounds"]
    assert rounds[0] == {"round": 0, "chances": {p: 0.333 for p in PLAYERS}}
    assert [r["round"] for r in rounds] == list(range(finished.state.round + 1))
    for entry in rounds:
        assert abs(sum(entry["chances"].values()) - 1) < 0.01
    assert all(rounds[-1]["chances"][w] > 0 for w in finished.state.winners)
    assert len(data["turning_points"]) <= 3
    for point in data["turning_points"]:
        assert point["drop"] >= 0.01 and point["phase"] in ("choose", "turn")
        assert 1 <= point["round"] <= finished.state.round
        assert point["player"] in PLAYERS and point["better"] and point["why"]
    assert review(finished, playouts=2, horizon=2, seed=1, level="medium").to_json() == data


def test_chances_favour_the_player_closer_to_a_goal() -> None:
    state = new_game(PLAYERS)
    state = state.replace(reserves=state.reserves.set("red", FrozenMap({"violet": 3})))
    estimate = chances(state, playouts=4, horizon=2, seed=0)
    assert estimate["red"] > estimate["green"] and estimate["red"] > estimate["yellow"]


def _cut(game: Game, extra_turns: int, swap: str | None = None) -> Game:
    """The game's history up to the end of round 3, then round 4's phase 1 and
    ``extra_turns`` turns; ``swap`` changes that player's card for round 4."""
    history = list(game.history)
    rivers = [i for i, a in enumerate(history) if isinstance(a, MoveRiver)]
    assert len(rivers) >= 4
    head, rest = history[:rivers[2] + 1], history[rivers[2] + 1:]
    cut = Game(PLAYERS)
    cut.push_all(head)
    state = cut.state
    phase1: list[Action] = []
    for action in rest:
        if not isinstance(action, ChooseCard) and phase1 and \
                isinstance(phase1[-1], ChooseCard) and len(
                    [a for a in phase1 if isinstance(a, ChooseCard)]) == len(PLAYERS):
            break
        phase1.append(action)
    if swap is not None:
        mine = next(a for a in phase1 if isinstance(a, ChooseCard) and a.player == swap)
        other = next(c for c in sorted(state.hands[swap], key=str) if c != mine.card)
        phase1 = [ChooseCard(swap, other) if a is mine else a for a in phase1]
    cut.push_all(phase1)
    for _ in range(extra_turns):
        mover = cut.state.to_play
        assert mover is not None
        cut.push(decide(cut.state, mover, level="beginner").action)  # type: ignore[union-attr]
    return cut


def test_review_in_progress_never_shows_the_round_being_played(finished: Game) -> None:
    game = _cut(finished, 1)
    order = game.state.turn_order()
    hidden = order[2]  # not revealed yet: two players have played, the third's card is secret
    assert game.state.phase is Phase.ACTIONS and hidden not in game.state.played()
    data = review(game, playouts=2, horizon=2).to_json()
    assert not data["complete"] and data["winners"] == []
    assert [r["round"] for r in data["rounds"]] == [0, 1, 2, 3]
    assert all(p["round"] <= 3 for p in data["turning_points"])
    swapped = review(_cut(finished, 1, swap=hidden), playouts=2, horizon=2).to_json()
    assert swapped == data


def test_review_command(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                        finished: Game) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(finished)))
    assert main(["review", str(path), "--playouts", "2", "--level", "beginner", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"players", "complete", "winners", "rounds", "turning_points"}
    assert main(["review", str(path), "--playouts", "2", "--level", "beginner"]) == 0
    out = capsys.readouterr().out
    assert "Chance of winning after each round" in out and "Won by" in out
    path.write_text('{"format": "niagara-record/1", "players": ["red"]}')
    assert main(["review", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
