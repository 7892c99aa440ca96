"""The partner's search: determinised Monte Carlo over the cards it cannot see.

Phase 1 (choosing a card and buy-backs): for every choice, the other players' cards are
sampled from their public hands (``samples`` determinisations, the same for every
choice). In each, the river's discs follow from the lowest number card and the weather
(clouds move it one step, in a sampled direction). The partner's own turn is then chosen
as it would be at the table: knowing only the cards revealed before it (the samples are
grouped by those cards, and one turn is picked per group by its mean value over the
group). The value is the evaluation (:mod:`companion.partner.evaluate`) of the partner's
canoes and reserve after its turn and the river; a choice's score is the mean over the
samples.

Phase 2 (the turn): the cards of the players still to play are sampled; every distinct
result of the turn (``rules.turn_outcomes``) is scored by its mean value after the river
over the samples.

Every decision looks only at :func:`companion.partner.view.view` of the state, and every
random draw comes from a generator seeded by the seed and public facts, so a decision is
the same for the same seed, whatever the others' secret cards are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from companion import rules
from companion import text as tx
from companion.actions import Action, ChooseCard, Recover, Weather
from companion.board import WEATHER_MAX, WEATHER_MIN, Card
from companion.errors import NiagaraError
from companion.partner.evaluate import (
    PLAIN,
    Spot,
    Weights,
    after,
    available_colours,
    river_table,
    value,
)
from companion.partner.view import View, sample_cards, view
from companion.state import GameState, Phase, add_gem, canoe, canoe_pair, sorted_cards
from companion.text import N_, Listing


class NotYourDecision(NiagaraError):
    """The partner was asked to decide for a player who has nothing to decide now."""


@dataclass(frozen=True)
class Level:
    """How hard the partner tries: ``samples`` determinisations of the hidden cards per
    decision; ``informed`` picks its own turn from the cards revealed by then (else as if
    each guess were the truth, a beginner's wishful thinking); ``slips`` is the chance of
    taking the second or third best choice instead of the best; ``weights`` scale the
    evaluation's parts."""

    name: str
    samples: int
    informed: bool = True
    slips: float = 0.0
    weights: Weights = PLAIN


NOVICE: Final = Weights(hand=0.2, empty=0.5)
"""The beginner's evaluation: spends its best card now, and is slow to leave the beach."""

LEVELS: Final = {
    "beginner": Level("beginner", samples=2, informed=False, slips=0.35, weights=NOVICE),
    "medium": Level("medium", samples=8, slips=0.15),
    "strong": Level("strong", samples=40),
}
"""The partner's levels, weakest first."""


def level_of(name: str | Level) -> Level:
    """The :class:`Level` called ``name`` (a ``Level`` is returned as it is)."""
    if isinstance(name, Level):
        return name
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r}: levels are {', '.join(LEVELS)}") from None


@dataclass(frozen=True)
class Choice:
    """A phase-1 decision: the card to lock in and the gems paid to buy canoes back
    (``"free"`` for the free canoe), in the order paid."""

    card: Card
    recover: tuple[str, ...] = ()

    def actions(self, player: str) -> list[Action]:
        """The actions that carry it out: the buy-backs, then the card."""
        return [*(Recover(player, pay) for pay in self.recover), ChooseCard(player, self.card)]

    def recover_json(self) -> str | list[str] | None:
        """The buy-backs as a record writes them: one payment, a list of several, or
        None."""
        if not self.recover:
            return None
        if len(self.recover) == 1:
            return self.recover[0]
        return list(self.recover)

    def to_json(self) -> dict[str, Any]:
        return {"phase": "choose", "card": self.card, "recover": self.recover_json()}


@dataclass(frozen=True)
class Sample:
    """One determinisation: the unknown players' cards and the way each cloud among them
    moves the weather (+1 or -1)."""

    cards: dict[str, Card]
    clouds: dict[str, int]


@dataclass
class Scored:
    """A candidate and its mean value over the samples, with what explains it."""

    value: float
    choice: Choice | None = None
    outcome: rules.TurnOutcome | None = None
    index: int = 0
    """The outcome's place in ``rules.turn_outcomes``."""
    weather: str | None = None
    """For a cloud: the direction."""
    discs: dict[int, int] = field(default_factory=dict)
    """How many samples saw the river move each number of discs."""
    turn: Scored | None = None
    """Phase 1: the turn the partner would most often take with this choice."""


def decision_rng(seed: int, seen: View, what: str) -> random.Random:
    """The generator for one decision: seeded by ``seed`` and public facts only."""
    state = seen.state
    return random.Random(f"partner:{seed}:{what}:{seen.player}:{state.round}:"
                         f"{state.phase.value}:{state.turn}")


