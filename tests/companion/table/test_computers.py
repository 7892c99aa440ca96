"""Computer seats, practice games, hints and the review in the game loop (no Flask): the
computers' thread is off, :meth:`GameLoop.play_computers` carries out what is due."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import partner, rules
from companion.actions import ChooseCard, Paddle, action_from_json
from companion.errors import InvalidActionError
from companion.partner.review import review as partner_review
from companion.state import Phase
from companion.table.computers import GameSettings, check_computers, instruction, task
from companion.table.errors import AccessError, BusyError, ConflictError
from companion.table.loop import GameLoop, NewGame
from companion.table.store import GameStore
from vision.synth import ground_truth

from .test_loop import Board, Lights

PLAYERS = ["red", "green", "yellow"]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore(tmp_path / "games.sqlite3") as games:
        yield games


@pytest.fixture
def board() -> Board:
    return Board()


@pytest.fixture
def lights() -> Lights:
    return Lights()


@pytest.fixture
def loop(store: GameStore, board: Board, lights: Lights) -> Iterator[GameLoop]:
    game_loop = GameLoop(store, announcer=lights, camera=board, settle=0.0,
                         camera_interval=3600, computer_thread=False)
    yield game_loop
    game_loop.close()


def lock(loop: GameLoop, game: NewGame, cards: dict[str, int | str]) -> None:
    for player, card in cards.items():
        loop.player_action(game.tokens[player], {"type": "choose", "card": card})


def play_option(loop: GameLoop, game: NewGame, player: str, index: int = 0) -> None:
    option = loop.turn_options(game.tokens[player])["options"][index]["action"]
    loop.player_action(game.tokens[player], {k: v for k, v in option.items()
                                             if k != "player"})


def test_seats_are_checked_in_plain_words() -> None:
    assert check_computers(PLAYERS, {"green": "medium", "red": "person"}) == {
        "green": "medium"}
    with pytest.raises(InvalidActionError, match="not one of the players"):
        check_computers(PLAYERS, {"blue": "medium"})
    with pytest.raises(InvalidActionError, match="must be one of beginner, medium, strong"):
        check_computers(PLAYERS, {"green": "grandmaster"})
    with pytest.raises(InvalidActionError, match="At least one seat must be a person"):
        check_computers(PLAYERS, dict.fromkeys(PLAYERS, "beginner"))
    with pytest.raises(InvalidActionError, match="'computers' must map"):
        check_computers(PLAYERS, ["green"])


def test_a_computer_seat_chooses_when_the_last_person_locks_in(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS, computers={"green": "medium"}, seed=2)
    assert sorted(game.tokens) == ["red", "yellow"]  # no phone for the computer
    assert loop.settings(game.id).computers == {"green": "medium"}
    lock(loop, game, {"red": 3})
    assert loop.play_computers(game.id) == 0  # yellow has not locked in: never earlier
    assert "green" not in loop.state(game.id).chosen
    assert "The computer players (Green) choose once" in loop.public_view(game.id)["banner"]
    before = loop.state(game.id)
    lock(loop, game, {"yellow": 5})
    assert loop.play_computers(game.id) == 1
    state = loop.state(game.id)
    assert state.phase is Phase.ACTIONS
    # Its choice is the partner's from its own seat: the same whatever the people chose.
    seed = loop.settings(game.id).seed
    for red, yellow in ((3, 5), (6, 1), ("cloud", 2)):
        other = before.replace(chosen=before.chosen.set("red", red).set("yellow", yellow))
        assert partner.choose(other, "green", level="medium", seed=seed).card == \
            state.chosen["green"]


def test_a_computer_turn_is_an_instruction_the_table_confirms(loop: GameLoop,
                                                              lights: Lights) -> None:
    game = loop.new_game(PLAYERS, computers={"red": "beginner"}, seed=3)  # red plays first
    lock(loop, game, {"green": 2, "yellow": 4})
    lights.calls.clear()
    loop.play_computers(game.id)
    state = loop.state(game.id)
    assert state.to_play == "red"
    assert ("turn", "red") in lights.calls  # the player LED, as for any turn
    view = loop.public_view(game.id)
    told = view["computer_turn"]
    expected = partner.play_turn(state, "red", level="beginner",
                                 seed=loop.settings(game.id).seed).action
    assert action_from_json(told["action"]) == expected
    assert told["text"].startswith("Red (computer): ")
    assert view["banner"].startswith("Phase 2: Red (computer) plays")
    assert "moves its canoes as shown" in view["banner"]
    assert loop.player_view(game.tokens["green"])["computer_turn"] == told
    assert loop.play_computers(game.id) == 0  # decided once: the table moves it now
    with pytest.raises(AccessError):
        loop.computer_done(game.id, game.tokens["green"], told["action"])
    other = {"type": "weather", "player": "red", "direction": "up"}
    with pytest.raises(ConflictError, match="has changed"):
        loop.computer_done(game.id, game.table_key, other)
    result = loop.computer_done(game.id, game.table_key, told["action"])
    assert not result.repeated and loop.game(game.id).history[-1] == expected
    assert loop.state(game.id).to_play == "green"
    assert loop.public_view(game.id)["computer_turn"] is None
    again = loop.computer_done(game.id, game.table_key, told["action"])  # a double tap
    assert again.repeated
    with pytest.raises(ConflictError, match="no computer move"):
        loop.computer_done(game.id, game.table_key)


def seen(result: rules.TurnResult) -> object:
    return ground_truth(result.state).to_json()


def to_a_computer_turn_with_choices(loop: GameLoop, game: NewGame, computer: str
                                    ) -> list[rules.TurnResult]:
    """Play on (the people: their highest card and first option; the river as
    predicted) until the computer's turn offers moves the camera can tell apart."""
    people = [p for p in PLAYERS if p != computer]
    for _ in range(200):
        state = loop.state(game.id)
        if state.phase is Phase.CHOOSE:
            lock(loop, game, {p: max(state.hands[p], key=lambda c: 0 if c == "cloud"
                                     else int(c)) for p in people})
            loop.play_computers(game.id)
        elif state.phase is Phase.ACTIONS and state.to_play == computer:
            results = rules.turn_results(state, computer, state.chosen[computer])
            if len({json.dumps(seen(r), sort_keys=True) for r in results}) > 1:
                return results
            loop.computer_done(game.id, game.table_key)
            loop.play_computers(game.id)
        elif state.phase is Phase.ACTIONS:
            assert state.to_play is not None
            play_option(loop, game, state.to_play)
            loop.play_computers(game.id)
        else:
            assert state.phase is Phase.RIVER
            loop.river_done(game.id, game.table_key)
    raise AssertionError("the computer never had a choice of moves")


