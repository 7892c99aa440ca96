"""The partner's decisions in plain words for players.

>>> from companion.actions import CanoeMove, Paddle, Step
>>> move = CanoeMove("beach", (Step.parse("down 3"), Step.parse("load violet")))
>>> describe_turn(Paddle("red", (move,)))
'Red: paddle the canoe on the beach: down 3 to T3, load violet.'
>>> describe_choice("red", Choice(4, ("violet",)))
'Red: buy a canoe back with a violet gem, then choose the 4.'
>>> choice_sentence(Choice("cloud", ()))
'Choose the cloud.'
"""

from __future__ import annotations

from typing import cast

from companion import text as tx
from companion.actions import CanoeMove, Paddle, Weather
from companion.board import PATHS_DOWN, PATHS_UP, Arm, Card
from companion.partner.search import Choice
from companion.text import N_, Listing, Lower, Nn_, Text


def card_words(card: Card) -> Text:
    """A paddle card in a sentence: "the cloud", "the 4"."""
    return N_("the cloud") if card == "cloud" else N_("the {card}", card=card)


def choice_sentence(choice: Choice) -> Text:
    """A phase-1 choice as a sentence of its own ("Choose the 4.")."""
    card = card_words(choice.card)
    paid = [N_("for free") if pay == "free" else N_("with a {gem:adj} gem", gem=tx.gem(pay))
            for pay in choice.recover]
    if not paid:
        return N_("Choose {card}.", card=card)
    return Nn_("Buy a canoe back {paid}, then choose {card}.",
               "Buy both canoes back {paid}, then choose {card}.", len(paid),
               paid=Listing(paid), card=card)


def describe_choice(player: str, choice: Choice) -> Text:
    """A phase-1 choice as one sentence (a :class:`~companion.text.Text`: English as a
    ``str``, in the reader's language on the pages)."""
    return N_("{player}: {decision}", player=tx.colour(player),
              decision=Lower(choice_sentence(choice)))


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


def move_words(move: CanoeMove) -> Text:
    """One canoe's move: 'the canoe on T2: down 2 to T4, load white'."""
    parts: list[Text] = []
    at = move.start
    for step in move.steps:
        if step.op in ("down", "up"):
            at = step_end(at, step.op, step.n, step.arg)
            if step.arg:
                parts.append(N_("{direction} {n} (the {arm:adj} arm) to {at:acc}",
                                direction=tx.Term("direction", step.op), n=step.n,
                                arm=tx.arm(step.arg), at=tx.place(at)))
            else:
                parts.append(N_("{direction} {n} to {at:acc}",
                                direction=tx.Term("direction", step.op), n=step.n,
                                at=tx.place(at)))
        elif step.op == "load":
            parts.append(N_("load {gem}", gem=tx.gem(str(step.arg))))
        elif step.op == "unload":
            parts.append(N_("unload its gem"))
        elif step.op == "steal":
            if step.gem:
                parts.append(N_("steal {player}'s {gem:adj} gem", player=tx.colour(str(step.arg)),
                                gem=tx.gem(step.gem)))
            else:
                parts.append(N_("steal {player}'s gem", player=tx.colour(str(step.arg))))
        elif step.op == "joe":
            parts.append({"take": N_("take Joe's gem"), "swap": N_("swap gems with Joe"),
                          "give": N_("give Joe its gem")}[step.arg or "take"])
    what: object = Listing(parts, ",") if parts else N_("stay")
    where = tx.place(move.start)
    if move.carrying is None:
        return N_("the canoe on {at:dat} (the empty one): {what}", at=where, what=what)
    if move.carrying != "any":
        return N_("the canoe on {at:dat} with {gem}: {what}", at=where,
                  gem=tx.gem(move.carrying), what=what)
    return N_("the canoe on {at:dat}: {what}", at=where, what=what)


def turn_sentence(action: Paddle | Weather) -> Text:
    """A phase-2 turn as a sentence of its own ("Move the cloud up the weather track.")."""
    if isinstance(action, Weather):
        if action.direction == "up":
            return N_("Move the cloud up the weather track.")
        return N_("Move the cloud down the weather track.")
    if not action.canoes:
        return N_("No canoe can move this turn.")
    moves = move_words(action.canoes[0])
    for move in action.canoes[1:]:
        moves = N_("{before}; then {after}", before=moves, after=move_words(move))
    return N_("Paddle {moves}.", moves=moves)


def describe_turn(action: Paddle | Weather) -> Text:
    """A phase-2 turn as one sentence."""
    return N_("{player}: {decision}", player=tx.colour(action.player or ""),
              decision=Lower(turn_sentence(action)))
