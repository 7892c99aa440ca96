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
from companion.actions import Action, ChooseCard, MoveRiver, Recover, Weather
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


def greedy_choice(state: GameState, player: str, rng: random.Random) -> list[Action]:
    """The playout policy's phase 1 for ``player``: buy a lost canoe back (seven times in
    ten, with a gem at random; for free when it is free), then a card at random."""
    actions: list[Action] = []
    canoes: Sequence[Canoe] = state.canoes[player]
    if any(c.lost for c in canoes) and player not in state.recovered:
        reserve = state.reserves[player]
        if reserve and rng.random() < 0.7:
            actions.append(Recover(player, rng.choice(sorted(reserve))))
        elif not reserve and all(c.lost for c in canoes):
            actions.append(Recover(player, "free"))
    actions.append(ChooseCard(player, rng.choice(sorted_cards(state.hands[player]))))
    return actions


def greedy_turn(state: GameState, player: str, rng: random.Random) -> Action:
    """The playout policy's phase-2 turn: a cloud moves the weather either way at random;
    a number card plays :func:`choose_turn`."""
    if state.chosen[player] == "cloud":
        options = [d for d in ("up", "down") if -1 <= state.weather + (1 if d == "up" else -1)
                   <= 2]
        return Weather(player, rng.choice(options))
    return choose_turn(state, player, rng).action


def play_round(game: Game, rng: random.Random, *, surprise_arms: float = 0.1) -> None:
    """Play one round (or what is left of it) with random, legal choices."""
    if game.state.phase is Phase.CHOOSE:
        for player in game.state.players:
            for action in greedy_choice(game.state, player, rng):
                game.push(action)
    while game.state.phase is Phase.ACTIONS:
        state = game.state
        mover = state.to_play
        assert mover is not None
        game.push(greedy_turn(state, mover, rng))
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
