"""Hints: the best two or three choices for a player's decision now, each with its reason
in plain words, from what that player may know (never another player's secret card).

>>> from companion.state import new_game
>>> tips = hints(new_game(["red", "green", "yellow"]), "red", count=2)
>>> [tip.phase for tip in tips]
['choose', 'choose']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from companion.actions import CanoeMove, Paddle, Weather
from companion.board import BEACH, DEPOSIT_AT, DISTANCE, LOST, Arm, Card
from companion.forecast import discs_range, falls_within, predicted_arms
from companion.partner.search import (
    Choice,
    Level,
    Scored,
    check_decision,
    decision_rng,
    level_of,
    rank_choices,
    rank_turns,
)
from companion.partner.view import View, view
from companion.partner.words import card_words, describe_choice, describe_turn, place, step_end
from companion.record import turn_entry
from companion.rules import goal_reached
from companion.state import GameState, GemCount, Phase, add_gem


@dataclass(frozen=True)
class Hint:
    """One suggested choice: a phase-1 :class:`Choice` or a phase-2 action, what it is
    (``text``) and why (``reason``), and its value for the partner (higher is better;
    only the order means something)."""

    phase: str
    text: str
    reason: str
    value: float
    choice: Choice | None = None
    action: Paddle | Weather | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"phase": self.phase}
        if self.choice is not None:
            data.update(card=self.choice.card, recover=self.choice.recover_json())
        if self.action is not None:
            data["turn"] = turn_entry(self.action)
        data.update(text=self.text, reason=self.reason, value=round(self.value, 3))
        return data


def hints(state: GameState, player: str, seed: int = 0, count: int = 3,
          level: str | Level = "strong") -> list[Hint]:
    """The ``count`` best choices for ``player``'s decision now, best first. Raises
    :class:`~companion.partner.search.NotYourDecision` when ``player`` has none."""
    check_decision(state, player)
    how = level_of(level)
    seen = view(state, player)
    if state.phase is Phase.CHOOSE:
        rng = decision_rng(seed, seen, "choose")
        ranked = rank_choices(seen, how, rng)
        return [choice_hint(seen, s) for s in ranked[:count]]
    rng = decision_rng(seed, seen, "turn")
    ranked = rank_turns(seen, how, rng)
    return [turn_hint(seen, s) for s in ranked[:count]]


# -- the reasons ----------------------------------------------------------------------------


def _known(seen: View) -> dict[str, Card]:
    return dict(seen.state.chosen)


def _river_range(seen: View, card: Card | None = None, weather: int | None = None
                 ) -> tuple[int, int]:
    """Least and most discs this round as ``seen.player`` knows it (their card, if
    ``card`` is given in phase 1; the weather after their cloud if ``weather``)."""
    state = seen.state
    public = state.to_json(reveal=False)
    known = _known(seen)
    if card is not None:
        known[seen.player] = card
    if weather is not None:
        public = {**public, "weather": weather}
    if state.phase is Phase.ACTIONS:
        # The player's own turn is done once they chose: only later clouds move the weather.
        order = state.turn_order()
        public = {**public, "to_play": order[min(state.turn + 1, len(order) - 1)]}
        if state.turn + 1 >= len(order):
            public = {**public, "phase": "river"}
    return discs_range(public, known)


SAFE: Final = "no card the others can still play sends it over the falls this round"


@dataclass(frozen=True)
class River:
    """What a player knows of this round's river: the least and most discs, the arm the
    next disc is expected to take, and how often each number of discs came up in the
    partner's guesses at the hidden cards."""

    least: int
    most: int
    fork: Arm
    discs: dict[int, int]

    def chance(self, at_least: int) -> float:
        """The share of the guesses in which the river moved ``at_least`` discs or more."""
        total = sum(self.discs.values())
        return sum(n for d, n in self.discs.items() if d >= at_least) / total if total else 0.0


def _odds(chance: float) -> str:
    if chance < 0.05:
        return "unlikely"
    if chance > 0.95:
        return "almost certain"
    return f"about {round(chance * 10)} chances in 10" if chance >= 0.15 else \
        "about 1 chance in 10"


