"""The post-game review: each player's chance of winning after each round, and the
three turning points of the game (the decisions that cost their player most) with what
would have been better.

Chances come from short playouts and the partner's evaluation: from the position, every
seat is played by the quick playout policy (``companion.playout``: a random card, the
turn that best brings gems home) for up to ``horizon`` rounds; a playout that ends with a
winner counts for the winner (a shared win is shared), one that does not gives each
player a share by the partner's evaluation (the nearer a goal, the larger: a lead of one
gem is worth e^1.5, about 4.5 times the share). The estimate is the mean over
``playouts`` playouts, all seeded.

Turning points: every decision of every completed round is scored by the partner's
search from what its player knew then (:mod:`companion.partner.view`); the decisions that
fell furthest below the partner's best are then measured in chances of winning (the same
playouts after the decision taken and after the best one) and the three largest drops are
reported. Only completed rounds are reviewed: a game in progress shows nothing of the
round being played, so no card still secret appears in a review.

>>> from companion.partner.players import play_game
>>> game = play_game({"red": "beginner", "green": "greedy", "yellow": "greedy"}, seed=1)
>>> result = review(game, playouts=2, horizon=2)
>>> result.to_json()["rounds"][0]["round"]
0
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Final

from companion import rules
from companion import text as tx
from companion.actions import Action, ChooseCard, MoveRiver, Paddle, Recover, Weather
from companion.game import Game
from companion.partner.evaluate import WIN, available_colours, value
from companion.partner.hints import choice_hint, turn_hint
from companion.partner.search import (
    Choice,
    Level,
    Scored,
    decision_rng,
    level_of,
    rank_choices,
    rank_turns,
    result_of,
)
from companion.partner.view import view
from companion.partner.words import choice_sentence, turn_sentence
from companion.playout import greedy_choice, greedy_turn
from companion.state import GameState, Phase
from companion.text import N_, Text

CONFIDENCE: Final = 1.5
"""How sharply the evaluation's lead turns into chances of winning at a playout's end
(per gem nearer a goal)."""
MIN_DROP: Final = 0.01
"""A turning point costs its player at least this chance of winning (1 point in 100)."""
CANDIDATES: Final = 8
"""How many of the costliest decisions (by the search's values) are measured in chances."""


@dataclass(frozen=True)
class RoundChances:
    """Each player's estimated chance of winning after ``round`` (0: before the first)."""

    round: int
    chances: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round,
                "chances": {p: round(c, 3) for p, c in self.chances.items()}}


@dataclass(frozen=True)
class TurningPoint:
    """A decision that cost its player: what they did, what would have been better and
    why (sentences: English as a ``str``, in the reader's language on the pages), and
    their chance of winning after each."""

    round: int
    player: str
    phase: str
    """``choose`` (the card and buy-backs) or ``turn``."""
    played: Text
    better: Text
    why: Text
    chance_played: float
    chance_better: float

    @property
    def drop(self) -> float:
        return self.chance_better - self.chance_played

    def text(self) -> Text:
        """The whole turning point in sentences ("Round 3, Red: Choose the 2. Better: …")."""
        return N_("Round {round}, {player}: {played} Better: {better} {why} Chance of "
                  "winning {chance_played}% instead of {chance_better}%.",
                  round=self.round, player=tx.colour(self.player), played=self.played,
                  better=self.better, why=self.why,
                  chance_played=round(100 * self.chance_played),
                  chance_better=round(100 * self.chance_better))

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "player": self.player, "phase": self.phase,
                "played": self.played, "better": self.better, "why": self.why,
                "chance_played": round(self.chance_played, 3),
                "chance_better": round(self.chance_better, 3),
                "drop": round(self.drop, 3), "text": self.text()}


@dataclass(frozen=True)
class Review:
    players: tuple[str, ...]
    rounds: tuple[RoundChances, ...]
    turning_points: tuple[TurningPoint, ...]
    winners: tuple[str, ...]
    complete: bool
    """Whether the game is over (else the review stops at the last completed round)."""

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "complete": self.complete,
                "winners": list(self.winners),
                "rounds": [r.to_json() for r in self.rounds],
                "turning_points": [t.to_json() for t in self.turning_points]}


