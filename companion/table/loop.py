"""The game loop at the table: one service that runs the rounds of the games in a store.

The loop sits between the people (phones, the table page), the board (a camera) and
the lights (an announcer). It owns no rule: every change goes through the engine
(:func:`companion.rules.apply`) and the game store, and it only says who may do what,
keeps the secrets, and tells the lights and the pages what changed.

- New game: :meth:`GameLoop.new_game` stores the game and one secret token per player
  (in the game's ``meta``, so they survive a restart) plus a key for the table.
- Phase 1: :meth:`GameLoop.player_action` with ``ChooseCard``/``Recover``, checked
  against the player's token; a repeated request changes nothing and succeeds.
- Phase 2: the player picks one of :meth:`GameLoop.turn_options` (every distinct legal
  result of their card), or the camera's reading is matched against them
  (:func:`vision.check.infer_turn`) and the table confirms it with one tap
  (:meth:`GameLoop.confirm_proposal`).
- Phase 3: the river move is announced (the disc bar lights the discs to push); the
  camera confirms the discs were pushed and which arm each took
  (:func:`vision.check.infer_arms`), or the table taps "done"
  (:meth:`GameLoop.river_done`). Phase 4 (the buoy) is the engine's.

The board is compared with the game by :func:`vision.check.compare` only; the page
texts come from :mod:`companion.table.views`.
- :meth:`GameLoop.undo` takes back the last action.

Every change bumps a topic of the :class:`Hub`, which wakes the event streams.

>>> import tempfile, os
>>> from companion.table.store import GameStore
>>> loop = GameLoop(GameStore(os.path.join(tempfile.mkdtemp(), "g.sqlite3")))
>>> game = loop.new_game(["red", "green", "yellow"])
>>> sorted(game.tokens)
['green', 'red', 'yellow']
>>> loop.close()
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion import events as ev
from companion import rules
from companion.actions import (
    Action,
    ChooseCard,
    MoveRiver,
    Paddle,
    Recover,
    Weather,
    action_from_json,
    parse_arms,
)
from companion.board import CARDS
from companion.errors import IllegalActionError, InvalidActionError
from companion.game import Game
from companion.partner import NotYourDecision, check_decision, choose, play_turn
from companion.partner.hints import Hint
from companion.partner.hints import hints as partner_hints
from companion.partner.review import review as partner_review
from companion.state import GameState, Options, Phase, sorted_cards
from companion.table.camera import CameraReading, TableCamera
from companion.table.computers import (
    GameSettings,
    Task,
    check_computers,
    computer_banner,
    instruction,
    new_seed,
    task,
)
from companion.table.errors import (
    AccessError,
    BusyError,
    ConflictError,
    NotFoundError,
    StorageError,
)
from companion.table.lights import LedSnapshot, Lights
from companion.table.store import GameStore, StoreError
from companion.table.views import (
    banner,
    describe_action_safely,
    event_text,
    final_summary,
    forecast,
    phase_help,
    player_panels,
    public_state,
    river_surprise,
    river_view,
    seating,
    turn_options,
    undo_text,
)
from companion.text import N_, Nn_, colour
from vision.check import Discrepancy, check_setup, compare, infer_arms, infer_turn
from vision.observation import Observation

log = logging.getLogger(__name__)

LOG_LENGTH = 80
"""Events sent to the pages (the newest ones)."""

PRACTICE_LIMIT = 12
"""Practice games kept at most (anyone on the LAN may start one)."""

PRACTICE_HOURS = 12.0
"""A practice game nobody played for this long is removed when another one starts."""

COMPUTER_STEPS = 1000
"""Most computer tasks :meth:`GameLoop.play_computers` carries out in one call."""

COMPUTER_IDLE = 5.0
"""Seconds the computer players' thread sleeps with nothing due (every change wakes it,
and it wakes when a practice pause ends)."""

COMPUTER_RETRY = 1.0
"""Seconds before the computer players try again after the storage refused a write."""

HINTS_AT_ONCE = 1
"""Hint searches running at once (each takes the strong level's budget); the others wait."""

HINT_WAIT = 10.0
"""Seconds a hint request waits for the searches before it (then: 503, ask again)."""

HINTS_KEPT = 16
"""Hints remembered (by game, version and player): asking again costs nothing. Sixteen
cover every player of the current position and of the few before it."""

HINT_LEVEL = "strong"
"""The level whose search the hints run (its budget bounds their time)."""

REVIEWS_KEPT = 4
"""Post-game reviews remembered (by game and version)."""

MOVED = ("canoe", "gem")
"""The kinds of difference a turn or a river move can explain (it changes nothing else
on the board)."""

__all__ = ["AccessError", "ConflictError", "GameLoop", "Hub", "NewGame", "NotFoundError",
           "Result"]


# -- the hub: who is waiting for what --------------------------------------------------


class Hub:
    """Version counters by topic; event streams wait here for the next change.

    >>> hub = Hub()
    >>> seen = hub.versions(["game:1"])
    >>> hub.bump("game:1")
    >>> hub.wait(seen, timeout=0)
    {'game:1': 1}
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._versions: dict[str, int] = {}
        self.closed = False

    def bump(self, topic: str) -> None:
        with self._cond:
            self._versions[topic] = self._versions.get(topic, 0) + 1
            self._cond.notify_all()

    def versions(self, topics: Iterable[str]) -> dict[str, int]:
        with self._cond:
            return {t: self._versions.get(t, 0) for t in topics}

    def wait(self, seen: Mapping[str, int], timeout: float | None) -> dict[str, int]:
        """Wait until a topic of ``seen`` has a newer version; the changed ones (maybe none)."""
        with self._cond:
            def changed() -> dict[str, int]:
                return {t: v for t in seen if (v := self._versions.get(t, 0)) != seen[t]}
            self._cond.wait_for(lambda: self.closed or bool(changed()), timeout)
            return changed()

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()




def hint_json(tip: Hint) -> dict[str, Any]:
    """A hint for the phone: the partner's JSON plus, for a turn, the action as the phone
    sends it (to pick the matching option)."""
    data = tip.to_json()
    if tip.action is not None:
        data["action"] = tip.action.to_json()
    return data


def _seen(reading: CameraReading) -> dict[str, object] | None:
    """What a reading saw, without its timing (to tell whether anything changed)."""
    if reading.observation is None:
        return None
    return {k: v for k, v in reading.observation.to_json().items() if k != "ms"}


# -- the loop ------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewGame:
    """A game just created: its id, the players' secret tokens and the table's key."""

    id: int
    tokens: dict[str, str]
    table_key: str


@dataclass
class Result:
    """What a state-changing request did."""

    events: list[ev.Event]
    repeated: bool = False
    """True when the same request had already been applied: nothing changed."""

    def to_json(self) -> dict[str, Any]:
        return {"ok": True, "repeated": self.repeated,
                "events": [e.to_json() for e in self.events]}


@dataclass
class _Live:
    """What the loop keeps about a game beyond the store: notes, camera, river."""

    notes: list[str] = field(default_factory=list)
    """Sentences for the table (:class:`companion.text.Text`)."""
    problems: list[Discrepancy] = field(default_factory=list)
    proposal: Paddle | Weather | MoveRiver | None = None
    proposal_text: str = ""
    disagree_since: float | None = None
    discs_confirmed: int = 0
    river_announced: bool = False
    river_surprise: dict[str, Any] | None = None
    """The river's last move when the discs took other arms than predicted (the table
    page animated the predicted ones in phase 3, so it shows the real ones again)."""
    computer: Instruction | None = None
    """A computer's turn at a real table: what the table is told to move."""
    computer_due: tuple[int, float] | None = None
    """(version, monotonic time) when the computers' task of that version is due."""