def draw_samples(seen: View, n: int, rng: random.Random) -> list[Sample]:
    """``n`` determinisations of the unknown cards (and the clouds' directions)."""
    samples = []
    for _ in range(n):
        cards = sample_cards(seen, rng)
        clouds = {p: rng.choice((1, -1)) for p, c in cards.items() if c == "cloud"}
        samples.append(Sample(cards, clouds))
    return samples


def _step_weather(weather: int, step: int) -> int:
    """The weather after a cloud that would move it by ``step`` (the other way at the
    edge of the track)."""
    new = weather + step
    if WEATHER_MIN <= new <= WEATHER_MAX:
        return new
    return weather - step


def weather_directions(weather: int) -> list[str]:
    """The legal moves of a cloud from ``weather``."""
    return [d for d, step in (("up", 1), ("down", -1))
            if WEATHER_MIN <= weather + step <= WEATHER_MAX]


def _discs(cards: Sequence[Card], weather: int) -> int:
    numbers = [int(c) for c in cards if c != "cloud"]
    return max(0, (min(numbers) if numbers else 0) + weather)


class _Judge:
    """Values of the player's canoes and reserve after the river, cached by discs."""

    def __init__(self, state: GameState, player: str, hand: frozenset[Card],
                 weights: Weights) -> None:
        self.state = state
        self.player = player
        self.reserve = state.reserves[player]
        self.available = available_colours(state, player)
        self.hand = hand
        self.fork = state.next_fork
        self.weights = weights

    def spots(self, spots: Sequence[Spot], delivered: Sequence[str], discs: int,
              card: Card) -> float:
        reserve = self.reserve
        for gem in delivered:
            reserve = add_gem(reserve, gem)
        moved = after(spots, river_table(self.fork, discs))
        return value(reserve, moved, self.available, self.hand - {card}, self.weights)


def _recover_options(state: GameState, player: str) -> list[tuple[str, ...]]:
    """The buy-backs worth considering: none, the best single payment and (both canoes
    lost) the best double one, judged by the evaluation before the round."""
    pair = state.canoes[player]
    lost = sum(1 for c in pair if c.lost)
    if not lost:
        return [()]
    reserve = state.reserves[player]
    if not reserve:
        return [("free",)] if lost == 2 else [()]
    available = available_colours(state, player)
    kept = [(c.at, c.gem) for c in pair if not c.lost]

    def static(pays: tuple[str, ...]) -> float:
        left = reserve
        for pay in pays:
            left = add_gem(left, pay, -1)
        spots = kept + [("beach", None)] * len(pays) + [("lost", None)] * (lost - len(pays))
        return value(left, spots, available)

    singles = [(c,) for c in reserve]
    options: list[tuple[str, ...]] = [(), max(singles, key=static)]
    if lost == 2:
        doubles = [(a, b) for i, a in enumerate(reserve) for b in list(reserve)[i:]
                   if a != b or reserve[a] >= 2]
        if doubles:
            options.append(max(doubles, key=static))
    return options


def _after_recover(state: GameState, player: str, pays: tuple[str, ...]) -> GameState:
    """``state`` with the canoes bought back (the rules' buy-back, without the checks
    of whose phase it is: the view's state may miss cards)."""
    for pay in pays:
        pair = list(state.canoes[player])
        i = next(k for k, c in enumerate(pair) if c.lost)
        pair[i] = canoe("beach")
        changes: dict[str, Any] = {"canoes": state.canoes.set(player, canoe_pair(*pair))}
        if pay != "free":
            changes["reserves"] = state.reserves.set(player,
                                                     add_gem(state.reserves[player], pay, -1))
            changes["deposits"] = state.deposits.set(pay, add_gem(state.deposits[pay], pay))
        state = state.replace(**changes)
    return state


def rank_choices(seen: View, level: Level, rng: random.Random,
                 also: Sequence[tuple[str, ...]] = ()) -> list[Scored]:
    """Every phase-1 choice worth considering, best first, with its value; ``also``
    adds buy-backs to consider (each a tuple of payments)."""
    state, me = seen.state, seen.player
    order = state.turn_order()
    mine = order.index(me)
    before = order[:mine]
    samples = draw_samples(seen, level.samples, rng)
    hand = state.hands[me]
    ranked: list[Scored] = []
    options = _recover_options(state, me)
    options += [pays for pays in also if pays not in options]
    for pays in options:
        now = _after_recover(state, me, pays)
        judge = _Judge(now, me, hand, level.weights)
        pair = now.canoes[me]
        for card in sorted_cards(hand):
            ranked.append(_score_card(now, judge, pair, card, pays, samples, before, order,
                                      level))
    ranked.sort(key=lambda s: -s.value)
    return ranked


