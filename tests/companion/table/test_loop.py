"""The game loop on its own: no Flask, a store in a temporary folder, a stand-in camera
whose observations the test chooses, and a recording stand-in for the lights."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import rules
from companion.actions import MoveRiver
from companion.errors import IllegalActionError, InvalidActionError
from companion.events import Event
from companion.game import Game
from companion.state import Canoe, GameState, Phase
from companion.table.camera import CameraReading, SyntheticCamera
from companion.table.errors import AccessError, ConflictError, NotFoundError
from companion.table.lights import LedSnapshot
from companion.table.loop import GameLoop, NewGame
from companion.table.store import GameStore
from vision.observation import Observation
from vision.synth import ground_truth

PLAYERS = ["red", "green", "yellow"]


class Board:
    """A camera whose observation is whatever the test puts in :attr:`seen` (a function
    of the game state the loop passes, so it can follow the game or not)."""

    name = "board"
    detector = None

    def __init__(self) -> None:
        self.seen: Callable[[GameState], Observation] = ground_truth
        self.problem: str | None = None

    def read(self, state: GameState | None) -> CameraReading | None:
        return None if state is None else CameraReading(self.seen(state))

    def frame(self) -> None:
        return None

    def jpeg(self) -> None:
        return None

    def close(self) -> None:
        pass


class Lights:
    """Records what the loop tells the lights."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def announce(self, *events: Event) -> None:
        self.calls.append(("announce", tuple(e.kind for e in events)))

    def turn(self, player: str | None) -> None:
        self.calls.append(("turn", player))

    def discrepancy(self, active: bool) -> None:
        self.calls.append(("discrepancy", active))

    def disc_confirmed(self) -> None:
        self.calls.append(("disc_confirmed", None))

    def snapshot(self) -> LedSnapshot:
        return {"calls": len(self.calls)}

    def add_listener(self, listener: Callable[[LedSnapshot], None]) -> None:
        pass

    def close(self) -> None:
        pass


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
                         camera_interval=3600)
    yield game_loop
    game_loop.close()


def choose(loop: GameLoop, game: NewGame, cards: dict[str, int | str]) -> None:
    for player, card in cards.items():
        loop.player_action(game.tokens[player], {"type": "choose", "card": card})


def test_a_new_game_is_on_the_table_with_one_secret_per_player(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS, first="green")
    assert loop.current == game.id
    assert loop.state(game.id).players == ("green", "yellow", "red")  # seating kept
    assert {loop.player_of(t) for t in game.tokens.values()} == {
        (game.id, p) for p in PLAYERS}
    assert len(set(game.tokens.values())) == 3
    with pytest.raises(AccessError, match="player link is not valid"):
        loop.player_of("guess")
    with pytest.raises(AccessError, match="Only the table"):
        loop.check_key(game.id, game.tokens["red"])
    with pytest.raises(NotFoundError):
        loop.public_view(game.id + 1)
    with pytest.raises(InvalidActionError, match="buoy"):
        loop.new_game(PLAYERS, first="blue")


def test_a_card_stays_secret_and_a_repeat_changes_nothing(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS)
    result = loop.player_action(game.tokens["red"], {"type": "choose", "card": 5})
    assert [e.kind for e in result.events] == ["card_locked"] and not result.repeated
    again = loop.player_action(game.tokens["red"], {"type": "choose", "card": 5})
    assert again.repeated and again.events == []
    other = loop.new_game(PLAYERS)  # the same game but for red's secret card
    loop.player_action(other.tokens["red"], {"type": "choose", "card": 1})

    def public(game_id: int) -> dict[str, Any]:
        view = loop.public_view(game_id)
        return {k: v for k, v in view.items() if k not in ("game", "current")}

    assert public(game.id) == public(other.id)
    assert loop.player_view(game.tokens["red"])["me"]["locked"] == 5
    assert loop.player_view(game.tokens["green"])["me"]["locked"] is None


def test_refusals_change_nothing(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS)
    choose(loop, game, {"red": 1})
    history = len(loop.game(game.id).history)
    with pytest.raises(IllegalActionError):
        loop.player_action(game.tokens["red"], {"type": "choose", "card": 2})
    with pytest.raises(AccessError, match="belongs to Green"):
        loop.player_action(game.tokens["green"], {"type": "choose", "card": 2,
                                                  "player": "red"})
    with pytest.raises(AccessError, match="from the table"):
        loop.player_action(game.tokens["green"], {"type": "river"})
    with pytest.raises(InvalidActionError):
        loop.player_action(game.tokens["green"], ["choose", 2])
    assert len(loop.game(game.id).history) == history


