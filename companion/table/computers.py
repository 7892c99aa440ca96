"""Computer players at the table: the per-game settings (which seats are computers, at
which level; hints on phones; practice), what a computer has to decide now, and its
turn in plain words for the people who move its canoes.

The decisions themselves are the practice partner's (:mod:`companion.partner`), which
looks only at what the computer's seat may know. The game loop
(:class:`companion.table.loop.GameLoop`) asks :func:`task` what is due and carries it
out: phase-1 choices as soon as the last person has locked in, a turn as an instruction
for the table (or, in practice, applied after a pause), the river in practice.

>>> from companion.state import new_game
>>> settings = GameSettings(computers={"green": "beginner"})
>>> state = new_game(["red", "green", "yellow"])
>>> task(state, settings) is None   # red and yellow have not locked in yet
True
>>> settings.name("green"), settings.name("red")
('Green (computer)', 'Red')
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, cast

from companion import rules
from companion import text as tx
from companion.actions import ANY_CARGO, CanoeMove, Paddle, Step, Weather
from companion.board import BEACH, Arm, path_down, path_up
from companion.errors import InvalidActionError
from companion.partner import LEVELS
from companion.state import GameState, Phase
from companion.text import N_, Listing, Nn_, Text, join

PERSON: Final = "person"
"""The seat kind of a person with a phone (the others are the partner's levels)."""

SEAT_KINDS: Final = (PERSON, *LEVELS)
"""What a seat can be on the new-game page: a person, or a computer at a level."""


@dataclass(frozen=True)
class GameSettings:
    """A game's settings beyond the rules' options, kept in the game's ``meta`` (so they
    survive a restart; a game stored before they existed reads as the defaults).

    ``computers``: colour -> level of every computer seat; ``hints``: whether phones may
    ask "What would a strong player do?"; ``practice``: a game with no board (never on the
    table, no camera, no lights: the service plays the computers' turns and the river);
    ``seed``: the seed of the computers' decisions and of the hints.
    """

    computers: Mapping[str, str] = field(default_factory=dict)
    hints: bool = True
    practice: bool = False
    seed: int = 0

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any]) -> GameSettings:
        computers = meta.get("computers") or {}
        return cls(computers={str(p): str(level) for p, level in dict(computers).items()},
                   hints=bool(meta.get("hints", True)), practice=bool(meta.get("practice")),
                   seed=int(meta.get("seed", 0)))

    def to_meta(self) -> dict[str, Any]:
        return {"computers": dict(self.computers), "hints": self.hints,
                "practice": self.practice, "seed": self.seed}

    def is_computer(self, player: str | None) -> bool:
        return player is not None and player in self.computers

    def name(self, player: str) -> Text:
        """The player's name on the pages: 'Green (computer)' for a computer seat."""
        if player in self.computers:
            return N_("{player} (computer)", player=tx.colour(player))
        return join([tx.colour(player)])

    def to_json(self) -> dict[str, Any]:
        """What the pages show (public): the computer seats and their levels, hints on or
        off, practice or not (the seed stays in the service)."""
        return {"computers": dict(self.computers), "hints": self.hints,
                "practice": self.practice}


def new_seed() -> int:
    """A fresh seed for a game's computers and hints."""
    return secrets.randbelow(2**31)


def check_computers(players: Sequence[str], computers: object) -> dict[str, str]:
    """``computers`` (colour -> level) checked against the game's players: at least one
    seat stays a person. Raises :class:`InvalidActionError` in plain words."""
    if computers is None:
        return {}
    if not isinstance(computers, Mapping):
        raise InvalidActionError(N_("'computers' must map a player's colour to a level "
                                    "({levels}), e.g. {example}.",
                                    levels=", ".join(LEVELS), example='{"green": "medium"}'))
    out: dict[str, str] = {}
    for player, level in computers.items():
        if player not in players:
            raise InvalidActionError(N_("The computer seat {seat} is not one of the players "
                                        "({players}).", seat=repr(player),
                                        players=Listing([tx.colour(p) for p in players],
                                                        ",")))
        if level == PERSON:
            continue
        if level not in LEVELS:
            raise InvalidActionError(N_("The level of {player}'s computer must be one of "
                                        "{levels}, not {level}.", player=tx.colour(player),
                                        levels=", ".join(LEVELS), level=repr(level)))
        out[str(player)] = str(level)
    if len(out) >= len(players):
        raise InvalidActionError(N_("At least one seat must be a person: a game of "
                                    "computers only has nobody to play for."))
    return out


