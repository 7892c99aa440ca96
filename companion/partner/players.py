"""Seats at a computer table: the partner at a level, or the greedy playout policy, and
whole games between them (``selfplay``), with win rates and their confidence intervals.

>>> game = play_game({"red": "strong", "green": "greedy", "yellow": "beginner"}, seed=3)
>>> game.state.phase.value
'over'
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion.actions import Action, MoveRiver
from companion.game import Game
from companion.partner.search import LEVELS, Choice, choose, play_turn
from companion.playout import greedy_choice, greedy_turn
from companion.state import GameState, Options, Phase

GREEDY: Final = "greedy"
"""The seat kind that plays ``companion.playout``'s policy (random card, greedy turn)."""
SEAT_KINDS: Final = (*LEVELS, GREEDY)
MAX_ROUNDS: Final = 400
"""A game still running after this many rounds is stopped without a winner."""


def check_kind(kind: str) -> str:
    if kind not in SEAT_KINDS:
        raise ValueError(f"unknown player kind {kind!r}: use {', '.join(SEAT_KINDS)}")
    return kind


class Seat:
    """One player's decisions: the partner at a level, or the greedy policy."""

    def __init__(self, player: str, kind: str, seed: int) -> None:
        self.player = player
        self.kind = check_kind(kind)
        self.seed = seed
        self.rng = random.Random(f"seat:{seed}:{player}")
        """The greedy policy's generator (the partner seeds each decision itself)."""

    def phase1(self, state: GameState) -> list[Action]:
        if self.kind == GREEDY:
            return greedy_choice(state, self.player, self.rng)
        choice: Choice = choose(state, self.player, level=self.kind, seed=self.seed)
        return choice.actions(self.player)

    def turn(self, state: GameState) -> Action:
        if self.kind == GREEDY:
            return greedy_turn(state, self.player, self.rng)
        return play_turn(state, self.player, level=self.kind, seed=self.seed).action


def play_game(seats: Mapping[str, str], seed: int, options: Options | None = None,
              max_rounds: int = MAX_ROUNDS) -> Game:
    """A complete game: ``seats`` maps each player, in seating order, to its kind. Players
    lock in their cards in seating order (the partner never sees a card before its
    reveal); the discs alternate at the fork as predicted."""
    players = list(seats)
    game = Game(players, options)
    table = {p: Seat(p, seats[p], seed) for p in players}
    while game.state.phase is not Phase.OVER and game.state.round <= max_rounds:
        state = game.state
        if state.phase is Phase.CHOOSE:
            for p in players:
                for action in table[p].phase1(game.state):
                    game.push(action)
        elif state.phase is Phase.ACTIONS:
            mover = state.to_play
            assert mover is not None
            game.push(table[mover].turn(state))
        else:
            game.push(MoveRiver(None))
    return game


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for ``z`` 1.96).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if games == 0:
        return 0.0, 1.0
    if not 0 <= wins <= games:
        raise ValueError(f"{wins} wins cannot come from {games} games")
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class SeatResult:
    player: str
    kind: str
    wins: int
    """Games this seat won, a shared win counting as a win for each of its winners."""
    shared: int
    """Of those, the wins shared with another seat."""
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {"player": self.player, "kind": self.kind, "wins": self.wins,
                "shared": self.shared, "games": self.games, "rate": round(self.rate, 4),
                "ci95": [round(low, 4), round(high, 4)]}


@dataclass(frozen=True)
class SelfplayResult:
    seats: tuple[SeatResult, ...]
    games: int
    unfinished: int
    """Games stopped after ``MAX_ROUNDS`` rounds without a winner."""
    rounds: tuple[int, ...]
    """Each game's number of rounds."""

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "unfinished": self.unfinished,
                "counting": "a shared win counts as a win for each of its winners",
                "median_rounds": sorted(self.rounds)[len(self.rounds) // 2]
                if self.rounds else None,
                "seats": [s.to_json() for s in self.seats]}


def selfplay(seats: Sequence[tuple[str, str]], games: int, seed: int,
             options: Options | None = None) -> SelfplayResult:
    """``games`` complete games between ``seats`` ((player, kind) in seating order), game
    ``i`` seeded ``seed + i``; wins per seat (a shared win counts for each winner)."""
    wins = dict.fromkeys((p for p, _ in seats), 0)
    shared = dict.fromkeys(wins, 0)
    unfinished = 0
    rounds = []
    for i in range(games):
        game = play_game(dict(seats), seed + i, options)
        state = game.state
        rounds.append(state.round)
        if not state.winners:
            unfinished += 1
        for p in state.winners:
            wins[p] += 1
            if len(state.winners) > 1:
                shared[p] += 1
    return SelfplayResult(
        tuple(SeatResult(p, kind, wins[p], shared[p], games) for p, kind in seats),
        games, unfinished, tuple(rounds))
