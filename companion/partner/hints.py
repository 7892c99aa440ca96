"""Hints: the best two or three choices for a player's decision now, each with its reason
in plain words, from what that player may know (never another player's secret card).

>>> from companion.state import new_game
>>> tips = hints(new_game(["red", "green", "yellow"]), "red", count=2)
>>> [tip.phase for tip in tips]
['choose', 'choose']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import text as tx
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
from companion.partner.words import card_words, describe_choice, describe_turn, step_end
from companion.record import turn_entry
from companion.rules import goal_reached
from companion.state import GameState, GemCount, Phase, add_gem
from companion.text import N_, Listing, Lower, Nn_, Text, join


@dataclass(frozen=True)
class Hint:
    """One suggested choice: a phase-1 :class:`Choice` or a phase-2 action, what it is
    (``text``) and why (``reason``: sentences, English as a ``str``, in the reader's
    language on the pages), and its value for the partner (higher is better; only the
    order means something)."""

    phase: str
    text: Text
    reason: Text
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


def _falls(at: str, river: River) -> int | None:
    """How many discs take a canoe on ``at`` over the falls this round, or None when no
    card the others can still play does (with the discs alternating at the fork, as they
    usually do)."""
    if at in (BEACH, LOST):
        return None
    return falls_within(at, predicted_arms(river.fork, river.most))


def _odds(chance: float) -> Text:
    """How likely something is, as a sentence about "that" (the sentence before)."""
    if chance < 0.05:
        return N_("That is unlikely.")
    if chance > 0.95:
        return N_("That is almost certain.")
    tenths = min(9, max(1, round(chance * 10)))
    return Nn_("There is about {n} chance in 10 of that.",
               "There are about {n} chances in 10 of that.", tenths)


def danger(at: str, river: River, canoes: int = 0) -> Text | None:
    """Whether a canoe on ``at`` can go over the falls this round, in words (None when it
    cannot, or when it is not on the river). ``canoes`` (1 or 2) names the canoes by
    their slot ("Your canoe on T4 …", "Your canoes on T4 …"); 0 calls the canoe "it"."""
    falls = _falls(at, river)
    if falls is None:
        return None
    where = tx.place(at)
    if falls <= river.least:
        if not canoes:
            return N_("It goes over the falls this round whatever the others play.")
        return Nn_("Your canoe on {at:dat} goes over the falls this round whatever the "
                   "others play.",
                   "Your canoes on {at:dat} go over the falls this round whatever the "
                   "others play.", canoes, at=where)
    span = {"least": river.least, "most": river.most}
    if not canoes:
        sentence = Nn_("It goes over the falls if the river moves {n} disc or more "
                       "({least} to {most} this round).",
                       "It goes over the falls if the river moves {n} discs or more "
                       "({least} to {most} this round).", falls, **span)
    elif canoes == 1:
        sentence = Nn_("Your canoe on {at:dat} goes over the falls if the river moves {n} "
                       "disc or more ({least} to {most} this round).",
                       "Your canoe on {at:dat} goes over the falls if the river moves {n} "
                       "discs or more ({least} to {most} this round).", falls, at=where,
                       **span)
    else:
        sentence = Nn_("Your canoes on {at:dat} go over the falls if the river moves {n} "
                       "disc or more ({least} to {most} this round).",
                       "Your canoes on {at:dat} go over the falls if the river moves {n} "
                       "discs or more ({least} to {most} this round).", falls, at=where,
                       **span)
    return join([sentence, _odds(river.chance(falls))])


def _goal_words(reserve: GemCount) -> list[Text]:
    """The goal a reserve reaches, or how near it is to each goal, as sentences."""
    reached = goal_reached(reserve)
    if reached:
        return [N_("That makes {goal}: a winning goal.", goal=reached)]
    best = max(reserve.items(), key=lambda kv: kv[1], default=None)
    near = []
    if best and best[1] == 3:
        near.append(N_("You are then one gem short of 4 {gem:adjpl} gems.",
                       gem=tx.gem(best[0])))
    if len(reserve) == 4:
        near.append(N_("You are then one colour short of 5 different colours."))
    if sum(reserve.values()) == 6:
        near.append(N_("You are then one gem short of 7 gems."))
    return near


def _step_words(at: str, op: str, gem: str | None, fresh: bool, last: bool) -> Text:
    """A canoe's paddling down or up to ``at`` (its ``gem`` aboard; ``fresh``: the gem was
    named already), as what the canoe does ("brings it up to T2")."""
    where = tx.place(at)
    if gem and fresh:
        if op == "down":
            return N_("brings it down to {at:acc}", at=where)
        return N_("brings it up to {at:acc}", at=where)
    if gem:
        if op == "down":
            return N_("brings its {gem:adj} gem down to {at:acc}", gem=tx.gem(gem), at=where)
        return N_("brings its {gem:adj} gem up to {at:acc}", gem=tx.gem(gem), at=where)
    deposit = DEPOSIT_AT.get(at)
    if deposit and last:
        if op == "down":
            return N_("goes down to {at:acc}, beside the {deposit} deposit", at=where,
                      deposit=tx.gem(deposit))
        return N_("goes up to {at:acc}, beside the {deposit} deposit", at=where,
                  deposit=tx.gem(deposit))
    if op == "down":
        return N_("goes down to {at:acc}", at=where)
    return N_("goes up to {at:acc}", at=where)


def _canoe_words(seen: View, move: CanoeMove, reserve: GemCount, named: bool
                 ) -> tuple[Text, str, GemCount]:
    """What one canoe's move does, as sentences ("Your canoe loads white on T4 and brings
    it up to T2. It is then 2 slots from the beach."; with ``named`` the canoe is named by
    where it starts), where it ends, and the reserve after it."""
    pair = seen.state.canoes[seen.player]
    gem = next((c.gem for c in pair if c.at == move.start and
                (move.carrying == "any" or c.gem == move.carrying)), None)
    at = move.start
    done: list[Text] = []
    # The gem aboard was named already: loaded or stolen in this move, or the canoe named
    # by it ("it" then says which gem).
    fresh = named and move.carrying not in (None, "any")
    moved_to = ""  # where the canoe's last paddling step ended
    for step in move.steps:
        here = tx.place(at)
        if step.op in ("down", "up"):
            at = step_end(at, step.op, step.n, step.arg)
            if at == BEACH:
                continue
            done.append(_step_words(at, step.op, gem, fresh, step is move.steps[-1]))
            moved_to = at
        elif step.op == "load":
            load = tx.gem(str(step.arg))
            there = moved_to == at if done else named and at == move.start
            done.append(N_("loads {gem} there", gem=load) if there
                        else N_("loads {gem} on {at:dat}", gem=load, at=here))
            gem, fresh = step.arg, True
        elif step.op == "unload":
            deposit = tx.gem(DEPOSIT_AT.get(at, ""))
            done.append(N_("leaves its {gem:adj} gem on the {deposit} deposit on {at:dat}",
                           gem=tx.gem(gem), deposit=deposit, at=here) if gem else
                        N_("leaves its gem on the {deposit} deposit on {at:dat}",
                           deposit=deposit, at=here))
            gem = None
        elif step.op == "steal":
            victim = tx.colour(str(step.arg))
            done.append(N_("steals {player}'s {gem:adj} gem on {at:dat}", player=victim,
                           gem=tx.gem(step.gem), at=here) if step.gem else
                        N_("steals {player}'s gem on {at:dat}", player=victim, at=here))
            gem, fresh = step.gem or gem, True
        elif step.op == "joe":
            done.append(N_("trades with Diamanten Joe on {at:dat}", at=here))
    after: list[Text] = []
    if at == BEACH:
        if gem:
            reserve = add_gem(reserve, gem)
            done.append(N_("lands and delivers it") if fresh
                        else N_("lands and delivers {gem}", gem=tx.gem(gem)))
            after = _goal_words(reserve)
        else:
            done.append(N_("lands on the beach, ready to set out again"))
    elif gem and done:
        far = DISTANCE[at]
        after = [Nn_("It is then one slot from the beach.",
                     "It is then {n} slots from the beach.", far)]
    if not done:
        done.append(N_("stays on {at:dat}", at=tx.place(at)))
    what = Listing(done)
    start = tx.place(move.start)
    if not named:
        sentence = N_("Your canoe {what}.", what=what)
    elif move.carrying is None:  # both canoes on one slot: the move says which one
        sentence = N_("Your empty canoe on {at:dat} {what}.", at=start, what=what)
    elif move.carrying != "any":
        sentence = N_("Your canoe on {at:dat} with the {gem:adj} gem {what}.", at=start,
                      gem=tx.gem(move.carrying), what=what)
    else:
        sentence = N_("Your canoe on {at:dat} {what}.", at=start, what=what)
    return join([sentence, *after]), at, reserve


def _safety(ends: list[str], river: River, named: bool) -> Text | None:
    """Whether the canoes at ``ends`` can go over the falls this round, in words; with
    ``named`` (or several canoes) each canoe is named by where it is, else it is "it"."""
    afloat = sorted({at for at in ends if at not in (BEACH, LOST)}, key=ends.index)
    if not afloat:
        return None
    alone = len(afloat) == 1 and not named
    if alone:
        found = danger(afloat[0], river)
        return found or N_("No card the others can still play sends it over the falls "
                           "this round.")
    dangers = [d for at in afloat if (d := danger(at, river, ends.count(at))) is not None]
    if dangers:
        return join(dangers)
    canoes = len([at for at in ends if at in afloat])
    return Nn_("No card the others can still play sends your canoe on {at:dat} over the "
               "falls this round.",
               "No card the others can still play sends your canoes on {at:dat} over the "
               "falls this round.", canoes, at=Listing([tx.place(at) for at in afloat]))


def turn_reason(seen: View, action: Paddle | Weather, river: River) -> Text:
    """Why a turn is good, in plain words: what each canoe does, where it ends, and
    whether the river can take it over the falls this round ("Your canoe loads white on
    T4. It is then 4 slots from the beach. No card the others can still play sends it
    over the falls this round.")."""
    state = seen.state
    if isinstance(action, Weather):
        new = state.weather + (1 if action.direction == "up" else -1)
        span = {"weather": new, "least": river.least, "most": river.most}
        if action.direction == "up":
            text = N_("The weather goes to {weather:+d}, so the river moves faster "
                      "({least} to {most} discs this round).", **span) \
                if river.least != river.most else \
                Nn_("The weather goes to {weather:+d}, so the river moves faster "
                    "({n} disc this round).",
                    "The weather goes to {weather:+d}, so the river moves faster "
                    "({n} discs this round).", river.most, weather=new)
        else:
            text = N_("The weather goes to {weather:+d}, so the river moves slower "
                      "({least} to {most} discs this round).", **span) \
                if river.least != river.most else \
                Nn_("The weather goes to {weather:+d}, so the river moves slower "
                    "({n} disc this round).",
                    "The weather goes to {weather:+d}, so the river moves slower "
                    "({n} discs this round).", river.most, weather=new)
        afloat = [c.at for c in state.canoes[seen.player] if c.on_river]
        safety = _safety(afloat, river, named=True)
        return join([text, safety]) if safety else text
    if not action.canoes:
        return N_("No canoe of yours can move.")
    reserve = state.reserves[seen.player]
    parts: list[Text] = []
    ends: list[str] = []
    for move in action.canoes:
        words, at, reserve = _canoe_words(seen, move, reserve, named=len(action.canoes) > 1)
        parts.append(words)
        ends.append(at)
    moved = {m.start for m in action.canoes}
    ends += [c.at for c in state.canoes[seen.player] if c.on_river and c.at not in moved]
    safety = _safety(ends, river, named=len(action.canoes) > 1)
    return join([*parts, safety] if safety else parts)


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
    return Hint("turn", describe_turn(action), reason, scored.value, action=action)


def choice_hint(seen: View, scored: Scored) -> Hint:
    """The hint for one scored phase-1 choice (from ``rank_choices``)."""
    choice = scored.choice
    assert choice is not None
    least, most = _river_range(seen, card=choice.card)
    river = River(least, most, seen.state.next_fork, scored.discs)
    parts: list[Text] = []
    if choice.recover:
        paid = Listing([N_("nothing (it is free)") if p == "free"
                        else N_("a {gem:adj} gem", gem=tx.gem(p)) for p in choice.recover])
        parts.append(Nn_("Buying a canoe back puts it on the beach again for {paid}.",
                         "Buying both canoes back puts them on the beach again for {paid}.",
                         len(choice.recover), paid=paid))
    turn = scored.turn
    if turn is not None and turn.outcome is not None:
        action = turn.outcome.result().action
        if isinstance(action, Paddle) and action.canoes:
            parts.append(N_("With {card}, most likely: {turn}", card=card_words(choice.card),
                            turn=Lower(turn_reason(seen, action, river))))
    elif choice.card == "cloud":
        parts.append(N_("The cloud moves no canoe but makes the river one disc faster or "
                        "slower, your choice when your turn comes."))
    typical = max(scored.discs, key=lambda d: (scored.discs[d], -d)) if scored.discs else 0
    parts.append(Nn_("The river should move about {n} disc ({least} to {most} with the "
                     "cards the others still hold).",
                     "The river should move about {n} discs ({least} to {most} with the "
                     "cards the others still hold).", typical, least=least, most=most))
    return Hint("choose", describe_choice(seen.player, choice), join(parts), scored.value,
                choice=choice)
