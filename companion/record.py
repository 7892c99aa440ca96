"""Game records, the PGN of Niagara: ``niagara-record/1`` JSON.

A record lists the seating order, the options and, round by round, the canoes bought
back, the cards chosen, every turn and the arms the discs took at the fork. Loading
re-checks every entry against the rules and stops at the first problem, saying where
it happened::

    >>> result = replay({"format": "niagara-record/1", "players": ["red", "green", "yellow"],
    ...                  "rounds": [{"cards": {"red": 9}}]})
    >>> result.ok, result.error.round, result.error.player
    (False, 1, 'red')
"""

from __future__ import annotations

import gc
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeGuard

from companion.actions import (
    Action,
    CanoeMove,
    ChooseCard,
    MoveRiver,
    Paddle,
    Recover,
    Weather,
    check_gem,
    check_player,
    parse_arms,
    parse_card,
)
from companion.board import GEM_COLOURS
from companion.errors import IllegalActionError, InvalidActionError, NiagaraError
from companion.game import Game
from companion.state import GameState, Options, Phase, sorted_cards

FORMAT: Final = "niagara-record/1"
OPTION_NAMES: Final = ("diamanten_joe", "tie_break")


class RecordError(NiagaraError):
    """A record that cannot be replayed: where (round, player) and why."""

    def __init__(self, message: str, round: int | None = None, player: str | None = None):
        super().__init__(message)
        self.message = message
        self.round = round
        self.player = player

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "player": self.player, "message": self.message}

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.player is not None:
            where.append(self.player)
        return f"{', '.join(where)}: {self.message}" if where else self.message


@dataclass
class ReplayResult:
    """The game replayed so far; ``error`` and ``error_state`` when an entry failed."""

    game: Game | None
    error: RecordError | None = None
    error_state: GameState | None = None
    hidden: frozenset[str] = frozenset()
    """Players whose card for the unfinished last round the record does not give (read
    with ``unfinished=True``): the game holds a stand-in card for each, the first of
    their hand, which must never be shown as theirs (``companion.partner.view`` masks
    it)."""

    @property
    def ok(self) -> bool:
        return self.error is None