def test_the_camera_checks_the_computers_move(loop: GameLoop, board: Board) -> None:
    game = loop.new_game(PLAYERS, computers={"red": "strong"}, seed=4)
    board.seen = lambda _s: ground_truth(loop.state(game.id))
    results = to_a_computer_turn_with_choices(loop, game, "red")
    told = action_from_json(loop.public_view(game.id)["computer_turn"]["action"])
    mine = next(r for r in results if r.action == told)
    other = next(r for r in results if seen(r) != seen(mine))
    # Another legal move on the board: a difference from the computer's move, with fixes.
    board.seen = lambda _s: ground_truth(other.state)
    loop.check_camera()
    view = loop.public_view(game.id)
    assert view["proposal"] is None
    lead = view["problems"][0]
    assert lead["kind"] == "turn" and "another move for Red (computer)" in lead["text"]
    assert lead["fix"] == view["computer_turn"]["text"]
    assert any(p["kind"] == "canoe" and p["fix"].startswith("Move the red canoe")
               for p in view["problems"][1:])
    # The computer's own move: proposed, and the table confirms it.
    board.seen = lambda _s: ground_truth(mine.state)
    loop.check_camera()
    view = loop.public_view(game.id)
    assert view["problems"] == []
    assert view["proposal"]["text"].startswith("The camera sees the computer's move: Red")
    loop.confirm_proposal(game.id, key=game.table_key)
    assert loop.game(game.id).history[-1] == told