def test_undo_needs_the_version_the_table_saw(loop: GameLoop) -> None:
    game = loop.new_game(PLAYERS)
    choose(loop, game, {"red": 1})
    with pytest.raises(ConflictError):
        loop.undo(game.id, game.table_key, 0)
    text = loop.undo(game.id, game.table_key, 1)
    assert text == "Undone: Red's card choice was taken back: Red chooses again."
    assert "1" not in text.split(":")[1]  # the secret card is not named
    assert loop.game(game.id).history == []
    with pytest.raises(ConflictError):
        loop.undo(game.id, game.table_key, 1)  # the second tap of a double tap


def test_a_restarted_loop_resumes_the_game_and_its_links(store: GameStore) -> None:
    first = GameLoop(store)
    game = first.new_game(PLAYERS)
    choose(first, game, {"yellow": 4})
    first.close()
    second = GameLoop(store)
    assert second.current == game.id
    assert second.player_of(game.tokens["yellow"]) == (game.id, "yellow")
    assert second.player_view(game.tokens["yellow"])["me"]["locked"] == 4
    second.check_key(game.id, game.table_key)
    second.close()


def test_the_lights_follow_the_turns(loop: GameLoop, lights: Lights) -> None:
    game = loop.new_game(PLAYERS)
    lights.calls.clear()
    choose(loop, game, {"red": 2, "green": 3, "yellow": 4})
    assert ("turn", "red") in lights.calls
    for player in PLAYERS:
        option = loop.turn_options(game.tokens[player])["options"][0]["action"]
        loop.player_action(game.tokens[player], {k: v for k, v in option.items()
                                                 if k != "player"})
    assert loop.state(game.id).phase is Phase.RIVER
    assert ("announce", ("river_moved",)) in lights.calls  # the discs to push, lit


def test_the_camera_proposes_the_legal_turn_it_sees(loop: GameLoop, board: Board) -> None:
    game = loop.new_game(PLAYERS)
    choose(loop, game, {"red": 3, "green": 4, "yellow": 5})
    state = loop.state(game.id)
    target = next(r for r in rules.turn_results(state, "red", 3)
                  if any(c.at == "T3" for c in r.canoes))
    board.seen = lambda _state: ground_truth(target.state)
    loop.check_camera()
    view = loop.public_view(game.id)
    assert view["proposal"] == {
        "text": "The camera sees: Red's canoe paddles from the beach to T3."}
    assert view["problems"] == []
    loop.confirm_proposal(game.id, key=game.table_key)
    assert loop.state(game.id).canoes["red"] == target.state.canoes["red"]
    with pytest.raises(ConflictError):
        loop.confirm_proposal(game.id, key=game.table_key)


def test_an_illegal_move_on_the_board_is_explained(loop: GameLoop, board: Board,
                                                   lights: Lights) -> None:
    game = loop.new_game(PLAYERS)
    choose(loop, game, {"red": 3, "green": 4, "yellow": 5})
    state = loop.state(game.id)
    wrong = state.replace(canoes=state.canoes.set("red", (Canoe("T2"), Canoe("beach"))))
    board.seen = lambda _state: ground_truth(wrong)
    lights.calls.clear()
    loop.check_camera()
    view = loop.public_view(game.id)
    assert view["proposal"] is None
    kinds = {p["kind"]: p for p in view["problems"]}
    assert kinds["turn"]["text"] == ("Red played 3; its canoe moved from the beach to T2 without "
                                     "loading: only 2 points spent.")
    assert kinds["turn"]["fix"].startswith("Red: put the canoes back where they were")
    assert kinds["canoe"]["fix"] == "Move the red canoe from T2 to the beach."
    assert lights.calls == [("discrepancy", True)]
    # Another player's canoe out of place is not the turn of the player to play.
    misplaced = state.replace(canoes=state.canoes.set("green", (Canoe("T1"), Canoe("beach"))))
    board.seen = lambda _state: ground_truth(misplaced)
    loop.check_camera()
    assert [p["kind"] for p in loop.public_view(game.id)["problems"]] == ["canoe"]
    board.seen = ground_truth  # the canoe is put back
    loop.check_camera()
    assert loop.public_view(game.id)["problems"] == []
    assert lights.calls[-1] == ("discrepancy", False)