def parse_header(record: object) -> tuple[list[str], Options, list[Any]]:
    """The players, options and rounds of a record, checked for shape."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object with format, players and rounds")
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"unknown record format {fmt!r}: this program reads {FORMAT!r}")
    players = record.get("players")
    if not isinstance(players, list) or not players:
        raise RecordError("'players' must list the player colours in seating order")
    try:
        seats = [check_player(p) for p in players]
    except InvalidActionError as error:
        raise RecordError(str(error)) from None
    raw_options = record.get("options", {})
    if not isinstance(raw_options, Mapping):
        raise RecordError("'options' must be an object such as {\"diamanten_joe\": false}")
    for name, value in raw_options.items():
        if name not in OPTION_NAMES:
            raise RecordError(f"unknown option {name!r}: options are {', '.join(OPTION_NAMES)}")
        if not isinstance(value, bool):
            raise RecordError(f"option {name!r} must be true or false, not {value!r}")
    options = Options(**{k: bool(v) for k, v in raw_options.items()})
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        raise RecordError("'rounds' must be a list of rounds")
    return seats, options, rounds


def _is_mapping(value: object) -> TypeGuard[Mapping[str, Any]]:
    return type(value) is dict or isinstance(value, Mapping)


def _turn_action(turn: object, expected: str | None) -> Action:
    if not _is_mapping(turn):
        raise InvalidActionError(f"a turn must be an object with 'player', not {turn!r}")
    player = check_player(turn.get("player"))
    if "weather" in turn and "canoes" in turn:
        raise InvalidActionError("a turn either moves the weather or moves canoes, not both")
    if "weather" in turn:
        direction = turn["weather"]
        if direction not in ("up", "down"):
            raise InvalidActionError(f"the weather moves 'up' or 'down', not {direction!r}")
        return Weather(player, direction)
    canoes = turn.get("canoes", [])
    if type(canoes) is not list and (not isinstance(canoes, Sequence) or
                                     isinstance(canoes, str)):
        raise InvalidActionError("'canoes' must be a list of canoe moves")
    return Paddle(player, tuple([CanoeMove.from_json(c) for c in canoes]))


_CHOICES: dict[tuple[str, int | str], ChooseCard] = {}


def _choose_card(player: str, card: object) -> ChooseCard:
    """``ChooseCard(player, parse_card(card))``, shared: a record repeats a few dozen."""
    if type(card) is int or type(card) is str:
        known = _CHOICES.get((player, card))
        if known is not None:
            return known
        known = ChooseCard(player, parse_card(card))
        if len(_CHOICES) < 4096:
            _CHOICES[player, card] = known
        return known
    return ChooseCard(player, parse_card(card))


def _recover_actions(entry: Mapping[str, Any], number: int) -> list[tuple[str, Recover]]:
    """The buy-backs of a round, each with its player."""
    actions: list[tuple[str, Recover]] = []
    recover = entry.get("recover", {})
    if not _is_mapping(recover):
        raise RecordError("'recover' must map players to the gem paid or \"free\" (a list "
                          "of them for several canoes)", number)
    for player, paid in recover.items():
        try:
            name = check_player(player)
            for pay in (paid if isinstance(paid, list) and paid else [paid]):
                actions.append((name, Recover(name, "free" if pay == "free"
                                              else check_gem(pay))))
        except InvalidActionError as error:
            raise RecordError(str(error), number, str(player)) from None
    return actions


def _round_actions(game: Game, number: int, entry: object) -> list[tuple[str | None, Action]]:
    """The actions of one round, each with the player it belongs to (for error messages)."""
    if not _is_mapping(entry):
        raise RecordError("a round must be an object with 'cards' and 'turns'", number)
    state = game.start  # for the players, who never change (the current state may be unbuilt)
    actions: list[tuple[str | None, Action]] = list(_recover_actions(entry, number))
    cards = entry.get("cards")
    if not _is_mapping(cards):
        raise RecordError("the round has no 'cards': every player's card must be listed", number)
    for player, card in cards.items():
        try:
            name = check_player(player)
            if name not in state.players:
                raise InvalidActionError(f"{name} is not playing in this game")
            actions.append((name, _choose_card(name, card)))
        except InvalidActionError as error:
            raise RecordError(str(error), number, str(player)) from None
    missing = [p for p in state.players if p not in cards]
    if missing:
        raise RecordError(f"no card for {', '.join(missing)}: every player chooses a card "
                          "each round", number, missing[0])
    turns = entry.get("turns", [])
    if not isinstance(turns, list):
        raise RecordError("'turns' must be a list of turns", number)
    for turn in turns:
        who = turn.get("player") if _is_mapping(turn) else None
        try:
            actions.append((who if isinstance(who, str) else None, _turn_action(turn, None)))
        except InvalidActionError as error:
            raise RecordError(str(error), number, who if isinstance(who, str) else None) \
                from None
    if len(turns) == len(state.players):
        try:
            arms = parse_arms(entry.get("fork"))
        except InvalidActionError as error:
            raise RecordError(str(error), number) from None
        actions.append((None, MoveRiver(arms)))
    elif "fork" in entry:
        raise RecordError("'fork' is given but not every player has played this round", number)
    return actions


def _plain_round(players: tuple[str, ...], entry: dict[str, Any]) \
        -> tuple[list[Action], MoveRiver | None] | None:
    """The actions of a round written the plain way (players of the game, the usual types,
    nothing to complain about) as :func:`_round_actions` reads them, without the river, and
    the river if every player played; None for anything else, which
    :func:`_round_actions` reads (and explains) instead."""
    actions: list[Action] = []
    recover = entry.get("recover")
    if recover is not None:
        if type(recover) is not dict:
            return None
        for player, paid in recover.items():
            if player not in players:
                return None
            for pay in (paid if type(paid) is list and paid else (paid,)):
                if pay != "free" and (type(pay) is not str or pay not in GEM_COLOURS):
                    return None
                actions.append(Recover(player, pay))
    cards = entry.get("cards")
    if type(cards) is not dict or len(cards) != len(players):
        return None
    for player, card in cards.items():
        if player not in players:
            return None  # and with as many cards as players, nobody is missing
        try:
            actions.append(_choose_card(player, card))
        except InvalidActionError:
            return None
    turns = entry.get("turns", [])
    if type(turns) is not list:
        return None
    for turn in turns:
        if type(turn) is not dict:
            return None
        player = turn.get("player")
        if player not in players:
            return None
        if "weather" in turn:
            direction = turn["weather"]
            if "canoes" in turn or (direction != "up" and direction != "down"):
                return None
            actions.append(Weather(player, direction))
            continue
        canoes = turn.get("canoes", [])
        if type(canoes) is not list:
            return None
        try:
            actions.append(Paddle(player, tuple([CanoeMove.from_json(c) for c in canoes])))
        except InvalidActionError:
            return None
    if len(turns) != len(players):
        return None if "fork" in entry else (actions, None)
    fork = entry.get("fork")
    if fork is None:
        return actions, _PREDICTED_RIVER
    if type(fork) is not list or any(arm != "left" and arm != "right" for arm in fork):
        return None
    return actions, MoveRiver(tuple(fork))


_PREDICTED_RIVER: Final = MoveRiver(None)


def _is_over(game: Game) -> bool:
    return game.phase is Phase.OVER


def replay(record: object, *, unfinished: bool = False) -> ReplayResult:
    """Replay a record; never raises for bad input (see :class:`ReplayResult`).

    With ``unfinished``, the last round may be a round in progress whose secret cards
    are not given: in phase 1 it is ``{}`` (or holds only ``recover``); in phase 2 (any
    card given) it gives the cards revealed so far (the players who have taken their
    turn and the player whose turn it is) and may give others; the cards it leaves out
    are listed in ``hidden``.
    """
    try:
        players, options, rounds = parse_header(record)
        game = Game(players, options)
    except (RecordError, InvalidActionError) as error:
        err = error if isinstance(error, RecordError) else RecordError(str(error))
        return ReplayResult(None, err)
    # Replay keeps every action and event: the cyclic garbage collector would walk them
    # again and again as they pile up, and none of them forms a cycle.
    collecting = gc.isenabled()
    gc.disable()
    try:
        last = rounds[-1] if rounds else None
        if unfinished and _is_mapping(last) and _hides_cards(players, last):
            return _replay_unfinished(game, rounds)
        return _replay_rounds(game, rounds)
    finally:
        if collecting:
            gc.enable()


def _hides_cards(players: list[str], entry: Mapping[str, Any]) -> bool:
    cards = entry.get("cards", {})
    return _is_mapping(cards) and any(p not in cards for p in players)


def _replay_unfinished(game: Game, rounds: list[Any]) -> ReplayResult:
    """``_replay_rounds`` for a record whose last round hides some cards."""
    result = _replay_rounds(game, rounds[:-1])
    if not result.ok:
        return result
    number = len(rounds)
    state = game.state
    if state.phase is Phase.OVER:
        return ReplayResult(game, RecordError(
            f"the game ended in round {state.round}: {', '.join(state.winners)} won, yet the "
            "record goes on", number), state)
    entry: Mapping[str, Any] = rounds[-1]
    cards: Mapping[str, Any] = entry.get("cards", {})
    turns = entry.get("turns", [])
    if not cards:
        # Phase 1: only the buy-backs (public) can be given.
        if turns or "fork" in entry:
            return ReplayResult(game, RecordError(
                "the round gives turns but no cards: in phase 2 give the cards revealed so "
                "far", number), state)
        try:
            recovers = _recover_actions(entry, number)
        except RecordError as error:
            return ReplayResult(game, error, state)
        for who, action in recovers:
            try:
                game.push(action)
            except (IllegalActionError, InvalidActionError) as error:
                return ReplayResult(game, RecordError(str(error), number, who), game.state)
        return ReplayResult(game, hidden=frozenset(state.players))
    order = state.turn_order()
    count = len(turns) if isinstance(turns, list) else 0
    shown = order[:min(count + 1, len(order))]
    missing = [p for p in shown if p not in cards]
    if missing:
        return ReplayResult(game, RecordError(
            f"no card for {', '.join(missing)}: a card is revealed when its player's turn "
            "begins, so the cards of the players who have played and of the player whose "
            "turn it is must be given", number, missing[0]), state)
    hidden = [p for p in state.players if p not in cards]
    stand_in = {p: sorted_cards(state.hands[p])[0] for p in hidden}
    filled = {**entry, "cards": {**cards, **stand_in}}
    result = _replay_rounds(game, [filled], first=number)
    return ReplayResult(result.game, result.error, result.error_state, frozenset(hidden))


def _replay_rounds(game: Game, rounds: list[Any], first: int = 1) -> ReplayResult:
    players = game.start.players
    for number, entry in enumerate(rounds, start=first):
        phase = game.phase
        if phase is not Phase.CHOOSE:
            if phase is Phase.OVER:
                return ReplayResult(game, RecordError(
                    f"the game ended in round {game.state.round}: "
                    f"{', '.join(game.state.winners)} won, yet the record goes on", number),
                    game.state)
            return ReplayResult(game, RecordError(
                "the previous round is incomplete: not every player played", number),
                game.state)
        plain = _plain_round(players, entry) if type(entry) is dict else None
        if plain is None:
            try:
                actions = _round_actions(game, number, entry)
            except RecordError as error:
                return ReplayResult(game, error, game.state)
            river = actions[-1][1] if actions and type(actions[-1][1]) is MoveRiver else None
            plain = [action for _, action in (actions[:-1] if river else actions)], river
        done = len(game.history)
        try:
            game.push_all(plain[0])
            if plain[1] is not None and not _is_over(game):  # the game may end in phase 2
                game.push_all((plain[1],))
        except (IllegalActionError, InvalidActionError) as error:
            player = _round_actions(game, number, entry)[len(game.history) - done][0]
            return ReplayResult(game, RecordError(str(error), number, player), game.state)
        if _is_over(game) and isinstance(entry, Mapping) and "fork" in entry:
            return ReplayResult(game, RecordError(
                "'fork' is given but the game ended after phase 2: the river does not move",
                number), game.state)
    return ReplayResult(game)


def load(path: str | Path, *, unfinished: bool = False) -> ReplayResult:
    """Read and replay a record file; unreadable files give an error, not an exception.
    ``unfinished``: see :func:`replay`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else \
            "it is not UTF-8 text"
        return ReplayResult(None, RecordError(f"cannot read {path}: {reason}"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return ReplayResult(None, RecordError(
            f"{path} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"))
    except RecursionError:
        return ReplayResult(None, RecordError(f"{path} is nested too deeply to be a game record"))
    except ValueError:  # an integer of thousands of digits
        return ReplayResult(None, RecordError(
            f"{path} holds a number too long to be part of a game record"))
    try:
        return replay(data, unfinished=unfinished)
    except RecursionError:
        return ReplayResult(None, RecordError(f"{path} is nested too deeply to be a game record"))


def turn_entry(action: Weather | Paddle) -> dict[str, Any]:
    """A phase-2 action as a record's turn entry (an item of ``rounds[].turns``).

    >>> turn_entry(Weather("red", "up"))
    {'player': 'red', 'weather': 'up'}
    """
    if isinstance(action, Weather):
        return {"player": action.player, "weather": action.direction}
    return {"player": action.player, "canoes": [c.to_json() for c in action.canoes]}


def to_record(game: Game) -> dict[str, Any]:
    """The record of a game's history (the inverse of :func:`replay`)."""
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for action in game.history:
        if current is None:
            current = {"cards": {}, "turns": []}
            rounds.append(current)
        if isinstance(action, Recover):
            paid = current.setdefault("recover", {})
            if action.player not in paid:
                paid[action.player] = action.pay
            elif isinstance(paid[action.player], list):
                paid[action.player].append(action.pay)
            else:  # a second canoe bought back this round: a list, in order
                paid[action.player] = [paid[action.player], action.pay]
        elif isinstance(action, ChooseCard):
            current["cards"][action.player] = action.card
        elif isinstance(action, Weather | Paddle):
            current["turns"].append(turn_entry(action))
        elif isinstance(action, MoveRiver):
            if action.arms is not None:
                current["fork"] = list(action.arms)
            current = None
    for entry in rounds:
        if "recover" in entry:  # keep the documented key order
            entry_items = {"recover": entry.pop("recover")}
            entry_items.update(entry)
            entry.clear()
            entry.update(entry_items)
    start = game.start
    return {"format": FORMAT, "players": list(start.players),
            "options": start.options.to_json(), "rounds": rounds}


REPLAY_KEYS: Final = ("round", "weather", "first_player", "next_fork", "canoes", "joe",
                      "reserves", "deposits", "hands", "winners")
"""The state's keys ``niagara-companion replay --json`` prints, in order."""


def state_json(state: GameState) -> dict[str, Any]:
    """A state in the shape ``niagara-companion replay --json`` prints (without events)."""
    full = state.to_json()
    return {key: full[key] for key in REPLAY_KEYS}


def summary_json(game: Game) -> dict[str, Any]:
    """The replay's result: ``ok``, the state and every event."""
    return {"ok": True, **state_json(game.state),
            "events": [e.to_json() for e in game.all_events()]}