def _score_card(state: GameState, judge: _Judge, pair: Any, card: Card,
                pays: tuple[str, ...], samples: list[Sample], before: tuple[str, ...],
                order: tuple[str, ...], level: Level) -> Scored:
    me = judge.player
    # The partner's options with this card: turn outcomes, or the cloud's directions
    # (decided at its turn, when the weather may have moved already).
    outcomes = rules.turn_outcomes(state, me, int(card)) if card != "cloud" else []
    cache: dict[tuple[int, int], float] = {}

    def worth(option: int, discs: int, direction: int = 0) -> float:
        key = (option, discs)
        found = cache.get(key)
        if found is None:
            if card == "cloud":
                found = judge.spots([(c.at, c.gem) for c in pair], (), discs, card)
            else:
                o = outcomes[option]
                found = judge.spots(o.canoes, o.delivered, discs, card)
            cache[key] = found
        return found

    # Group the samples by what the partner knows at its turn: the cards before it.
    groups: dict[tuple[object, ...], list[Sample]] = {}
    for sample in samples:
        key = tuple((sample.cards[p], sample.clouds.get(p, 0)) for p in before) \
            if level.informed else (id(sample),)
        groups.setdefault(key, []).append(sample)
    total = 0.0
    discs_seen: dict[int, int] = {}
    picks: dict[int, int] = {}
    for group in groups.values():
        # The river for each sample and each of the partner's options.
        weather0 = state.weather
        first = group[0]
        for p in before:
            if first.cards[p] == "cloud":
                weather0 = _step_weather(weather0, first.clouds[p])
        options: list[tuple[int, int]]  # (option index, weather step of the partner)
        if card == "cloud":
            options = [(i, s) for i, s in enumerate((1, -1))
                       if WEATHER_MIN <= weather0 + s <= WEATHER_MAX]
        else:
            options = [(i, 0) for i in range(len(outcomes))]
        best_value, best_option, best_discs = -1e9, 0, [0] * len(group)
        for option, step in options:
            total_here = 0.0
            discs_here = []
            for sample in group:
                weather = weather0 + step
                for p in order[len(before) + 1:]:
                    if sample.cards[p] == "cloud":
                        weather = _step_weather(weather, sample.clouds[p])
                cards = [*sample.cards.values(), card]
                discs = _discs(cards, weather)
                discs_here.append(discs)
                total_here += worth(option, discs)
            if total_here > best_value:
                best_value, best_option, best_discs = total_here, option, discs_here
        total += best_value
        picks[best_option] = picks.get(best_option, 0) + len(group)
        for d in best_discs:
            discs_seen[d] = discs_seen.get(d, 0) + 1
    mean = total / len(samples)
    common = max(picks, key=lambda k: (picks[k], -k))
    turn = Scored(mean, outcome=outcomes[common] if outcomes else None, index=common,
                  weather=None if outcomes else ("up", "down")[common])
    return Scored(mean, choice=Choice(card, pays), discs=discs_seen, turn=turn)


def rank_turns(seen: View, level: Level, rng: random.Random) -> list[Scored]:
    """Every distinct result of the player's turn (their card is revealed), best first."""
    state, me = seen.state, seen.player
    card = state.chosen[me]
    samples = draw_samples(seen, level.samples, rng)
    judge = _Judge(state, me, state.hands[me] | {card}, level.weights)
    known = [c for p, c in state.chosen.items()]
    after_me = seen.unknown
    pair = state.canoes[me]

    def rivers(step: int) -> dict[int, int]:
        counts: dict[int, int] = {}
        for sample in samples:
            weather = state.weather if not step else state.weather + step
            for p in after_me:
                if sample.cards[p] == "cloud":
                    weather = _step_weather(weather, sample.clouds[p])
            discs = _discs([*known, *sample.cards.values()], weather)
            counts[discs] = counts.get(discs, 0) + 1
        return counts

    n = len(samples)
    ranked: list[Scored] = []
    if card == "cloud":
        spots = [(c.at, c.gem) for c in pair]
        for direction in weather_directions(state.weather):
            counts = rivers(1 if direction == "up" else -1)
            mean = sum(k * judge.spots(spots, (), d, card) for d, k in counts.items()) / n
            ranked.append(Scored(mean, weather=direction, discs=counts))
    else:
        counts = rivers(0)
        for index, outcome in enumerate(rules.turn_outcomes(state, me, int(card))):
            mean = sum(k * judge.spots(outcome.canoes, outcome.delivered, d, card)
                       for d, k in counts.items()) / n
            ranked.append(Scored(mean, outcome=outcome, index=index, discs=counts))
    ranked.sort(key=lambda s: -s.value)
    return ranked


