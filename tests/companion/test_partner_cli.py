"""``suggest`` and ``selfplay``: their JSON shapes, and one line with exit 1 for every
mistake; records of a game in progress whose last round hides the secret cards."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.playout import random_game
from companion.record import replay, to_record

PLAYERS = ["red", "green", "yellow"]


@functools.lru_cache(maxsize=4)
def _record_text(seed: int) -> str:
    return json.dumps(to_record(random_game(PLAYERS, seed=seed)))


def game_record(seed: int = 5) -> dict[str, Any]:
    """The record of a random game (a fresh copy each time)."""
    data: dict[str, Any] = json.loads(_record_text(seed))
    return data


def in_progress(rounds_done: int, turns: int | None, seed: int = 5,
                extra_cards: tuple[str, ...] = ()) -> tuple[dict[str, Any], list[str]]:
    """The record cut after ``rounds_done`` rounds, then the next round in phase 1
    (``turns`` None) or in phase 2 after ``turns`` turns; and that round's turn order."""
    record = game_record(seed)
    rounds = record["rounds"]
    nxt = rounds[rounds_done]
    order = [t["player"] for t in nxt["turns"]]
    if turns is None:
        last: dict[str, Any] = {}
    else:
        shown = order[:turns + 1] + list(extra_cards)
        last = {"cards": {p: nxt["cards"][p] for p in shown}, "turns": nxt["turns"][:turns]}
        if "recover" in nxt:
            last = {"recover": nxt["recover"], **last}
    return {**record, "rounds": [*rounds[:rounds_done], last]}, order


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: object,
        *args: str) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    code = main(["suggest", str(path), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_suggest_in_phase_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = in_progress(3, None)
    for player in PLAYERS:
        code, out, err = run(tmp_path, capsys, record, "--player", player, "--json")
        assert code == 0, err
        data = json.loads(out)
        assert set(data) == {"phase", "card", "recover"} and data["phase"] == "choose"
        before = replay({**record, "rounds": record["rounds"][:-1]})
        assert before.game is not None
        assert data["card"] in before.game.state.hands[player]


def test_suggest_in_phase_two_gives_a_record_turn(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    full = game_record()
    for turns in range(3):
        record, order = in_progress(4, turns)
        player = order[turns]
        code, out, err = run(tmp_path, capsys, record, "--player", player, "--json",
                             "--level", "beginner", "--seed", "3")
        assert code == 0, err
        data = json.loads(out)
        assert data["phase"] == "turn" and data["turn"]["player"] == player
        # The turn is exactly a record turn entry: the round with it (and the real cards)
        # replays.
        real = full["rounds"][4]
        last = {**record["rounds"][-1], "cards": real["cards"],
                "turns": [*record["rounds"][-1]["turns"], data["turn"]]}
        assert replay({**record, "rounds": [*record["rounds"][:-1], last]}).ok


def test_suggest_is_the_same_whatever_the_unrevealed_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, order = in_progress(4, 0)
    _, plain, _ = run(tmp_path, capsys, record, "--player", order[0], "--json")
    told, _ = in_progress(4, 0, extra_cards=tuple(order[1:]))
    _, with_cards, _ = run(tmp_path, capsys, told, "--player", order[0], "--json")
    assert plain == with_cards


def test_suggest_plain_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = in_progress(2, None)
    code, out, _ = run(tmp_path, capsys, record, "--player", "green")
    assert code == 0 and out.startswith("Green: ") and "choose the" in out


@pytest.mark.parametrize(("make", "said"), [
    (lambda: in_progress(4, 1), "turn (phase 2), not"),
    (lambda: ("{", []), "not valid JSON"),
    (lambda: ({"format": "niagara-record/1", "players": PLAYERS,
               "rounds": [{"cards": {"red": 9}, "turns": []}]}, []), "9"),
    (lambda: ({**in_progress(4, 1)[0], "rounds": [*in_progress(4, 1)[0]["rounds"][:-1],
                                                    {"turns": [{"player": "red"}]}]}, []),
     "turns but no cards"),
])
def test_suggest_refuses_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     make: Any, said: str) -> None:
    record, order = make()
    player = "red" if not order else order[0]  # in phase 2 after one turn: not order[0]'s
    code, out, err = run(tmp_path, capsys, record, "--player", player, "--json")
    assert code == 1 and out == ""
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_suggest_names_a_revealed_card_that_is_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, order = in_progress(4, 1)
    del record["rounds"][-1]["cards"][order[1]]
    code, _, err = run(tmp_path, capsys, record, "--player", order[1])
    assert code == 1 and f"no card for {order[1]}" in err and err.count("\n") == 1


def test_suggest_for_someone_not_playing(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    record, _ = in_progress(1, None)
    code, _, err = run(tmp_path, capsys, record, "--player", "brown")
    assert code == 1 and "not playing" in err and err.count("\n") == 1


def test_unfinished_records_list_the_hidden_cards() -> None:
    record, order = in_progress(4, 1)
    result = replay(record, unfinished=True)
    assert result.ok and result.hidden == frozenset({order[2]})
    assert not replay(record).ok  # the ordinary replay still wants every card
    phase1, _ = in_progress(4, None)
    result = replay(phase1, unfinished=True)
    assert result.ok and result.hidden == frozenset(PLAYERS)
    assert result.game is not None and result.game.state.phase.value == "choose"


# -- selfplay -----------------------------------------------------------------------------


def test_selfplay_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["selfplay", "--players", "red:strong,green:beginner,blue:greedy",
                 "--games", "2", "--seed", "4", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 2 and [s["player"] for s in data["seats"]] == \
        ["red", "green", "blue"]
    for seat in data["seats"]:
        low, high = seat["ci95"]
        assert 0 <= low <= seat["rate"] <= high <= 1 and seat["games"] == 2
    assert sum(s["wins"] for s in data["seats"]) >= 2 - data["unfinished"]


def test_selfplay_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--players", "red:beginner,green:greedy,blue:greedy",
                 "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "shared win counts as a win for each" in out


@pytest.mark.parametrize(("players", "said"), [
    ("red:strong,green:strong", "3 to 5 players"),
    ("red:strong,green:genius,blue:strong", "'genius' is not a kind"),
    ("red:strong,red:greedy,blue:strong", "two seats"),
    ("red,green,blue", "colour:kind"),
    ("pink:strong,green:greedy,blue:strong", "not a player colour"),
])
def test_selfplay_refuses_in_one_line(capsys: pytest.CaptureFixture[str], players: str,
                                      said: str) -> None:
    assert main(["selfplay", "--players", players, "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def test_selfplay_needs_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--players", "red:strong,green:greedy,blue:greedy",
                 "--games", "0"]) == 1
    assert "--games" in capsys.readouterr().err