def test_the_camera_confirms_the_river_with_the_arms_it_sees(loop: GameLoop,
                                                             board: Board) -> None:
    game = loop.new_game(PLAYERS)
    choose(loop, game, {"red": 6, "green": 6, "yellow": 2})
    ends = {"red": "L1", "green": "R1", "yellow": "T2"}  # a canoe on each arm
    for player in PLAYERS:
        options = loop.turn_options(game.tokens[player])["options"]
        pick = next(o for o in options if [m["to"] for m in o["moves"]] == [ends[player]])
        loop.player_action(game.tokens[player], {k: v for k, v in pick["action"].items()
                                                 if k != "player"})
    before = loop.state(game.id)
    assert before.phase is Phase.RIVER and rules.river_discs(before) == 2
    arms = ("right", "right")  # a disc stuck right: green's canoe goes over the falls
    assert tuple(rules.predicted_arms(before)) != arms  # the camera, not the prediction
    after, _ = rules.apply(before, MoveRiver(arms))
    board.seen = lambda _state: ground_truth(after)
    loop.check_camera()
    now = loop.state(game.id)
    assert now.round == 2 and now.canoes == after.canoes
    last = loop.game(game.id).history[-1]
    assert isinstance(last, MoveRiver) and last.arms is not None
    assert rules.apply(before, last)[0].canoes == after.canoes


def to_the_river(loop: GameLoop) -> NewGame:
    """A game in phase 3 with two discs to push and a canoe on each arm."""
    game = loop.new_game(PLAYERS)
    choose(loop, game, {"red": 6, "green": 6, "yellow": 2})
    ends = {"red": "L1", "green": "R1", "yellow": "T2"}
    for player in PLAYERS:
        options = loop.turn_options(game.tokens[player])["options"]
        pick = next(o for o in options if [m["to"] for m in o["moves"]] == [ends[player]])
        loop.player_action(game.tokens[player], {k: v for k, v in pick["action"].items()
                                                 if k != "player"})
    return game


def test_the_table_is_shown_the_real_river_move_when_the_arms_surprise(
        loop: GameLoop) -> None:
    game = to_the_river(loop)
    before = loop.state(game.id)
    predicted = list(rules.predicted_arms(before))
    assert predicted == ["left", "right"]
    assert loop.public_view(game.id)["river_surprise"] is None
    loop.river_done(game.id, game.table_key, ["right", "right"])
    surprise = loop.public_view(game.id)["river_surprise"]
    assert surprise["arms"] == ["right", "right"] and surprise["predicted"] == predicted
    assert surprise["version"] == len(loop.game(game.id).history)
    # Both discs take the right arm: green's canoe (R1) goes over the falls with the
    # second, red's (L1) does not move (predicted: red's would have fallen).
    assert [f["fell"] for f in surprise["frames"]] == [[], ["green:0"]]
    assert surprise["frames"][1]["canoes"]["red:0"] == "L1"
    assert "other arms than expected" in surprise["text"]
    loop.undo(game.id, game.table_key, len(loop.game(game.id).history))
    assert loop.public_view(game.id)["river_surprise"] is None
    loop.river_done(game.id, game.table_key, predicted)  # as predicted: nothing to replay
    assert loop.public_view(game.id)["river_surprise"] is None
    loop.undo(game.id, game.table_key, len(loop.game(game.id).history))
    loop.river_done(game.id, game.table_key, ["right", "left"])
    assert loop.public_view(game.id)["river_surprise"] is not None
    loop.player_action(game.tokens["red"], {"type": "choose", "card": 1})  # next round
    assert loop.public_view(game.id)["river_surprise"] is None