# -- chances --------------------------------------------------------------------------------


def _shares(state: GameState) -> dict[str, float]:
    """Each player's share at the end of a playout."""
    if state.winners:
        return {p: (1 / len(state.winners) if p in state.winners else 0.0)
                for p in state.players}
    values = {}
    for p in state.players:
        spots = [(c.at, c.gem) for c in state.canoes[p]]
        values[p] = min(value(state.reserves[p], spots, available_colours(state, p)), WIN)
    top = max(values.values())
    weights = {p: math.exp(CONFIDENCE * (v - top)) for p, v in values.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}


def playout(state: GameState, seed: int, horizon: int) -> dict[str, float]:
    """One playout from ``state`` (any phase; the cards locked in are played as they
    are) for up to ``horizon`` more rounds, every seat played by the playout policy
    (``companion.playout``: a random card, the turn that best brings gems home): each
    player's share."""
    rng = random.Random(f"review:{seed}")
    end = state.round + horizon
    while state.phase is not Phase.OVER and state.round < end:
        if state.phase is Phase.CHOOSE:
            for p in state.players:
                if p not in state.chosen:
                    for action in greedy_choice(state, p, rng):
                        state, _ = rules.apply(state, action)
        elif state.phase is Phase.ACTIONS:
            mover = state.to_play
            assert mover is not None
            state, _ = rules.apply(state, greedy_turn(state, mover, rng))
        else:
            state, _ = rules.apply(state, MoveRiver(None))
    return _shares(state)


def chances(state: GameState, *, playouts: int = 12, horizon: int = 4,
            seed: int = 0) -> dict[str, float]:
    """Each player's estimated chance of winning from ``state``: the mean share over
    ``playouts`` seeded playouts (a finished game gives its winners' shares)."""
    if state.phase is Phase.OVER:
        return _shares(state)
    total = dict.fromkeys(state.players, 0.0)
    for i in range(playouts):
        for p, share in playout(state, seed * 1000 + i, horizon).items():
            total[p] += share / playouts
    return total


# -- decisions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Decision:
    round: int
    player: str
    phase: str
    before: GameState
    """The state the player decided in."""
    taken: Choice | Action
    actions: tuple[Action, ...]
    """The round's actions up to the decision (phase 1: the whole of phase 1), to play
    the decision taken or the better one again."""


def _completed(game: Game) -> tuple[list[tuple[GameState, Action]], bool]:
    """The (state before, action) pairs of the completed rounds; whether the game is
    over."""
    states: list[tuple[GameState, Action]] = []
    state = game.start
    done = 0
    for i, action in enumerate(game.history):
        states.append((state, action))
        state, _ = rules.apply(state, action)
        if isinstance(action, MoveRiver) or state.phase is Phase.OVER:
            done = i + 1
    return states[:done], state.phase is Phase.OVER and done == len(game.history)


def _decisions(steps: list[tuple[GameState, Action]]) -> list[_Decision]:
    found: list[_Decision] = []
    i = 0
    while i < len(steps):
        start, _ = steps[i]
        # Phase 1 of a round: the buy-backs and cards, until phase 2 begins.
        j = i
        while j < len(steps) and isinstance(steps[j][1], Recover | ChooseCard):
            j += 1
        phase1 = [a for _, a in steps[i:j]]
        for p in start.players:
            pays = tuple(a.pay for a in phase1 if isinstance(a, Recover) and a.player == p)
            card = next((a.card for a in phase1 if isinstance(a, ChooseCard) and a.player == p),
                        None)
            if card is not None:
                found.append(_Decision(start.round, p, "choose", start, Choice(card, pays),
                                       tuple(phase1)))
        while j < len(steps) and isinstance(steps[j][1], Paddle | Weather):
            before, action = steps[j]
            assert action.player is not None
            found.append(_Decision(before.round, action.player, "turn", before, action, ()))
            j += 1
        while j < len(steps) and isinstance(steps[j][1], MoveRiver):
            j += 1
        i = max(j, i + 1)
    return found