def danger(at: str, river: River) -> str:
    """Whether a canoe on ``at`` can go over the falls this round, in words."""
    if at in (BEACH, LOST):
        return ""
    falls = falls_within(at, predicted_arms(river.fork, river.most))
    if falls is None:  # with the discs alternating at the fork, as they usually do
        return SAFE
    if falls <= river.least:
        return "it goes over the falls this round whatever the others play"
    return (f"it goes over the falls if the river moves {falls} or more discs "
            f"({river.least} to {river.most} this round; {_odds(river.chance(falls))})")


def _goal_words(reserve: GemCount) -> str:
    reached = goal_reached(reserve)
    if reached:
        return f"that makes {reached}, a winning goal"
    best = max(reserve.items(), key=lambda kv: kv[1], default=None)
    total = sum(reserve.values())
    parts = []
    if best and best[1] == 3:
        parts.append(f"one short of 4 {best[0]}")
    if len(reserve) == 4:
        parts.append("one colour short of 5 different")
    if total == 6:
        parts.append("one gem short of 7")
    return " and ".join(parts)


def _far(at: str) -> str:
    far = DISTANCE[at]
    return "one step from the beach" if far == 1 else f"{far} slots from the beach"


def _canoe_words(seen: View, move: CanoeMove, reserve: GemCount
                 ) -> tuple[str, str, GemCount]:
    """What one canoe's move does, in words ("loads white on T4 and brings it up to T2,
    2 slots from the beach"), where it ends, and the reserve after it."""
    pair = seen.state.canoes[seen.player]
    gem = next((c.gem for c in pair if c.at == move.start and
                (move.carrying == "any" or c.gem == move.carrying)), None)
    at = move.start
    done: list[str] = []
    fresh = False  # the gem aboard was loaded (or stolen) in this move
    for step in move.steps:
        if step.op in ("down", "up"):
            at = step_end(at, step.op, step.n, step.arg)
            if at == BEACH:
                continue
            if gem:
                what = "it" if fresh else f"its {gem}"
                done.append(f"brings {what} {step.op} to {at}")
            else:
                deposit = DEPOSIT_AT.get(at)
                last = step is move.steps[-1]
                beside = f", beside the {deposit} deposit" if deposit and last else ""
                done.append(f"goes {step.op} to {at}{beside}")
        elif step.op == "load":
            done.append(f"loads {step.arg} there" if done and done[-1].endswith(at)
                        else f"loads {step.arg} on {at}")
            gem, fresh = step.arg, True
        elif step.op == "unload":
            done.append(f"leaves its {gem} on the {DEPOSIT_AT.get(at, '')} deposit on {at}")
            gem = None
        elif step.op == "steal":
            done.append(f"steals {(step.arg or '').capitalize()}'s {step.gem or 'gem'} on {at}")
            gem, fresh = step.gem or gem, True
        elif step.op == "joe":
            done.append(f"trades with Diamanten Joe on {at}")
    if at == BEACH:
        if gem:
            reserve = add_gem(reserve, gem)
            goal = _goal_words(reserve)
            done.append(f"lands and delivers {gem}" + (f" ({goal})" if goal else ""))
        else:
            done.append("lands on the beach, ready to set out again")
    elif gem:
        done[-1 if done else 0:] = [(done[-1] + ", " if done else "") + _far(at)]
    if not done:
        return f"stays on {place(at)}", at, reserve
    text = done[-1] if len(done) == 1 else ", ".join(done[:-1]) + " and " + done[-1]
    return text, at, reserve


def _safety(ends: list[str], river: River, named: bool) -> str:
    """Whether the canoes at ``ends`` can go over the falls this round, in words; with
    ``named`` (or several canoes) each canoe is named by where it is, else it is "it"."""
    afloat = sorted({at for at in ends if at not in (BEACH, LOST)}, key=ends.index)
    if not afloat:
        return ""
    dangers = [(at, danger(at, river)) for at in afloat]
    alone = len(afloat) == 1 and not named
    if all(d == SAFE for _, d in dangers):
        if alone:
            return SAFE
        where = " and ".join(afloat)
        canoes = "canoes" if len([at for at in ends if at in afloat]) > 1 else "canoe"
        return SAFE.replace(" it ", f" your {canoes} on {where} ")
    if alone:
        return dangers[0][1]

    def canoes_on(at: str, said: str) -> str:
        if ends.count(at) > 1:  # both canoes there
            return f"your canoes on {at} {said.replace('goes over', 'go over', 1)}"
        return f"your canoe on {at} {said}"

    return "; ".join(canoes_on(at, d.removeprefix("it ")) for at, d in dangers if d != SAFE)


