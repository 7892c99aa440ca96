"""Replay's quick path: a record's actions carried out on one mutable copy of the game.

:func:`companion.rules.apply` is the reference: it checks every action and builds a new
frozen :class:`~companion.state.GameState` and new events each time. Replaying a record
needs neither for every action, only the final state and the events. A :class:`QuickGame`
holds the game as plain dicts, lists and sets, carries out the legal actions on it in
place (buying canoes back, choosing a card, the weather, canoe moves with gems, the river)
and records each event as a tuple ``(event class, *fields)``, made into an event only when
asked (:func:`make_events`).

It never judges an action it is not sure of: any broken rule raises :class:`Unsure`
*before* anything changed, and the caller hands that action to ``rules.apply`` on
:meth:`QuickGame.freeze` instead, so every refusal and every message comes from the
reference. Tests hold the two to the same states and events on many seeded random games
and mangled records (``tests/companion/test_quick.py``).

>>> from companion.actions import ChooseCard
>>> from companion.state import new_game
>>> game = QuickGame(new_game(["red", "green", "yellow"]))
>>> make_events(game.apply(ChooseCard("red", 3)))
[CardLocked(player='red')]
>>> game.freeze().chosen
FrozenMap({'red': 3})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from companion import events as ev
from companion.actions import (
    ANY_CARGO,
    CanoeMove,
    ChooseCard,
    MoveRiver,
    Paddle,
    Recover,
    Weather,
)
from companion.board import (
    ARMS,
    BEACH,
    CARDS,
    DEPOSIT_AT,
    GEM_COLOURS,
    LOST,
    PATHS_DOWN,
    PATHS_UP,
    SLOTS,
    WEATHER_MAX,
    WEATHER_MIN,
    Arm,
    Card,
    downstream,
    passes_fork,
    upstream,
)
from companion.rules import gem_value, goal_reached, push_position, won_reason
from companion.state import (
    Canoe,
    FrozenMap,
    GameState,
    GemCount,
    Phase,
    canoe,
    canoe_pair,
    gem_count,
)

RawEvent = tuple[Any, ...]
"""An event not made yet: ``(event class, *fields)``."""

_ALL_CARDS: Final[frozenset[Card]] = frozenset(CARDS)
_CHOOSE: Final = Phase.CHOOSE
_ACTIONS: Final = Phase.ACTIONS
_RIVER: Final = Phase.RIVER
_OVER: Final = Phase.OVER
_STEP_OPS: Final = frozenset(("up", "down", "load", "unload"))
"""The steps the quick path carries out (stealing and Joe's trades go to the reference)."""
_DOWN: Final[dict[tuple[str, int, str | None], tuple[str, ...]]] = {
    (at, n, arm): path for (at, n, arm), path in PATHS_DOWN.items()
    if passes_fork(at, n) == (arm is not None)}
"""The paths of ``down <n> [arm]`` steps, by (start, n, arm): an arm exactly where the
move passes the fork (``PATHS_DOWN`` also lists an arm where it does not matter)."""
_PUSH: Final = {(at, arm): push_position(at, arm) for at in SLOTS for arm in ARMS}
"""``push_position`` as a table."""


_GEMS: Final = frozenset(GEM_COLOURS)
_BEACH_CANOE: Final = canoe(BEACH)


_ORDERS: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
"""The orders of play of each seating (``QuickGame._orders``), made once."""


def _put(counts: dict[str, int], colour: str) -> None:
    """One more gem of ``colour`` in ``counts``."""
    counts[colour] = counts.get(colour, 0) + 1


def _take(counts: dict[str, int], colour: str) -> None:
    """One gem of ``colour`` fewer in ``counts`` (which has one): no zero entries."""
    left = counts[colour] - 1
    if left:
        counts[colour] = left
    else:
        del counts[colour]


def _frozen_counts(counts: dict[str, dict[str, int]],
                   base: FrozenMap[str, GemCount]) -> FrozenMap[str, GemCount]:
    """``counts`` as the state holds them (``base``'s where they did not change)."""
    return FrozenMap({key: base[key] if now == base[key] else gem_count(now)
                      for key, now in counts.items()})


class Unsure(Exception):
    """The quick path does not carry out this action: ask ``rules.apply``. Nothing changed."""


def make_events(raw: list[RawEvent]) -> list[ev.Event]:
    """The events of raw event tuples."""
    return [item[0](*item[1:]) for item in raw]


class QuickGame:
    """The game as mutable values, changed in place by :meth:`apply`."""

    __slots__ = ("_base", "_orders", "canoes", "chosen", "deposits", "first", "hands", "joe",
                 "next_fork", "options", "order", "phase", "players", "recovered", "reserves",
                 "round", "turn", "weather", "winners")

    def __init__(self, state: GameState) -> None:
        self.players = state.players
        self.options = state.options
        self.round = state.round
        self.phase = state.phase
        self.first = state.first
        self.turn = state.turn
        self.weather = state.weather
        self.next_fork = state.next_fork
        self.canoes: dict[str, tuple[Canoe, Canoe]] = dict(state.canoes)
        self.joe = state.joe
        # Gem counts as plain dicts, changed in place (no zero entries, in any order).
        self.reserves: dict[str, dict[str, int]] = {
            p: dict(counts) for p, counts in state.reserves.items()}
        self.deposits: dict[str, dict[str, int]] = {
            c: dict(counts) for c, counts in state.deposits.items()}
        self.hands: dict[str, frozenset[Card]] = dict(state.hands)
        self.chosen: dict[str, Card] = dict(state.chosen)
        self.recovered = state.recovered
        self.winners = state.winners
        players = self.players
        orders = _ORDERS.get(players)
        if orders is None:
            orders = tuple(players[first:] + players[:first] for first in range(len(players)))
            if len(_ORDERS) < 4096:
                _ORDERS[players] = orders
        self._orders = orders
        """The order of play with each player holding the buoy."""
        self.order = self._orders[self.first]
        self._base = state

    def freeze(self) -> GameState:
        """The current state as a :class:`GameState`."""
        return self._base._evolve({
            "round": self.round, "phase": self.phase, "first": self.first, "turn": self.turn,
            "weather": self.weather, "next_fork": self.next_fork,
            "canoes": FrozenMap(self.canoes), "joe": self.joe,
            "reserves": _frozen_counts(self.reserves, self._base.reserves),
            "deposits": _frozen_counts(self.deposits, self._base.deposits),
            "hands": FrozenMap(self.hands), "chosen": FrozenMap(self.chosen),
            "recovered": self.recovered, "winners": self.winners})

    def apply(self, action: object) -> list[RawEvent]:
        """Carry out ``action`` (as ``rules.apply`` would) and return its raw events, or
        raise :class:`Unsure` with nothing changed."""
        method = QUICK_METHODS.get(type(action))
        if method is None:
            raise Unsure
        return method(self, action)

    # -- phase 1 -----------------------------------------------------------------------

    def _choose(self, action: ChooseCard) -> list[RawEvent]:
        player, card = action.player, action.card
        if type(player) is not str or player not in self.players or \
                not ((type(card) is int and card in CARDS) or card == "cloud") or \
                self.phase is not _CHOOSE:
            raise Unsure
        chosen = self.chosen
        hand = self.hands[player]
        if player in chosen or card not in hand:
            raise Unsure
        chosen[player] = card
        self.hands[player] = hand - {card}
        events: list[RawEvent] = [(ev.CardLocked, player)]
        if len(chosen) == len(self.players):
            self.phase = _ACTIONS
            self.turn = 0
            first = self.order[0]
            events.append((ev.CardRevealed, first, chosen[first]))
        return events

    def _recover(self, action: Recover) -> list[RawEvent]:
        """``rules._recover``: one lost canoe back on the beach, for a gem (back to its
        deposit) or, with both canoes lost and no gem, for free."""
        player, pay = action.player, action.pay
        if type(player) is not str or player not in self.players or \
                self.phase is not _CHOOSE or type(pay) is not str:
            raise Unsure
        first, second = self.canoes[player]
        reserve = self.reserves[player]
        if second.at == LOST:  # canoes sort by position: "lost" after any river slot
            if first.at == LOST:
                kept = second  # rules._recover keeps the second of two lost canoes
                if pay == "free":
                    if reserve:
                        raise Unsure
                elif pay not in _GEMS or reserve.get(pay, 0) < 1:
                    raise Unsure
            else:
                kept = first
                if pay not in _GEMS or reserve.get(pay, 0) < 1:
                    raise Unsure
        elif first.at == LOST:
            kept = second
            if pay not in _GEMS or reserve.get(pay, 0) < 1:
                raise Unsure
        else:
            raise Unsure
        self.canoes[player] = canoe_pair(kept, _BEACH_CANOE)
        recovered = self.recovered
        if player not in recovered:
            self.recovered = recovered | {player}
        if pay == "free":
            return [(ev.CanoeBoughtBack, player, None)]
        _take(reserve, pay)
        _put(self.deposits[pay], pay)
        return [(ev.CanoeBoughtBack, player, pay)]

    # -- phase 2 -----------------------------------------------------------------------

    def _turn_card(self, player: object) -> int | str:
        """The card of ``player``, whose turn it must be."""
        if self.phase is not _ACTIONS or type(player) is not str or \
                self.order[self.turn] != player:
            raise Unsure
        return self.chosen[player]

    def _weather(self, action: Weather) -> list[RawEvent]:
        player = action.player
        if self._turn_card(player) != "cloud":
            raise Unsure
        direction = action.direction
        old = self.weather
        new = old + 1 if direction == "up" else old - 1 if direction == "down" else None
        if new is None or not WEATHER_MIN <= new <= WEATHER_MAX:
            raise Unsure
        events: list[RawEvent] = [(ev.WeatherChanged, player, old, new)]
        self.weather = new
        self._end_turn(events)
        return events

    def _end_turn(self, events: list[RawEvent]) -> None:
        turn = self.turn + 1
        self.turn = turn
        if turn < len(self.players):
            nxt = self.order[turn]
            events.append((ev.CardRevealed, nxt, self.chosen[nxt]))
            return
        # Every goal needs 4 of a colour, 5 colours or 7 gems: other reserves are not
        # looked at (goal_reached reads the colours in order, as the state has them).
        goals: list[tuple[str, str | None]] = []
        reserves = self.reserves
        for p in self.players:
            reserve = reserves[p]
            if reserve and (len(reserve) >= 5 or max(reserve.values()) >= 4 or
                            sum(reserve.values()) >= 7):
                goals.append((p, goal_reached(gem_count(reserve))))
        reached = tuple(p for p, goal in goals if goal)
        if not reached:
            self.phase = _RIVER
            return
        winners = reached
        if self.options.tie_break and len(reached) > 1:
            values = {p: gem_value(gem_count(self.reserves[p])) for p in reached}
            best = max(values.values())
            winners = tuple(p for p in reached if values[p] == best)
        reasons = won_reason(((p, goal) for p, goal in goals if goal),
                             len(winners) < len(reached))
        events.append((ev.GameWon, winners, reasons))
        self.phase = _OVER
        self.winners = winners

    def _paddle(self, action: Paddle) -> list[RawEvent]:
        player = action.player
        if self.phase is not _ACTIONS or self.order[self.turn] != player:
            raise Unsure
        card = self.chosen[player]
        if type(card) is not int:
            raise Unsure
        moves = action.canoes
        pair = self.canoes[player]
        first, second = pair
        # Which canoe each move means (rules._resolve_canoe), and the must-move rule.
        indices: list[int] = []
        for move in moves:
            carrying = move.carrying
            if first.at == move.start and 0 not in indices and (
                    carrying == ANY_CARGO or first.gem == carrying):
                if second.at == move.start and 1 not in indices and first.gem != second.gem and (
                        carrying == ANY_CARGO or second.gem == carrying):
                    raise Unsure
                indices.append(0)
            elif second.at == move.start and 1 not in indices and (
                    carrying == ANY_CARGO or second.gem == carrying):
                indices.append(1)
            else:
                raise Unsure
        a_at, b_at = first.at, second.at
        a_river = a_at != BEACH and a_at != LOST
        b_river = b_at != BEACH and b_at != LOST
        if (a_river and 0 not in indices) or (b_river and 1 not in indices):
            raise Unsure
        if not a_river and not b_river:
            on_beach = (a_at == BEACH) + (b_at == BEACH)
            if (on_beach and not indices) or (on_beach == 2 and len(indices) == 2):
                raise Unsure
        # Every canoe's steps, on local copies: nothing changes before all are carried out.
        deposits = self.deposits
        changed: dict[str, dict[str, int]] = {}
        """The deposits this turn changes, as copies: nothing changes before all is done."""
        delivered: list[str] = []
        robbed: dict[str, tuple[Canoe, Canoe]] = {}
        joe = self.joe
        now = list(pair)
        events: list[RawEvent] = []
        for move, index in zip(moves, indices, strict=True):
            known = _PLANS.get(id(move))
            if known is None or known[0] is not move:
                known = _plan_of(move)
            plan = known[1]
            if plan is None:
                raise Unsure
            cost, end, path, landed, ops = plan
            if cost > card or (cost != card and not landed):
                raise Unsure
            gem = now[index].gem
            if path:
                events.append((ev.CanoeMoved, player, move.start, end, path))
            unloaded: str | None = None
            for op in ops:
                kind = op[0]
                if kind is _LOAD:
                    _, at, deposit, colour = op
                    there = changed.get(deposit)
                    if there is None:
                        there = changed[deposit] = dict(deposits[deposit])
                    if gem is not None or there.get(colour, 0) < 1 or colour == unloaded:
                        raise Unsure
                    _take(there, colour)
                    events.append((ev.GemLoaded, player, colour, at, deposit))
                    gem = colour
                elif kind is _UNLOAD:
                    _, at, deposit = op
                    if gem is None or gem == deposit:
                        raise Unsure
                    there = changed.get(deposit)
                    if there is None:
                        there = changed[deposit] = dict(deposits[deposit])
                    _put(there, gem)
                    events.append((ev.GemUnloaded, player, gem, at, deposit))
                    unloaded = gem
                    gem = None
                elif kind is _STEAL:
                    _, at, victim, wanted = op
                    if gem is not None or victim == player or victim not in self.players:
                        raise Unsure
                    victim_pair = robbed.get(victim) or self.canoes[victim]
                    targets = [i for i in (0, 1) if victim_pair[i].at == at and
                               victim_pair[i].gem and (wanted is None or
                                                       victim_pair[i].gem == wanted)]
                    if not targets or (len(targets) == 2 and
                                       victim_pair[0].gem != victim_pair[1].gem):
                        raise Unsure
                    i = targets[0]
                    gem = victim_pair[i].gem
                    after = list(victim_pair)
                    after[i] = canoe(at, None)
                    robbed[victim] = canoe_pair(after[0], after[1])
                    events.append((ev.GemStolen, player, victim, gem, at))
                else:  # a trade with Joe
                    _, at, how = op
                    if joe is None or joe.at != at:
                        raise Unsure
                    gave = got = None
                    if how == "take" and gem is None and joe.gem is not None:
                        got = gem = joe.gem
                        joe = canoe(at, None)
                    elif how == "give" and gem is not None and joe.gem is None:
                        gave = gem
                        joe = canoe(at, gem)
                        gem = None
                    elif how == "swap" and gem is not None and joe.gem is not None:
                        gave, got = gem, joe.gem
                        joe = canoe(at, gave)
                        gem = got
                    else:
                        raise Unsure
                    events.append((ev.JoeTraded, player, how, gave, got))
            if landed and gem:
                delivered.append(gem)
                events.append((ev.GemDelivered, player, gem))
                gem = None
            now[index] = canoe(end, gem)
        # Carried out: change the game.
        self.canoes[player] = canoe_pair(now[0], now[1])
        if robbed:
            self.canoes.update(robbed)
        if changed:
            deposits.update(changed)
        if delivered:
            reserves = self.reserves
            for gem in delivered:
                _put(reserves[player], gem)
        self.joe = joe
        turn = self.turn + 1
        if turn < len(self.players):  # _end_turn's usual case, here
            self.turn = turn
            nxt = self.order[turn]
            events.append((ev.CardRevealed, nxt, self.chosen[nxt]))
        else:
            self._end_turn(events)
        return events

    # -- phase 3 and 4 -----------------------------------------------------------------

    def _river(self, action: MoveRiver) -> list[RawEvent]:
        if self.phase is not _RIVER:
            raise Unsure
        numbers = [c for c in self.chosen.values() if type(c) is int]
        base = min(numbers) if numbers else 0
        weather = self.weather
        discs = max(0, base + weather)
        arms = action.arms
        if arms is None:
            taken: tuple[Arm, ...] = _PREDICTED[self.next_fork][:discs] if discs <= 16 else ()
            if len(taken) != discs:
                raise Unsure
        else:
            if len(arms) != discs or any(a != "left" and a != "right" for a in arms):
                raise Unsure
            taken = arms
        events: list[RawEvent] = [(ev.RiverMoved, discs, taken, base, weather)]
        next_fork = self.next_fork
        players = self.players
        pairs = self.canoes
        deposits = self.deposits
        joe = self.joe
        # Where each canoe on a disc ends up, and on which disc it falls (if it does).
        walks, pushed, next_fork = _river_table(taken, next_fork)
        falls: dict[int, list[RawEvent]] = {}
        for player in players:
            a, b = pairs[player]
            walk_a = walks.get(a.at)
            walk_b = walks.get(b.at)
            if walk_a is None and walk_b is None:
                continue
            if walk_a is not None:
                end, fell, edge = walk_a
                if fell:
                    falls.setdefault(fell, []).append((ev.CanoeFell, player, edge, a.gem))
                    if a.gem:
                        _put(deposits[a.gem], a.gem)
                    a = _LOST_CANOE
                else:
                    a = canoe(end, a.gem)
            if walk_b is not None:
                end, fell, edge = walk_b
                if fell:
                    falls.setdefault(fell, []).append((ev.CanoeFell, player, edge, b.gem))
                    if b.gem:
                        _put(deposits[b.gem], b.gem)
                    b = _LOST_CANOE
                else:
                    b = canoe(end, b.gem)
            pairs[player] = canoe_pair(a, b)
        if joe is not None and joe.at != LOST:
            walk = walks.get(joe.at)
            if walk is not None:
                end, fell, edge = walk
                if fell:
                    falls.setdefault(fell, []).append((ev.CanoeFell, "joe", edge, joe.gem))
                    if joe.gem:
                        _put(deposits[joe.gem], joe.gem)
                    joe = _LOST_CANOE
                else:
                    joe = canoe(end, joe.gem)
        if falls:
            for number, disc in enumerate(pushed, start=1):
                events.append(disc)
                if number in falls:
                    events += falls[number]
        else:
            events += pushed
        self.next_fork = next_fork
        if joe is not None and joe.at != LOST:
            joe = self._move_joe(joe, events)
        # Phase 4 and the next round.
        first = (self.first + 1) % len(players)
        self.first = first
        self.order = self._orders[first]
        events.append((ev.BuoyPassed, players[first]))
        hands = self.hands
        for p in players:
            if not hands[p]:
                hands[p] = _ALL_CARDS
                events.append((ev.HandReturned, p))
        if joe is not None and joe.at == LOST:
            joe = canoe("T1")
            events.append((ev.JoeReturned,))
        self.joe = joe
        self.round += 1
        self.phase = _CHOOSE
        self.turn = 0
        self.chosen.clear()
        self.recovered = frozenset()
        events.append((ev.RoundStarted, self.round, players[first]))
        return events

    def _move_joe(self, joe: Canoe, events: list[RawEvent]) -> Canoe:
        """``rules._move_joe``: Joe loads a gem where he is, then paddles the buoy holder's
        card upstream (turning at T1, down the right arm)."""
        loaded: str | None = None
        deposit = DEPOSIT_AT.get(joe.at)
        if joe.gem is None and deposit and self.deposits[deposit].get(deposit, 0) > 0:
            _take(self.deposits[deposit], deposit)
            joe = canoe(joe.at, deposit)
            loaded = deposit
        card = self.chosen.get(self.players[self.first], "cloud")
        steps = 0 if card == "cloud" else int(card)
        at = _JOE_ENDS.get((joe.at, steps)) or _joe_end(joe.at, steps)
        events.append((ev.JoeMoved, joe.at, at, loaded))
        return canoe(at, joe.gem)


QUICK_METHODS: Final[dict[type, Callable[[QuickGame, Any], list[RawEvent]]]] = {
    ChooseCard: QuickGame._choose, Paddle: QuickGame._paddle, MoveRiver: QuickGame._river,
    Weather: QuickGame._weather, Recover: QuickGame._recover}
"""How :meth:`QuickGame.apply` carries out each action class it may carry out (it is
:class:`Unsure` of any other); each method checks the phase itself (none is ``over``)."""


_LOAD: Final = "load"
_UNLOAD: Final = "unload"
_STEAL: Final = "steal"
_JOE: Final = "joe"
Plan = tuple[int, str, tuple[str, ...], bool, tuple[tuple[Any, ...], ...]]
"""A canoe move checked once, whatever the game: the points it costs, where it ends, the
slots it passes (empty when it stays), whether it lands on the beach, and its gem steps in
order, each ``(kind, slot, ...)``: ``(_LOAD, slot, deposit, colour)``, ``(_UNLOAD, slot,
deposit)``, ``(_STEAL, slot, victim, gem or None)``, ``(_JOE, slot, trade)``."""
_PLANS: dict[int, tuple[CanoeMove, Plan | None]] = {}
"""Plans by ``id`` of the move (held here, so the id stays its own): a record's moves are
made once each (``CanoeMove.from_json`` shares them) and played many times."""
_PLANS_MAX: Final = 4096


def _plan_of(move: CanoeMove) -> tuple[CanoeMove, Plan | None]:
    """The move with its plan, or None where the quick path is unsure of the move in any
    game (a rule broken by its steps alone: see :meth:`QuickGame._paddle`)."""
    known = (move, _plan(move))
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[id(move)] = known
    return known


def _plan(move: CanoeMove) -> Plan | None:
    """The checks of a canoe's steps that do not depend on the game (one direction, one
    move step, landing ends the move, gem steps on a deposit, one load, loading where the
    canoe unloaded, stealing after going up, one trade, nothing after stealing or trading),
    in the order ``rules`` makes them; what depends on the game (the cargo, the deposits,
    the card, the victims, Joe) is left to :meth:`QuickGame._paddle`."""
    at = move.start
    if type(at) is not str or at == LOST:
        return None
    cost = 0
    direction: str | None = None
    path: tuple[str, ...] = ()
    landed = finished = traded = loaded = False
    unloaded_at: str | None = None
    ops: list[tuple[Any, ...]] = []
    for step in move.steps:
        op = step.op
        if landed:
            return None
        if op == "steal" or op == "joe":
            if op == "steal":
                if direction != "up" or unloaded_at is not None:
                    return None
                ops.append((_STEAL, at, step.arg, step.gem))
            else:
                if traded:
                    return None
                traded = True
                ops.append((_JOE, at, step.arg))
            finished = True
            continue
        if finished:
            return None
        if op == "down" or op == "up":
            n = step.n
            if direction is not None or type(n) is not int:
                return None
            if op == "up":
                found = PATHS_UP.get((at, n))
                if found is None:
                    return None
                landed = found[-1] == BEACH
            else:
                found = _DOWN.get((at, n, step.arg))
                if found is None:
                    return None
            cost += n
            direction = op
            path = found
            at = found[-1]
            continue
        deposit = DEPOSIT_AT.get(at)
        if deposit is None:
            return None
        if op == "unload":
            if loaded:
                return None
            ops.append((_UNLOAD, at, deposit))
            unloaded_at = at
        elif op == "load":
            if loaded or (unloaded_at is not None and unloaded_at != at):
                return None
            ops.append((_LOAD, at, deposit, step.arg or ""))
            loaded = True
        else:
            return None
        cost += 2
    return cost, at, path, landed, tuple(ops)


Walks = dict[str, tuple[str, int, str]]
"""Where a canoe on each slot is after the river moved: (the end, the number of the disc
that took it over the falls or 0, where it was before), for the slots whose canoes move."""
_RIVER_TABLES: dict[tuple[tuple[Arm, ...], Arm], tuple[Walks, tuple[RawEvent, ...], Arm]] = {}


def _river_table(arms: tuple[Arm, ...], next_fork: Arm) \
        -> tuple[Walks, tuple[RawEvent, ...], Arm]:
    """For discs entering the river via ``arms`` with ``next_fork`` predicted: the walks of
    the canoes, the ``DiscPushed`` events in order, and the fork predicted after them."""
    key = (arms, next_fork)
    known = _RIVER_TABLES.get(key)
    if known is None:
        walks: Walks = {}
        for at in SLOTS:
            here = at
            walk = (here, 0, here)
            for number, arm in enumerate(arms, start=1):
                nxt = _PUSH[here, arm]
                if nxt == LOST:
                    walk = (LOST, number, here)
                    break
                here = nxt
                walk = (here, 0, here)
            if walk[0] != at:
                walks[at] = walk
        pushed: list[RawEvent] = []
        fork = next_fork
        for number, arm in enumerate(arms, start=1):
            pushed.append((ev.DiscPushed, number, arm, fork))
            fork = "right" if arm == "left" else "left"
        known = walks, tuple(pushed), fork
        if len(_RIVER_TABLES) < 4096:
            _RIVER_TABLES[key] = known
    return known


def _joe_end(at: str, steps: int) -> str:
    """Where Diamanten Joe ends after paddling ``steps`` upstream from ``at`` (turning at T1,
    down the right arm)."""
    going_up = True
    for _ in range(steps):
        if going_up and at == "T1":
            going_up = False
        nxt = upstream(at) if going_up else downstream(at, "right")
        at = nxt if nxt and nxt != BEACH else at
    return at


_JOE_ENDS: Final = {(at, steps): _joe_end(at, steps) for at in SLOTS for steps in range(7)}
_LOST_CANOE: Final = canoe(LOST)


_PREDICTED: Final[dict[str, tuple[Arm, ...]]] = {
    arm: tuple(ARMS[(i + (arm == "right")) % 2] for i in range(16)) for arm in ARMS}
"""The predicted arms from each ``next_fork`` (alternating), for up to 16 discs."""