def _key(state: GameState) -> tuple[object, ...]:
    return (state.canoes, state.reserves, state.deposits, state.joe, state.weather)


def _score(decision: _Decision, level: Level, seed: int
           ) -> tuple[float, Scored, Scored] | None:
    """How far the decision taken fell below the search's best: (gap, best, taken)."""
    seen = view(decision.before, decision.player)
    if decision.phase == "choose":
        taken = decision.taken
        assert isinstance(taken, Choice)
        ranked = rank_choices(seen, level, decision_rng(seed, seen, "choose"),
                              also=[taken.recover])
        mine = next((s for s in ranked if s.choice == taken), None)
    else:
        ranked = rank_turns(seen, level, decision_rng(seed, seen, "turn"))
        after, _ = rules.apply(decision.before, decision.taken)  # type: ignore[arg-type]
        mine = None
        for s in ranked:
            if s.weather is not None:
                if isinstance(decision.taken, Weather) and decision.taken.direction == s.weather:
                    mine = s
            elif s.outcome is not None and _key(s.outcome.result().state) == _key(after):
                mine = s
            if mine is not None:
                break
    if mine is None or not ranked:
        return None
    return ranked[0].value - mine.value, ranked[0], mine


def _after(decision: _Decision, scored: Scored) -> GameState:
    """The state right after the decision ``scored`` (the rest of phase 1 as it was)."""
    if decision.phase == "turn":
        result = result_of(decision.before, decision.player, scored)
        state, _ = rules.apply(decision.before, result.action)
        return state
    choice = scored.choice
    assert choice is not None
    state = decision.before
    others = [a for a in decision.actions if a.player != decision.player]
    for action in [*choice.actions(decision.player), *others]:
        state, _ = rules.apply(state, action)
    return state


def review(game: Game, *, seed: int = 0, playouts: int = 12, horizon: int = 4,
           level: str | Level = "strong") -> Review:
    """The review of ``game`` (finished or in progress: only its completed rounds)."""
    how = level_of(level)
    steps, over = _completed(game)
    players = game.start.players
    series = [RoundChances(0, {p: 1 / len(players) for p in players})]
    for before, action in steps:
        if isinstance(action, MoveRiver):
            after, _ = rules.apply(before, action)
            series.append(RoundChances(before.round, chances(
                after, playouts=playouts, horizon=horizon, seed=seed)))
    final = game.state if over else None
    if final is not None:
        series.append(RoundChances(final.round, _shares(final)))
    scored = []
    for decision in _decisions(steps):
        found = _score(decision, how, seed)
        if found is not None and found[0] > 1e-9:
            scored.append((found[0], decision, found[1], found[2]))
    scored.sort(key=lambda item: -item[0])
    points = [_turning_point(d, best, mine, seed, playouts, horizon)
              for _, d, best, mine in scored[:CANDIDATES]]
    points.sort(key=lambda t: -t.drop)
    return Review(players, tuple(series), tuple(t for t in points if t.drop >= MIN_DROP)[:3],
                  final.winners if final is not None else (), over)


def _turning_point(decision: _Decision, best: Scored, mine: Scored, seed: int,
                   playouts: int, horizon: int) -> TurningPoint:
    player = decision.player
    seen = view(decision.before, player)
    ours = chances(_after(decision, mine), playouts=playouts, horizon=horizon, seed=seed)
    theirs = chances(_after(decision, best), playouts=playouts, horizon=horizon, seed=seed)
    if decision.phase == "choose":
        taken = decision.taken
        assert isinstance(taken, Choice) and best.choice is not None
        played = choice_sentence(taken)
        better = choice_sentence(best.choice)
        why = choice_hint(seen, best).reason
    else:
        action = decision.taken
        assert isinstance(action, Paddle | Weather)
        played = turn_sentence(action)
        hint = turn_hint(seen, best)
        assert hint.action is not None
        better = turn_sentence(hint.action)
        why = hint.reason
    return TurningPoint(decision.round, player, decision.phase, played, better, why,
                        ours[player], theirs[player])
