"""Niagara Companion's rules engine: the board, the state, the actions and the rules.

>>> from companion import Game, ChooseCard
>>> game = Game(["red", "green", "yellow"])
>>> [e.describe() for e in game.push(ChooseCard("green", "cloud"))]
['Green has chosen a paddle card.']
"""

from companion.actions import (
    Action,
    CanoeMove,
    ChooseCard,
    MoveRiver,
    Paddle,
    Recover,
    Step,
    Weather,
    action_from_json,
)
from companion.errors import (
    AmbiguousActionError,
    IllegalActionError,
    InvalidActionError,
    NiagaraError,
)
from companion.game import Game
from companion.rules import (
    Outcome,
    TurnResult,
    apply,
    is_legal,
    legal_actions,
    outcome,
    river_discs,
    turn_results,
)
from companion.state import Canoe, GameState, Options, Phase, new_game

__all__ = [
    "Action",
    "AmbiguousActionError",
    "Canoe",
    "CanoeMove",
    "ChooseCard",
    "Game",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "MoveRiver",
    "NiagaraError",
    "Options",
    "Outcome",
    "Paddle",
    "Phase",
    "Recover",
    "Step",
    "TurnResult",
    "Weather",
    "action_from_json",
    "apply",
    "is_legal",
    "legal_actions",
    "new_game",
    "outcome",
    "river_discs",
    "turn_results",
]
