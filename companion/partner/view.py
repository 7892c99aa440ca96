"""What one player knows: the state with the others' secret cards taken out, and
determinisations (the hidden cards sampled from the hands they could have come from).

A player sees every canoe, gem, reserve and the weather, the cards already played in
earlier rounds (so every other player's hand is public) and, this round, only their own
card and the cards revealed so far: in phase 2 a card is revealed when its player's turn
begins (``GameState.played``). Everything the partner decides goes through :func:`view`
first, so two states that differ only in a card the player cannot see give the same
decision.

>>> from companion.actions import ChooseCard
>>> from companion.rules import apply
>>> from companion.state import new_game
>>> state, _ = apply(new_game(["red", "green", "yellow"]), ChooseCard("green", 4))
>>> seen = view(state, "red")
>>> sorted(seen.state.chosen), seen.unknown
([], ('green', 'yellow'))
>>> len(seen.state.hands["green"])
7
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.board import Card
from companion.state import FrozenMap, GameState, Phase, sorted_cards


@dataclass(frozen=True)
class View:
    """The game as ``player`` sees it.

    ``state`` is the real state with every card ``player`` may not see removed from
    ``chosen`` and put back into its owner's hand (the public hand: the cards that owner
    has not played in earlier rounds). ``unknown`` lists, in turn order, the players whose
    card for this round ``player`` does not know (chosen already or not). In phase 2
    ``state`` is not a state the rules can carry on from (cards are missing): use
    :func:`determinise`.
    """

    state: GameState
    player: str
    unknown: tuple[str, ...]

    def hand(self, other: str) -> list[Card]:
        """The cards ``other`` may have chosen (their public hand), in card order."""
        return sorted_cards(self.state.hands[other])


def known_players(state: GameState, player: str) -> set[str]:
    """The players whose card this round ``player`` knows: their own and those revealed."""
    return {player, *state.played()}


def view(state: GameState, player: str) -> View:
    """``state`` as ``player`` sees it (see :class:`View`)."""
    known = known_players(state, player)
    hidden = [p for p in state.chosen if p not in known]
    chosen, hands = state.chosen, state.hands
    if hidden:
        chosen = FrozenMap((p, c) for p, c in state.chosen.items() if p in known)
        hands = FrozenMap(state.hands)
        for p in hidden:
            dict.__setitem__(hands, p, state.hands[p] | {state.chosen[p]})
    unknown = tuple(p for p in state.turn_order() if p not in known)
    if state.phase is Phase.OVER or state.phase is Phase.RIVER:
        unknown = ()
    return View(state.replace(chosen=chosen, hands=hands), player, unknown)


def sample_cards(seen: View, rng: random.Random) -> dict[str, Card]:
    """One guess at the unknown cards: each drawn uniformly from its owner's public hand
    (what the others' cards look like to someone who cannot see them)."""
    return {p: rng.choice(seen.hand(p)) for p in seen.unknown}


def determinise(seen: View, cards: dict[str, Card]) -> GameState:
    """The view with the unknown cards set to ``cards`` (from :func:`sample_cards`): a
    state the rules can carry on from. In phase 1 players who had not chosen yet stay
    undecided unless ``cards`` names them."""
    state = seen.state
    chosen = FrozenMap(state.chosen)
    hands = FrozenMap(state.hands)
    for p, card in cards.items():
        dict.__setitem__(chosen, p, card)
        dict.__setitem__(hands, p, hands[p] - {card})
    return state.replace(chosen=chosen, hands=hands)