# -- what is due ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """What the service has to do for a game's computers now.

    ``kind``: ``choose`` (the computers in ``players`` choose their cards and buy-backs:
    every person has locked in), ``turn`` (``players[0]``, a computer, plays its turn) or
    ``river`` (practice: the river moves with the predicted arms).
    """

    kind: str
    players: tuple[str, ...] = ()


def task(state: GameState, settings: GameSettings) -> Task | None:
    """What the computers have to do in ``state``, or None (waiting for a person, the
    table, or the game is over)."""
    computers = settings.computers
    if not computers or state.phase is Phase.OVER:
        return None
    if state.phase is Phase.CHOOSE:
        waiting = [p for p in state.players if p not in state.chosen]
        if waiting and all(p in computers for p in waiting):
            return Task("choose", tuple(waiting))
        return None
    player = state.to_play
    if state.phase is Phase.ACTIONS and player is not None and player in computers:
        return Task("turn", (player,))
    if state.phase is Phase.RIVER and settings.practice:
        return Task("river")
    return None



# -- the computer's turn in plain words -----------------------------------------------------


def _step_end(at: str, step: Step) -> str:
    path = (path_down(at, step.n, cast(Arm | None, step.arg)) if step.op == "down"
            else path_up(at, step.n))
    return path[-1] if path else at


def _then(clauses: Sequence[Text]) -> Text:
    """Clauses one after the other: 'A, then B, then C'."""
    out = clauses[0]
    for clause in clauses[1:]:
        out = N_("{before}, then {after}", before=out, after=clause)
    return out


def canoe_instruction(state: GameState, player: str, move: CanoeMove) -> Text:
    """One canoe's move as something to do on the board, step by step:
    'move the canoe on T5 with the yellow gem to T2' / 'load a white gem there'."""
    gem: str | None = None
    mine = [c for c in state.canoes[player] if c.at == move.start]
    if move.carrying != ANY_CARGO:
        gem = move.carrying
    elif mine:
        gem = mine[0].gem
    at = move.start
    cargo = gem if gem and len({c.gem for c in mine}) > 1 else None
    clauses: list[Text] = []
    named = False
    for step in move.steps:
        if named:
            what = N_("it")
        elif cargo:
            what = N_("the canoe on {at:dat} with the {gem:adj} gem", at=tx.place(at),
                      gem=tx.gem(cargo))
        else:
            what = N_("the canoe on {at:dat}", at=tx.place(at))
        if step.op in ("down", "up"):
            end = _step_end(at, step)
            side = end[0] if end[0] != at[0] else ""
            if side in ("L", "R"):
                clauses.append(N_("move {what} to {to:acc} (the {arm:adj} arm)", what=what,
                                  to=tx.place(end),
                                  arm=tx.arm("left" if side == "L" else "right")))
            else:
                clauses.append(N_("move {what} to {to:acc}", what=what, to=tx.place(end)))
            at = end
            if at == BEACH and gem:
                clauses.append(N_("put its {gem:adj} gem in {player}'s reserve",
                                  gem=tx.gem(gem), player=tx.colour(player)))
                gem = None
        elif step.op == "load":
            clauses.append(N_("load a {gem:adj} gem from the deposit beside {at} into {what}",
                              gem=tx.gem(str(step.arg)), at=tx.place(at), what=what))
            gem = step.arg
        elif step.op == "unload":
            if named:
                clauses.append(N_("unload its {gem:adj} gem onto the deposit beside {at}",
                                  gem=tx.gem(str(gem)), at=tx.place(at)))
            else:
                clauses.append(N_("unload the {gem:adj} gem of {what} onto the deposit "
                                  "beside {at}", gem=tx.gem(str(gem)), what=what,
                                  at=tx.place(at)))
            gem = None
        elif step.op == "steal":
            victim = tx.colour(step.arg or "")
            if step.gem:
                clauses.append(N_("take {victim}'s {gem:adj} gem on {at:dat} into {what}",
                                  victim=victim, gem=tx.gem(step.gem), at=tx.place(at),
                                  what=what))
            else:
                clauses.append(N_("take {victim}'s gem on {at:dat} into {what}",
                                  victim=victim, at=tx.place(at), what=what))
            gem = step.gem or gem
        elif step.op == "joe":
            if step.arg == "swap":
                clauses.append(N_("swap gems with Diamanten Joe, for {what}", what=what))
            elif step.arg == "give":
                clauses.append(N_("give Diamanten Joe the gem of {what}", what=what))
            else:
                clauses.append(N_("take Diamanten Joe's gem into {what}", what=what))
        named = True
    if not clauses:
        return N_("leave the canoe on {at:dat} where it is", at=tx.place(move.start))
    return _then(clauses)


def instruction(state: GameState, action: Paddle | Weather, settings: GameSettings) -> Text:
    """The computer's turn as the table should carry it out, in plain words:
    'Green (computer): move the canoe on T2 to T4, then load a white gem from the deposit
    beside T4 into it.'; a cloud: 'Green (computer) played the cloud: move the weather
    marker up, to +1.'

    >>> from companion.actions import CanoeMove, Paddle, Step
    >>> from companion.state import new_game
    >>> move = CanoeMove("beach", (Step.parse("down 3"), Step.parse("load violet")))
    >>> text = instruction(new_game(["red", "green", "yellow"]), Paddle("green", (move,)),
    ...                    GameSettings(computers={"green": "beginner"}))
    >>> for part in text.split(", then "): print(part)
    Green (computer): move the canoe on the beach to T3
    load a violet gem from the deposit beside T3 into it.
    """
    player = action.player or ""
    who = settings.name(player)
    if isinstance(action, Weather):
        new = state.weather + (1 if action.direction == "up" else -1)
        if action.direction == "up":
            return N_("{player} played the cloud: move the weather marker up, to {weather:+d}.",
                      player=who, weather=new)
        return N_("{player} played the cloud: move the weather marker down, to "
                  "{weather:+d}.", player=who, weather=new)
    if not action.canoes:
        return N_("{player}: no canoe can move this turn; nothing to do on the board.",
                  player=who)
    parts = [canoe_instruction(state, player, m) for m in action.canoes]
    moves = parts[0]
    for part in parts[1:]:
        moves = N_("{before}; then {after}", before=moves, after=part)
    return N_("{player}: {moves}.", player=who, moves=moves)


def computer_banner(state: GameState, settings: GameSettings,
                    turn: str | None = None) -> Text | None:
    """The banner when computers (or practice) change what happens now; None when the
    ordinary banner says it (:func:`companion.table.views.banner`). ``turn``: the
    computer's turn in words, once decided (the pages show it under the banner)."""
    computers = settings.computers
    if state.phase is Phase.RIVER and settings.practice:
        return Nn_("Phase 3: the river moves {n} disc (lowest card {card}, weather "
                   "{weather:+d}): watch it on the screen.",
                   "Phase 3: the river moves {n} discs (lowest card {card}, weather "
                   "{weather:+d}): watch it on the screen.", rules.river_discs(state),
                   card=rules.river_base(state), weather=state.weather)
    if not computers:
        return None
    if state.phase is Phase.CHOOSE:
        people = [settings.name(p) for p in state.players
                  if p not in state.chosen and p not in computers]
        machines = [tx.colour(p) for p in state.players if p in computers
                    and p not in state.chosen]
        if not machines:
            return None
        if people:
            return N_("Round {round}, phase 1: everyone chooses a paddle card in secret. "
                      "Still choosing: {people}. The computer players ({computers}) choose "
                      "once every person has locked in.", round=state.round,
                      people=Listing(people, ","), computers=Listing(machines, ","))
        return N_("Round {round}, phase 1: everyone chooses a paddle card in secret. The "
                  "computer players ({computers}) are choosing…", round=state.round,
                  computers=Listing(machines, ","))
    player = state.to_play
    if state.phase is Phase.ACTIONS and player is not None and player in computers:
        card = state.played().get(player)
        who = settings.name(player)
        if card == "cloud":
            if settings.practice:
                return N_("Phase 2: {player} plays the cloud: watch its move.", player=who)
            if turn is None:
                return N_("Phase 2: {player} plays the cloud and is deciding its move…",
                          player=who)
            return N_("Phase 2: {player} plays the cloud: someone at the table moves its "
                      "canoes as shown.", player=who)
        if settings.practice:
            return N_("Phase 2: {player} plays a {card}: watch its move.", player=who,
                      card=card)
        if turn is None:
            return N_("Phase 2: {player} plays a {card} and is deciding its move…",
                      player=who, card=card)
        return N_("Phase 2: {player} plays a {card}: someone at the table moves its "
                  "canoes as shown.", player=who, card=card)
    return None
