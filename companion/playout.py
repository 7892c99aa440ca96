"""Seeded random games: for property tests, benchmarks and the bundled sample game.

The players are not clever, but they are not aimless either: most of the time each picks
the turn result that best moves its gems home, otherwise any legal result at random.

>>> game = random_game(["red", "green", "yellow"], seed=1)
>>> game.state.phase.value
'over'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion import rules
from companion.actions import ChooseCard, MoveRiver, Recover, Weather
from companion.board import ARMS, BEACH, DISTANCE, LOST, distance_from_beach
from companion.game import Game
from companion.state import Canoe, GameState, Options, Phase, sorted_cards


def _score(state: GameState, player: str) -> float:
    """How well the player stands: gems at home count most, loaded canoes near home next."""
    score = 10.0 * state.reserve_total(player)
    for canoe in state.canoes[player]:
        if canoe.lost:
            score -= 4
        elif canoe.gem:
            score += 6 - 0.6 * distance_from_beach(canoe.at)
        elif canoe.at != BEACH:
            score += 0.2 * min(distance_from_beach(canoe.at), 4)
            score -= 0.8 * max(0, distance_from_beach(canoe.at) - 5)
    return score


def _outcome_score(outcome: rules.TurnOutcome, reserve_total: int) -> float:
    """``_score`` of the state after ``outcome`` (the same sums, in the same order)."""
    score = 10.0 * (reserve_total + len(outcome.delivered))
    for at, gem in outcome.canoes:
        if at == LOST:
            score -= 4
        elif gem:
            score += 6 - 0.6 * DISTANCE[at]
        elif at != BEACH:
            score += 0.2 * min(DISTANCE[at], 4)
            score -= 0.8 * max(0, DISTANCE[at] - 5)
    return score


def choose_turn(state: GameState, player: str, rng: random.Random,
                greed: float = 0.8) -> rules.TurnResult:
    """A turn result for ``player``'s revealed number card.

    With probability ``greed``, the result with the best ``_score`` (ties broken at
    random), else any result. The results are scored before they are built
    (:func:`companion.rules.turn_outcomes`): only the one picked becomes a state.
    """
    card = state.chosen[player]
    if card == "cloud":
        results = rules.turn_results(state, player, card)
        if rng.random() < greed:
            return max(results, key=lambda r: (_score(r.state, player), rng.random()))
        return rng.choice(results)
    outcomes = rules.turn_outcomes(state, player, int(card))
    if rng.random() < greed:
        total = state.reserve_total(player)
        return max(outcomes, key=lambda o: (_outcome_score(o, total), rng.random())).result()
    return rng.choice(outcomes).result()


def play_round(game: Game, rng: random.Random, *, surprise_arms: float = 0.1) -> None:
    """Play one round (or what is left of it) with random, legal choices."""
    state = game.state
    if state.phase is Phase.CHOOSE:
        for player in state.players:
            canoes: Sequence[Canoe] = state.canoes[player]
            if any(c.lost for c in canoes) and player not in game.state.recovered:
                reserve = game.state.reserves[player]
                if reserve and rng.random() < 0.7:
                    game.push(Recover(player, rng.choice(sorted(reserve))))
                elif not reserve and all(c.lost for c in canoes):
                    game.push(Recover(player, "free"))
            hand = sorted_cards(game.state.hands[player])
            game.push(ChooseCard(player, rng.choice(hand)))
    while game.state.phase is Phase.ACTIONS:
        state = game.state
        mover = state.to_play
        assert mover is not None
        if state.chosen[mover] == "cloud":
            options = [d for d in ("up", "down") if -1 <= state.weather + (1 if d == "up" else -1)
                       <= 2]
            game.push(Weather(mover, rng.choice(options)))
        else:
            game.push(choose_turn(state, mover, rng).action)
    if game.state.phase is Phase.RIVER:
        if rng.random() < surprise_arms:
            discs = rules.river_discs(game.state)
            game.push(MoveRiver(tuple(rng.choice(ARMS) for _ in range(discs))))
        else:
            game.push(MoveRiver(None))


def random_game(players: Sequence[str], seed: int, options: Options | None = None,
                max_rounds: int = 400) -> Game:
    """A complete game (or ``max_rounds`` rounds) of random legal play, from ``seed``."""
    rng = random.Random(seed)
    game = Game(players, options)
    while game.state.phase is not Phase.OVER and game.state.round <= max_rounds:
        play_round(game, rng)
    return game
