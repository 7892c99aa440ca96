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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion import events as ev
from companion import rules
from companion.actions import (
    Action,
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
from companion.state import GameState, Options, Phase, sorted_cards
from companion.table.camera import CameraReading, TableCamera
from companion.table.errors import AccessError, ConflictError, NotFoundError, StorageError
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
    """

    def __init__(self, store: GameStore, *, announcer: Lights | None = None,
                 camera: TableCamera | None = None, settle: float = 2.0,
                 camera_interval: float = 0.5, lights_problem: str | None = None,
                 heartbeat: Callable[[], object] | None = None) -> None:
        self.store = store
        self.announcer = announcer
        self.camera = camera
        self.settle = settle
        self.camera_interval = camera_interval
        self.hub = Hub()
        self._lock = threading.RLock()
        self._tokens: dict[str, tuple[int, str]] = {}
        self._keys: dict[int, str] = {}
        self._live: dict[int, _Live] = {}
        self._reading: CameraReading | None = None
        self._camera_lock = threading.Lock()
        """One camera check at a time (the watcher thread and page requests)."""
        self.lights_problem = lights_problem
        self._camera_problem = camera.problem if camera is not None else None
        self.current: int | None = None
        self._closed = False
        for info in store.games():
            self._index(info.id, info.meta)
        self.current = store.latest_unfinished()
        if self.current is not None and self.ended(self.current):
            self.current = None
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

    def new_game(self, players: Sequence[str], options: Options | None = None,
                 first: str | None = None) -> NewGame:
        """Store a new game; it becomes the game on the table. Bad players raise
        :class:`InvalidActionError`.

        ``players`` are in seating order, clockwise; ``first`` (who holds the buoy in
        round 1, default ``players[0]``) rotates them so that the engine gets the first
        player at ``players[0]``, keeping the seating order.
        """
        if not isinstance(players, Sequence) or isinstance(players, str):
            raise InvalidActionError(N_("'players' must be a list of 3 to 5 colours"))
        players = seating(players, first)
        tokens = {p: secrets.token_urlsafe(16) for p in players}
        key = secrets.token_urlsafe(16)
        with self._lock:
            game_id = self.store.create(players, options,
                                        {"tokens": tokens, "table_key": key})
            self._index(game_id, {"tokens": tokens, "table_key": key})
            self.current = game_id
            self._sync_lights(game_id)
        self.hub.bump("games")
        self.hub.bump(f"game:{game_id}")
        return NewGame(game_id, tokens, key)

    def make_current(self, game_id: int) -> None:
        """Put a stored game on the table: the lights and the camera follow it."""
        self.game(game_id)  # NotFoundError if there is none
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
            state = self.state(info.id)
            result.append({"id": info.id, "created": info.created,
                           "players": list(info.players), "round": state.round,
                           "phase": state.phase.value, "winners": list(state.winners),
                           "current": info.id == self.current,
                           "ended": self.ended(info.id)})
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

    def apply(self, game_id: int, action: Action, *, seen_lost: int | None = None) -> Result:
        """Apply ``action`` to the game, store it, and tell the lights and the pages
        (``seen_lost``: see :meth:`player_action`)."""
        with self._lock:
            game = self.game(game_id)
            if self._is_repeat(game, action, seen_lost):
                return Result([], repeated=True)
            before = game.state
            events = self.store.append(game_id, action)
            live = self._live_of(game_id)
            live.proposal = None
            live.proposal_text = ""
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
            try:
                action = self.store.undo(game_id)
            except StoreError as error:
                raise IllegalActionError(error.args[0]) from None
            text = N_("Undone: {what}", what=describe_action_safely(action))
            live = self._live_of(game_id)
            live.notes.append(text)
            live.proposal = None
            live.discs_confirmed = 0
            live.river_announced = False
            live.river_surprise = None
            self._after_change(game_id, before, game.state, [])
        return text

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
        new = self.new_game(list(state.players), state.options)
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
            view = {
                "game": game_id,
                "version": len(game.history),
                "current": game_id == self.current,
                "ended": self.ended(game_id),
                "state": public,
                "banner": banner(state),
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
                "undo": undo_text(state, game.history[-1]) if game.history else None,
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
                "locked": chosen,
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
        if moved and state.phase is Phase.ACTIONS and state.to_play:
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
        """Stop the camera watcher and wake every stream (idempotent)."""
        self._closed = True
        self.hub.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