def test_undo_takes_back_the_computers_cards_with_the_persons(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS, computers={"green": "beginner", "yellow": "medium"})
    lock(loop, game, {"red": 4})
    loop.play_computers(game.id)
    history = loop.game(game.id).history
    assert [a.player for a in history if isinstance(a, ChooseCard)] == [
        "red", "green", "yellow"]
    view = loop.public_view(game.id)
    assert view["undo"] == ("Red's secret card for round 1 (Red chooses again) and the "
                            "computer players' cards")
    text = loop.undo(game.id, game.table_key, len(history))
    assert "the computer players choose again" in text
    assert loop.game(game.id).history == []
    assert loop.play_computers(game.id) == 0


def test_seats_survive_a_restart_and_a_pending_choice_is_made(store: GameStore) -> None:
    first = GameLoop(store, computer_thread=False)
    game = first.new_game(PLAYERS, computers={"yellow": "beginner"}, hints=False)
    lock(first, game, {"red": 1, "green": 6})
    first.close()  # stopped before the computer chose
    second = GameLoop(store, computer_thread=False)
    assert second.settings(game.id) == GameSettings({"yellow": "beginner"}, hints=False,
                                                    seed=second.settings(game.id).seed)
    assert second.play_computers(game.id) == 1
    assert "yellow" in second.state(game.id).chosen
    second.close()


