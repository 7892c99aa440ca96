"""The danger forecast: how far the river can move this round and which canoes could go
over the falls, from public facts only (and, for one player, their own card).

The table page and the phones show it to learners (``companion.table.views``); the
practice partner's hints (``companion.partner``) use it to explain a choice.

>>> from companion.state import new_game
>>> state = new_game(["red", "green", "yellow"])
>>> forecast(state.to_json(reveal=False))["text"]
'The river will move between 0 and 8 discs this round.'
>>> falls_within("L2", ["left"]), falls_within("L2", ["right", "right"])
(1, None)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from companion import rules
from companion import text as tx
from companion.board import (
    ARMS,
    BEACH,
    CARDS,
    LOST,
    WEATHER_MAX,
    WEATHER_MIN,
    Arm,
    Card,
    other_arm,
)
from companion.text import N_, Nn_, Text


def reachable_weather(weather: int, moves: int) -> set[int]:
    """Weather values reachable with ``moves`` cloud moves of one step each.

    >>> sorted(reachable_weather(0, 2))
    [0, 2]
    """
    values = {weather}
    for _ in range(moves):
        values = {w + d for w in values for d in (-1, 1) if WEATHER_MIN <= w + d <= WEATHER_MAX}
    return values


def card_options(public: Mapping[str, Any], known: Mapping[str, Card] | None = None
                 ) -> dict[str, list[Card]]:
    """For each player in turn order, the cards that matter to the river that they may
    have chosen: the revealed (or ``known``) card, else the lowest and highest number
    still in their public hand and the cloud if they hold it."""
    played: dict[str, Any] = dict(public["played"])
    played.update(known or {})
    options: dict[str, list[Card]] = {}
    for p in public_turn_order(public):
        if p in played:
            options[p] = [played[p]]
        else:
            hand = public["hands"][p]
            numbers = [int(c) for c in hand if c != "cloud"]
            choice: list[Card] = []
            if numbers:
                choice += sorted({min(numbers), max(numbers)})
            if "cloud" in hand:
                choice.append("cloud")
            options[p] = choice or list(CARDS)
    return options


def discs_range(public: Mapping[str, Any], known: Mapping[str, Card] | None = None
                ) -> tuple[int, int]:
    """The least and most discs the river can move this round, over every card the
    players may have chosen and every way the clouds still to come can move the weather.

    >>> from companion.state import new_game
    >>> discs_range(new_game(["red", "green", "yellow"]).to_json(reveal=False), {"red": 1})
    (0, 3)
    """
    options = card_options(public, known)
    order = public_turn_order(public)
    done = _turns_done(public)
    weather = int(public["weather"])
    low, high = None, None
    for combo in itertools.product(*(options[p] for p in order)):
        numbers = [int(c) for c in combo if c != "cloud"]
        base = min(numbers) if numbers else 0
        # Clouds still to be played move the weather (a revealed cloud moves it on its turn).
        clouds = sum(1 for p, c in zip(order, combo, strict=True)
                     if c == "cloud" and p not in done)
        for w in reachable_weather(weather, clouds):
            discs = max(0, base + w)
            low = discs if low is None else min(low, discs)
            high = discs if high is None else max(high, discs)
    assert low is not None and high is not None
    return low, high


def forecast(public: Mapping[str, Any], known: Mapping[str, Card] | None = None
             ) -> dict[str, Any]:
    """The danger forecast for learners, from public facts only.

    ``public`` is ``GameState.to_json(reveal=False)``: cards already revealed are known;
    the others can be any card still in the player's public hand. ``known`` adds cards
    one viewer knows (their own locked-in card): give it only on that player's screen.
    Returns the least and most discs the river can move this round and the canoes that
    could go over the falls (at their present positions, with the discs alternating as
    predicted, and if they do not alternate).
    """
    phase = public["phase"]
    weather = int(public["weather"])
    low, high = discs_range(public, known)
    next_fork: Arm = public["next_fork"]
    predicted = predicted_arms(next_fork, high)
    danger = []
    for player, canoes in public["canoes"].items():
        for canoe in canoes:
            at = canoe["at"]
            if at in (BEACH, LOST):
                continue
            falls_predicted = falls_within(at, predicted)
            falls_worst = any(rules.after_river(at, [arm] * high) == LOST for arm in ARMS)
            if falls_predicted is not None or falls_worst:
                danger.append({
                    "player": player, "at": at, "gem": canoe["gem"],
                    "discs": falls_predicted,
                    "text": _danger_text(player, at, falls_predicted, high),
                })
    joe = public.get("joe")
    if joe and joe["at"] not in (BEACH, LOST):
        falls_predicted = falls_within(joe["at"], predicted)
        if falls_predicted is not None:
            danger.append({"player": "joe", "at": joe["at"], "gem": joe["gem"],
                           "discs": falls_predicted,
                           "text": _danger_text("joe", joe["at"], falls_predicted, high)})
    if phase == "river":
        text = Nn_("The river moves {n} disc this round.",
                   "The river moves {n} discs this round.", low)
    elif low == high:
        text = Nn_("The river will move {n} disc this round.",
                   "The river will move {n} discs this round.", low)
    else:
        text = N_("The river will move between {low} and {high} discs this round.", low=low,
                  high=high)
    why = N_("The river moves as many discs as the lowest number card played this round, "
             "plus the weather (now {weather:+d}); a cloud card moves the weather one space "
             "instead. Cards are secret until they are revealed, so this is every number "
             "still possible from the cards left in the players' hands.", weather=weather)
    return {"least": low, "most": high, "danger": danger, "text": text, "why": why,
            "predicted_arms": predicted}


def predicted_arms(next_fork: Arm, discs: int) -> list[Arm]:
    """The arms ``discs`` discs are predicted to take, alternating from ``next_fork``."""
    return [next_fork if i % 2 == 0 else other_arm(next_fork) for i in range(discs)]


def falls_within(at: str, arms: Sequence[Arm]) -> int | None:
    """After how many of the discs entering via ``arms`` a canoe on ``at`` goes over the
    falls, or None if it does not."""
    position = at
    for n, arm in enumerate(arms, start=1):
        position = rules.push_position(position, arm)
        if position == LOST:
            return n
    return None


def _danger_text(player: str, at: str, discs: int | None, most: int) -> Text:
    where = tx.place(at)
    if discs is None and player == "joe":
        return N_("Diamanten Joe on {at} is safe if the discs alternate at the fork, but "
                  "would go over the falls if {most} discs all took its arm.", at=where,
                  most=most)
    if discs is None:
        return N_("{player}'s canoe on {at} is safe if the discs alternate at the fork, but "
                  "would go over the falls if {most} discs all took its arm.",
                  player=tx.colour(player), at=where, most=most)
    if player == "joe":
        return N_("Diamanten Joe on {at} goes over the falls if the river moves {discs} or "
                  "more discs.", at=where, discs=discs)
    return N_("{player}'s canoe on {at} goes over the falls if the river moves {discs} or more "
              "discs.", player=tx.colour(player), at=where, discs=discs)


def public_turn_order(public: Mapping[str, Any]) -> list[str]:
    """The players of a public state in this round's order of play."""
    players = list(public["players"])
    first = players.index(public["first_player"])
    return players[first:] + players[:first]


def _turns_done(public: Mapping[str, Any]) -> set[str]:
    """Players whose card has already had its effect this round."""
    order = public_turn_order(public)
    if public["phase"] == "choose":
        return set()
    if public["phase"] in ("river", "over"):
        return set(order)
    current = public["to_play"]
    return set(order[: order.index(current)])
