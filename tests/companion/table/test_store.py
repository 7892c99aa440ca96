"""The game store: append-only log, undo, restart, and a writer killed mid-game."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.actions import ChooseCard, Weather
from companion.errors import IllegalActionError, InvalidActionError
from companion.playout import random_game
from companion.table.store import GameStore, StoreError, default_path


def test_append_reopen_undo(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        game_id = store.create(["red", "green", "yellow"], meta={"name": "Friday"})
        store.append(game_id, ChooseCard("red", 4))
        store.append(game_id, ChooseCard("green", "cloud"))
    with GameStore(db) as store:
        game = store.game(game_id)
        assert game.history == [ChooseCard("red", 4), ChooseCard("green", "cloud")]
        assert store.undo(game_id) == ChooseCard("green", "cloud")
        assert store.meta(game_id) == {"name": "Friday"}
    with GameStore(db) as store:
        assert store.game(game_id).history == [ChooseCard("red", 4)]
        assert store.games()[0].actions == 1
        assert store.latest_unfinished() == game_id


def test_only_the_recently_used_games_stay_in_memory(tmp_path: Path) -> None:
    """A long evening of games does not grow the service: beyond the limit the least
    recently used game is forgotten and replayed from the log, the same, when asked for."""
    with GameStore(tmp_path / "games.sqlite3", games_in_memory=2) as store:
        played = {}
        for seed in range(4):
            game = random_game(["red", "green", "yellow"], seed=seed, max_rounds=3)
            game_id = store.create(game.start.players)
            for action in game.history:
                store.append(game_id, action)
            played[game_id] = game
        assert len(store._games) == 2  # the two newest
        first = min(played)
        assert first not in store._games
        again = store.game(first)  # replayed from the log
        assert again.history == played[first].history
        assert again.state == played[first].state
        assert list(store._games)[-1] == first and len(store._games) == 2
        assert store.game(first) is again  # kept while it is in use
        undone = store.undo(first)  # changes the game in memory and the log together
        assert undone == played[first].history[-1]
        assert again.history == played[first].history[:-1]


def test_only_the_game_in_use_keeps_its_states(tmp_path: Path) -> None:
    """A game the store keeps but nobody plays holds its history and current state, not
    every state between (about half its memory); an undo there rebuilds them, the same."""
    with GameStore(tmp_path / "games.sqlite3", games_in_memory=3) as store:
        played = {}
        for seed in range(5):
            game = random_game(["red", "green", "yellow"], seed=seed, max_rounds=3)
            game_id = store.create(game.start.players)
            for action in game.history:
                store.append(game_id, action)
            played[game_id] = game
        newest = max(played)
        assert len(store._games) == 3
        assert {g: len(store._games[g]._states) for g in store._games} == {
            g: len(played[g].history) + 1 if g == newest else 1 for g in store._games}
        older = next(iter(store._games))
        assert store.undo(older) == played[older].pop()  # rebuilt from the start
        assert store.game(older).state == played[older].state
        assert len(store._games[newest]._states) == 1  # now the one before in use


def test_wal_mode(tmp_path: Path) -> None:
    with GameStore(tmp_path / "g.sqlite3") as store:
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_illegal_actions_are_not_stored(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        game_id = store.create(["red", "green", "yellow"])
        store.append(game_id, ChooseCard("red", 4))
        with pytest.raises(IllegalActionError):
            store.append(game_id, ChooseCard("red", 5))
        with pytest.raises(IllegalActionError):
            store.append(game_id, Weather("red", "up"))
        assert len(store.game(game_id).history) == 1
    with GameStore(db) as store:
        assert len(store.game(game_id).history) == 1


def test_bad_games_and_bad_rows(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        with pytest.raises(StoreError, match="no game 42"):
            store.game(42)
        with pytest.raises(InvalidActionError):
            store.create(["red", "red", "green"])
        game_id = store.create(["red", "green", "yellow"])
        with pytest.raises(StoreError, match="nothing to undo"):
            store.undo(game_id)
    raw = sqlite3.connect(db)
    raw.execute("INSERT INTO actions VALUES (?, 1, ?, 'now')", (game_id, '{"type": "dance"}'))
    raw.commit()
    raw.close()
    with GameStore(db) as store, pytest.raises(StoreError, match="action 1 cannot be replayed"):
        store.game(game_id)


def test_not_a_database(tmp_path: Path) -> None:
    bad = tmp_path / "games.sqlite3"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="cannot open the game store"):
        GameStore(bad)


def test_default_path_is_in_user_data_dir() -> None:
    assert default_path().name == "games.sqlite3"
    assert "niagara-companion" in str(default_path())


WRITER = """
import sys
from companion.playout import random_game
from companion.table.store import GameStore
game = random_game(["red", "green", "yellow", "blue"], seed=int(sys.argv[2]))
store = GameStore(sys.argv[1])
game_id = store.create(game.start.players)
print(game_id, flush=True)
for n, action in enumerate(game.history, start=1):
    store.append(game_id, action)
    print(n, flush=True)
"""


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 17])
def test_sigkill_mid_game_keeps_every_committed_action(tmp_path: Path, seed: int) -> None:
    db = tmp_path / "games.sqlite3"
    expected = random_game(["red", "green", "yellow", "blue"], seed=seed)
    assert len(expected.history) > 200
    rng = random.Random(seed)
    stop_after = rng.randint(40, len(expected.history) - 10)
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(seed)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    game_id = int(proc.stdout.readline())
    acknowledged = 0
    deadline = time.monotonic() + 60
    while acknowledged < stop_after and time.monotonic() < deadline:
        acknowledged = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)  # the plug is pulled, mid-write or between writes
    proc.wait()
    with GameStore(db) as store:
        game = store.game(game_id)
    stored = len(game.history)
    # Everything acknowledged is there; at most the one action in flight also landed.
    assert acknowledged <= stored <= acknowledged + 1 + _unread(proc)
    assert game.history == expected.history[:stored]
    replayed = random_game(["red", "green", "yellow", "blue"], seed=seed)
    for _ in range(len(replayed.history) - stored):
        replayed.pop()
    assert game.state == replayed.state
    assert json.dumps(game.state.to_json(), sort_keys=True) == \
        json.dumps(replayed.state.to_json(), sort_keys=True)


def _unread(proc: subprocess.Popen[str]) -> int:
    """Lines the writer printed that this test had not read yet when it pulled the plug."""
    assert proc.stdout is not None
    return len(proc.stdout.read().split())
