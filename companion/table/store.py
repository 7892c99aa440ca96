"""The game store: every game an append-only log of actions in SQLite.

A companion on a Raspberry Pi gets unplugged. The store keeps each game as the list of
actions applied to it; the state is the replay of that list, so whatever was committed
before the plug was pulled comes back exactly. SQLite runs in WAL mode with
``synchronous=FULL``: an action is on disk when :meth:`GameStore.append` returns.

When the storage cannot write (a full disk, read-only storage, a failing card), every
write raises :class:`~companion.table.errors.StorageError` with a plain message and
changes nothing, in the file or in memory; reads keep working, and writes work again by
themselves once the storage can write (no restart).

>>> import tempfile, os
>>> from companion.actions import ChooseCard
>>> path = os.path.join(tempfile.mkdtemp(), "games.sqlite3")
>>> with GameStore(path) as store:
...     game_id = store.create(["red", "green", "yellow"])
...     _ = store.append(game_id, ChooseCard("red", 4))
>>> with GameStore(path) as store:
...     store.game(game_id).history
[ChooseCard(player='red', card=4)]
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.actions import Action, action_from_json
from companion.errors import IllegalActionError, InvalidActionError, NiagaraError
from companion.events import Event
from companion.game import Game
from companion.state import Options, Phase
from companion.table.errors import StorageError
from companion.text import N_

GAMES_IN_MEMORY = 4
"""Games kept replayed in memory, the most recently used; the others are replayed from
the log when asked for again (a long evening of games must not grow the service). Four:
the current game and the last few looked at; a finished game of ~400 actions holds about
0.3 MB, and replaying one from the log takes a few milliseconds."""

PAGE_CACHE_KIB = 512
"""SQLite's page cache for the connection (``PRAGMA cache_size``), in KiB: SQLite's
default, 2 MB, fills as an evening's log grows; the service reads only the current game's
rows, which a quarter of it holds."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    created  TEXT NOT NULL,
    players  TEXT NOT NULL,
    options  TEXT NOT NULL,
    meta     TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS actions (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    action   TEXT NOT NULL,
    created  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StoreError(NiagaraError):
    """A game that does not exist, or a stored log that cannot be read back."""


STORAGE_FULL = N_("The companion's storage is full: nothing was saved. Free some space on "
                  "the companion's card or disk, then try again.")
STORAGE_READ_ONLY = N_("The companion's storage cannot be written (it is read-only or "
                       "failing): nothing was saved. Check the companion's card or disk, "
                       "then try again.")


def storage_error(error: sqlite3.Error) -> StorageError:
    """The plain-words refusal for a write SQLite could not do."""
    if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL \
            or "full" in str(error):
        return StorageError(STORAGE_FULL)
    return StorageError(STORAGE_READ_ONLY)


def default_path() -> Path:
    """``games.sqlite3`` in the user's data directory (created when missing)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("niagara-companion", appauthor=False)) / "games.sqlite3"


@dataclass(frozen=True)
class GameInfo:
    """One stored game, for lists."""

    id: int
    created: str
    players: tuple[str, ...]
    options: Options
    actions: int
    meta: dict[str, Any]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameStore:
    """Games in one SQLite file. Thread-safe; one instance per process is enough."""

    def __init__(self, path: str | Path | None = None,
                 games_in_memory: int = GAMES_IN_MEMORY) -> None:
        self.path = Path(path) if path is not None else default_path()
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(str(self.path), isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.execute(f"PRAGMA cache_size=-{PAGE_CACHE_KIB}")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"cannot open the game store {self.path}: {error}") from None
        self._lock = threading.RLock()
        self._games: OrderedDict[int, Game] = OrderedDict()
        self._games_in_memory = max(1, games_in_memory)

    # -- lifecycle -----------------------------------------------------------------------

    def close(self) -> None:
        """Close the database (idempotent)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None  # type: ignore[assignment]

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- games ---------------------------------------------------------------------------

    def create(self, players: Iterable[str], options: Options | None = None,
               meta: dict[str, Any] | None = None) -> int:
        """Store a new game and return its id. Bad players raise InvalidActionError."""
        game = Game(players, options)
        with self._lock:
            try:
                cursor = self._db.execute(
                    "INSERT INTO games (created, players, options, meta) VALUES (?, ?, ?, ?)",
                    (_now(), json.dumps(list(game.start.players)),
                     json.dumps(game.start.options.to_json()), json.dumps(meta or {})))
            except sqlite3.Error as error:
                raise storage_error(error) from None
            game_id = cursor.lastrowid
            assert game_id is not None
            self._keep(game_id, game)
            return game_id

    def game(self, game_id: int) -> Game:
        """The game with its whole history, replayed from the log."""
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                game = self._replay(game_id)
            self._keep(game_id, game)
            return game

    def _keep(self, game_id: int, game: Game) -> None:
        """Keep ``game`` in memory as the most recently used; forget the least recently
        used beyond the limit (they are replayed from the log when asked for). The game
        used before it keeps only its history and current state
        (:meth:`Game.forget_states <companion.game.Game.forget_states>`): an undo there
        rebuilds the states it needs."""
        last = next(reversed(self._games), None)
        if last is not None and last != game_id:
            self._games[last].forget_states()
        self._games[game_id] = game
        self._games.move_to_end(game_id)
        while len(self._games) > self._games_in_memory:
            self._games.popitem(last=False)

    def _replay(self, game_id: int) -> Game:
        row = self._db.execute("SELECT players, options FROM games WHERE id = ?",
                               (game_id,)).fetchone()
        if row is None:
            raise StoreError(N_("there is no game {id}", id=game_id))
        try:
            game = Game(json.loads(row[0]), Options(**json.loads(row[1])))
        except (ValueError, TypeError) as error:
            raise StoreError(N_("game {id} cannot be read back: {error}", id=game_id,
                                error=str(error))) from None
        rows = self._db.execute("SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq",
                                (game_id,)).fetchall()
        for seq, text in rows:
            try:
                game.push(action_from_json(json.loads(text)))
            except (ValueError, IllegalActionError, InvalidActionError) as error:
                raise StoreError(N_("game {id}, action {seq} cannot be replayed: {error}",
                                    id=game_id, seq=seq, error=str(error))) from None
        return game

    def append(self, game_id: int, action: Action) -> list[Event]:
        """Apply ``action`` to the game and commit it; illegal actions change nothing."""
        with self._lock:
            game = self.game(game_id)
            events = game.push(action)  # raises, changing nothing, if illegal
            seq = len(game.history)
            try:
                self._db.execute(
                    "INSERT INTO actions (game_id, seq, action, created) VALUES (?, ?, ?, ?)",
                    (game_id, seq, json.dumps(action.to_json()), _now()))
            except sqlite3.Error as error:
                game.pop()
                raise storage_error(error) from None
            return events

    def undo(self, game_id: int) -> Action:
        """Remove the last action of a game and return it."""
        with self._lock:
            game = self.game(game_id)
            if not game.history:
                raise StoreError(N_("there is nothing to undo: the game has just started"))
            seq = len(game.history)
            try:
                self._db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?",
                                 (game_id, seq))
            except sqlite3.Error as error:
                raise storage_error(error) from None
            return game.pop()

    def games(self) -> list[GameInfo]:
        """Every stored game, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.created, g.players, g.options, g.meta, "
                "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) "
                "FROM games g ORDER BY g.id DESC").fetchall()
        return [GameInfo(r[0], r[1], tuple(json.loads(r[2])), Options(**json.loads(r[3])),
                         r[5], json.loads(r[4])) for r in rows]

    def latest_unfinished(self) -> int | None:
        """The newest game that is not over, to resume after a restart."""
        for info in self.games():
            if self.game(info.id).state.phase is not Phase.OVER:
                return info.id
        return None

    def delete(self, game_id: int) -> None:
        """Remove a game and its actions (practice games that expired)."""
        with self._lock:
            try:
                self._db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
                self._db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            except sqlite3.Error as error:
                raise storage_error(error) from None
            self._games.pop(game_id, None)

    def last_played(self, game_id: int) -> float:
        """When the game last changed (its newest action, else its creation), as a Unix
        time."""
        with self._lock:
            row = self._db.execute(
                "SELECT COALESCE((SELECT MAX(created) FROM actions WHERE game_id = ?), "
                "(SELECT created FROM games WHERE id = ?))", (game_id, game_id)).fetchone()
        if row is None or row[0] is None:
            raise StoreError(f"there is no game {game_id}")
        return datetime.fromisoformat(row[0]).timestamp()

    def meta(self, game_id: int) -> dict[str, Any]:
        with self._lock:
            row = self._db.execute("SELECT meta FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(N_("there is no game {id}", id=game_id))
        result: dict[str, Any] = json.loads(row[0])
        return result

    def set_meta(self, game_id: int, meta: dict[str, Any]) -> None:
        """Store facts about a game that are not actions (e.g. player tokens)."""
        with self._lock:
            try:
                cursor = self._db.execute("UPDATE games SET meta = ? WHERE id = ?",
                                          (json.dumps(meta), game_id))
            except sqlite3.Error as error:
                raise storage_error(error) from None
            if cursor.rowcount == 0:
                raise StoreError(N_("there is no game {id}", id=game_id))