@dataclass(frozen=True)
class Instruction:
    """A computer's turn the table carries out on the board: the version of the game it
    was decided at, the action, and the words shown everywhere."""

    version: int
    player: str
    action: Paddle | Weather
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "text": self.text, "action": self.action.to_json()}


class GameLoop:
    """The companion's game loop over a :class:`GameStore`.

    :param store: where games live (they resume from it after a restart).
    :param announcer: the lights and buzzer (``hardware.announcer.Announcer`` or a
        twin, see :class:`~companion.table.lights.Lights`), or None.
    :param camera: a camera (see :class:`~companion.table.camera.TableCamera`), or None:
        the river is then confirmed with the manual "done".
    :param lights_problem: why the lights could not be set up (shown on the table page),
        or None.
    :param heartbeat: called after every pass of the watcher thread, camera or not (the
        systemd watchdog's ping, :class:`hardware.notify.Watchdog`): a stuck loop stops
        the pings and systemd restarts the service.
    :param settle: seconds the board must disagree before an alert is raised.
    :param computer_pause: seconds a practice game waits before a computer's turn and
        before the river (so that people can follow); a river waits ``river_seconds``
        more per disc (the pages' animation).
    :param practice_limit: practice games kept at most; ``practice_hours``: a practice
        game nobody played for that long is removed when another one starts.
    :param computer_thread: run the computer players' thread (tests that drive them
        with :meth:`play_computers` turn it off).
    """

    def __init__(self, store: GameStore, *, announcer: Lights | None = None,
                 camera: TableCamera | None = None, settle: float = 2.0,
                 camera_interval: float = 0.5, lights_problem: str | None = None,
                 heartbeat: Callable[[], object] | None = None,
                 computer_pause: float = 1.5, river_seconds: float = 1.1,
                 practice_limit: int = PRACTICE_LIMIT,
                 practice_hours: float = PRACTICE_HOURS,
                 computer_thread: bool = True) -> None:
        self.store = store
        self.computer_pause = computer_pause
        self.river_seconds = river_seconds
        self.practice_limit = practice_limit
        self.practice_hours = practice_hours
        self._settings: dict[int, GameSettings] = {}
        self._computers: threading.Thread | None = None
        self._hints: OrderedDict[tuple[int, int, str], dict[str, Any]] = OrderedDict()
        self._hint_slot = threading.BoundedSemaphore(HINTS_AT_ONCE)
        self._reviews: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()
        self._review_slot = threading.BoundedSemaphore(1)
        self.announcer = announcer
        self.camera = camera
        self.settle = settle
        self.camera_interval = camera_interval
        self.hub = Hub()
        self._lock = threading.RLock()
        self._tokens: dict[str, tuple[int, str]] = {}
        self._keys: dict[int, str] = {}
        self._live: dict[int, _Live] = {}
        self._summaries: dict[int, tuple[int, dict[str, Any]]] = {}
        """Each game's round, phase and winners for the list of games, with the number
        of actions they were taken at: listing the games does not replay every game
        (the store keeps only the recently used ones in memory)."""
        self._reading: CameraReading | None = None
        self._camera_lock = threading.Lock()
        """One camera check at a time (the watcher thread and page requests)."""
        self.lights_problem = lights_problem
        self._camera_problem = camera.problem if camera is not None else None
        self.current: int | None = None
        self._closed = False
        for info in store.games():
            self._index(info.id, info.meta)
        self.current = self._resume()
        if announcer is not None:
            announcer.add_listener(lambda _snap: self.hub.bump("leds"))
            if self._camera_problem:
                announcer.discrepancy(True)  # the check LED: the board is not watched
        if self.current is not None:
            self._sync_lights(self.current)
        self.heartbeat = heartbeat
        self._thread: threading.Thread | None = None
        if camera is not None or heartbeat is not None:
            self.watch()
        self.computer_thread = computer_thread
        if any(s.computers for s in self._settings.values()):
            self.run_computers()

    def watch(self) -> None:
        """Start the watcher thread (reads the camera, calls :attr:`heartbeat`) if it is
        not running yet; it runs until :meth:`close`."""
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._watch_camera, name="camera-watch",
                                            daemon=True)
            self._thread.start()

    # -- games and access ----------------------------------------------------------------

    def _index(self, game_id: int, meta: Mapping[str, Any]) -> None:
        for player, token in dict(meta.get("tokens", {})).items():
            self._tokens[token] = (game_id, player)
        if "table_key" in meta:
            self._keys[game_id] = meta["table_key"]
        self._settings[game_id] = GameSettings.from_meta(meta)

    def _resume(self) -> int | None:
        """The game on the table after a restart: the newest unfinished one, neither
        ended by the owner nor a practice game."""
        for info in self.store.games():
            if info.meta.get("ended") or info.meta.get("practice"):
                continue
            if self.store.game(info.id).state.phase is not Phase.OVER:
                return info.id
        return None

    def settings(self, game_id: int) -> GameSettings:
        """The game's computer seats, hints and practice settings."""
        self.game(game_id)  # NotFoundError if there is none
        return self._settings.get(game_id, GameSettings())

    def new_game(self, players: Sequence[str], options: Options | None = None,
                 first: str | None = None, *, computers: object = None,
                 hints: bool = True, practice: bool = False,
                 seed: int | None = None) -> NewGame:
        """Store a new game; unless it is a practice game it becomes the game on the
        table. Bad players raise :class:`InvalidActionError`.

        ``players`` are in seating order, clockwise; ``first`` (who holds the buoy in
        round 1, default ``players[0]``) rotates them so that the engine gets the first
        player at ``players[0]``, keeping the seating order. ``computers`` maps the
        colours of computer seats to their level (they get no link); ``hints``: phones
        may ask for hints; ``practice``: see :meth:`new_practice`; ``seed``: of the
        computers' decisions and the hints (default: a fresh one).
        """
        if not isinstance(players, Sequence) or isinstance(players, str):
            raise InvalidActionError(N_("'players' must be a list of 3 to 5 colours"))
        players = seating(players, first)
        machines = check_computers(players, computers)
        settings = GameSettings(machines, hints=bool(hints), practice=practice,
                                seed=new_seed() if seed is None else seed)
        tokens = {p: secrets.token_urlsafe(16) for p in players if p not in machines}
        key = secrets.token_urlsafe(16)
        meta = {"tokens": tokens, "table_key": key, **settings.to_meta()}
        with self._lock:
            game_id = self.store.create(players, options, meta)
            self._index(game_id, meta)
            if not practice:
                self.current = game_id
                self._sync_lights(game_id)
        if machines:
            self.run_computers()
        self.hub.bump("games")
        self.hub.bump(f"game:{game_id}")
        return NewGame(game_id, tokens, key)

    def new_practice(self, players: Sequence[str], computers: object,
                     first: str | None = None, options: Options | None = None,
                     seed: int | None = None) -> NewGame:
        """A practice game: no board at all (never the game on the table, no camera, no
        lights); the service plays the computers' turns after a pause and moves the river
        with the predicted arms. Anyone may start one, so they are capped: practice games
        nobody played for :attr:`practice_hours` are removed first, then the oldest
        finished ones; with :attr:`practice_limit` still under way the request is refused
        (:class:`BusyError`, 429)."""
        if not isinstance(players, Sequence) or isinstance(players, str):
            raise InvalidActionError("'players' must be a list of 3 to 5 colours")
        machines = check_computers(players, computers)
        if not machines:
            raise InvalidActionError(N_("A practice game needs at least one computer player."))
        with self._lock:
            self._expire_practice()
            if len(self._practice_games()) >= self.practice_limit:
                hours = self.practice_hours
                raise BusyError(Nn_(
                    "{limit} practice games are under way, the most this companion keeps: "
                    "finish one, or try again later (unplayed ones are removed after "
                    "{hours} hour).",
                    "{limit} practice games are under way, the most this companion keeps: "
                    "finish one, or try again later (unplayed ones are removed after "
                    "{hours} hours).",
                    1 if hours == 1 else 2, limit=self.practice_limit, hours=f"{hours:g}"),
                    status=429)
            return self.new_game(players, options, first, computers=machines,
                                 practice=True, seed=seed)

    def _practice_games(self) -> list[int]:
        """Every stored practice game, oldest first."""
        return sorted(g for g, s in self._settings.items() if s.practice)

    def _expire_practice(self) -> None:
        """Remove the practice games nobody played for :attr:`practice_hours`, then the
        oldest finished ones while there are :attr:`practice_limit` or more."""
        cutoff = time.time() - self.practice_hours * 3600
        games = self._practice_games()
        for game_id in games:
            if self.store.last_played(game_id) < cutoff:
                self._forget(game_id)
        games = self._practice_games()
        finished = [g for g in games if self.state(g).phase is Phase.OVER]
        while len(self._practice_games()) >= self.practice_limit and finished:
            self._forget(finished.pop(0))

    def _forget(self, game_id: int) -> None:
        self.store.delete(game_id)
        self._settings.pop(game_id, None)
        self._live.pop(game_id, None)
        self._keys.pop(game_id, None)
        for token, (g, _p) in list(self._tokens.items()):
            if g == game_id:
                del self._tokens[token]
        self.hub.bump(f"game:{game_id}")

    def make_current(self, game_id: int) -> None:
        """Put a stored game on the table: the lights and the camera follow it."""
        if self.settings(game_id).practice:  # NotFoundError if there is none
            raise ConflictError(N_("This is a practice game, played on screen only: it "
                                   "cannot be the game on the table."))
        with self._lock:
            self.current = game_id
            self._sync_lights(game_id)
        self.hub.bump("games")
        self.hub.bump(f"game:{game_id}")

    def player_of(self, token: object) -> tuple[int, str]:
        """The game and player colour of a secret token; :class:`AccessError` if unknown."""
        if isinstance(token, str):
            for known, who in list(self._tokens.items()):
                if hmac.compare_digest(known.encode(), token.encode()):
                    return who
        raise AccessError(N_("This player link is not valid: scan your QR code again or ask "
                             "the table for your link."))

    def check_key(self, game_id: int, key: object) -> None:
        """Raise :class:`AccessError` unless ``key`` is the table's key of the game."""
        self.game(game_id)
        known = self._keys.get(game_id)
        if not (isinstance(key, str) and known
                and hmac.compare_digest(known.encode(), key.encode())):
            raise AccessError(N_("Only the table can do this: open the table page from the "
                                 "link shown when the game was created."))

    def tokens(self, game_id: int, key: object) -> dict[str, str]:
        """The players' tokens (the table's key is needed)."""
        self.check_key(game_id, key)
        return {p: t for t, (g, p) in self._tokens.items() if g == game_id}

    def game(self, game_id: int) -> Game:
        try:
            return self.store.game(game_id)
        except StoreError as error:
            raise NotFoundError(error.args[0]) from None

    def state(self, game_id: int) -> GameState:
        state: GameState = self.game(game_id).state
        return state

    def games(self) -> list[dict[str, Any]]:
        """Every stored game, newest first, with public facts only."""
        result = []
        for info in self.store.games():
            known = self._summaries.get(info.id)
            if known is None or known[0] != info.actions:
                state = self.state(info.id)
                known = self._summaries[info.id] = (info.actions, {
                    "round": state.round, "phase": state.phase.value,
                    "winners": list(state.winners)})
            settings = GameSettings.from_meta(info.meta)
            result.append({"id": info.id, "created": info.created,
                           "players": list(info.players), **known[1],
                           "current": info.id == self.current,
                           "ended": bool(info.meta.get("ended")),
                           "computers": dict(settings.computers),
                           "practice": settings.practice})
        return result

    def _live_of(self, game_id: int) -> _Live:
        return self._live.setdefault(game_id, _Live())

    # -- changing the game ---------------------------------------------------------------

    def player_action(self, token: object, data: object) -> Result:
        """Apply a player's action given as JSON (the player comes from the token).

        ``data`` is an action's JSON without ``player`` (or with the token's player).
        Repeating an action already applied this round succeeds and changes nothing. A
        buy-back may carry ``"lost"``, the number of lost canoes the phone saw: a player
        may buy back each lost canoe (two with the same gem colour), and a repeated tap
        is told from a second buy-back by that number.
        """
        game_id, player = self.player_of(token)
        if not isinstance(data, Mapping):
            raise InvalidActionError(N_("the request body must be a JSON object describing "
                                        "the action"))
        if data.get("player", player) != player:
            raise AccessError(N_("This link belongs to {player}: it cannot play for "
                                 "{other}.", player=colour(player),
                                 other=str(data.get("player"))))
        if data.get("type") == "river":
            raise AccessError(N_("The river is moved from the table, not from a phone."))
        action = action_from_json({**data, "player": player})
        if self.ended(game_id):
            raise ConflictError(N_("The owner ended this game: it cannot be played any more."))
        seen_lost = data.get("lost")
        if seen_lost is not None and (type(seen_lost) is not int or not 0 <= seen_lost <= 2):
            raise InvalidActionError(N_("'lost' must be the number of your canoes the page "
                                        "shows as lost: 0, 1 or 2."))
        return self.apply(game_id, action, seen_lost=seen_lost)

    def apply(self, game_id: int, action: Action, *, seen_lost: int | None = None,
              fresh: bool = False) -> Result:
        """Apply ``action`` to the game, store it, and tell the lights and the pages
        (``seen_lost``: see :meth:`player_action`; ``fresh``: a computer's action, never
        taken for a repeated request)."""
        with self._lock:
            game = self.game(game_id)
            if not fresh and self._is_repeat(game, action, seen_lost):
                return Result([], repeated=True)
            before = game.state
            events = self.store.append(game_id, action)
            live = self._live_of(game_id)
            live.proposal = None
            live.proposal_text = ""
            live.computer = None
            if isinstance(action, MoveRiver):
                live.discs_confirmed = 0
                live.river_announced = False
                live.river_surprise = river_surprise(before, events, len(game.history))
            self._after_change(game_id, before, game.state, events)
        return Result(events)

    def _is_repeat(self, game: Game, action: Action, seen_lost: int | None = None) -> bool:
        history: list[Action] = game.history
        if isinstance(action, Recover) and seen_lost is not None:
            lost = sum(1 for c in game.state.canoes[action.player] if c.lost)
            return game.state.phase is Phase.CHOOSE and lost < seen_lost
        if isinstance(action, MoveRiver):
            if game.state.phase is Phase.RIVER or not history:
                return False
            last = history[-1]
            return isinstance(last, MoveRiver) and (action.arms is None
                                                    or action.arms == last.arms)
        start = max((i + 1 for i, a in enumerate(history) if isinstance(a, MoveRiver)),
                    default=0)
        return action in history[start:]

    def undo(self, game_id: int, key: object, version: object) -> str:
        """Take back the last action. ``version`` (the number of actions the table saw)
        makes a repeated undo harmless: it fails with :class:`ConflictError`."""
        self.check_key(game_id, key)
        with self._lock:
            game = self.game(game_id)
            if not isinstance(version, int) or isinstance(version, bool):
                raise InvalidActionError(N_("'version' must be the number of actions the "
                                            "page has seen"))
            if version != len(game.history):
                raise ConflictError(N_("The game has changed since this page was loaded: "
                                       "nothing was undone. Look again and retry."))
            before = game.state
            settings = self._settings.get(game_id, GameSettings())
            automatic = self._automatic_tail(game, settings)
            try:
                for _ in range(automatic):
                    self.store.undo(game_id)
                action = self.store.undo(game_id)
            except StoreError as error:
                raise IllegalActionError(error.args[0]) from None
            if automatic:
                text = N_("Undone: {what} (the computer players choose again after it)",
                          what=describe_action_safely(action))
            else:
                text = N_("Undone: {what}", what=describe_action_safely(action))
            live = self._live_of(game_id)
            live.notes.append(text)
            live.proposal = None
            live.discs_confirmed = 0
            live.river_announced = False
            live.river_surprise = None
            live.computer = None
            self._after_change(game_id, before, game.state, [])
        return text

    def _automatic_tail(self, game: Game, settings: GameSettings) -> int:
        """How many of the last actions are computers' phase-1 choices made by the
        service after a person locked in: undo takes them back with that person's
        action (else the computers would choose again at once and undo could never
        reach the person's card)."""
        history: list[Action] = game.history
        if not settings.computers:
            return 0
        n = 0
        for action in reversed(history):
            if not (isinstance(action, ChooseCard | Recover)
                    and settings.is_computer(action.player)):
                break
            n += 1
        return n if n < len(history) else 0

    def river_done(self, game_id: int, key: object, arms: object = None) -> Result:
        """The table says the discs were pushed (``arms``: the arm each disc took, or None
        for the predicted alternation)."""
        self.check_key(game_id, key)
        action = MoveRiver(parse_arms(arms))
        with self._lock:
            state = self.state(game_id)
            if state.phase is Phase.RIVER and self.announcer is not None:
                for _ in range(rules.river_discs(state) - self._live_of(game_id).discs_confirmed):
                    self.announcer.disc_confirmed()
            return self.apply(game_id, action)

    def confirm_proposal(self, game_id: int, key: object | None = None,
                         token: object | None = None) -> Result:
        """Apply what the camera saw (the table's key, or the token of the player to play)."""
        if token is not None:
            token_game, player = self.player_of(token)
            if token_game != game_id or self.state(game_id).to_play != player:
                raise AccessError(N_("Only the player to play (or the table) can confirm "
                                     "this."))
        else:
            self.check_key(game_id, key)
        with self._lock:
            proposal = self._live_of(game_id).proposal
            if proposal is None:
                raise ConflictError(N_("There is nothing from the camera to confirm."))
            return self.apply(game_id, proposal)

    # -- computer players ------------------------------------------------------------------

    def computer_done(self, game_id: int, key: object, turn: object = None) -> Result:
        """The table moved the computer's canoes as shown ("Done: moved as shown"): apply
        the computer's turn. ``turn``, the action the page showed (JSON), must still be
        the computer's turn; a repeated tap changes nothing."""
        self.check_key(game_id, key)
        with self._lock:
            game = self.game(game_id)
            live = self._live_of(game_id)
            told = live.computer
            if turn is not None:
                shown = action_from_json(turn)
                if told is None and self._is_repeat(game, shown):
                    return Result([], repeated=True)
                if told is not None and shown != told.action:
                    raise ConflictError(N_("The computer's move has changed since this page "
                                           "showed it: look at the move shown now."))
            if told is None or told.version != len(game.history):
                raise ConflictError(N_("There is no computer move waiting to be made."))
            return self.apply(game_id, told.action)

    def run_computers(self) -> None:
        """Start the computer players' thread if it is not running yet (it runs until
        :meth:`close`): it carries out whatever :func:`~companion.table.computers.task`
        says is due in any game with computer seats."""
        if self._computers is None and not self._closed and self.computer_thread:
            self._computers = threading.Thread(target=self._run_computers,
                                               name="computer-players", daemon=True)
            self._computers.start()

    def _run_computers(self) -> None:
        seen = self.hub.versions(["games"])
        timeout = 0.0
        while not self._closed:
            # Woken by every change; else at the next pause's end (practice), else idle.
            seen = {**seen, **self.hub.wait(seen, timeout)}
            timeout = COMPUTER_IDLE
            for game_id in [g for g, s in list(self._settings.items()) if s.computers]:
                if self._closed:
                    return
                try:
                    self.computer_step(game_id)
                except StorageError as error:  # tried again soon
                    log.warning("%s", error)
                    timeout = COMPUTER_RETRY
                except Exception:  # a computer player must never take the service down
                    log.exception("the computer player of game %s failed", game_id)
                live = self._live.get(game_id)  # None: a practice game just removed
                due = live.computer_due if live is not None else None
                if due is not None:
                    left = due[1] - time.monotonic()
                    if 0 < left < timeout:
                        timeout = left

    def computer_step(self, game_id: int, *, wait: bool = True) -> bool:
        """Carry out the computers' task in the game if one is due (``wait``: only once
        its pause is over, see :attr:`computer_pause`); True if something was done. The
        search runs outside the loop's lock, on the state of that moment (states are
        immutable); its result is dropped if the game changed meanwhile."""
        settings = self._settings.get(game_id)
        if settings is None or not settings.computers:
            return False
        with self._lock:
            try:
                game = self.game(game_id)
            except NotFoundError:
                return False
            state: GameState = game.state
            version = len(game.history)
            todo = task(state, settings)
            live = self._live_of(game_id)
            if todo is None or (live.computer is not None and live.computer.version == version):
                return False
            if live.computer_due is None or live.computer_due[0] != version:
                live.computer_due = (version, time.monotonic() + self._pause(todo, state,
                                                                             settings))
            if wait and time.monotonic() < live.computer_due[1]:
                return False
            if self.ended(game_id):
                return False
        actions = self._decide(todo, state, settings)
        with self._lock:
            if len(self.game(game_id).history) != version:
                return False  # the game changed while the computer was thinking
            try:
                if todo.kind == "turn" and not settings.practice:
                    action = actions[0]
                    assert isinstance(action, Paddle | Weather)
                    live.computer = Instruction(version, todo.players[0], action,
                                                instruction(state, action, settings))
                    self.hub.bump(f"game:{game_id}")
                    return True
                for action in actions:
                    self.apply(game_id, action, fresh=True)
            except (IllegalActionError, InvalidActionError) as error:
                live.computer_due = (version, float("inf"))  # not again at this version
                log.error("game %s: the computer's move was refused: %s", game_id, error)
                return False
        return True

    def play_computers(self, game_id: int) -> int:
        """Carry out every computer task due in the game now, without the pauses (what
        the thread does over time); the number of tasks done."""
        done = 0
        for _ in range(COMPUTER_STEPS):
            if not self._computer_due(game_id):
                break
            done += self.computer_step(game_id, wait=False)
        return done

    def _computer_due(self, game_id: int) -> bool:
        """Whether the computers have something to do now (whoever does it)."""
        settings = self._settings.get(game_id)
        if settings is None or not settings.computers:
            return False
        with self._lock:
            game = self.game(game_id)
            version = len(game.history)
            live = self._live_of(game_id)
            if task(game.state, settings) is None or self.ended(game_id):
                return False
            if live.computer is not None and live.computer.version == version:
                return False
            return not (live.computer_due is not None and live.computer_due[0] == version
                        and live.computer_due[1] == float("inf"))

    def _pause(self, todo: Task, state: GameState, settings: GameSettings) -> float:
        """Seconds before a task is carried out: none at a real table (the people wait
        for the computers' cards and instructions); in practice a pause before a turn,
        and before the river as long as the pages' animation of it."""
        if not settings.practice or todo.kind == "choose":
            return 0.0
        if todo.kind == "river":
            return self.computer_pause + self.river_seconds * (rules.river_discs(state) + 1)
        return self.computer_pause

    @staticmethod
    def _decide(todo: Task, state: GameState, settings: GameSettings) -> list[Action]:
        """The actions of a task: each computer's own decision, from what its seat may
        know only (:mod:`companion.partner`)."""
        seed = settings.seed
        if todo.kind == "choose":
            out: list[Action] = []
            for player in todo.players:
                choice = choose(state, player, level=settings.computers[player], seed=seed)
                out += choice.actions(player)
            return out
        if todo.kind == "turn":
            player = todo.players[0]
            result = play_turn(state, player, level=settings.computers[player], seed=seed)
            return [result.action]
        return [MoveRiver(None)]

    # -- hints and the review ------------------------------------------------------------

    def hints(self, token: object) -> dict[str, Any]:
        """The best two or three choices for the player's decision now, each with its
        reason (:func:`companion.partner.hints.hints`, from what this player may know
        only). Refused when the game's hints are off or the player has no decision to
        take. The search runs outside the loop's lock, one at a time; the answer is kept
        for the game's version."""
        game_id, player = self.player_of(token)
        settings = self.settings(game_id)
        if not settings.hints:
            raise ConflictError(N_("Hints are switched off for this game: the table chose "
                                   "to play without them."))
        with self._lock:
            game = self.game(game_id)
            state: GameState = game.state
            version = len(game.history)
            cached = self._hints.get((game_id, version, player))
        if cached is not None:
            return cached
        try:
            check_decision(state, player)
        except NotYourDecision as error:
            raise ConflictError(N_("No hint now: {reason}", reason=error.args[0])) from None
        if not self._hint_slot.acquire(timeout=HINT_WAIT):
            raise BusyError(N_("The companion is working out other hints: ask again in a "
                               "moment."))
        try:
            tips = partner_hints(state, player, seed=settings.seed, level=HINT_LEVEL)
        finally:
            self._hint_slot.release()
        answer = {"version": version, "phase": "choose" if state.phase is Phase.CHOOSE
                  else "turn", "hints": [hint_json(tip) for tip in tips]}
        with self._lock:
            self._hints[(game_id, version, player)] = answer
            while len(self._hints) > HINTS_KEPT:
                self._hints.popitem(last=False)
        return answer

    def review(self, game_id: int) -> dict[str, Any]:
        """The post-game review (:func:`companion.partner.review.review`): each player's
        chance of winning after each round and the three turning points. Only once the
        game is over (or ended): until then it would coach the players. Computed outside
        the loop's lock on a copy of the game, one review at a time (a second one meanwhile
        is refused, :class:`BusyError` 503), and kept."""
        with self._lock:
            game = self.game(game_id)
            version = len(game.history)
            if game.state.phase is not Phase.OVER and not self.ended(game_id):
                raise ConflictError(N_("The review is ready once the game is over."))
            cached = self._reviews.get((game_id, version))
            copy = Game(game.start.players, game.start.options)
            copy.push_all(list(game.history))
        if cached is not None:
            return cached
        seed = self.settings(game_id).seed
        # One review at a time, and nobody waits for it (anyone may ask, and a review takes
        # seconds: waiting requests would hold the server's threads).
        if not self._review_slot.acquire(blocking=False):
            raise BusyError(N_("The companion is reviewing a game already: try again in a "
                               "moment."))
        try:
            found = self._reviews.get((game_id, version))
            answer = found if found is not None else {"version": version, **partner_review(
                copy, seed=seed).to_json()}
        finally:
            self._review_slot.release()
        with self._lock:
            self._reviews[(game_id, version)] = answer
            while len(self._reviews) > REVIEWS_KEPT:
                self._reviews.popitem(last=False)
        return answer

    def play_again(self, game_id: int) -> NewGame:
        """The next game with a finished game's seats and options (the same player holds
        the buoy first); like any new game it is the owner's to start (the web checks).
        The old game remembers it, so each phone of the old game is offered its own new
        link (:meth:`next_link`)."""
        state = self.state(game_id)
        if state.phase is not Phase.OVER and not self.ended(game_id):
            raise ConflictError(N_("This game is not over yet: finish it (or end it from the "
                                   "home page) before starting the next one."))
        meta = self.store.meta(game_id)
        if "next" in meta:
            raise ConflictError(N_("The next game with these seats is game {id}: open its "
                                   "table from the players' links page.", id=meta["next"]))
        settings = self.settings(game_id)
        if settings.practice:
            new = self.new_practice(list(state.players), settings.computers,
                                    options=state.options)
        else:
            new = self.new_game(list(state.players), state.options,
                                computers=settings.computers, hints=settings.hints)
        with self._lock:
            meta = self.store.meta(game_id)
            meta["next"] = new.id
            self.store.set_meta(game_id, meta)
        self.note(game_id, N_("A new game with the same seats has started: game {id}.",
                              id=new.id))
        return new

    def next_link(self, token: object) -> str | None:
        """The token, in the next game with the same seats, of this token's player."""
        game_id, player = self.player_of(token)
        following = self.store.meta(game_id).get("next")
        if following is None:
            return None
        tokens: dict[str, str] = self.store.meta(int(following))["tokens"]
        return tokens.get(player)

    def end_game(self, game_id: int) -> None:
        """The owner ends (archives) a game: no more actions; it leaves the table."""
        with self._lock:
            meta = self.store.meta(game_id)
            meta["ended"] = True
            self.store.set_meta(game_id, meta)
            if self.current == game_id:
                self.current = None
                if self.announcer is not None:
                    self.announcer.turn(None)  # no turn light for a game that left the table
        self.note(game_id, N_("The owner ended this game."))
        self.hub.bump("games")

    def ended(self, game_id: int) -> bool:
        """Whether the owner ended (archived) the game."""
        return bool(self.store.meta(game_id).get("ended"))

    def note(self, game_id: int, text: str) -> None:
        """A sentence for the table page's notes (a :class:`companion.text.Text`)."""
        with self._lock:
            self._live_of(game_id).notes.append(text)
        self.hub.bump(f"game:{game_id}")

    def _after_change(self, game_id: int, before: GameState, after: GameState,
                      events: list[ev.Event]) -> None:
        self._summaries.pop(game_id, None)
        announcer = self.announcer
        if announcer is not None and game_id == self.current:
            shown = [e for e in events if e.kind != "river_moved"]
            if shown:
                announcer.announce(*shown)
            if before.to_play != after.to_play or after.phase is not before.phase:
                announcer.turn(after.to_play)
            self._announce_river(game_id, after)
        self.hub.bump(f"game:{game_id}")
        self.hub.bump("games")

    def _announce_river(self, game_id: int, state: GameState) -> None:
        live = self._live_of(game_id)
        if state.phase is Phase.RIVER and not live.river_announced and self.announcer:
            live.river_announced = True
            preview = ev.RiverMoved(rules.river_discs(state), rules.predicted_arms(state),
                                    rules.river_base(state), state.weather)
            self.announcer.announce(preview)

    def _sync_lights(self, game_id: int) -> None:
        if self.announcer is None:
            return
        state = self.state(game_id)
        self.announcer.turn(state.to_play)
        self._announce_river(game_id, state)

    # -- what the pages see --------------------------------------------------------------

    def public_view(self, game_id: int) -> dict[str, Any]:
        """Everything the table page shows: public facts only."""
        with self._lock:
            game = self.game(game_id)
            state: GameState = game.state
            live = self._live_of(game_id)
            public = public_state(state)
            events = game.all_events()
            first = max(0, len(events) - LOG_LENGTH)  # only the lines the pages show
            log_lines = [{"n": i, "kind": e.kind, "text": e.describe()}
                         for i, e in enumerate(events[first:], start=first)]
            notes = list(live.notes[-10:])
            river = river_view(state, live.discs_confirmed)
            out = rules.outcome(state)
            settings = self._settings.get(game_id, GameSettings())
            version = len(game.history)
            computer = live.computer if live.computer is not None \
                and live.computer.version == version else None
            automatic = self._automatic_tail(game, settings)
            view = {
                "game": game_id,
                "version": version,
                "current": game_id == self.current,
                "ended": self.ended(game_id),
                "state": public,
                "seats": settings.to_json(),
                "computer_turn": computer.to_json() if computer is not None else None,
                "banner": (computer_banner(state, settings,
                                           computer.text if computer else None)
                           or banner(state)),
                "log": log_lines,
                "notes": notes,
                "forecast": forecast(public),
                "river": river,
                "river_surprise": (live.river_surprise if live.river_surprise is not None
                                   and live.river_surprise["version"] == len(game.history)
                                   else None),
                "problems": [p.to_json() for p in live.problems],
                "proposal": ({"text": live.proposal_text}
                             if live.proposal is not None else None),
                "outcome": out.describe() if out else None,
                "panels": player_panels(public),
                "summary": final_summary(state),
                "help": phase_help(state),
                "undo": (undo_text(state, game.history[-1 - automatic])
                         + (" and the computer players' cards" if automatic else "")
                         if game.history else None),
                "camera": self.camera.name if self.camera else None,
                "hardware": self.hardware(),
            }
        return view

    def player_view(self, token: object) -> dict[str, Any]:
        """The public view plus the player's own secrets (their hand and locked card)."""
        game_id, player = self.player_of(token)
        with self._lock:
            state = self.state(game_id)
            view = self.public_view(game_id)
            chosen = state.chosen.get(player)
            recover = [a.pay for a in rules.legal_actions(state, player)
                       if isinstance(a, Recover)] if state.phase is Phase.CHOOSE else []
            view["me"] = {
                "player": player,
                "hand": sorted_cards(state.hands[player]),
                "cards": [{"card": c, "in_hand": c in state.hands[player]}
                          for c in CARDS],
                # After the end nothing is locked in any more (the last round's cards
                # are in the log): the phone shows the end, not "Locked in".
                "locked": chosen if state.phase is not Phase.OVER else None,
                "your_turn": state.to_play == player,
                "recover": recover,
                "canoes": [c.to_json() for c in state.canoes[player]],
                "reserve": dict(state.reserves[player]),
            }
        return view

    def turn_options(self, token: object) -> dict[str, Any]:
        """Every distinct legal result of the player's turn, for the phone to highlight."""
        game_id, player = self.player_of(token)
        with self._lock:
            state = self.state(game_id)
            version = len(self.game(game_id).history)
        if state.to_play != player:
            return {"your_turn": False, "card": None, "options": [], "version": version}
        card = state.chosen[player]
        options = turn_options(state, player)
        return {"your_turn": True, "card": card, "options": options, "version": version}

    def leds(self) -> LedSnapshot | None:
        return self.announcer.snapshot() if self.announcer is not None else None

    def latest_reading(self) -> CameraReading | None:
        return self._reading

    # -- the camera ------------------------------------------------------------------------

    def _watch_camera(self) -> None:
        seen = self.hub.versions(["games"])
        while not self._closed:
            seen = {**seen, **self.hub.wait(seen, self.camera_interval)}
            if self._closed:
                return
            try:
                self.check_camera()
            except StorageError as error:  # the river push waits for the storage
                log.warning("%s", error)
            except Exception:  # the camera must never take the game down
                log.exception("camera check failed")
            if self.heartbeat is not None:
                self.heartbeat()

    def hardware(self) -> dict[str, Any]:
        """Whether the camera and the lights work, and if not why (for the table page)."""
        camera = self.camera
        return {"camera": {"name": camera.name if camera is not None else None,
                           "problem": self._camera_problem},
                "lights": {"problem": self.lights_problem}}

    def check_camera(self) -> None:
        """Read the camera once: keep the frame, raise or clear alerts, propose a turn or
        confirm the river (called by the watcher thread; pages and tests call it too, one
        at a time: a reading is never replaced by an older one)."""
        camera = self.camera
        if camera is None:
            return
        with self._camera_lock:
            game_id = self.current
            state = self.state(game_id) if game_id is not None else None
            reading = camera.read(state)
            self._note_camera_problem(camera.problem)
            if reading is None:
                return
            previous = self._reading
            self._reading = reading
            if previous is None or _seen(previous) != _seen(reading):
                self.hub.bump("camera")
            observation = reading.observation
            if game_id is None or state is None or observation is None or observation.blocked:
                return
            with self._lock:
                if self.current != game_id or self.state(game_id) is not state:
                    return
                self._judge(game_id, state, observation)

    def _note_camera_problem(self, problem: str | None) -> None:
        if problem == self._camera_problem:
            return
        self._camera_problem = problem
        if self.announcer is not None:
            board = bool(self.current is not None and self._live_of(self.current).problems)
            self.announcer.discrepancy(bool(problem) or board)
        self.hub.bump("camera")
        if self.current is not None:
            self.hub.bump(f"game:{self.current}")

    def _judge(self, game_id: int, state: GameState, observation: Observation) -> None:
        """Compare the board with the game; in phase 2 find the legal turn it shows, in
        phase 3 the arms the discs took (both from :mod:`vision.check`)."""
        live = self._live_of(game_id)
        problems = compare(observation, state)
        moved = [p for p in problems if p.kind in MOVED]
        proposal: Paddle | Weather | MoveRiver | None = None
        text = ""
        settings = self._settings.get(game_id, GameSettings())
        if state.phase is Phase.ACTIONS and settings.is_computer(state.to_play):
            problems, proposal, text = self._judge_computer(game_id, state, observation,
                                                            problems, settings)
        elif moved and state.phase is Phase.ACTIONS and state.to_play:
            player = state.to_play
            card = state.chosen[player]
            match = infer_turn(state, player, card, observation)
            if match.result is not None:
                proposal = match.result.action
                text = N_("The camera sees: {what}", what=event_text(state, proposal))
            elif any(p.colour == player for p in moved):
                # Nothing legal fits the player's canoes: say why the move is not legal.
                if card == "cloud":
                    fix = N_("{player}: put the canoes back where they were; the cloud "
                             "moves no canoe.", player=colour(player))
                else:
                    fix = N_("{player}: put the canoes back where they were; make a move "
                             "your {card} allows, or choose it on your phone.",
                             player=colour(player), card=card)
                problems.append(Discrepancy(
                    "turn", None, N_("{reason}.", reason=match.message), fix, player))
        elif moved and state.phase is Phase.RIVER:
            arms = infer_arms(state, observation)
            if arms.arms is not None:
                proposal = MoveRiver(arms.arms)
        if proposal is not None:
            problems = [p for p in problems if p.kind not in MOVED]
        changed = [p.to_json() for p in problems] != [p.to_json() for p in live.problems]
        now = time.monotonic()
        if problems:
            live.disagree_since = live.disagree_since or now
            if now - live.disagree_since < self.settle:
                problems = live.problems  # not settled yet: keep what is shown
                changed = False
        else:
            live.disagree_since = None
        was = bool(live.problems)
        live.problems = problems
        if self.announcer is not None and was != bool(problems):
            self.announcer.discrepancy(bool(problems))
        if isinstance(proposal, MoveRiver):
            # The camera saw the discs pushed: confirm them and move the river.
            if self.announcer is not None:
                for _ in range(rules.river_discs(state) - live.discs_confirmed):
                    self.announcer.disc_confirmed()
            self.apply(game_id, proposal)
            return
        if proposal != live.proposal:
            live.proposal, live.proposal_text = proposal, text
            changed = True
        if changed:
            self.hub.bump(f"game:{game_id}")

    def _judge_computer(self, game_id: int, state: GameState, observation: Observation,
                        problems: list[Discrepancy], settings: GameSettings
                        ) -> tuple[list[Discrepancy], Paddle | Weather | None, str]:
        """A computer's turn on the board: the board showing the computer's chosen turn
        is proposed; anything else moved (another legal turn included) is a difference
        from that turn, each with its fix."""
        live = self._live_of(game_id)
        told = live.computer
        if told is None or told.version != len(self.game(game_id).history):
            return problems, None, ""  # still deciding: nothing to compare with yet
        kinds = (*MOVED, "weather")
        if not any(p.kind in kinds for p in problems):
            return problems, None, ""  # nothing moved yet
        after, _ = rules.apply(state, told.action)
        left = compare(observation, after)
        if not any(p.kind in kinds for p in left):
            return left, told.action, N_("The camera sees the computer's move: {move}",
                                         move=told.text)
        player = told.player
        name = settings.name(player)
        card = state.chosen[player]
        seen = infer_turn(state, player, card, observation).result
        if seen is not None and seen.action != told.action:
            what = N_("The board shows another move for {player} than the one it chose "
                      "({move}).", player=name, move=event_text(state, seen.action))
        else:
            what = N_("{player}'s canoes are not where it chose to move them.", player=name)
        lead = Discrepancy("turn", None, what, told.text, player)
        return [lead, *left], None, ""

    def setup_check(self) -> dict[str, Any]:
        """The starting position as the camera sees it, and what to fix."""
        reading = self._reading
        if self.camera is None:
            return {"camera": None, "ok": None, "problems": [],
                    "text": N_("No camera: check the board by eye.")}
        if reading is None or reading.observation is None:
            return {"camera": self.camera.name, "ok": None, "problems": [],
                    "text": N_("No picture from the camera yet.")}
        if self.current is None:
            return {"camera": self.camera.name, "ok": None, "problems": [],
                    "text": N_("Start a game first.")}
        state = self.state(self.current)
        if state.round > 1 or state.phase is not Phase.CHOOSE:
            return {"camera": self.camera.name, "ok": None, "problems": [],
                    "text": N_("Game {id} is under way (round {round}): the setup check is "
                               "for the start of a game. The table page compares the board "
                               "with the game as it goes.", id=self.current,
                               round=state.round)}
        problems = check_setup(reading.observation, state.players,
                               state.options.diamanten_joe)
        count = len(problems)
        return {"camera": self.camera.name, "ok": not problems,
                "problems": [p.to_json() for p in problems],
                "text": (N_("The board is set up for a new game.") if not problems else
                         Nn_("{n} thing to fix before starting.",
                             "{n} things to fix before starting.", count))}

    # -- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the camera watcher and the computer players, and wake every stream
        (idempotent)."""
        self._closed = True
        self.hub.close()
        for thread in (self._thread, self._computers):
            if thread is not None and thread is not threading.current_thread():
                thread.join(timeout=2)
