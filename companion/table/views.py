"""What the pages show, as pure functions of the game state: no threads, no store, no I/O.

The table page and the phones get their texts and numbers from here: the danger
forecast (public facts only), why the river moves this many discs, the banner saying
what happens now, the public state, and the choices a player's card allows.

>>> from companion.state import new_game
>>> state = new_game(["red", "green", "yellow"])
>>> banner(state)
'Round 1, phase 1: everyone chooses a paddle card in secret. Still choosing: Red, Green, Yellow.'
>>> forecast(public_state(state))["text"]
'The river will move between 0 and 8 discs this round.'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from companion import events as ev
from companion import rules
from companion.actions import Action, ChooseCard, Paddle, Recover, Step, Weather
from companion.board import (
    ARMS,
    BEACH,
    CARDS,
    LOST,
    WEATHER_MAX,
    WEATHER_MIN,
    Arm,
    other_arm,
    path_down,
    path_up,
)
from companion.errors import InvalidActionError
from companion.state import GameState, Phase

# -- what a page may know ----------------------------------------------------------------


def reachable_weather(weather: int, moves: int) -> set[int]:
    """Weather values reachable with ``moves`` cloud moves of one step each.

    >>> sorted(reachable_weather(0, 2))
    [0, 2]
    """
    values = {weather}
    for _ in range(moves):
        values = {w + d for w in values for d in (-1, 1) if WEATHER_MIN <= w + d <= WEATHER_MAX}
    return values


def forecast(public: Mapping[str, Any]) -> dict[str, Any]:
    """The danger forecast for learners, from public facts only.

    ``public`` is ``GameState.to_json(reveal=False)``: cards already revealed are known;
    the others can be any card still in the player's public hand. Returns the least and
    most discs the river can move this round and the canoes that could go over the falls
    (at their present positions, with the discs alternating as predicted, and if they do
    not alternate).
    """
    phase = public["phase"]
    played: dict[str, Any] = dict(public["played"])
    order = _turn_order(public)
    weather = int(public["weather"])
    options: dict[str, list[Any]] = {}
    for p in order:
        if p in played:
            options[p] = [played[p]]
        else:
            hand = public["hands"][p]
            numbers = [int(c) for c in hand if c != "cloud"]
            choice: list[Any] = []
            if numbers:
                choice += sorted({min(numbers), max(numbers)})
            if "cloud" in hand:
                choice.append("cloud")
            options[p] = choice or list(CARDS)
    # Clouds still to be played move the weather (a revealed cloud moves it on its turn).
    done = _turns_done(public)
    low, high = None, None
    for combo in itertools.product(*(options[p] for p in order)):
        numbers = [int(c) for c in combo if c != "cloud"]
        base = min(numbers) if numbers else 0
        clouds = sum(1 for p, c in zip(order, combo, strict=True)
                     if c == "cloud" and p not in done)
        for w in reachable_weather(weather, clouds):
            discs = max(0, base + w)
            low = discs if low is None else min(low, discs)
            high = discs if high is None else max(high, discs)
    assert low is not None and high is not None
    next_fork: Arm = public["next_fork"]
    predicted = [next_fork if i % 2 == 0 else other_arm(next_fork) for i in range(high)]
    danger = []
    for player, canoes in public["canoes"].items():
        for canoe in canoes:
            at = canoe["at"]
            if at in (BEACH, LOST):
                continue
            falls_predicted = _falls_within(at, predicted)
            falls_worst = any(rules.after_river(at, [arm] * high) == LOST for arm in ARMS)
            if falls_predicted is not None or falls_worst:
                danger.append({
                    "player": player, "at": at, "gem": canoe["gem"],
                    "discs": falls_predicted,
                    "text": _danger_text(player, at, falls_predicted, high),
                })
    joe = public.get("joe")
    if joe and joe["at"] not in (BEACH, LOST):
        falls_predicted = _falls_within(joe["at"], predicted)
        if falls_predicted is not None:
            danger.append({"player": "joe", "at": joe["at"], "gem": joe["gem"],
                           "discs": falls_predicted,
                           "text": _danger_text("joe", joe["at"], falls_predicted, high)})
    if phase == "river":
        text = f"The river moves {low} disc{'s' if low != 1 else ''} this round."
    elif low == high:
        text = f"The river will move {low} disc{'s' if low != 1 else ''} this round."
    else:
        text = f"The river will move between {low} and {high} discs this round."
    why = ("The river moves as many discs as the lowest number card played this round, "
           f"plus the weather (now {weather:+d}); a cloud card moves the weather one space "
           "instead. Cards are secret until they are revealed, so this is every number "
           "still possible from the cards left in the players' hands.")
    return {"least": low, "most": high, "danger": danger, "text": text, "why": why,
            "predicted_arms": predicted}


def _falls_within(at: str, arms: Sequence[Arm]) -> int | None:
    position = at
    for n, arm in enumerate(arms, start=1):
        position = rules.push_position(position, arm)
        if position == LOST:
            return n
    return None


def _danger_text(player: str, at: str, discs: int | None, most: int) -> str:
    who = "Diamanten Joe" if player == "joe" else f"{player.capitalize()}'s canoe"
    if discs is None:
        return (f"{who} on {at} is safe if the discs alternate at the fork, but would go "
                f"over the falls if {most} discs all took its arm.")
    return f"{who} on {at} goes over the falls if the river moves {discs} or more discs."


def _turn_order(public: Mapping[str, Any]) -> list[str]:
    players = list(public["players"])
    first = players.index(public["first_player"])
    return players[first:] + players[:first]


def _turns_done(public: Mapping[str, Any]) -> set[str]:
    """Players whose card has already had its effect this round."""
    order = _turn_order(public)
    if public["phase"] == "choose":
        return set()
    if public["phase"] in ("river", "over"):
        return set(order)
    current = public["to_play"]
    return set(order[: order.index(current)])


def seating(players: Sequence[str], first: object = None) -> list[str]:
    """The players in seating order (clockwise) starting with the buoy's holder.

    >>> seating(["red", "blue", "green", "yellow"], "green")
    ['green', 'yellow', 'red', 'blue']
    >>> seating(["red", "blue", "green"])
    ['red', 'blue', 'green']
    """
    order = list(players)
    if first is None or first == "":
        return order
    if not isinstance(first, str) or first not in order:
        raise InvalidActionError(f"The buoy must go to one of the players "
                                 f"({', '.join(str(p) for p in order)}), not {first!r}.")
    i = order.index(first)
    return order[i:] + order[:i]


def river_why(state: GameState) -> str:
    """Why the river moves this many discs, and what a pushed disc does (phase 3: every
    card has been revealed, so this is public)."""
    discs = rules.river_discs(state)
    base = rules.river_base(state)
    played = state.played()
    if base:
        who = [p.capitalize() for p in state.turn_order() if played.get(p) == base]
        card = f"the lowest number card played this round is {base} ({' and '.join(who)})"
    else:
        card = "everyone played the cloud, so no number card counts (0)"
    weather = state.weather
    wx = ("the weather adds nothing (0)" if weather == 0 else
          f"the weather adds {weather}" if weather > 0 else
          f"the weather takes {-weather} away ({weather:+d})")
    total = f"{base} {'+' if weather >= 0 else '−'} {abs(weather)} = {base + weather}"
    plural = "disc" if discs == 1 else "discs"
    text = f"Why {discs} {plural}? {card[0].upper()}{card[1:]}, and {wx}: {total}."
    if base + weather < 0:
        text = text[:-1] + "; the river never moves backwards, so 0."
    if discs:
        text += (" Each disc pushed in at the top moves the discs, and the canoes on them, "
                 "one slot downstream. At the fork the discs take the left and right arms "
                 "in turn; only that arm moves, and the disc at its end goes over the falls "
                 "with any canoe on it.")
    return text


def public_state(state: GameState) -> dict[str, Any]:
    """What everyone at the table may know (no secret card, no hand that gives one away)."""
    data = state.to_json(reveal=False)
    data["turn_order"] = list(state.turn_order())
    data.pop("chosen", None)
    return data


def _end_of(position: str, steps: Iterable[Step]) -> str:
    at = position
    for step in steps:
        if step.op == "down":
            path = path_down(at, step.n, cast(Arm | None, step.arg))
            at = path[-1] if path else at
        elif step.op == "up":
            path = path_up(at, step.n)
            at = path[-1] if path else at
    return at


def describe_action_safely(action: Action) -> str:
    """A plain sentence for an action that was undone, never naming a secret card."""
    who = (action.player or "").capitalize()
    if isinstance(action, ChooseCard):
        return f"{who}'s card choice was taken back: {who} chooses again."
    if isinstance(action, Recover):
        return f"{who}'s buy-back of a canoe was taken back."
    if isinstance(action, Weather):
        return f"{who}'s weather move was taken back."
    if isinstance(action, Paddle):
        return f"{who}'s canoe move was taken back."
    return "The river move was taken back: put the discs and canoes back."


def banner(state: GameState) -> str:
    """One sentence for the top of the table page: what happens now."""
    if state.phase is Phase.OVER:
        out = rules.outcome(state)
        return f"The game is over. {out.describe() if out else ''}".strip()
    if state.phase is Phase.CHOOSE:
        waiting = [p.capitalize() for p in state.players if p not in state.chosen]
        return (f"Round {state.round}, phase 1: everyone chooses a paddle card in secret. "
                f"Still choosing: {', '.join(waiting)}.")
    if state.phase is Phase.ACTIONS:
        who = (state.to_play or "").capitalize()
        card = state.played().get(state.to_play or "")
        what = "the cloud: move the weather one space" if card == "cloud" else \
            f"a {card}: paddle"
        return f"Phase 2: {who} plays {what}."
    discs = rules.river_discs(state)
    arms = ", ".join(rules.predicted_arms(state))
    base = rules.river_base(state)
    text = ev.RiverMoved(discs, (), base, state.weather).describe()
    if discs == 0:
        return f"Phase 3: {text} Tap done to go on."
    return (f"Phase 3: {text} Push {discs} disc{'s' if discs != 1 else ''} in at the top, "
            f"one at a time (expected at the fork: {arms}).")


def river_view(state: GameState, confirmed: int) -> dict[str, Any] | None:
    """Phase 3 for the pages: how many discs, why, the expected arms and how many discs
    the camera (or the table) has confirmed so far; None outside phase 3."""
    if state.phase is not Phase.RIVER:
        return None
    discs = rules.river_discs(state)
    base = rules.river_base(state)
    return {"discs": discs, "base": base, "weather": state.weather,
            "predicted_arms": list(rules.predicted_arms(state)),
            "confirmed": confirmed, "why": river_why(state),
            "text": ev.RiverMoved(discs, (), base, state.weather).describe()}


def turn_options(state: GameState, player: str) -> list[dict[str, Any]]:
    """Every distinct legal result of ``player``'s turn (it must be their turn), for the
    phone to highlight: the action, each canoe's move and a sentence."""
    card = state.chosen[player]
    options: list[dict[str, Any]] = []
    if card == "cloud":
        for action in rules.legal_actions(state, player):
            assert isinstance(action, Weather)
            new = state.weather + (1 if action.direction == "up" else -1)
            options.append({"action": action.to_json(), "moves": [],
                            "text": f"Move the cloud {action.direction}: weather {new:+d}"})
        return options
    for result in rules.turn_results(state, player, card):
        paddle = result.action
        assert isinstance(paddle, Paddle)
        _, events = rules.apply(state, paddle)
        moves = [{"from": m.start, "to": _end_of(m.start, m.steps),
                  "gem": m.carrying if m.carrying != "any" else None,
                  "steps": [s.text() for s in m.steps]}
                 for m in paddle.canoes]
        text = " ".join(e.describe() for e in events
                        if e.kind not in ("card_revealed", "game_won"))
        options.append({"action": result.action.to_json(), "moves": moves,
                        "text": text or "No canoe can move."})
    return options


def event_text(state: GameState, action: Action) -> str:
    """What ``action`` does, in the words of its events (the secret reveal left out)."""
    _, events = rules.apply(state, action)
    return " ".join(e.describe() for e in events if e.kind != "card_revealed")
