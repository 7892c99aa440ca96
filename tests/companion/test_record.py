"""Game records: replay, errors with round and player, round trips, and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.actions import Recover
from companion.cli import main
from companion.game import Game
from companion.playout import random_game
from companion.record import FORMAT, load, replay, summary_json, to_record
from companion.state import Options, Phase

ISSUE_SAMPLE: dict[str, Any] = {
    "format": "niagara-record/1",
    "players": ["red", "green", "yellow"],
    "options": {"diamanten_joe": False, "tie_break": False},
    "rounds": [{
        "recover": {"green": "violet"},
        "cards": {"red": 3, "green": "cloud", "yellow": 1},
        "turns": [
            {"player": "red", "canoes": [{"from": "beach", "steps": ["down 1", "load violet"]}]},
            {"player": "green", "weather": "up"},
            {"player": "yellow", "canoes": [{"from": "beach", "steps": ["down 1"]}]},
        ],
        "fork": ["left"],
    }],
}


def legal_round() -> dict[str, Any]:
    return {
        "format": FORMAT,
        "players": ["red", "green", "yellow"],
        "options": {"diamanten_joe": False, "tie_break": False},
        "rounds": [{
            "cards": {"red": 3, "green": "cloud", "yellow": 1},
            "turns": [
                {"player": "red", "canoes": [{"from": "beach", "steps": ["down 3"]}]},
                {"player": "green", "weather": "up"},
                {"player": "yellow", "canoes": [{"from": "beach", "steps": ["down 1"]}]},
            ],
            "fork": ["left", "right"],
        }],
    }


def test_a_legal_round_replays() -> None:
    result = replay(legal_round())
    assert result.ok and result.game is not None
    state = result.game.state
    # lowest card 1 + weather 1 = 2 discs: red T3 -> T5, yellow T1 -> T3.
    assert state.round == 2 and state.weather == 1 and state.first_player == "green"
    assert [c.at for c in state.canoes["red"]] == ["T5", "beach"]
    assert [c.at for c in state.canoes["yellow"]] == ["T3", "beach"]
    assert state.next_fork == "left"


def test_the_issue_sample_is_refused_where_it_breaks_a_rule() -> None:
    result = replay(ISSUE_SAMPLE)
    assert not result.ok and result.error is not None
    # Green lost no canoe: the buy-back is refused first, naming round and player.
    assert (result.error.round, result.error.player) == (1, "green")
    assert "nothing to buy back" in result.error.message
    fixed = json.loads(json.dumps(ISSUE_SAMPLE))
    del fixed["rounds"][0]["recover"]
    result = replay(fixed)
    assert result.error is not None and result.error.player == "red"
    assert "no deposit beside T1" in result.error.message
    assert result.error_state is not None and result.error_state.to_play == "red"


@pytest.mark.parametrize(("mutate", "round_", "player", "phrase"), [
    (lambda r: r.update(players=["red", "purple", "yellow"]), None, None, "not a player colour"),
    (lambda r: r.update(format="other/2"), None, None, "unknown record format"),
    (lambda r: r["options"].update(flussgeister=True), None, None, "unknown option"),
    (lambda r: r["rounds"][0]["cards"].update(red=9), 1, "red", "not a paddle card"),
    (lambda r: r["rounds"][0]["cards"].pop("green"), 1, "green", "no card for green"),
    (lambda r: r["rounds"][0]["cards"].update(blue=2), 1, "blue", "not playing"),
    (lambda r: r["rounds"][0]["turns"][0].update(player="green"), 1, "green", "Red's turn"),
    (lambda r: r["rounds"][0]["turns"][0]["canoes"][0].update(steps=["fly 3"]), 1, "red",
     "is not a step"),
    (lambda r: r["rounds"][0]["turns"][0]["canoes"][0].update({"from": "T9"}), 1, "red",
     "'from' must be"),
    (lambda r: r["rounds"][0]["turns"][2]["canoes"][0].update({"from": "T2"}), 1, "yellow",
     "no canoe on T2"),
    (lambda r: r["rounds"][0].update(fork=["left"]), 1, None, "2 discs"),
    (lambda r: r["rounds"][0].update(fork=["up", "down"]), 1, None, "not an arm"),
    (lambda r: r["rounds"].append("nonsense"), 2, None, "a round must be an object"),
])
def test_bad_records_name_round_player_and_rule(mutate: Any, round_: int | None,
                                                player: str | None, phrase: str) -> None:
    record = legal_round()
    mutate(record)
    result = replay(record)
    assert not result.ok and result.error is not None
    assert (result.error.round, result.error.player) == (round_, player)
    assert phrase in result.error.message


@pytest.mark.parametrize("seed", [3, 11])
def test_records_round_trip(seed: int) -> None:
    game = random_game(["red", "green", "yellow", "blue"], seed,
                       Options(diamanten_joe=seed == 11))
    record = to_record(game)
    again = replay(json.loads(json.dumps(record)))
    assert again.ok and again.game is not None
    assert again.game.state == game.state
    assert to_record(again.game) == record


def test_partial_last_round() -> None:
    record = legal_round()
    record["rounds"].append({"cards": {"red": 4, "green": 2, "yellow": 5}, "turns": [
        {"player": "green", "canoes": [{"from": "beach", "steps": ["down 2"]}]}]})
    result = replay(record)
    assert result.ok and result.game is not None
    assert result.game.state.to_play == "yellow" and result.game.state.round == 2


# -- the command line ------------------------------------------------------------------


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(legal_round()))
    code, out, _ = run(["replay", str(path), "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["ok", "round", "weather", "first_player", "next_fork", "canoes", "joe",
                          "reserves", "deposits", "hands", "winners", "events"]
    assert data["ok"] is True and data["round"] == 2 and data["joe"] is None
    assert data["canoes"]["red"] == [{"at": "T5", "gem": None}, {"at": "beach", "gem": None}]
    assert data["hands"]["red"] == [1, 2, 4, 5, 6, "cloud"]
    assert data["deposits"]["violet"] == {"violet": 7}
    assert data["events"][0] == {"kind": "card_locked", "player": "red",
                                 "text": "Red has chosen a paddle card."}


def test_replay_error_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(ISSUE_SAMPLE))
    code, out, _ = run(["replay", str(path), "--json"], capsys)
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False
    assert data["error"]["round"] == 1 and data["error"]["player"] == "green"
    assert data["state"]["round"] == 1


@pytest.mark.parametrize(("content", "phrase"), [
    (b"", "not valid JSON"),
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"[1, 2]", "must be a JSON object"),
])
def test_replay_bad_files_no_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       content: bytes, phrase: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    code, _, err = run(["replay", str(path)], capsys)
    assert code == 1 and phrase in err and "Traceback" not in err


def test_replay_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["replay", "/nonexistent/game.json"], capsys)
    assert code == 1 and "cannot read" in err


def test_replay_text_and_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(legal_round()))
    code, out, _ = run(["replay", str(path)], capsys)
    assert code == 0 and "Round 2" in out and "green holds the buoy" in out
    code, out, _ = run(["rules"], capsys)
    assert code == 0 and "river" in out.lower() and "steal" in out.lower()


def test_bundled_sample_replays() -> None:
    sample = Path(__file__).parents[2] / "companion" / "data" / "sample-game.json"
    result = load(sample)
    assert result.ok and result.game is not None and result.game.state.winners


def test_python_dash_m() -> None:
    done = subprocess.run([sys.executable, "-m", "companion", "rules"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "Niagara" in done.stdout


def _two_canoes_lost_with_two_gems() -> Game:
    """A seeded random game up to the start of the first round where a player has lost
    both canoes and holds at least two gems (seed 0: red, round 9, violet and blue)."""
    import random

    from companion.playout import play_round

    rng = random.Random(0)
    game = Game(["red", "green", "yellow"])
    while not any(all(c.lost for c in game.state.canoes[p])
                  and game.state.reserve_total(p) >= 2 for p in game.state.players):
        assert game.state.phase is not Phase.OVER
        play_round(game, rng)
    return game


def test_two_buy_backs_in_one_round_replay_through_the_cli(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from companion.playout import play_round

    game = _two_canoes_lost_with_two_gems()
    player = next(p for p in game.state.players if all(c.lost for c in game.state.canoes[p]))
    paid = sorted(game.state.reserves[player])[:2]
    for gem in paid:
        game.push(Recover(player, gem))
    assert [c.at for c in game.state.canoes[player]] == ["beach", "beach"]
    play_round(game, random.Random(1))
    record = to_record(game)
    bought = [r["recover"] for r in record["rounds"] if "recover" in r]
    assert bought[-1][player] == paid  # the list form, in the order paid
    path = tmp_path / "two-buy-backs.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = run(["replay", str(path), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["ok"] is True
    back = [e for e in data["events"] if e["kind"] == "canoe_bought_back"
            and e["player"] == player]
    assert [e["paid"] for e in back][-2:] == paid
    assert data == summary_json(replay(record).game)


def test_a_single_buy_back_keeps_the_single_value_form() -> None:
    game = _two_canoes_lost_with_two_gems()
    player = next(p for p in game.state.players if all(c.lost for c in game.state.canoes[p]))
    gem = sorted(game.state.reserves[player])[0]
    game.push(Recover(player, gem))
    assert to_record(game)["rounds"][-1]["recover"] == {player: gem}
    record = to_record(game)
    record["rounds"][-1]["recover"] = {player: [gem, "black"]}
    result = replay(record)
    assert result.error is not None and "'black' is not a gem colour" in str(result.error)