def turn_reason(seen: View, action: Paddle | Weather, river: River) -> str:
    """Why a turn is good, in plain words: what each canoe does, where it ends, and
    whether the river can take it over the falls this round ("loads white on T4, 4 slots
    from the beach; no card the others can still play sends it over the falls this
    round")."""
    state = seen.state
    if isinstance(action, Weather):
        new = state.weather + (1 if action.direction == "up" else -1)
        speed = "faster" if action.direction == "up" else "slower"
        span = f"{river.least} to {river.most}" if river.least != river.most \
            else f"{river.most}"
        text = f"the weather goes to {new:+d}, so the river moves {speed} ({span} discs " \
            "this round)"
        afloat = [c.at for c in state.canoes[seen.player] if c.on_river]
        safety = _safety(afloat, river, named=True)
        return f"{text}; {safety}" if safety else text
    if not action.canoes:
        return "no canoe of yours can move"
    reserve = state.reserves[seen.player]
    parts, ends = [], []
    for move in action.canoes:
        words, at, reserve = _canoe_words(seen, move, reserve)
        parts.append(words if len(action.canoes) == 1
                     else f"the canoe from {place(move.start)} {words}")
        ends.append(at)
    moved = {m.start for m in action.canoes}
    ends += [c.at for c in state.canoes[seen.player] if c.on_river and c.at not in moved]
    safety = _safety(ends, river, named=len(action.canoes) > 1)
    return "; ".join([*parts, safety] if safety else parts)


def turn_hint(seen: View, scored: Scored) -> Hint:
    """The hint for one scored turn (from :func:`~companion.partner.search.rank_turns`)."""
    state, player = seen.state, seen.player
    if scored.weather is not None:
        action: Paddle | Weather = Weather(player, scored.weather)
        weather = state.weather + (1 if scored.weather == "up" else -1)
        least, most = _river_range(seen, weather=weather)
    else:
        assert scored.outcome is not None
        action = scored.outcome.result().action
        least, most = _river_range(seen)
    river = River(least, most, state.next_fork, scored.discs)
    reason = turn_reason(seen, action, river)
    return Hint("turn", describe_turn(action), _capital(reason), scored.value, action=action)


def choice_hint(seen: View, scored: Scored) -> Hint:
    """The hint for one scored phase-1 choice (from ``rank_choices``)."""
    choice = scored.choice
    assert choice is not None
    least, most = _river_range(seen, card=choice.card)
    river = River(least, most, seen.state.next_fork, scored.discs)
    parts = []
    if choice.recover:
        paid = " and ".join("nothing (it is free)" if p == "free" else f"a {p} gem"
                            for p in choice.recover)
        canoes = "a canoe" if len(choice.recover) == 1 else "both canoes"
        parts.append(f"buying back puts {canoes} on the beach again for {paid}")
    turn = scored.turn
    if turn is not None and turn.outcome is not None:
        action = turn.outcome.result().action
        if isinstance(action, Paddle) and action.canoes:
            parts.append(f"with {card_words(choice.card)}, most likely: "
                         f"{turn_reason(seen, action, river)}")
    elif choice.card == "cloud":
        parts.append("the cloud moves no canoe but makes the river one disc faster or "
                     "slower, your choice when your turn comes")
    typical = max(scored.discs, key=lambda d: (scored.discs[d], -d)) if scored.discs else 0
    parts.append(f"the river should move about {typical} disc{'s' if typical != 1 else ''} "
                 f"({least} to {most} with the cards the others still hold)")
    return Hint("choose", describe_choice(seen.player, choice), _capital("; ".join(parts)),
                scored.value, choice=choice)


def _capital(text: str) -> str:
    text = text.strip()
    return (text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else text