def _slip(ranked: list[Scored], level: Level, rng: random.Random) -> Scored:
    if level.slips and len(ranked) > 1 and rng.random() < level.slips:
        return ranked[rng.randrange(1, min(3, len(ranked)))]
    return ranked[0]


def whose_decision(state: GameState) -> tuple[str, ...]:
    """The players who have a decision to take now: in phase 1 those who have not locked
    in a card, in phase 2 the player whose turn it is; nobody in phase 3 or at the end."""
    if state.phase is Phase.CHOOSE:
        return tuple(p for p in state.players if p not in state.chosen)
    if state.phase is Phase.ACTIONS and state.to_play is not None:
        return (state.to_play,)
    return ()


def check_decision(state: GameState, player: str) -> None:
    """Raise :class:`NotYourDecision` (saying whose decision it is) unless ``player`` has
    one to take."""
    if player not in state.players:
        raise NotYourDecision(N_("{player} is not playing in this game (players: {players})",
                                 player=str(player), players=", ".join(state.players)))
    if player in whose_decision(state):
        return
    if state.phase is Phase.OVER:
        raise NotYourDecision(N_("The game is over: nobody has a decision to take."))
    if state.phase is Phase.RIVER:
        raise NotYourDecision(N_("Every player has played this round: the river moves now, "
                                 "nobody has a decision to take."))
    if state.phase is Phase.CHOOSE:
        waiting = Listing([tx.colour(p) for p in whose_decision(state)], ",")
        raise NotYourDecision(N_("{player} has already chosen a card this round; still "
                                 "choosing: {waiting}.", player=tx.colour(player),
                                 waiting=waiting))
    raise NotYourDecision(N_("It is {current}'s turn (phase 2), not {player}'s.",
                             current=tx.colour(str(state.to_play)),
                             player=tx.colour(player)))


def choose(state: GameState, player: str, *, level: str | Level = "strong",
           seed: int = 0) -> Choice:
    """The partner's phase-1 choice for ``player``: a card and its buy-backs."""
    check_decision(state, player)
    if state.phase is not Phase.CHOOSE:
        raise NotYourDecision(N_("It is phase 2: {player} plays a turn, not a card choice.",
                                 player=tx.colour(player)))
    how = level_of(level)
    seen = view(state, player)
    rng = decision_rng(seed, seen, "choose")
    best = _slip(rank_choices(seen, how, rng), how, rng)
    assert best.choice is not None
    return best.choice


def play_turn(state: GameState, player: str, *, level: str | Level = "strong",
              seed: int = 0) -> rules.TurnResult:
    """The partner's phase-2 turn for ``player``: a :class:`rules.TurnResult` whose
    ``action`` is a ``Paddle`` or, for the cloud, a ``Weather``."""
    check_decision(state, player)
    if state.phase is not Phase.ACTIONS:
        raise NotYourDecision(N_("It is phase 1: {player} chooses a card, not a turn.",
                                 player=tx.colour(player)))
    how = level_of(level)
    seen = view(state, player)
    rng = decision_rng(seed, seen, "turn")
    best = _slip(rank_turns(seen, how, rng), how, rng)
    return result_of(state, player, best)


def result_of(state: GameState, player: str, scored: Scored) -> rules.TurnResult:
    """The turn result of a scored turn, on the real ``state`` (the view's state lacks
    the hidden cards; the turn's outcomes are the same, in the same order)."""
    if scored.weather is not None:
        new = state.weather + (1 if scored.weather == "up" else -1)
        return rules.TurnResult(Weather(player, scored.weather), state.replace(weather=new))
    card = state.chosen[player]
    return rules.turn_outcomes(state, player, int(card))[scored.index].result()


def decide_actions(state: GameState, player: str, *, level: str | Level = "strong",
                   seed: int = 0) -> list[Action]:
    """The actions that carry out :func:`decide`'s decision, to push in order: the
    buy-backs and the card in phase 1, the turn in phase 2."""
    decision = decide(state, player, level=level, seed=seed)
    if isinstance(decision, Choice):
        return decision.actions(player)
    return [decision.action]


def decide(state: GameState, player: str, *, level: str | Level = "strong",
           seed: int = 0) -> Choice | rules.TurnResult:
    """The partner's decision for ``player`` now: a :class:`Choice` in phase 1, a
    :class:`rules.TurnResult` in phase 2."""
    check_decision(state, player)
    if state.phase is Phase.CHOOSE:
        return choose(state, player, level=level, seed=seed)
    return play_turn(state, player, level=level, seed=seed)
