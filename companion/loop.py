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
  result of their card), or the camera's reading is matched against them and the table
  confirms it with one tap (:meth:`GameLoop.proposal`).
- Phase 3: the river move is announced (the disc bar lights the discs to push); the
  camera confirms the discs were pushed and which arm each took, or the table taps
  "done" (:meth:`GameLoop.river_done`). Phase 4 (the buoy) is the engine's.
- :meth:`GameLoop.undo` takes back the last action.

Every change bumps a topic of the :class:`Hub`, which wakes the event streams.

>>> import tempfile, os
>>> from companion.store import GameStore
>>> loop = GameLoop(GameStore(os.path.join(tempfile.mkdtemp(), "g.sqlite3")))
>>> game = loop.new_game(["red", "green", "yellow"])
>>> sorted(game.tokens)
['green', 'red', 'yellow']
>>> loop.close()
"""

from __future__ import annotations

import hmac
import itertools
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

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
from companion.board import (
    ARMS,
    BEACH,
    CARDS,
    LOST,
    WEATHER_MAX,
    WEATHER_MIN,
    Arm,
    other_arm,
    path_down,
    path_up,
)
from companion.errors import IllegalActionError, InvalidActionError, NiagaraError
from companion.state import GameState, Options, Phase, sorted_cards
from companion.store import GameStore, StoreError

log = logging.getLogger(__name__)

LOG_LENGTH = 80
"""Events sent to the pages (the newest ones)."""


class AccessError(NiagaraError):
    """A wrong token or key: the request is refused and nothing changes."""


class ConflictError(NiagaraError):
    """The request was made against an older state of the game (e.g. a second undo)."""


class NotFoundError(NiagaraError):
    """No such game."""


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


# -- the seams: lights and camera ------------------------------------------------------


class AnnouncerLike(Protocol):
    """What the loop needs from :class:`hardware.announcer.Announcer`."""

    def announce(self, *events: Any) -> None: ...
    def turn(self, player: str | None) -> None: ...
    def discrepancy(self, active: bool) -> None: ...
    def disc_confirmed(self) -> None: ...
    def snapshot(self) -> dict[str, Any]: ...
    def add_listener(self, listener: Callable[[dict[str, Any]], None]) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class Problem:
    """One difference between the board and the game, with what to do about it."""

    text: str
    fix: str
    where: str | None = None
    kind: str = "board"
    """``board``, ``disc``, ``canoe``, ``gem`` or ``weather`` (turns and river moves are
    matched on ``canoe`` and ``gem`` only: they change nothing else on the board)."""

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "fix": self.fix, "where": self.where, "kind": self.kind}


@dataclass
class Reading:
    """The camera's latest reading: an observation (``vision.observation.Observation``
    or None when nothing could be read) and when it was taken."""

    observation: Any
    at: float = field(default_factory=time.monotonic)
    jpeg: bytes | None = None
    """The frame with what was detected drawn on it, JPEG-encoded."""


class CameraLike(Protocol):
    """What the loop needs from a camera: its latest reading, and a way to say what the
    game state is (a synthetic camera draws it)."""

    name: str

    def read(self, state: GameState | None) -> Reading | None: ...
    def close(self) -> None: ...


Comparer = Callable[[Any, GameState], list[Problem]]


# -- what a page may know ----------------------------------------------------------------


def reachable_weather(weather: int, moves: int) -> set[int]:
    """Weather values reachable with ``moves`` cloud moves of one step each.

    >>> sorted(reachable_weather(0, 2))
    [0, 2]
    """
    values = {weather}
    for _ in range(moves):
        values = {w + d for w in values for d in (-1, 1) if WEATHER_MIN <= w + d <= WEATHER_MAX}
    return values


def forecast(public: Mapping[str, Any]) -> dict[str, Any]:
    """The danger forecast for learners, from public facts only.

    ``public`` is ``GameState.to_json(reveal=False)``: cards already revealed are known;
    the others can be any card still in the player's public hand. Returns the least and
    most discs the river can move this round and the canoes that could go over the falls
    (at their present positions, with the discs alternating as predicted, and if they do
    not alternate).
    """
    phase = public["phase"]
    played: dict[str, Any] = dict(public["played"])
    order = _turn_order(public)
    weather = int(public["weather"])
    options: dict[str, list[Any]] = {}
    for p in order:
        if p in played:
            options[p] = [played[p]]
        else:
            hand = public["hands"][p]
            numbers = [int(c) for c in hand if c != "cloud"]
            choice: list[Any] = []
            if numbers:
                choice += sorted({min(numbers), max(numbers)})
            if "cloud" in hand:
                choice.append("cloud")
            options[p] = choice or list(CARDS)
    # Clouds still to be played move the weather (a revealed cloud moves it on its turn).
    done = _turns_done(public)
    low, high = None, None
    for combo in itertools.product(*(options[p] for p in order)):
        numbers = [int(c) for c in combo if c != "cloud"]
        base = min(numbers) if numbers else 0
        clouds = sum(1 for p, c in zip(order, combo, strict=True)
                     if c == "cloud" and p not in done)
        for w in reachable_weather(weather, clouds):
            discs = max(0, base + w)
            low = discs if low is None else min(low, discs)
            high = discs if high is None else max(high, discs)
    assert low is not None and high is not None
    next_fork: Arm = public["next_fork"]
    predicted = [next_fork if i % 2 == 0 else other_arm(next_fork) for i in range(high)]
    danger = []
    for player, canoes in public["canoes"].items():
        for canoe in canoes:
            at = canoe["at"]
            if at in (BEACH, LOST):
                continue
            falls_predicted = _falls_within(at, predicted)
            falls_worst = any(rules.after_river(at, [arm] * high) == LOST for arm in ARMS)
            if falls_predicted is not None or falls_worst:
                danger.append({
                    "player": player, "at": at, "gem": canoe["gem"],
                    "discs": falls_predicted,
                    "text": _danger_text(player, at, falls_predicted, high),
                })
    joe = public.get("joe")
    if joe and joe["at"] not in (BEACH, LOST):
        falls_predicted = _falls_within(joe["at"], predicted)
        if falls_predicted is not None:
            danger.append({"player": "joe", "at": joe["at"], "gem": joe["gem"],
                           "discs": falls_predicted,
                           "text": _danger_text("joe", joe["at"], falls_predicted, high)})
    if phase == "river":
        text = f"The river moves {low} disc{'s' if low != 1 else ''} this round."
    elif low == high:
        text = f"The river will move {low} disc{'s' if low != 1 else ''} this round."
    else:
        text = f"The river will move between {low} and {high} discs this round."
    why = ("The river moves as many discs as the lowest number card played this round, "
           f"plus the weather (now {weather:+d}); a cloud card moves the weather one space "
           "instead. Cards are secret until they are revealed, so this is every number "
           "still possible from the cards left in the players' hands.")
    return {"least": low, "most": high, "danger": danger, "text": text, "why": why,
            "predicted_arms": predicted}


def _falls_within(at: str, arms: Sequence[Arm]) -> int | None:
    position = at
    for n, arm in enumerate(arms, start=1):
        position = rules.push_position(position, arm)
        if position == LOST:
            return n
    return None


def _danger_text(player: str, at: str, discs: int | None, most: int) -> str:
    who = "Diamanten Joe" if player == "joe" else f"{player.capitalize()}'s canoe"
    if discs is None:
        return (f"{who} on {at} is safe if the discs alternate at the fork, but would go "
                f"over the falls if {most} discs all took its arm.")
    return f"{who} on {at} goes over the falls if the river moves {discs} or more discs."


def _turn_order(public: Mapping[str, Any]) -> list[str]:
    players = list(public["players"])
    first = players.index(public["first_player"])
    return players[first:] + players[:first]


def _turns_done(public: Mapping[str, Any]) -> set[str]:
    """Players whose card has already had its effect this round."""
    order = _turn_order(public)
    if public["phase"] == "choose":
        return set()
    if public["phase"] in ("river", "over"):
        return set(order)
    current = public["to_play"]
    return set(order[: order.index(current)])


def seating(players: Sequence[str], first: object = None) -> list[str]:
    """The players in seating order (clockwise) starting with the buoy's holder.

    >>> seating(["red", "blue", "green", "yellow"], "green")
    ['green', 'yellow', 'red', 'blue']
    >>> seating(["red", "blue", "green"])
    ['red', 'blue', 'green']
    """
    order = list(players)
    if first is None or first == "":
        return order
    if not isinstance(first, str) or first not in order:
        raise InvalidActionError(f"The buoy must go to one of the players "
                                 f"({', '.join(str(p) for p in order)}), not {first!r}.")
    i = order.index(first)
    return order[i:] + order[:i]


def river_why(state: GameState) -> str:
    """Why the river moves this many discs, and what a pushed disc does (phase 3: every
    card has been revealed, so this is public)."""
    discs = rules.river_discs(state)
    base = rules.river_base(state)
    played = state.played()
    if base:
        who = [p.capitalize() for p in state.turn_order() if played.get(p) == base]
        card = f"the lowest number card played this round is {base} ({' and '.join(who)})"
    else:
        card = "everyone played the cloud, so no number card counts (0)"
    weather = state.weather
    wx = ("the weather adds nothing (0)" if weather == 0 else
          f"the weather adds {weather}" if weather > 0 else
          f"the weather takes {-weather} away ({weather:+d})")
    total = f"{base} {'+' if weather >= 0 else '−'} {abs(weather)} = {base + weather}"
    plural = "disc" if discs == 1 else "discs"
    text = f"Why {discs} {plural}? {card[0].upper()}{card[1:]}, and {wx}: {total}."
    if base + weather < 0:
        text = text[:-1] + "; the river never moves backwards, so 0."
    if discs:
        text += (" Each disc pushed in at the top moves the discs, and the canoes on them, "
                 "one slot downstream. At the fork the discs take the left and right arms "
                 "in turn; only that arm moves, and the disc at its end goes over the falls "
                 "with any canoe on it.")
    return text


def public_state(state: GameState) -> dict[str, Any]:
    """What everyone at the table may know (no secret card, no hand that gives one away)."""
    data = state.to_json(reveal=False)
    data["turn_order"] = list(state.turn_order())
    data.pop("chosen", None)
    return data


def _end_of(position: str, steps: Iterable[Any]) -> str:
    at = position
    for step in steps:
        if step.op == "down":
            path = path_down(at, step.n, step.arg)
            at = path[-1] if path else at
        elif step.op == "up":
            path = path_up(at, step.n)
            at = path[-1] if path else at
    return at


def describe_action_safely(action: Action) -> str:
    """A plain sentence for an action that was undone, never naming a secret card."""
    who = (action.player or "").capitalize()
    if isinstance(action, ChooseCard):
        return f"{who}'s card choice was taken back: {who} chooses again."
    if isinstance(action, Recover):
        return f"{who}'s buy-back of a canoe was taken back."
    if isinstance(action, Weather):
        return f"{who}'s weather move was taken back."
    if isinstance(action, Paddle):
        return f"{who}'s canoe move was taken back."
    return "The river move was taken back: put the discs and canoes back."


def _seen(reading: Reading) -> Any:
    """What a reading saw, without its timing (to tell whether anything changed)."""
    observation = reading.observation
    if observation is None or not hasattr(observation, "to_json"):
        return observation
    data = observation.to_json()
    data.pop("ms", None)
    return data


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
    problems: list[Problem] = field(default_factory=list)
    proposal: Paddle | Weather | MoveRiver | None = None
    proposal_text: str = ""
    disagree_since: float | None = None
    discs_confirmed: int = 0
    river_announced: bool = False


class GameLoop:
    """The companion's game loop over a :class:`GameStore`.

    :param store: where games live (they resume from it after a restart).
    :param announcer: the lights and buzzer (``hardware.announcer.Announcer`` or a
        twin), or None.
    :param camera: a camera (see :class:`CameraLike`), or None: the river is then
        confirmed with the manual "done".
    :param compare: ``compare(observation, state) -> [Problem]``.
    :param settle: seconds the board must disagree before an alert is raised.
    """

    def __init__(self, store: GameStore, *, announcer: AnnouncerLike | None = None,
                 camera: CameraLike | None = None, compare: Comparer | None = None,
                 settle: float = 2.0, camera_interval: float = 0.5) -> None:
        self.store = store
        self.announcer = announcer
        self.camera = camera
        self.compare = compare
        self.settle = settle
        self.camera_interval = camera_interval
        self.hub = Hub()
        self._lock = threading.RLock()
        self._tokens: dict[str, tuple[int, str]] = {}
        self._keys: dict[int, str] = {}
        self._live: dict[int, _Live] = {}
        self._reading: Reading | None = None
        self.current: int | None = None
        self._closed = False
        for info in store.games():
            self._index(info.id, info.meta)
        self.current = store.latest_unfinished()
        if announcer is not None:
            announcer.add_listener(lambda _snap: self.hub.bump("leds"))
        if self.current is not None:
            self._sync_lights(self.current)
        self._thread: threading.Thread | None = None
        if camera is not None:
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
            raise InvalidActionError("'players' must be a list of 3 to 5 colours")
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

    def player_of(self, token: object) -> tuple[int, str]:
        """The game and player colour of a secret token; :class:`AccessError` if unknown."""
        if isinstance(token, str):
            for known, who in list(self._tokens.items()):
                if hmac.compare_digest(known.encode(), token.encode()):
                    return who
        raise AccessError("This player link is not valid: scan your QR code again or ask "
                          "the table for your link.")

    def check_key(self, game_id: int, key: object) -> None:
        """Raise :class:`AccessError` unless ``key`` is the table's key of the game."""
        self.game(game_id)
        known = self._keys.get(game_id)
        if not (isinstance(key, str) and known
                and hmac.compare_digest(known.encode(), key.encode())):
            raise AccessError("Only the table can do this: open the table page from the "
                              "link shown when the game was created.")

    def tokens(self, game_id: int, key: object) -> dict[str, str]:
        """The players' tokens (the table's key is needed)."""
        self.check_key(game_id, key)
        return {p: t for t, (g, p) in self._tokens.items() if g == game_id}

    def game(self, game_id: int) -> Any:
        try:
            return self.store.game(game_id)
        except StoreError as error:
            raise NotFoundError(str(error)) from None

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
                           "current": info.id == self.current})
        return result

    def _live_of(self, game_id: int) -> _Live:
        return self._live.setdefault(game_id, _Live())

    # -- changing the game ---------------------------------------------------------------

    def player_action(self, token: object, data: object) -> Result:
        """Apply a player's action given as JSON (the player comes from the token).

        ``data`` is an action's JSON without ``player`` (or with the token's player).
        Repeating an action already applied this round succeeds and changes nothing.
        """
        game_id, player = self.player_of(token)
        if not isinstance(data, Mapping):
            raise InvalidActionError("the request body must be a JSON object describing "
                                     "the action")
        if data.get("player", player) != player:
            raise AccessError(f"This link belongs to {player}: it cannot play for "
                              f"{data.get('player')}.")
        if data.get("type") == "river":
            raise AccessError("The river is moved from the table, not from a phone.")
        action = action_from_json({**data, "player": player})
        return self.apply(game_id, action)

    def apply(self, game_id: int, action: Action) -> Result:
        """Apply ``action`` to the game, store it, and tell the lights and the pages."""
        with self._lock:
            game = self.game(game_id)
            if self._is_repeat(game, action):
                return Result([], repeated=True)
            before = game.state
            events = self.store.append(game_id, action)
            live = self._live_of(game_id)
            live.proposal = None
            live.proposal_text = ""
            if isinstance(action, MoveRiver):
                live.discs_confirmed = 0
                live.river_announced = False
            self._after_change(game_id, before, game.state, events)
        return Result(events)

    def _is_repeat(self, game: Any, action: Action) -> bool:
        history: list[Action] = game.history
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
                raise InvalidActionError("'version' must be the number of actions the page "
                                         "has seen")
            if version != len(game.history):
                raise ConflictError("The game has changed since this page was loaded: "
                                    "nothing was undone. Look again and retry.")
            before = game.state
            try:
                action = self.store.undo(game_id)
            except StoreError as error:
                raise IllegalActionError(str(error)) from None
            text = "Undone: " + describe_action_safely(action)
            live = self._live_of(game_id)
            live.notes.append(text)
            live.proposal = None
            live.discs_confirmed = 0
            live.river_announced = False
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
                raise AccessError("Only the player to play (or the table) can confirm this.")
        else:
            self.check_key(game_id, key)
        with self._lock:
            proposal = self._live_of(game_id).proposal
            if proposal is None:
                raise ConflictError("There is nothing from the camera to confirm.")
            return self.apply(game_id, proposal)

    def note(self, game_id: int, text: str) -> None:
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
            log_lines = [{"n": i, "kind": e.kind, "text": e.describe()}
                         for i, e in enumerate(game.all_events())]
            notes = list(live.notes[-10:])
            river = None
            if state.phase is Phase.RIVER:
                discs = rules.river_discs(state)
                river = {"discs": discs, "base": rules.river_base(state),
                         "weather": state.weather,
                         "predicted_arms": list(rules.predicted_arms(state)),
                         "confirmed": live.discs_confirmed,
                         "why": river_why(state),
                         "text": ev.RiverMoved(discs, (), rules.river_base(state),
                                               state.weather).describe()}
            out = rules.outcome(state)
            view = {
                "game": game_id,
                "version": len(game.history),
                "current": game_id == self.current,
                "state": public,
                "banner": self._banner(state),
                "log": log_lines[-LOG_LENGTH:],
                "notes": notes,
                "forecast": forecast(public),
                "river": river,
                "problems": [p.to_json() for p in live.problems],
                "proposal": ({"text": live.proposal_text}
                             if live.proposal is not None else None),
                "outcome": out.describe() if out else None,
                "camera": self.camera.name if self.camera else None,
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
        options: list[dict[str, Any]] = []
        if card == "cloud":
            for action in rules.legal_actions(state, player):
                assert isinstance(action, Weather)
                new = state.weather + (1 if action.direction == "up" else -1)
                options.append({"action": action.to_json(), "moves": [],
                                "text": f"Move the cloud {action.direction}: weather {new:+d}"})
        else:
            for result in rules.turn_results(state, player, card):
                paddle = result.action
                assert isinstance(paddle, Paddle)
                _, events = rules.apply(state, paddle)
                moves = [{"from": m.start, "to": _end_of(m.start, m.steps),
                          "gem": m.carrying if m.carrying != "any" else None,
                          "steps": [s.text() for s in m.steps]}
                         for m in paddle.canoes]
                text = " ".join(e.describe() for e in events
                                if e.kind not in ("card_revealed", "game_won"))
                options.append({"action": result.action.to_json(), "moves": moves,
                                "text": text or "No canoe can move."})
        return {"your_turn": True, "card": card, "options": options, "version": version}

    def _banner(self, state: GameState) -> str:
        if state.phase is Phase.OVER:
            out = rules.outcome(state)
            return f"The game is over. {out.describe() if out else ''}".strip()
        if state.phase is Phase.CHOOSE:
            waiting = [p.capitalize() for p in state.players if p not in state.chosen]
            return (f"Round {state.round}, phase 1: everyone chooses a paddle card in secret. "
                    f"Still choosing: {', '.join(waiting)}.")
        if state.phase is Phase.ACTIONS:
            who = (state.to_play or "").capitalize()
            card = state.played().get(state.to_play or "")
            what = "the cloud: move the weather one space" if card == "cloud" else \
                f"a {card}: paddle"
            return f"Phase 2: {who} plays {what}."
        discs = rules.river_discs(state)
        arms = ", ".join(rules.predicted_arms(state))
        base = rules.river_base(state)
        text = ev.RiverMoved(discs, (), base, state.weather).describe()
        if discs == 0:
            return f"Phase 3: {text} Tap done to go on."
        return (f"Phase 3: {text} Push {discs} disc{'s' if discs != 1 else ''} in at the top, "
                f"one at a time (expected at the fork: {arms}).")

    def leds(self) -> dict[str, Any] | None:
        return self.announcer.snapshot() if self.announcer is not None else None

    def latest_reading(self) -> Reading | None:
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
            except Exception:  # the camera must never take the game down
                log.exception("camera check failed")

    def check_camera(self) -> None:
        """Read the camera once: keep the frame, raise or clear alerts, propose a turn or
        confirm the river (called by the watcher thread; tests call it directly)."""
        if self.camera is None or self.current is None:
            return
        game_id = self.current
        state = self.state(game_id)
        reading = self.camera.read(state)
        if reading is None:
            return
        previous = self._reading
        self._reading = reading
        if previous is None or _seen(previous) != _seen(reading):
            self.hub.bump("camera")
        observation = reading.observation
        if observation is None or getattr(observation, "blocked", False) or self.compare is None:
            return
        with self._lock:
            if self.current != game_id or self.state(game_id) is not state:
                return
            self._judge(game_id, state, observation)

    def _judge(self, game_id: int, state: GameState, observation: Any) -> None:
        live = self._live_of(game_id)
        compare = self.compare
        assert compare is not None
        problems = compare(observation, state)

        def fits(after: GameState) -> bool:
            return not [p for p in compare(observation, after) if p.kind in ("canoe", "gem")]

        proposal: Paddle | Weather | MoveRiver | None = None
        text = ""
        if problems and state.phase is Phase.ACTIONS and state.to_play:
            card = state.chosen[state.to_play]
            if card != "cloud":
                for result in rules.turn_results(state, state.to_play, card):
                    if fits(result.state):
                        proposal = result.action
                        _, events = rules.apply(state, proposal)
                        text = "The camera sees: " + " ".join(
                            e.describe() for e in events if e.kind != "card_revealed")
                        break
        elif problems and state.phase is Phase.RIVER:
            discs = rules.river_discs(state)
            predicted = rules.predicted_arms(state)
            # Discs with no canoe on their way leave no trace: among the arms that fit,
            # take the one closest to the predicted alternation.
            candidates = sorted(itertools.product(ARMS, repeat=discs), key=lambda arms: sum(
                a != b for a, b in zip(arms, predicted, strict=True)))
            for arms in candidates:
                after, _ = rules.apply(state, MoveRiver(tuple(arms)))
                if fits(after):
                    proposal = MoveRiver(tuple(arms))
                    break
        if proposal is not None:
            problems = [p for p in problems if p.kind not in ("canoe", "gem")]
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
                    "text": "No camera: check the board by eye."}
        if reading is None or reading.observation is None:
            return {"camera": self.camera.name, "ok": None, "problems": [],
                    "text": "No picture from the camera yet."}
        if self.current is None:
            return {"camera": self.camera.name, "ok": None, "problems": [],
                    "text": "Start a game first."}
        from companion.state import new_game
        start = new_game(self.state(self.current).players, self.state(self.current).options)
        problems = self.compare(reading.observation, start) if self.compare else []
        return {"camera": self.camera.name, "ok": not problems,
                "problems": [p.to_json() for p in problems],
                "text": ("The board is set up for a new game." if not problems else
                         f"{len(problems)} thing(s) to fix before starting.")}

    # -- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the camera watcher and wake every stream (idempotent)."""
        self._closed = True
        self.hub.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
