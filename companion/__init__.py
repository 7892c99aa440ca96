"""Niagara Companion's rules engine: the board, the state, the actions and the rules.

The engine (``board``, ``state``, ``actions``, ``rules``, ``events``, ``record``,
``errors``, ``game``, ``playout``, ``quick``, ``frozen``) is pure: no files, threads,
clocks, cameras or lights, and it imports nothing outside itself. The table service that
runs a real game (the game loop, the store, the page views, the cameras) is
:mod:`companion.table`;
:mod:`companion.colours` is the one table of canoe and gem colours; ``cli`` and
``commands`` are the command line.

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
