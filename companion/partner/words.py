"""The partner's decisions in plain words for players.

>>> from companion.actions import CanoeMove, Paddle, Step
>>> move = CanoeMove("beach", (Step.parse("down 3"), Step.parse("load violet")))
>>> describe_turn(Paddle("red", (move,)))
'Red: paddle the canoe on the beach: down 3 to T3, load violet.'
>>> describe_choice("red", Choice(4, ("violet",)))
'Red: buy a canoe back with a violet gem, then choose the 4.'
"""

from __future__ import annotations

from typing import cast

from companion.actions import CanoeMove, Paddle, Weather
from companion.board import BEACH, PATHS_DOWN, PATHS_UP, Arm, Card
from companion.partner.search import Choice


def card_words(card: Card) -> str:
    return "the cloud" if card == "cloud" else f"the {card}"


def place(at: str) -> str:
    return "the beach" if at == BEACH else at


def describe_choice(player: str, choice: Choice) -> str:
    """A phase-1 choice as one sentence."""
    paid = [("for free" if pay == "free" else f"with a {pay} gem") for pay in choice.recover]
    card = f"choose {card_words(choice.card)}"
    if not paid:
        return f"{player.capitalize()}: {card}."
    canoes = "a canoe" if len(paid) == 1 else "both canoes"
    return f"{player.capitalize()}: buy {canoes} back {' and '.join(paid)}, then {card}."


def step_end(at: str, op: str, n: int, arm: str | None) -> str:
    """Where a ``down``/``up`` step of ``n`` slots from ``at`` ends."""
    if op == "down":
        return PATHS_DOWN[at, n, cast(Arm | None, arm)][-1]
    return PATHS_UP[at, n][-1]


def end_of(move: CanoeMove) -> str:
    """Where a canoe's move ends."""
    at = move.start
    for step in move.steps:
        if step.op in ("down", "up"):
            at = step_end(at, step.op, step.n, step.arg)
    return at


def move_words(move: CanoeMove) -> str:
    """One canoe's move: 'the canoe on T2: down 2 to T4, load white'."""
    cargo = ""
    if move.carrying is None:
        cargo = " (the empty one)"
    elif move.carrying != "any":
        cargo = f" with {move.carrying}"
    parts: list[str] = []
    at = move.start
    for step in move.steps:
        if step.op in ("down", "up"):
            at = step_end(at, step.op, step.n, step.arg)
            arm = f" (the {step.arg} arm)" if step.arg else ""
            parts.append(f"{step.op} {step.n}{arm} to {place(at)}")
        elif step.op == "load":
            parts.append(f"load {step.arg}")
        elif step.op == "unload":
            parts.append("unload its gem")
        elif step.op == "steal":
            parts.append(f"steal {step.arg}'s {step.gem + ' ' if step.gem else ''}gem")
        elif step.op == "joe":
            parts.append({"take": "take Joe's gem", "swap": "swap gems with Joe",
                          "give": "give Joe its gem"}[step.arg or "take"])
    what = ", ".join(parts) if parts else "stay"
    return f"the canoe on {place(move.start)}{cargo}: {what}"


def describe_turn(action: Paddle | Weather) -> str:
    """A phase-2 turn as one sentence."""
    who = (action.player or "").capitalize()
    if isinstance(action, Weather):
        return f"{who}: move the cloud {action.direction} the weather track."
    if not action.canoes:
        return f"{who}: no canoe can move this turn."
    return f"{who}: paddle {'; then '.join(move_words(m) for m in action.canoes)}."