def test_the_list_of_games_follows_games_the_store_has_forgotten(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3", games_in_memory=1) as store:
        loop = GameLoop(store)
        first = loop.new_game(PLAYERS)
        choose(loop, first, {"red": 1, "green": 2, "yellow": 3})
        second = loop.new_game(PLAYERS)
        listed = {g["id"]: g for g in loop.games()}
        assert listed[first.id]["phase"] == "actions" and listed[second.id]["phase"] == "choose"
        assert list(store._games) == [second.id] or list(store._games) == [first.id]
        loop.undo(first.id, first.table_key, 3)  # yellow's card back: choosing again
        assert {g["id"]: g["phase"] for g in loop.games()}[first.id] == "choose"
        loop.close()


def test_the_setup_check_uses_the_one_board_check(store: GameStore) -> None:
    camera = SyntheticCamera(push_delay=None)
    loop = GameLoop(store, camera=camera, camera_interval=3600)
    assert loop.setup_check()["text"] == "No picture from the camera yet."
    loop.new_game(PLAYERS)
    loop.check_camera()
    assert loop.setup_check()["ok"] is True
    camera.inject(("canoe_off", "green"), ("weather", 1))
    loop.check_camera()
    check = loop.setup_check()
    assert check["ok"] is False and check["text"] == "2 things to fix before starting."
    assert [p["fix"] for p in check["problems"]] == [
        "Move the green canoe from T1 to the beach.", "Put the cloud marker on 0."]
    loop.close()


def test_each_lost_canoe_is_bought_back_and_a_double_tap_buys_one(loop: GameLoop) -> None:
    import random

    from companion.playout import play_round

    game = loop.new_game(PLAYERS)
    rng = random.Random(0)  # seed 0: red loses both canoes holding violet and blue (round 9)
    while not all(c.lost for c in loop.state(game.id).canoes["red"]) or \
            loop.state(game.id).reserve_total("red") < 2:
        played = loop.game(game.id)
        before = len(played.history)
        scratch = Game(PLAYERS)
        for action in played.history:
            scratch.push(action)
        play_round(scratch, rng)
        for action in scratch.history[before:]:
            loop.store.append(game.id, action)
    red = game.tokens["red"]
    assert sorted(loop.player_view(red)["me"]["recover"]) == ["blue", "violet"]
    first = loop.player_action(red, {"type": "recover", "pay": "blue", "lost": 2})
    assert not first.repeated
    tap_again = loop.player_action(red, {"type": "recover", "pay": "blue", "lost": 2})
    assert tap_again.repeated  # the phone still showed two lost canoes: the same tap
    assert [c.at for c in loop.state(game.id).canoes["red"]].count("lost") == 1
    second = loop.player_action(red, {"type": "recover", "pay": "violet", "lost": 1})
    assert not second.repeated
    assert [c.at for c in loop.state(game.id).canoes["red"]] == ["beach", "beach"]
    with pytest.raises(InvalidActionError, match="'lost' must be"):
        loop.player_action(red, {"type": "recover", "pay": "violet", "lost": "2"})


def test_a_missing_camera_and_lights_are_shown_and_light_the_check_led(
        store: GameStore, board: Board, lights: Lights) -> None:
    board.problem = "No camera: no Raspberry Pi camera 0. The board is not watched."
    loop = GameLoop(store, announcer=lights, camera=board, camera_interval=3600,
                    lights_problem="No lights: the GPIO cannot be used.")
    game = loop.new_game(PLAYERS)
    assert ("discrepancy", True) in lights.calls
    hardware = loop.public_view(game.id)["hardware"]
    assert hardware == {"camera": {"name": "board", "problem": board.problem},
                        "lights": {"problem": "No lights: the GPIO cannot be used."}}
    board.problem = None  # the camera came back
    loop.check_camera()
    assert loop.public_view(game.id)["hardware"]["camera"]["problem"] is None
    assert lights.calls[-1] == ("discrepancy", False)
    loop.close()


def test_one_camera_check_at_a_time(store: GameStore) -> None:
    import threading
    import time

    class Slow(Board):
        def __init__(self) -> None:
            super().__init__()
            self.inside = 0
            self.overlaps = 0
            self.reads = 0

        def read(self, state: GameState | None) -> CameraReading | None:
            self.inside += 1
            self.overlaps += self.inside > 1
            time.sleep(0.02)
            self.reads += 1
            self.inside -= 1
            return super().read(state)

    camera = Slow()
    loop = GameLoop(store, camera=camera, camera_interval=3600)
    loop.new_game(PLAYERS)
    threads = [threading.Thread(target=loop.check_camera) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert camera.reads >= 4 and camera.overlaps == 0  # (the watcher thread reads too)
    loop.close()