def test_a_game_stored_before_seats_existed_reads_as_people_only(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with GameStore(path) as store:
        game_id = store.create(PLAYERS, None, {"tokens": {"red": "r" * 22}})
    with sqlite3.connect(path) as db:
        assert json.loads(db.execute("SELECT meta FROM games").fetchone()[0]) == {
            "tokens": {"red": "r" * 22}}
    with GameStore(path) as store:
        loop = GameLoop(store, computer_thread=False)
        assert loop.settings(game_id) == GameSettings()
        assert loop.public_view(game_id)["seats"] == {"computers": {}, "hints": True,
                                                      "practice": False}
        assert loop.current == game_id
        loop.close()


def test_a_practice_game_plays_itself_around_the_person(loop: GameLoop,
                                                        lights: Lights) -> None:
    table = loop.new_game(PLAYERS)
    lights.calls.clear()
    game = loop.new_practice(["blue", "red", "green"], {"red": "beginner",
                                                        "green": "beginner"}, seed=5)
    assert loop.current == table.id  # never the game on the table
    assert lights.calls == []        # nor its lights
    with pytest.raises(ConflictError, match="practice game"):
        loop.make_current(game.id)
    assert sorted(game.tokens) == ["blue"]
    token = game.tokens["blue"]
    rounds = 0
    while loop.state(game.id).phase is not Phase.OVER:
        state = loop.state(game.id)
        if state.phase is Phase.CHOOSE and "blue" not in state.chosen:
            card = min(state.hands["blue"], key=lambda c: 7 if c == "cloud" else int(c))
            loop.player_action(token, {"type": "choose", "card": card})
            rounds += 1
        elif state.to_play == "blue":
            play_option(loop, game, "blue", -1)
        else:
            assert loop.play_computers(game.id) >= 1
        assert rounds < 60
    assert loop.public_view(game.id)["summary"] is not None
    assert lights.calls == []
    assert loop.current == table.id


def test_practice_games_are_capped_and_expire(store: GameStore) -> None:
    loop = GameLoop(store, computer_thread=False, practice_limit=2, practice_hours=1)
    first = loop.new_practice(PLAYERS, {"green": "beginner", "yellow": "beginner"})
    loop.new_practice(PLAYERS, {"green": "beginner", "yellow": "beginner"})
    with pytest.raises(BusyError, match="2 practice games are under way") as refused:
        loop.new_practice(PLAYERS, {"green": "beginner", "yellow": "beginner"})
    assert refused.value.status == 429
    with pytest.raises(InvalidActionError, match="at least one computer"):
        loop.new_practice(PLAYERS, {})
    # One left untouched for more than an hour is removed when another starts.
    old = "2000-01-01T00:00:00+00:00"
    store._db.execute("UPDATE games SET created = ? WHERE id = ?", (old, first.id))
    third = loop.new_practice(PLAYERS, {"green": "beginner", "yellow": "beginner"})
    assert [g["id"] for g in loop.games()] == [third.id, first.id + 1]
    with pytest.raises(AccessError):
        loop.player_of(first.tokens["red"])
    loop.close()


def test_hints_from_the_players_seat_only(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS, seed=6)
    answer = loop.hints(game.tokens["red"])
    assert answer["phase"] == "choose" and 2 <= len(answer["hints"]) <= 3
    assert all(h["text"].startswith("Red: ") and h["reason"] for h in answer["hints"])
    lock(loop, game, {"red": 2})
    with pytest.raises(ConflictError, match="No hint now: Red has already chosen"):
        loop.hints(game.tokens["red"])
    # Green's hints are the same whatever card red locked in.
    seen = loop.hints(game.tokens["green"])
    other = loop.new_game(PLAYERS, seed=6)
    lock(loop, other, {"red": 6})
    assert loop.hints(other.tokens["green"]) == seen
    quiet = loop.new_game(PLAYERS, hints=False)
    with pytest.raises(ConflictError, match="Hints are switched off"):
        loop.hints(quiet.tokens["red"])


def test_a_turn_hint_names_an_option_of_the_phone(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS, seed=7)
    lock(loop, game, {"red": 4, "green": 3, "yellow": 5})
    answer = loop.hints(game.tokens["red"])
    assert answer["phase"] == "turn"
    options = [o["action"] for o in loop.turn_options(game.tokens["red"])["options"]]
    assert all(h["action"] in options for h in answer["hints"])


def test_the_review_is_for_a_finished_game(loop: GameLoop,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    game = loop.new_practice(PLAYERS, {"green": "beginner", "yellow": "beginner"}, seed=8)
    with pytest.raises(ConflictError, match="once the game is over"):
        loop.review(game.id)
    loop.end_game(game.id)
    review = loop.review(game.id)
    assert review["players"] == PLAYERS and review["rounds"][0]["round"] == 0
    assert loop.review(game.id) is review  # kept
    # While one review is worked out, another is refused at once (nobody waits).
    started, finish = threading.Event(), threading.Event()

    def slow_review(game: Any, seed: int) -> Any:
        started.set()
        finish.wait(10)
        return partner_review(game, seed=seed, playouts=1, horizon=1)

    monkeypatch.setattr("companion.table.loop.partner_review", slow_review)
    others = []
    for seed in (9, 10):
        other = loop.new_practice(PLAYERS, {"green": "beginner", "yellow": "beginner"},
                                  seed=seed)
        loop.end_game(other.id)
        others.append(other.id)
    worker = threading.Thread(target=loop.review, args=(others[0],))
    worker.start()
    assert started.wait(10)
    try:
        with pytest.raises(BusyError, match="reviewing a game already") as busy:
            loop.review(others[1])
        assert busy.value.status == 503
        assert loop.review(game.id) is review  # a kept one is still answered
    finally:
        finish.set()
        worker.join(10)
    assert loop.review(others[0])["players"] == PLAYERS


def test_the_instruction_for_a_cloud(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS, computers={"red": "beginner"})
    state = loop.state(game.id)
    settings = loop.settings(game.id)
    for p, c in (("red", "cloud"), ("green", 2), ("yellow", 3)):
        state, _ = rules.apply(state, ChooseCard(p, c))
    action = rules.turn_results(state, "red", "cloud")[0].action
    assert not isinstance(action, Paddle)
    assert instruction(state, action, settings) == (
        f"Red (computer) played the cloud: move the weather marker {action.direction}, "
        f"to {1 if action.direction == 'up' else -1:+d}.")
    assert task(state, settings) is not None

