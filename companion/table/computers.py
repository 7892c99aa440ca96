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
from companion.actions import ANY_CARGO, CanoeMove, Paddle, Step, Weather
from companion.board import BEACH, Arm, path_down, path_up
from companion.errors import InvalidActionError
from companion.partner import LEVELS
from companion.state import GameState, Phase

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

    def name(self, player: str) -> str:
        """The player's name on the pages: 'Green (computer)' for a computer seat."""
        return player.capitalize() + (" (computer)" if player in self.computers else "")

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
        raise InvalidActionError("'computers' must map a player's colour to a level "
                                 f"({', '.join(LEVELS)}), e.g. {{\"green\": \"medium\"}}.")
    out: dict[str, str] = {}
    for player, level in computers.items():
        if player not in players:
            raise InvalidActionError(f"The computer seat {player!r} is not one of the "
                                     f"players ({', '.join(players)}).")
        if level == PERSON:
            continue
        if level not in LEVELS:
            raise InvalidActionError(f"The level of {player}'s computer must be one of "
                                     f"{', '.join(LEVELS)}, not {level!r}.")
        out[str(player)] = str(level)
    if len(out) >= len(players):
        raise InvalidActionError("At least one seat must be a person: a game of computers "
                                 "only has nobody to play for.")
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


def _at(place: str) -> str:
    return "the beach" if place == BEACH else place


def _step_end(at: str, step: Step) -> str:
    path = (path_down(at, step.n, cast(Arm | None, step.arg)) if step.op == "down"
            else path_up(at, step.n))
    return path[-1] if path else at


def canoe_instruction(state: GameState, player: str, move: CanoeMove) -> str:
    """One canoe's move as something to do on the board, step by step:
    'move the canoe on T5 with the yellow gem to T2' / 'load a white gem there'."""
    gem: str | None = None
    mine = [c for c in state.canoes[player] if c.at == move.start]
    if move.carrying != ANY_CARGO:
        gem = move.carrying
    elif mine:
        gem = mine[0].gem
    at = move.start
    cargo = f" with the {gem} gem" if gem and len({c.gem for c in mine}) > 1 else ""
    clauses: list[str] = []
    named = False
    for step in move.steps:
        what = "the canoe" if not named else "it"
        where = f" on {_at(at)}{cargo}" if not named else ""
        if step.op in ("down", "up"):
            end = _step_end(at, step)
            arm = {"L": " (the left arm)", "R": " (the right arm)"}.get(end[0], "") \
                if end[0] != at[0] else ""
            clauses.append(f"move {what}{where} to {_at(end)}{arm}")
            at = end
            if at == BEACH and gem:
                clauses.append(f"put its {gem} gem in {player.capitalize()}'s reserve")
                gem = None
        elif step.op == "load":
            clauses.append(f"load a {step.arg} gem from the deposit beside {at} into "
                           f"{what}{where}")
            gem = step.arg
        elif step.op == "unload":
            whose = "its" if named else f"the canoe{where}'s"
            clauses.append(f"unload {whose} {gem} gem onto the deposit beside {at}")
            gem = None
        elif step.op == "steal":
            victim = (step.arg or "").capitalize()
            stolen = f"{step.gem} gem" if step.gem else "gem"
            clauses.append(f"take {victim}'s {stolen} on {at} into {what}{where}")
            gem = step.gem or gem
        elif step.op == "joe":
            trade = {"take": "take Diamanten Joe's gem into",
                     "swap": "swap gems with Diamanten Joe, for",
                     "give": "give Diamanten Joe the gem of"}[step.arg or "take"]
            clauses.append(f"{trade} {what}{where}")
        named = True
    if not clauses:
        return f"leave the canoe on {_at(move.start)} where it is"
    return ", then ".join(clauses)


def instruction(state: GameState, action: Paddle | Weather, settings: GameSettings) -> str:
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
        return (f"{who} played the cloud: move the weather marker {action.direction}, "
                f"to {new:+d}.")
    if not action.canoes:
        return f"{who}: no canoe can move this turn; nothing to do on the board."
    parts = [canoe_instruction(state, player, m) for m in action.canoes]
    return f"{who}: " + "; then ".join(parts) + "."


def computer_banner(state: GameState, settings: GameSettings,
                    turn: str | None = None) -> str | None:
    """The banner when computers (or practice) change what happens now; None when the
    ordinary banner says it (:func:`companion.table.views.banner`). ``turn``: the
    computer's turn in words, once decided (the pages show it under the banner)."""
    computers = settings.computers
    if state.phase is Phase.RIVER and settings.practice:
        discs = rules.river_discs(state)
        plural = "disc" if discs == 1 else "discs"
        return (f"Phase 3: the river moves {discs} {plural} (lowest card "
                f"{rules.river_base(state)}, weather {state.weather:+d}): watch it on the "
                "screen.")
    if not computers:
        return None
    if state.phase is Phase.CHOOSE:
        people = [settings.name(p) for p in state.players
                  if p not in state.chosen and p not in computers]
        machines = ", ".join(p.capitalize() for p in state.players if p in computers
                             and p not in state.chosen)
        head = f"Round {state.round}, phase 1: everyone chooses a paddle card in secret."
        if not machines:
            return None
        if people:
            return (f"{head} Still choosing: {', '.join(people)}. The computer players "
                    f"({machines}) choose once every person has locked in.")
        return f"{head} The computer players ({machines}) are choosing…"
    player = state.to_play
    if state.phase is Phase.ACTIONS and player is not None and player in computers:
        card = state.played().get(player)
        what = "the cloud" if card == "cloud" else f"a {card}"
        if settings.practice:
            return f"Phase 2: {settings.name(player)} plays {what}: watch its move."
        if turn is None:
            return f"Phase 2: {settings.name(player)} plays {what} and is deciding its move…"
        return (f"Phase 2: {settings.name(player)} plays {what}: someone at the table "
                "moves its canoes as shown.")
    return None
