"""The rules of Niagara as a pure transition: ``apply(state, action) -> (state, events)``.

>>> from companion.state import new_game
>>> from companion.actions import ChooseCard
>>> state = new_game(["red", "green", "yellow"])
>>> state, events = apply(state, ChooseCard("red", 3))
>>> [e.describe() for e in events]
['Red has chosen a paddle card.']

Rule breaches raise :class:`IllegalActionError` with a message for a new player;
actions that name things that do not exist raise :class:`InvalidActionError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from companion import events as ev
from companion import text as tx
from companion.actions import (
    ANY_CARGO,
    Action,
    CanoeMove,
    ChooseCard,
    MoveRiver,
    Paddle,
    Recover,
    Step,
    Weather,
    check_gem,
    check_player,
    parse_card,
)
from companion.board import (
    ARMS,
    BEACH,
    CARDS,
    DEPOSIT_AT,
    GEM_COLOURS,
    GEM_VALUE,
    LOST,
    PATHS_DOWN,
    PATHS_UP,
    POSITIONS,
    WEATHER_MAX,
    WEATHER_MIN,
    Arm,
    Card,
    distance_from_beach,
    downstream,
    other_arm,
    passes_fork,
    path_down,
    path_up,
    upstream,
)
from companion.errors import AmbiguousActionError, IllegalActionError, InvalidActionError
from companion.frozen import quick_init
from companion.state import (
    Canoe,
    FrozenMap,
    GameState,
    Phase,
    add_gem,
    canoe,
    canoe_pair,
    sorted_cards,
    turn_order,
)
from companion.text import N_, Listing, Lower, Nn_, Text, join

Events = list[ev.Event]


def _cap(word: str) -> str:
    return word.capitalize()


def _card_text(card: Card) -> Text:
    return N_("the cloud") if card == "cloud" else N_("a {card}", card=card)


def _gems_text(counts: FrozenMap[str, int]) -> Listing:
    """Gems by colour in words: "1 violet, 2 white" (or "no gems")."""
    return Listing([N_("{count} {gem}", count=n, gem=tx.gem(c)) for c, n in counts.items()],
                   last=",", empty=N_("no gems"))


# -- goals ---------------------------------------------------------------------------


def goal_reached(reserve: FrozenMap[str, int]) -> Text | None:
    """Which winning goal a reserve meets, in words, or None.

    >>> from companion.state import gem_count
    >>> goal_reached(gem_count({"pink": 4}))
    '4 pink gems'
    """
    for colour, n in reserve.items():
        if n >= 4:
            return N_("{n} {gem} gems", n=n, gem=tx.gem(colour))
    if len(reserve) >= 5:
        return N_("5 gems of different colours")
    total = sum(reserve.values())
    if total >= 7:
        return N_("{n} gems", n=total)
    return None


def won_reason(goals: Iterable[tuple[str, str]], tie_broken: bool) -> Text:
    """Why a game was won: each player who reached a goal and the goal ("Red has 4 pink
    gems"), and the house rule's note when it picked the winners among them."""
    reason = join([N_("{player} has {goal}", player=tx.colour(p), goal=goal)
                   for p, goal in goals], "; ")
    if tie_broken:
        reason = N_("{reasons} (house rule: tie-break by gem value)", reasons=reason)
    return reason


def gem_value(reserve: FrozenMap[str, int]) -> int:
    """The tie-break value of a reserve (pink 5 .. violet 1)."""
    return sum(GEM_VALUE[c] * n for c, n in reserve.items())


@quick_init
@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winners: tuple[str, ...]
    reached: tuple[str, ...]
    """Everyone who reached a goal (all win unless the tie-break option decides)."""
    reasons: FrozenMap[str, str]
    tie_break: bool = False

    def describe(self) -> Text:
        text = join([N_("{player}: {goal}", player=tx.colour(p), goal=self.reasons[p])
                     for p in self.reached], "; ")
        if self.tie_break and len(self.winners) < len(self.reached):
            text = N_("{goals} — house rule, tie-break by gem value: {winners}", goals=text,
                      winners=Listing([tx.colour(w) for w in self.winners], last=","))
        return text


def outcome(state: GameState) -> Outcome | None:
    """The outcome of a finished game, or None while it goes on."""
    if state.phase is not Phase.OVER:
        return None
    reached = tuple(p for p in state.players if goal_reached(state.reserves[p]))
    reasons = FrozenMap((p, goal_reached(state.reserves[p]) or "") for p in reached)
    return Outcome(state.winners, reached, reasons, state.options.tie_break)




def _winners(state: GameState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    reached = tuple(p for p in state.players if goal_reached(state.reserves[p]))
    winners = reached
    if state.options.tie_break and len(reached) > 1:
        best = max(gem_value(state.reserves[p]) for p in reached)
        winners = tuple(p for p in reached if gem_value(state.reserves[p]) == best)
    return reached, winners


# -- the river -------------------------------------------------------------------------


def river_base(state: GameState) -> int:
    """The lowest number card played this round, 0 if every card was the cloud."""
    numbers = [c for c in state.chosen.values() if c != "cloud"]
    return min(int(c) for c in numbers) if numbers else 0


def river_discs(state: GameState) -> int:
    """How many discs the river moves in phase 3: ``max(0, base + weather)``."""
    return max(0, river_base(state) + state.weather)


def predicted_arms(state: GameState, discs: int | None = None) -> tuple[Arm, ...]:
    """The arms the next discs are predicted to take (alternating, from ``next_fork``)."""
    n = river_discs(state) if discs is None else discs
    arms: list[Arm] = []
    arm = state.next_fork
    for _ in range(n):
        arms.append(arm)
        arm = other_arm(arm)
    return tuple(arms)


def push_position(position: str, arm: Arm) -> str:
    """Where a canoe on ``position`` is after one disc entered the river via ``arm``
    (``lost`` when its disc went over the falls).

    >>> push_position("T5", "right"), push_position("L2", "left"), push_position("L2", "right")
    ('R1', 'lost', 'L2')
    """
    if position in (BEACH, LOST):
        return position
    if position == "T5":
        return "L1" if arm == "left" else "R1"
    if position in ("L1", "L2") and arm != "left":
        return position
    if position in ("R1", "R2") and arm != "right":
        return position
    return downstream(position) or LOST


def after_river(position: str, arms: Sequence[Arm]) -> str:
    """Where a canoe on ``position`` is after discs entered via ``arms``, in order."""
    for arm in arms:
        position = push_position(position, arm)
    return position


_PUSH: dict[tuple[str, Arm], str] = {
    (position, arm): push_position(position, arm) for position in (*POSITIONS, LOST)
    for arm in ARMS}
"""``push_position`` as a table."""


# -- the state helpers -------------------------------------------------------------------


def _pair(canoes: Sequence[Canoe], *, sort: bool = True) -> tuple[Canoe, Canoe]:
    first, second = canoes
    return canoe_pair(first, second) if sort else (first, second)


def _set_canoes(state: GameState, player: str, canoes: Sequence[Canoe]) -> GameState:
    return state._evolve({"canoes": state.canoes.set(player, _pair(canoes))})


def _deposit_gem(state: GameState, deposit: str, gem: str, n: int = 1) -> GameState:
    deposits = state.deposits
    return state._evolve({"deposits": deposits.set(deposit, add_gem(deposits[deposit], gem, n))})


def _card(value: object) -> Card:
    """``parse_card``, quicker for a card that needs no parsing."""
    if (type(value) is int and value in CARDS) or value == "cloud":
        return value
    return parse_card(value)


def _require_player(state: GameState | _Board, player: object) -> str:
    if isinstance(player, str) and player in state.players:
        return player  # players were checked when the game was set up
    name = check_player(player)
    if name not in state.players:
        raise InvalidActionError(N_("{player} is not playing in this game (players: "
                                    "{players})", player=tx.colour(name),
                                    players=Listing(map(tx.colour, state.players), last=",")))
    return name


# -- phase 1 ---------------------------------------------------------------------------


def _choose(state: GameState, action: ChooseCard) -> tuple[GameState, Events]:
    player = _require_player(state, action.player)
    card = _card(action.card)
    if state.phase is not Phase.CHOOSE:
        raise IllegalActionError(N_(
            "Paddle cards are chosen in phase 1, at the start of a round; "
            "wait until this round is over."))
    if player in state.chosen:
        raise IllegalActionError(N_(
            "{player}, you have already locked in a card this round; it cannot be changed.",
            player=tx.colour(player)))
    hand = state.hands[player]
    if card not in hand:
        left = Listing([N_("cloud") if c == "cloud" else c for c in sorted_cards(hand)],
                       last=",")
        raise IllegalActionError(N_(
            "{player}, your {card} card has already been played; it comes back when all 7 "
            "cards have been played. Cards in your hand: {hand}.", player=tx.colour(player),
            card=N_("cloud") if card == "cloud" else card, hand=left))
    chosen = state.chosen.set(player, card)
    changes: dict[str, object] = {"chosen": chosen, "hands": state.hands.set(player, hand - {card})}
    events: Events = [ev.CardLocked(player)]
    if len(chosen) == len(state.players):
        changes["phase"] = Phase.ACTIONS
        changes["turn"] = 0
        first = turn_order(state.players, state.first)[0]
        events.append(ev.CardRevealed(first, chosen[first]))
    return state._evolve(changes), events


def _recover(state: GameState, action: Recover) -> tuple[GameState, Events]:
    player = _require_player(state, action.player)
    pay = action.pay if action.pay == "free" else check_gem(action.pay)
    if state.phase is not Phase.CHOOSE:
        raise IllegalActionError(N_(
            "A lost canoe can be bought back only in phase 1, before the cards are revealed."))
    canoes = state.canoes[player]
    lost = [c for c in canoes if c.lost]
    if not lost:
        raise IllegalActionError(N_(
            "{player}, none of your canoes went over the falls: there is nothing to buy "
            "back.", player=tx.colour(player)))
    reserve = state.reserves[player]
    if pay == "free":
        if len(lost) < 2 or reserve:
            raise IllegalActionError(Nn_(
                "{player}, a canoe comes back for free only when both are lost and you have "
                "no gem; you have {gems} and {n} canoe in play. Pay one gem from your "
                "reserve instead.",
                "{player}, a canoe comes back for free only when both are lost and you have "
                "no gem; you have {gems} and {n} canoes in play. Pay one gem from your "
                "reserve instead.", 2 - len(lost), player=tx.colour(player),
                gems=_gems_text(reserve)))
    elif reserve.get(pay, 0) < 1:
        raise IllegalActionError(N_(
            "{player}, you have no {gem} gem in your reserve to pay with (you have {gems}).",
            player=tx.colour(player), gem=tx.gem(pay), gems=_gems_text(reserve)))
    kept = [c for c in canoes if not c.lost] + lost[1:]
    state = _set_canoes(state, player, [*kept, Canoe(BEACH)])
    state = state.replace(recovered=state.recovered | {player})
    if pay != "free":
        state = state.replace(reserves=state.reserves.set(player, add_gem(reserve, pay, -1)))
        state = _deposit_gem(state, pay, pay)
    return state, [ev.CanoeBoughtBack(player, None if pay == "free" else pay)]


# -- phase 2 ---------------------------------------------------------------------------


def _require_turn(state: GameState, player: str) -> Card:
    if state.phase is Phase.CHOOSE:
        waiting = [p for p in state.players if p not in state.chosen]
        raise IllegalActionError(N_(
            "Canoes move in phase 2, once every player has chosen a card; still choosing: "
            "{players}.", players=Listing(map(tx.colour, waiting), last=",")))
    if state.phase is not Phase.ACTIONS:
        raise IllegalActionError(N_(
            "Every player has already played this round: the river moves now."))
    if state.to_play != player:
        raise IllegalActionError(N_(
            "It is {to_play}'s turn, not {player}'s: players take turns starting with the "
            "buoy holder ({first}), clockwise.", to_play=tx.colour(state.to_play or ""),
            player=tx.colour(player), first=tx.colour(state.first_player)))
    return state.chosen[player]


def _end_turn(state: GameState, events: Events) -> GameState:
    turn = state.turn + 1
    if turn < len(state.players):
        nxt = turn_order(state.players, state.first)[turn]
        events.append(ev.CardRevealed(nxt, state.chosen[nxt]))
        return state._evolve({"turn": turn})
    reached, winners = _winners(state)
    if reached:
        reasons = won_reason(((p, goal_reached(state.reserves[p]) or "") for p in reached),
                             len(winners) < len(reached))
        events.append(ev.GameWon(winners, reasons))
        return state._evolve({"turn": turn, "phase": Phase.OVER, "winners": winners})
    return state._evolve({"turn": turn, "phase": Phase.RIVER})


def _weather(state: GameState, action: Weather) -> tuple[GameState, Events]:
    player = _require_player(state, action.player)
    card = _require_turn(state, player)
    if card != "cloud":
        raise IllegalActionError(N_(
            "{player}, you played {card}: move your canoes. Only the cloud card moves the "
            "weather.", player=tx.colour(player), card=_card_text(card)))
    if action.direction not in ("up", "down"):
        raise InvalidActionError(N_("the cloud moves 'up' or 'down', not {direction}",
                                    direction=repr(action.direction)))
    new = state.weather + (1 if action.direction == "up" else -1)
    if new > WEATHER_MAX:
        raise IllegalActionError(N_(
            "{player}, the cloud is already at the top (+2) of the weather track: move it "
            "down instead.", player=tx.colour(player)))
    if new < WEATHER_MIN:
        raise IllegalActionError(N_(
            "{player}, the cloud is already at the bottom (-1) of the weather track: move "
            "it up instead.", player=tx.colour(player)))
    events: Events = [ev.WeatherChanged(player, state.weather, new)]
    state = state._evolve({"weather": new})
    return _end_turn(state, events), events


class _CanoeRun:
    """Bookkeeping while one canoe's steps are carried out."""

    __slots__ = ("at", "card", "direction", "finished", "gem", "landed", "loaded", "path",
                 "player", "points", "slots", "traded", "unloaded")

    def __init__(self, player: str, card: int, at: str, gem: str | None, points: int) -> None:
        self.player = player
        self.card = card
        self.at = at
        self.gem = gem
        self.points = points
        self.direction: str | None = None
        self.slots = 0
        self.unloaded: tuple[str, str] | None = None  # (gem colour, position) unloaded
        self.loaded: str | None = None
        self.landed = False
        self.finished = False  # after a steal or a trade with Joe: nothing else may follow
        self.traded = False
        self.path: tuple[str, ...] = ()


def _spent_text(run: _CanoeRun) -> Text:
    if run.unloaded and run.loaded:
        gems = N_("unloaded a gem and loaded a gem")
    elif run.unloaded:
        gems = N_("unloaded a gem")
    elif run.loaded:
        gems = N_("loaded a gem")
    else:
        gems = N_("loaded nothing")
    if run.slots:
        return N_("it moved {slots} and {gems}", slots=run.slots, gems=gems)
    return N_("it did not move and {gems}", gems=gems)


class _Board:
    """What a number card's steps change (canoes, deposits, reserves, Joe), changed in
    place while one turn is carried out; the turn's new state is built once, at the end."""

    __slots__ = ("canoes", "deposits", "joe", "players", "reserves")

    def __init__(self, state: GameState) -> None:
        self.players = state.players
        self.canoes = state.canoes
        self.deposits = state.deposits
        self.reserves = state.reserves
        self.joe = state.joe

    def changes(self) -> dict[str, object]:
        return {"canoes": self.canoes, "deposits": self.deposits, "reserves": self.reserves,
                "joe": self.joe}


def _run_steps(state: GameState, player: str, index: int, move: CanoeMove,
               card: int) -> tuple[GameState, Events]:
    """Carry out one canoe's steps (the canoe is ``state.canoes[player][index]``)."""
    board = _Board(state)
    events = _run_canoe(board, player, index, move, card)
    return state._evolve(board.changes()), events


def _run_canoe(board: _Board, player: str, index: int, move: CanoeMove,
               card: int) -> Events:
    """Carry out one canoe's steps on ``board`` (the canoe is ``board.canoes[player][index]``)."""
    moving = board.canoes[player][index]
    start = moving.at
    run = _CanoeRun(player, card, start, moving.gem, card)
    events: Events = []
    for step in move.steps:
        op = step.op
        if run.landed:
            raise IllegalActionError(N_(
                "Your canoe on {at} reached the beach: landing ends its move, nothing can "
                "follow ('{step}').", at=tx.place(start), step=step.text()))
        if run.finished and op != "steal" and op != "joe":
            raise IllegalActionError(N_(
                "'{step}' comes too late: stealing and trading with Diamanten Joe end a "
                "canoe's move.", step=step.text()))
        if op == "down" or op == "up":
            _move_step(run, step)
        elif op == "unload" or op == "load":
            _gem_step(board, run, step, events)
        elif op == "steal":
            _steal_step(board, run, step, events)
        elif op == "joe":
            _joe_step(board, run, step, events)
    if not run.landed and run.points != 0:
        raise IllegalActionError(N_(
            "Your canoe must spend all {card} points: {spent} ({used} points). Only a canoe "
            "that lands on the beach may leave points unused.", card=card,
            spent=_spent_text(run), used=card - run.points))
    if run.slots:
        events.insert(0, ev.CanoeMoved(player, start, run.at, run.path))
    if run.landed and run.gem:
        board.reserves = board.reserves.set(player, add_gem(board.reserves[player], run.gem))
        events.append(ev.GemDelivered(player, run.gem))
        run.gem = None
    # Left unsorted so that canoe indices stay valid until the whole turn is done.
    first, second = board.canoes[player]
    moved = canoe(run.at, run.gem)
    pair = (moved, second) if index == 0 else (first, moved)
    board.canoes = board.canoes.set(player, pair)
    return events


def _spend(run: _CanoeRun, cost: int, what: Text) -> None:
    if cost > run.points:
        raise IllegalActionError(N_(
            "Not enough points: {what} costs {cost} and only {left} of your {card} remain.",
            what=what, cost=cost, left=run.points, card=run.card))
    run.points -= cost


def _gem_step(board: _Board, run: _CanoeRun, step: Step, events: Events) -> None:
    deposit = DEPOSIT_AT.get(run.at)
    if deposit is None:
        raise IllegalActionError(N_(
            "There is no deposit beside {at}: gems are loaded and unloaded only at T3 "
            "(violet), T4 (white), T5 (yellow), L1/R1 (blue) and L2/R2 (pink).",
            at=tx.place(run.at)))
    if step.op == "unload":
        if run.gem is None:
            raise IllegalActionError(N_("This canoe carries no gem to unload."))
        if run.loaded:
            raise IllegalActionError(N_(
                "A canoe may not load a gem and then unload in the same turn."))
        if run.gem == deposit:
            raise IllegalActionError(N_(
                "A gem may not be unloaded onto the deposit of its own colour: this {gem} gem "
                "cannot go back onto the {deposit} deposit.", gem=tx.gem(run.gem),
                deposit=tx.gem(deposit)))
        _spend(run, 2, N_("unloading"))
        board.deposits = board.deposits.set(deposit, add_gem(board.deposits[deposit], run.gem))
        events.append(ev.GemUnloaded(run.player, run.gem, run.at, deposit))
        run.unloaded = (run.gem, run.at)
        run.gem = None
        return
    colour = step.arg or ""
    if run.gem is not None:
        raise IllegalActionError(N_(
            "A canoe carries at most one gem: unload the {gem} gem first.", gem=tx.gem(run.gem)))
    if run.loaded:
        raise IllegalActionError(N_("A canoe may load only one gem per turn."))
    if run.unloaded:
        dropped, at = run.unloaded
        if at != run.at:
            raise IllegalActionError(N_(
                "Unloading and loading in the same turn must happen at the same deposit: the "
                "gem was unloaded on {at}, not {here}.", at=tx.place(at), here=tx.place(run.at)))
        if dropped == colour:
            raise IllegalActionError(N_(
                "After unloading a {gem} gem, the canoe may only load a gem of another "
                "colour.", gem=tx.gem(dropped)))
    available = board.deposits[deposit]
    if available.get(colour, 0) < 1:
        if available:
            raise IllegalActionError(N_(
                "The {deposit} deposit beside {at} has no {gem} gem; it holds {gems}.",
                deposit=tx.gem(deposit), at=tx.place(run.at), gem=tx.gem(colour),
                gems=_gems_text(available)))
        raise IllegalActionError(N_(
            "The {deposit} deposit beside {at} has no {gem} gem; it holds nothing: it has "
            "run out.", deposit=tx.gem(deposit), at=tx.place(run.at), gem=tx.gem(colour)))
    _spend(run, 2, N_("loading"))
    board.deposits = board.deposits.set(deposit, add_gem(available, colour, -1))
    events.append(ev.GemLoaded(run.player, colour, run.at, deposit))
    run.gem = colour
    run.loaded = colour


def _move_step(run: _CanoeRun, step: Step) -> None:
    if run.direction is not None:
        if step.op != run.direction:
            raise IllegalActionError(N_(
                "A canoe keeps one direction for its whole move this turn: this one went "
                "{direction} {slots}, so it cannot then go {other}.",
                direction=tx.Term("direction", run.direction), slots=run.slots,
                other=tx.Term("direction", step.op)))
        raise IllegalActionError(N_(
            "A canoe paddles once per turn, in one go: write the whole move as one step "
            "('{step}'), with gems loaded or unloaded only before or after it.",
            step=f"{run.direction} {run.slots + step.n}"))
    if step.op == "up":
        if run.at == BEACH:
            raise IllegalActionError(N_(
                "A canoe on the beach can only paddle downstream, into the river."))
        path = PATHS_UP.get((run.at, step.n))
        if path is None:
            d = distance_from_beach(run.at)
            raise IllegalActionError(Nn_(
                "{at} is only {n} slot from the beach: the canoe lands after 'up {n}' and its "
                "move ends there.",
                "{at} is only {n} slots from the beach: the canoe lands after 'up {n}' and "
                "its move ends there.", d, at=tx.place(run.at)))
        if step.n > run.points:
            _spend(run, step.n, N_("paddling {n} upstream", n=step.n))
        run.points -= step.n
        run.landed = path[-1] == BEACH
    else:
        forks = passes_fork(run.at, step.n)
        if step.arg is not None and not forks:
            raise InvalidActionError(N_(
                "'{step}' names an arm, but a canoe on {at} going down {n} does not pass the "
                "fork.", step=step.text(), at=tx.place(run.at), n=step.n))
        arm: Arm | None = None
        if forks:
            if step.arg is None:
                raise AmbiguousActionError(N_(
                    "'{step}' passes the fork: say which arm, 'down {n} left' or 'down {n} "
                    "right'.", step=step.text(), n=step.n))
            arm = "left" if step.arg == "left" else "right"
        path = PATHS_DOWN.get((run.at, step.n, arm))
        if path is None:
            room = _room_downstream(run.at)
            raise IllegalActionError(Nn_(
                "A canoe may not paddle over the falls: from {at} it can go at most {n} slot "
                "downstream.",
                "A canoe may not paddle over the falls: from {at} it can go at most {n} slots "
                "downstream.", room, at=tx.place(run.at)))
        if step.n > run.points:
            _spend(run, step.n, N_("paddling {n} downstream", n=step.n))
        run.points -= step.n
    run.direction = step.op
    run.slots = step.n
    run.path = path
    run.at = path[-1]


def _room_downstream(position: str) -> int:
    if position in ("L2", "R2"):
        return 0
    if position in ("L1", "R1"):
        return 1
    return 7 - distance_from_beach(position)


def _steal_step(board: _Board, run: _CanoeRun, step: Step, events: Events) -> None:
    victim = _require_player(board, step.arg)
    if run.direction != "up":
        raise IllegalActionError(N_(
            "Only a canoe that paddled upstream this turn can steal a gem."))
    if victim == run.player:
        raise IllegalActionError(N_("You cannot steal from your own canoe."))
    if run.unloaded:
        raise IllegalActionError(N_("A canoe that unloaded a gem this turn may not steal."))
    if run.gem is not None:
        raise IllegalActionError(N_(
            "Only an empty canoe can steal: this one carries a {gem} gem.", gem=tx.gem(run.gem)))
    targets = [i for i, c in enumerate(board.canoes[victim])
               if c.at == run.at and c.gem and (step.gem is None or c.gem == step.gem)]
    if not targets:
        if step.gem:
            raise IllegalActionError(N_(
                "No canoe of {victim}'s with a gem of that colour is on {at}: a canoe steals "
                "from an opponent's loaded canoe on the slot where it ends its move.",
                victim=tx.colour(victim), at=tx.place(run.at)))
        raise IllegalActionError(N_(
            "No canoe of {victim}'s with a gem is on {at}: a canoe steals from an "
            "opponent's loaded canoe on the slot where it ends its move.",
            victim=tx.colour(victim), at=tx.place(run.at)))
    gems = {board.canoes[victim][i].gem for i in targets}
    if len(gems) > 1:
        names = sorted(str(g) for g in gems)
        raise AmbiguousActionError(N_(
            "Both of {victim}'s canoes on {at} carry gems ({gems}): say which, e.g. "
            "'{example}'.", victim=tx.colour(victim), at=tx.place(run.at),
            gems=Listing(map(tx.gem, names), last=","), example=f"steal {victim} {names[0]}"))
    i = targets[0]
    victim_canoes = list(board.canoes[victim])
    gem = victim_canoes[i].gem
    assert gem is not None
    victim_canoes[i] = canoe(victim_canoes[i].at, None)
    board.canoes = board.canoes.set(victim, _pair(victim_canoes))
    run.gem = gem
    run.finished = True
    events.append(ev.GemStolen(run.player, victim, gem, run.at))


def _joe_step(board: _Board, run: _CanoeRun, step: Step, events: Events) -> None:
    joe = board.joe
    if joe is None:
        raise IllegalActionError(N_("Diamanten Joe is not in this game."))
    if joe.at != run.at:
        raise IllegalActionError(N_(
            "Diamanten Joe is on {joe}, not {at}: trading with him needs a canoe that ends its "
            "move on his slot.", joe=tx.place(joe.at), at=tx.place(run.at)))
    if run.traded:
        raise IllegalActionError(N_("A canoe trades with Diamanten Joe once per turn."))
    how = step.arg
    gave: str | None = None
    got: str | None = None
    if how == "take":
        if run.gem is not None or joe.gem is None:
            raise IllegalActionError(N_(
                "Taking Joe's gem needs an empty canoe and a loaded Joe."))
        got, run.gem, joe = joe.gem, joe.gem, canoe(joe.at, None)
    elif how == "give":
        if run.gem is None or joe.gem is not None:
            raise IllegalActionError(N_(
                "Giving Joe a gem needs a loaded canoe and an empty Joe."))
        gave, joe, run.gem = run.gem, canoe(joe.at, run.gem), None
    else:
        if run.gem is None or joe.gem is None:
            raise IllegalActionError(N_("Swapping gems with Joe needs both canoes loaded."))
        gave, got = run.gem, joe.gem
        joe, run.gem = canoe(joe.at, gave), got
    run.finished = True
    run.traded = True
    events.append(ev.JoeTraded(run.player, how or "", gave, got))
    board.joe = joe


def _resolve_canoe(state: GameState, player: str, move: CanoeMove, used: set[int]) -> int:
    canoes = state.canoes[player]
    here = [i for i, c in enumerate(canoes) if c.at == move.start and i not in used]
    if move.carrying != ANY_CARGO:
        here = [i for i in here if canoes[i].gem == move.carrying]
    if not here:
        where = Listing([tx.place(c.at) for c in canoes])
        already = any(canoes[i].at == move.start for i in used)
        if move.carrying == ANY_CARGO:
            what = N_("{player} has no canoe on {at}", player=tx.colour(player),
                      at=tx.place(move.start))
        elif move.carrying is None:
            what = N_("{player} has no canoe carrying nothing on {at}", player=tx.colour(player),
                      at=tx.place(move.start))
        else:
            what = N_("{player} has no canoe carrying a {gem} gem on {at}",
                      player=tx.colour(player), gem=tx.gem(move.carrying), at=tx.place(move.start))
        if already:
            raise IllegalActionError(N_(
                "{refusal} (that canoe has already moved this turn): {player}'s canoes are "
                "at {where}.", refusal=what, player=tx.colour(player), where=where))
        raise IllegalActionError(N_("{refusal}: {player}'s canoes are at {where}.",
                                    refusal=what, player=tx.colour(player), where=where))
    if len(here) == 2 and canoes[here[0]] != canoes[here[1]]:
        raise AmbiguousActionError(N_(
            "Both of {player}'s canoes are on {at} with different cargo: say which one moves "
            "('carrying' a gem colour, or null for the empty one).", player=tx.colour(player),
            at=tx.place(move.start)))
    return here[0]


def _check_must_move(state: GameState, player: str, moved: set[int]) -> None:
    canoes = state.canoes[player]
    river = [i for i, c in enumerate(canoes) if c.on_river]
    beach = [i for i, c in enumerate(canoes) if c.at == BEACH]
    for i in river:
        if i not in moved:
            if len(river) == 2:
                raise IllegalActionError(N_(
                    "Your canoe on {at} is on the river, so it must move this turn. Both your "
                    "canoes are on the river: move both.", at=tx.place(canoes[i].at)))
            raise IllegalActionError(N_(
                "Your canoe on {at} is on the river, so it must move this turn.",
                at=tx.place(canoes[i].at)))
    if not river and beach and not moved:
        raise IllegalActionError(N_(
            "You must move a canoe: paddle one of your canoes off the beach."))
    if not river and len(beach) == 2 and len(moved) == 2:
        raise IllegalActionError(N_(
            "With both canoes on the beach, move exactly one of them."))


def _paddle(state: GameState, action: Paddle) -> tuple[GameState, Events]:
    player = _require_player(state, action.player)
    card = _require_turn(state, player)
    if card == "cloud":
        raise IllegalActionError(N_(
            "{player}, you played the cloud: move the weather marker one space up or down. "
            "No canoe moves on a cloud.", player=tx.colour(player)))
    try:
        board, events = _paddle_board(state, player, int(card), action.canoes)
    except (IllegalActionError, InvalidActionError) as error:
        raise _naming(player, error) from None
    changes = board.changes()
    turn = state.turn + 1
    if turn < len(state.players):  # _end_turn, in the same new state
        nxt = turn_order(state.players, state.first)[turn]
        events.append(ev.CardRevealed(nxt, state.chosen[nxt]))
        changes["turn"] = turn
        return state._evolve(changes), events
    return _end_turn(state._evolve(changes), events), events


def _naming(player: str, error: IllegalActionError | InvalidActionError,
            ) -> IllegalActionError | InvalidActionError:
    """The same refusal, saying whose move it is (the table's screen is shared)."""
    text = str(error)
    if text.startswith(_cap(player)):
        return error
    refusal = error.args[0] if error.args else text
    return type(error)(N_("{player}: {refusal}", player=tx.colour(player),
                          refusal=Lower(refusal)))


def paddle_canoes(state: GameState, player: str, card: int,
                  moves: Sequence[CanoeMove]) -> tuple[GameState, Events]:
    """Apply a number card's canoe moves (phase and turn are not checked or advanced)."""
    board, events = _paddle_board(state, player, card, moves)
    return state._evolve(board.changes()), events


def _paddle_board(state: GameState, player: str, card: int,
                  moves: Sequence[CanoeMove]) -> tuple[_Board, Events]:
    used: set[int] = set()
    indices: list[int] = []
    for move in moves:
        index = _resolve_canoe(state, player, move, used)
        used.add(index)
        indices.append(index)
    _check_must_move(state, player, used)
    board = _Board(state)
    events: Events = []
    for move, index in zip(moves, indices, strict=True):
        events += _run_canoe(board, player, index, move, card)
    first, second = board.canoes[player]
    board.canoes = board.canoes.set(player, canoe_pair(first, second))
    return board, events


# -- phase 3 and 4 ---------------------------------------------------------------------


def _move_joe(state: GameState, events: Events) -> GameState:
    joe = state.joe
    if joe is None or joe.lost:
        return state
    loaded: str | None = None
    deposit = DEPOSIT_AT.get(joe.at)
    if joe.gem is None and deposit and state.deposits[deposit].get(deposit, 0) > 0:
        state = _deposit_gem(state, deposit, deposit, -1)
        joe = canoe(joe.at, deposit)
        loaded = deposit
    card = state.chosen.get(state.first_player, "cloud")
    steps = 0 if card == "cloud" else int(card)
    at = joe.at
    going_up = True
    for _ in range(steps):
        if going_up and at == "T1":
            going_up = False
        nxt = upstream(at) if going_up else downstream(at, "right")
        at = nxt if nxt and nxt != BEACH else at
    events.append(ev.JoeMoved(joe.at, at, loaded))
    return state._evolve({"joe": canoe(at, joe.gem)})


def _move_river(state: GameState, action: MoveRiver) -> tuple[GameState, Events]:
    if state.phase is not Phase.RIVER:
        raise IllegalActionError(N_(
            "The river moves in phase 3, once every player has played their card."))
    discs = river_discs(state)
    base = river_base(state)
    arms = action.arms
    if arms is not None and len(arms) != discs:
        given = Nn_("{n} arm was given", "{n} arms were given", len(arms))
        raise IllegalActionError(Nn_(
            "The river moves {n} disc this round (lowest card {base}, weather {weather:+d}), "
            "but {given} for the fork.",
            "The river moves {n} discs this round (lowest card {base}, weather {weather:+d}), "
            "but {given} for the fork.", discs, base=base, weather=state.weather,
            given=given))
    taken = arms if arms is not None else predicted_arms(state, discs)
    events: Events = [ev.RiverMoved(discs, taken, base, state.weather)]
    next_fork = state.next_fork
    players = state.players
    pairs = state.canoes
    # The canoes riding discs (player, index), in the order they fall, and where they are.
    riding = [(p, i) for p in players for i, c in enumerate(pairs[p])
              if c.at != BEACH and c.at != LOST]
    where = [pairs[p][i].at for p, i in riding]
    cargo = [pairs[p][i].gem for p, i in riding]
    joe = state.joe
    deposits = state.deposits
    for number, arm in enumerate(taken, start=1):
        events.append(ev.DiscPushed(number, arm, next_fork))
        for k, at in enumerate(where):
            if at == LOST:
                continue
            new = _PUSH[at, arm]
            if new == LOST:
                gem = cargo[k]
                events.append(ev.CanoeFell(riding[k][0], at, gem))
                if gem:
                    deposits = deposits.set(gem, add_gem(deposits[gem], gem))
                cargo[k] = None
            where[k] = new
        if joe is not None and not joe.lost:
            new = _PUSH[joe.at, arm]
            if new == LOST:
                events.append(ev.CanoeFell("joe", joe.at, joe.gem))
                if joe.gem:
                    deposits = deposits.set(joe.gem, add_gem(deposits[joe.gem], joe.gem))
                joe = canoe(LOST)
            else:
                joe = canoe(new, joe.gem)
        next_fork = other_arm(arm)
    moved = {p: list(pairs[p]) for p in players}
    for (player, i), at, gem in zip(riding, where, cargo, strict=True):
        moved[player][i] = canoe(at, gem)
    pairs = FrozenMap([(p, canoe_pair(*moved[p])) for p in players])
    changes: dict[str, object] = {"canoes": pairs, "deposits": deposits, "joe": joe,
                                  "next_fork": next_fork}
    if joe is not None:
        state = _move_joe(state._evolve(changes), events)
        changes = {}
    return _next_round(state, events, changes), events


_ALL_CARDS: frozenset[Card] = frozenset(CARDS)


def _next_round(state: GameState, events: Events,
                changes: dict[str, object] | None = None) -> GameState:
    """Phase 4 and the next round's start; ``changes`` (none touching Joe, the buoy, the
    hands or the round) are made in the same new state."""
    players = state.players
    first = (state.first + 1) % len(players)
    events.append(ev.BuoyPassed(players[first]))
    hands = state.hands
    for p in players:
        if not hands[p]:
            hands = hands.set(p, _ALL_CARDS)
            events.append(ev.HandReturned(p))
    joe = state.joe
    if joe is not None and joe.lost:
        joe = canoe("T1")
        events.append(ev.JoeReturned())
    state = state._evolve({**(changes or {}), "round": state.round + 1, "phase": Phase.CHOOSE,
                           "first": first, "turn": 0, "hands": hands, "chosen": FrozenMap(),
                           "recovered": frozenset(), "joe": joe})
    events.append(ev.RoundStarted(state.round, players[first]))
    return state


# -- the public API ----------------------------------------------------------------------


def apply(state: GameState, action: Action) -> tuple[GameState, list[ev.Event]]:
    """Apply ``action`` to ``state``: the new state and the events, or an error.

    Raises :class:`IllegalActionError` when the action breaks a rule (the message says
    which, in plain words) and :class:`InvalidActionError` when it names something that
    does not exist. ``state`` is never changed.
    """
    if state.phase is Phase.OVER:
        raise IllegalActionError(N_(
            "The game is over: {winners} won. Start a new game to play on.",
            winners=Listing(map(tx.colour, state.winners))))
    handler = _APPLY.get(type(action))
    if handler is not None:
        return handler(state, action)
    if isinstance(action, ChooseCard):
        return _choose(state, action)
    if isinstance(action, Recover):
        return _recover(state, action)
    if isinstance(action, Weather):
        return _weather(state, action)
    if isinstance(action, Paddle):
        return _paddle(state, action)
    if isinstance(action, MoveRiver):
        return _move_river(state, action)
    raise InvalidActionError(N_("{action} is not an action", action=repr(action)))


_APPLY: dict[type[Action], Callable[[GameState, Any], tuple[GameState, Events]]] = {
    ChooseCard: _choose, Recover: _recover, Weather: _weather, Paddle: _paddle,
    MoveRiver: _move_river}
"""The transition for each exact action class (``apply`` checks subclasses one by one)."""


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` can be applied to ``state``."""
    try:
        apply(state, action)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


# -- enumerating turns -----------------------------------------------------------------


@quick_init
@dataclass(frozen=True)
class TurnResult:
    """One distinct end result of a number-card turn.

    ``state`` is the board after the player's canoes moved or the weather changed (phase
    and turn are not advanced); ``action`` is one :class:`Paddle` (or, for the cloud,
    :class:`Weather`) that produces it.
    """

    action: Paddle | Weather
    state: GameState

    @property
    def canoes(self) -> tuple[Canoe, Canoe]:
        """The player's canoes after the turn."""
        assert self.action.player is not None
        return self.state.canoes[self.action.player]


def _gem_options(state: GameState, at: str, gem: str | None) -> list[tuple[Step, ...]]:
    """Gem-action sequences possible at ``at`` for a canoe carrying ``gem``."""
    deposit = DEPOSIT_AT.get(at)
    options: list[tuple[Step, ...]] = [()]
    if deposit is None:
        return options
    colours = [c for c in GEM_COLOURS if state.deposits[deposit].get(c, 0) > 0]
    if gem is None:
        options += [(Step("load", arg=c),) for c in colours]
    elif gem != deposit:
        unload = Step("unload")
        options.append((unload,))
        options += [(unload, Step("load", arg=c)) for c in [*colours, gem] if c != gem]
    return options


def _moves_for(position: str, budget: int) -> list[Step | None]:
    moves: list[Step | None] = [None]
    for k in range(1, budget + 1):
        if position != BEACH:
            up = path_up(position, k)
            if up is not None:
                moves.append(Step("up", k))
        if passes_fork(position, k):
            for arm in ARMS:
                if path_down(position, k, arm) is not None:
                    moves.append(Step("down", k, arm))
        elif path_down(position, k) is not None:
            moves.append(Step("down", k))
    return moves


def _gem_after(gem: str | None, steps: tuple[Step, ...]) -> str | None:
    for s in steps:
        gem = None if s.op == "unload" else s.arg
    return gem


def canoe_moves(state: GameState, player: str, canoe: Canoe, card: int) -> Iterator[CanoeMove]:
    """Candidate step sequences for one canoe whose points add up (legality is checked when
    they are applied)."""
    if canoe.lost:
        return
    for pre in _gem_options(state, canoe.at, canoe.gem):
        pre_cost = 2 * len(pre)
        if pre_cost > card:
            continue
        gem = _gem_after(canoe.gem, pre)
        for mv in _moves_for(canoe.at, card - pre_cost):
            if mv is None:
                if pre_cost == card and pre:
                    yield from _with_extras(state, player, canoe.at, canoe.at, pre, None, gem)
                continue
            end = (path_up(canoe.at, mv.n) if mv.op == "up" else
                   path_down(canoe.at, mv.n, "left" if mv.arg == "left" else
                             "right" if mv.arg == "right" else None))
            assert end is not None
            dest = end[-1]
            remaining = card - pre_cost - mv.n
            if dest == BEACH:
                yield CanoeMove(canoe.at, (*pre, mv))
                continue
            for post in _gem_options(state, dest, gem):
                if 2 * len(post) != remaining:
                    continue
                if pre and post:
                    continue  # unload+load only at one deposit, never around a move
                final = _gem_after(gem, post)
                yield from _with_extras(state, player, canoe.at, dest, (*pre, mv, *post), mv,
                                        final, unloaded=any(s.op == "unload" for s in
                                                            (*pre, *post)))


def _with_extras(state: GameState, player: str, start: str, dest: str, steps: tuple[Step, ...],
                 mv: Step | None, gem: str | None, unloaded: bool = False) -> Iterator[CanoeMove]:
    base = CanoeMove(start, steps, ANY_CARGO)
    yield base
    firsts: list[tuple[Step, str | None]] = []
    if mv is not None and mv.op == "up" and gem is None and not unloaded:
        for victim in state.players:
            if victim == player:
                continue
            for g in sorted({c.gem for c in state.canoes[victim] if c.at == dest and c.gem}):
                firsts.append((Step("steal", arg=victim, gem=g), g))
    for step, new_gem in firsts:
        yield CanoeMove(start, (*steps, step))
        yield from _joe_extras(state, start, dest, (*steps, step), new_gem)
    yield from _joe_extras(state, start, dest, steps, gem)


def _joe_extras(state: GameState, start: str, dest: str, steps: tuple[Step, ...],
                gem: str | None) -> Iterator[CanoeMove]:
    joe = state.joe
    if joe is None or joe.at != dest:
        return
    if gem is None and joe.gem:
        yield CanoeMove(start, (*steps, Step("joe", arg="take")))
    elif gem is not None and joe.gem:
        yield CanoeMove(start, (*steps, Step("joe", arg="swap")))
    elif gem is not None and joe.gem is None:
        yield CanoeMove(start, (*steps, Step("joe", arg="give")))


def _board_key(state: GameState) -> tuple[object, ...]:
    return (state.canoes, state.joe, state.deposits, state.reserves)


def turn_results(state: GameState, player: str, card: Card) -> list[TurnResult]:
    """Every distinct legal end result of ``player``'s turn with ``card``.

    For the cloud, the results are the weather moves (the board's canoes do not move).
    The camera matches what it sees against this list; the web page highlights the
    reachable slots. Results are distinct by canoe positions and cargo, Joe, deposits
    and reserves.
    """
    player = _require_player(state, player)
    card = parse_card(card)
    if card == "cloud":
        return _weather_results(state, player)
    return _fast_turns(state, player, int(card), _canoe_orders(state.canoes[player]))


def checked_turn_results(state: GameState, player: str, card: Card) -> list[TurnResult]:
    """:func:`turn_results` the slow way: every candidate of :func:`canoe_moves` is carried
    out by the checked transition (``apply``'s), which refuses illegal ones.

    The reference the quick enumeration is tested against (same results, same order, same
    actions); it takes about ten times longer.
    """
    player = _require_player(state, player)
    card = parse_card(card)
    if card == "cloud":
        return _weather_results(state, player)
    results: dict[tuple[object, ...], TurnResult] = {}
    for order in _canoe_orders(state.canoes[player]):
        _enumerate(state, state, player, int(card), order, (), results)
    return list(results.values())


def _weather_results(state: GameState, player: str) -> list[TurnResult]:
    results = []
    for direction in ("up", "down"):
        new = state.weather + (1 if direction == "up" else -1)
        if WEATHER_MIN <= new <= WEATHER_MAX:
            results.append(TurnResult(Weather(player, direction), state.replace(weather=new)))
    return results


def _canoe_orders(canoes: tuple[Canoe, Canoe]) -> list[list[int]]:
    """The canoes a number card moves (see the rules), in each order they can move."""
    river = [i for i, c in enumerate(canoes) if c.on_river]
    beach = [i for i, c in enumerate(canoes) if c.at == BEACH]
    groups: list[list[int]]
    if len(river) == 2:
        groups = [river]
    elif len(river) == 1:
        groups = [river] + ([[river[0], beach[0]]] if beach else [])
    elif beach:
        groups = [[beach[0]]]
    else:
        groups = [[]]
    return [order for group in groups
            for order in ([group] if len(group) < 2 else [group, group[::-1]])]


def _enumerate(original: GameState, state: GameState, player: str, n: int, rest: list[int],
               done: tuple[CanoeMove, ...],
               results: dict[tuple[object, ...], TurnResult]) -> None:
    if not rest:
        final = _set_canoes(state, player, state.canoes[player])
        key = _board_key(final)
        if key not in results:
            results[key] = TurnResult(Paddle(player, done), final)
        return
    index = rest[0]
    canoe = state.canoes[player][index]
    pair = original.canoes[player]
    pin = pair[0].at == pair[1].at and pair[0] != pair[1]
    for move in canoe_moves(state, player, canoe, n):
        if pin:
            move = CanoeMove(move.start, move.steps, original.canoes[player][index].gem)
        try:
            after, _ = _run_steps(state, player, index, move, n)
        except (IllegalActionError, InvalidActionError):
            continue
        _enumerate(original, after, player, n, rest[1:], (*done, move), results)


# -- enumerating turns quickly -----------------------------------------------------------
#
# The same candidates as canoe_moves, in the same order, but each is carried out on a
# handful of small values instead of a GameState, without the checks: every candidate
# canoe_moves makes is legal (checked_turn_results refuses none, and a test holds the two
# to the same results on many random positions). A GameState is built only for a result
# not seen before.

_UNLOAD: Final = Step("unload")
_LOAD: Final = {colour: Step("load", arg=colour) for colour in GEM_COLOURS}
_JOE: Final = {how: Step("joe", arg=how) for how in ("take", "swap", "give")}

GemOp = tuple[str, str, int]
"""(deposit, gem colour, +1 unloaded or -1 loaded)."""
Spot = tuple[str, str | None]
"""A canoe as (position, gem) while a turn is enumerated."""


_HIGHEST_CARD: Final = 6


def _move_table() -> dict[tuple[str, int], tuple[tuple[Step, str, int, bool], ...]]:
    """(position, points) -> the moves of ``_moves_for`` as (step, end, cost, upstream)."""
    table = {}
    for position in POSITIONS:
        for budget in range(_HIGHEST_CARD + 1):
            moves: list[tuple[Step, str, int, bool]] = []
            for k in range(1, budget + 1):
                if position != BEACH and (position, k) in PATHS_UP:
                    moves.append((Step("up", k), PATHS_UP[position, k][-1], k, True))
                if passes_fork(position, k):
                    for arm in ARMS:
                        if (position, k, arm) in PATHS_DOWN:
                            moves.append((Step("down", k, arm), PATHS_DOWN[position, k, arm][-1],
                                          k, False))
                elif (position, k, None) in PATHS_DOWN:
                    moves.append((Step("down", k), PATHS_DOWN[position, k, None][-1], k, False))
            table[position, budget] = tuple(moves)
    return table


_MOVES: Final = _move_table()


GemChoice = tuple[tuple[Step, ...], tuple[GemOp, ...], str | None]

_GEM_CHOICES: dict[tuple[str, str | None, FrozenMap[str, int]], tuple[GemChoice, ...]] = {}
"""``_gem_choices`` already worked out, by (deposit, gem carried, the deposit's gems): a
playout asks the same few questions thousands of times. Emptied when it reaches 4,096
entries (with ``_NET_OPS``, about 5 MB at most: see docs/engine.md)."""


def _gem_choices(at: str, gem: str | None, deposits: FrozenMap[str, FrozenMap[str, int]]
                 ) -> tuple[GemChoice, ...]:
    """``_gem_options`` as (steps, deposit changes, gem carried after)."""
    deposit = DEPOSIT_AT.get(at)
    if deposit is None:
        return (((), (), gem),)
    there = deposits[deposit]
    key = (deposit, gem, there)
    found = _GEM_CHOICES.get(key)
    if found is not None:
        return found
    options: list[GemChoice] = [((), (), gem)]
    colours = [c for c in GEM_COLOURS if there.get(c, 0) > 0]
    if gem is None:
        options += [((_LOAD[c],), ((deposit, c, -1),), c) for c in colours]
    elif gem != deposit:
        unload = (deposit, gem, 1)
        options.append(((_UNLOAD,), (unload,), None))
        options += [((_UNLOAD, _LOAD[c]), (unload, (deposit, c, -1)), c)
                    for c in colours if c != gem]
    if len(_GEM_CHOICES) >= 4096:
        _GEM_CHOICES.clear()
    found = _GEM_CHOICES[key] = tuple(options)
    return found


_Option = tuple[tuple[Step, ...], str, str | None, tuple[GemOp, ...], str | None,
                dict[str, tuple[Canoe, Canoe]], str | None]
"""One canoe's move in ``turn_outcomes``: (steps, where it ends, gem carried, deposit
changes, Joe's gem, canoes robbed, gem delivered)."""

_NET_OPS: dict[tuple[GemOp, ...], tuple[GemOp, ...]] = {}


def _net_ops(ops: tuple[GemOp, ...]) -> tuple[GemOp, ...]:
    """What ``ops`` change in the deposits, in one canonical order (remembered, like
    ``_gem_choices``: a playout meets the same few sequences over and over)."""
    found = _NET_OPS.get(ops)
    if found is None:
        net: dict[tuple[str, str], int] = {}
        for deposit, colour, change in ops:
            net[deposit, colour] = net.get((deposit, colour), 0) + change
        if len(_NET_OPS) >= 4096:
            _NET_OPS.clear()
        found = _NET_OPS[ops] = tuple(sorted((d, c, x) for (d, c), x in net.items() if x))
    return found


class TurnOutcome:
    """One distinct result of a number-card turn before its :class:`TurnResult` is built:
    the player's canoes after the turn and the gems they delivered (what a playout policy
    scores), and ``result()``, the full result, built on demand."""

    __slots__ = ("_joe_gem", "_moves", "_ops", "_state", "_victims", "canoes", "delivered",
                 "player")

    def __init__(self, state: GameState, player: str, canoes: tuple[Spot, Spot],
                 delivered: tuple[str, ...], ops: tuple[GemOp, ...], joe_gem: str | None,
                 victims: dict[str, tuple[Canoe, Canoe]],
                 moves: tuple[tuple[int, str, tuple[Step, ...]], ...]) -> None:
        self._state = state
        self.player = player
        self.canoes = canoes
        """The player's canoes after the turn, sorted, as (position, gem)."""
        self.delivered = delivered
        """Gems the player's canoes landed with (now in the reserve)."""
        self._ops = ops
        self._joe_gem = joe_gem
        self._victims = victims
        self._moves = moves

    def result(self) -> TurnResult:
        """The full result: the action and the state after it."""
        state, player, ops, joe_gem = self._state, self.player, self._ops, self._joe_gem
        (a_at, a_gem), (b_at, b_gem) = self.canoes
        canoes_now = FrozenMap(state.canoes)
        dict.__setitem__(canoes_now, player, (canoe(a_at, a_gem), canoe(b_at, b_gem)))
        for victim, victim_pair in self._victims.items():
            dict.__setitem__(canoes_now, victim, victim_pair)
        changes: dict[str, object] = {"canoes": canoes_now}
        if ops:
            deposits = state.deposits
            for deposit, colour, change in ops:
                deposits = deposits.set(deposit, add_gem(deposits[deposit], colour, change))
            changes["deposits"] = deposits
        if self.delivered:
            reserves = state.reserves
            for gem in self.delivered:
                reserves = reserves.set(player, add_gem(reserves[player], gem))
            changes["reserves"] = reserves
        joe = state.joe
        if joe is not None and joe_gem != joe.gem:
            changes["joe"] = canoe(joe.at, joe_gem)
        pair = state.canoes[player]
        pin = pair[0].at == pair[1].at and pair[0] != pair[1]
        action = Paddle(player, tuple([
            CanoeMove(start, steps, pair[index].gem if pin else ANY_CARGO)
            for index, start, steps in self._moves]))
        return TurnResult(action, state._evolve(changes))


def _fast_turns(state: GameState, player: str, n: int,
                orders: list[list[int]]) -> list[TurnResult]:
    """``checked_turn_results`` for a number card ``n``, quickly (see above)."""
    return [outcome.result() for outcome in turn_outcomes(state, player, n, orders)]


def turn_outcomes(state: GameState, player: str, n: int,
                  orders: list[list[int]] | None = None) -> list[TurnOutcome]:
    """The results of ``turn_results`` for number card ``n``, in the same order, each
    built only when asked (a playout builds the one it picks). ``player`` and ``n`` are
    not checked."""
    pair = state.canoes[player]
    joe = state.joe
    joe_at = joe.at if joe is not None else None
    others = [p for p in state.players if p != player]
    results: dict[tuple[object, ...], TurnOutcome] = {}

    def finish(canoes: list[Spot], deposits_ops: tuple[GemOp, ...], joe_gem: str | None,
               victims: dict[str, tuple[Canoe, Canoe]], delivered: tuple[str, ...],
               moves: tuple[tuple[int, str, tuple[Step, ...]], ...]) -> None:
        a, b = canoes
        if (b[0], b[1] or "") < (a[0], a[1] or ""):
            a, b = b, a
        ops: tuple[GemOp, ...] = deposits_ops
        if len(deposits_ops) > 1:
            ops = _net_ops(deposits_ops)
        key = (a, b, joe_gem, ops,
               tuple(sorted(delivered)) if len(delivered) > 1 else delivered,
               tuple(sorted(victims.items())) if victims else ())
        if key not in results:
            results[key] = TurnOutcome(state, player, (a, b), delivered, deposits_ops, joe_gem,
                                       victims, moves)

    known: dict[tuple[object, ...], list[_Option]] = {}

    def options(at: str, gem: str | None, ops: tuple[GemOp, ...], joe_gem: str | None,
                victims: dict[str, tuple[Canoe, Canoe]]) -> list[_Option]:
        """One canoe's moves from ``at`` carrying ``gem``, in the order ``turn_results``
        lists them, as (steps, where it ends, gem carried, deposit changes, Joe's gem,
        canoes robbed, gem delivered). Worked out once per turn for each situation: the
        second canoe meets the same one after most moves of the first."""
        # The deposits are the turn's first ones changed by ``ops`` (a tuple of strings and
        # numbers hashes much faster than the maps, and the maps are made only when needed).
        key = (at, gem, ops, joe_gem, tuple(victims.items()) if victims else ())
        found = known.get(key)
        if found is not None:
            return found
        deposits = state.deposits
        for deposit, colour, change in ops:
            deposits = deposits.set(deposit, add_gem(deposits[deposit], colour, change))
        out: list[_Option] = []
        add = out.append

        def extras(steps: tuple[Step, ...], dest: str, new_gem: str | None,
                   new_ops: tuple[GemOp, ...], can_steal: bool) -> None:
            """``_with_extras``: the move as it is, with a steal, with a trade with Joe."""
            add((steps, dest, new_gem, new_ops, joe_gem, victims, None))
            if can_steal:
                for victim in others:
                    victim_pair = victims.get(victim) or state.canoes[victim]
                    for stolen in sorted({c.gem for c in victim_pair
                                          if c.at == dest and c.gem}):
                        robbed = list(victim_pair)
                        i = next(k for k, c in enumerate(robbed)
                                 if c.at == dest and c.gem == stolen)
                        robbed[i] = canoe(dest, None)
                        now_victims = {**victims, victim: canoe_pair(*robbed)}
                        theft = (*steps, Step("steal", arg=victim, gem=stolen))
                        add((theft, dest, stolen, new_ops, joe_gem, now_victims, None))
                        joe_trade(theft, dest, stolen, new_ops, now_victims)
            joe_trade(steps, dest, new_gem, new_ops, victims)

        def joe_trade(steps: tuple[Step, ...], dest: str, new_gem: str | None,
                      new_ops: tuple[GemOp, ...],
                      now_victims: dict[str, tuple[Canoe, Canoe]]) -> None:
            """``_joe_extras``."""
            if joe_at != dest:
                return
            if new_gem is None and joe_gem:
                add(((*steps, _JOE["take"]), dest, joe_gem, new_ops, None, now_victims, None))
            elif new_gem is not None and joe_gem:
                add(((*steps, _JOE["swap"]), dest, joe_gem, new_ops, new_gem, now_victims,
                     None))
            elif new_gem is not None and joe_gem is None:
                add(((*steps, _JOE["give"]), dest, None, new_ops, new_gem, now_victims, None))

        for pre, pre_ops, carried in _gem_choices(at, gem, deposits):
            pre_cost = 2 * len(pre)
            if pre_cost > n:
                continue
            if pre_cost == n and pre:  # spends every point where it is
                extras(pre, at, carried, pre_ops, False)
            unloaded = bool(pre_ops) and pre_ops[0][2] > 0
            for step, dest, cost, up in _MOVES[at, n - pre_cost]:
                steps = (*pre, step)
                if dest == BEACH:  # landing ends the move; a gem on board is delivered
                    add((steps, BEACH, None, pre_ops, joe_gem, victims, carried))
                    continue
                remaining = n - pre_cost - cost
                if remaining == 0:  # the only gem steps that fit after the move: none
                    extras(steps, dest, carried, pre_ops, up and carried is None and not unloaded)
                    continue
                if pre or remaining % 2 or dest not in DEPOSIT_AT:
                    continue  # gem steps on both sides of a move, or points that cannot fit
                for post, post_ops, final in _gem_choices(dest, carried, deposits):
                    if 2 * len(post) == remaining:
                        extras((*steps, *post), dest, final, post_ops,
                               up and final is None and post_ops[0][2] < 0)
        known[key] = out
        return out

    def go(rest: list[int], canoes: list[Spot], ops: tuple[GemOp, ...], joe_gem: str | None,
           victims: dict[str, tuple[Canoe, Canoe]], delivered: tuple[str, ...],
           moves: tuple[tuple[int, str, tuple[Step, ...]], ...]) -> None:
        if not rest:  # no canoe can move
            finish(canoes, ops, joe_gem, victims, delivered, moves)
            return
        index, later = rest[0], rest[1:]
        at, gem = canoes[index]
        for steps, dest, new_gem, new_ops, new_joe, new_victims, landed in options(
                at, gem, ops, joe_gem, victims):
            now = list(canoes)
            now[index] = (dest, new_gem)
            done = (*delivered, landed) if landed else delivered
            moved = (*moves, (index, at, steps))
            if later:
                go(later, now, ops + new_ops, new_joe, new_victims, done, moved)
            else:
                finish(now, ops + new_ops, new_joe, new_victims, done, moved)

    for order in orders if orders is not None else _canoe_orders(pair):
        go(order, [(c.at, c.gem) for c in pair], (), joe.gem if joe else None, {}, (), ())
    return list(results.values())


def legal_actions(state: GameState, player: str | None = None) -> Iterator[Action]:
    """Every legal action for ``player`` (or, in phase 3, the river moves) in ``state``.

    Number-card turns are listed once per distinct result (see :func:`turn_results`).
    """
    if state.phase is Phase.OVER:
        return
    if state.phase is Phase.RIVER:
        discs = river_discs(state)
        yield MoveRiver(None)
        for arms in itertools.product(ARMS, repeat=discs):
            yield MoveRiver(tuple(arms))
        return
    if player is None:
        return
    player = _require_player(state, player)
    if state.phase is Phase.CHOOSE:
        if player not in state.chosen:
            for card in sorted_cards(state.hands[player]):
                yield ChooseCard(player, card)
        if any(c.lost for c in state.canoes[player]):
            reserve = state.reserves[player]
            for colour in reserve:
                yield Recover(player, colour)
            if not reserve and all(c.lost for c in state.canoes[player]):
                yield Recover(player, "free")
        return
    if state.to_play != player:
        return
    card = state.chosen[player]
    if card == "cloud":
        for direction in ("up", "down"):
            action = Weather(player, direction)
            if is_legal(state, action):
                yield action
        return
    for result in turn_results(state, player, card):
        yield result.action
