"""The practice partner: a computer player for Niagara, hints and a post-game review.

Pure engine code (no I/O, no clock): every function takes a state (or a game) and a
seed, and gives the same answer for the same seed and level.

Public API
----------
Levels: ``LEVELS`` (``"beginner"``, ``"medium"``, ``"strong"``), each a :class:`Level`
(``samples``: guesses at the hidden cards per decision; ``informed``, ``slips``,
``weights``). Every ``level=`` takes a name or a ``Level``. A strong decision takes a few
milliseconds (``benchmarks/strength.py`` measures it).

``choose(state: GameState, player: str, *, level="strong", seed=0) -> Choice``
    Phase 1. ``Choice(card, recover)``: ``card`` is 1..6 or ``"cloud"``; ``recover`` the
    gems paid to buy canoes back, in order (``("free",)`` for the free canoe, ``()`` for
    none). ``Choice.actions(player)`` are the ``Recover``\\s and the ``ChooseCard`` to
    push; ``Choice.recover_json()`` is a gem, ``"free"``, a list, or None;
    ``Choice.to_json()`` is ``{"phase": "choose", "card": 4, "recover": "violet"}``.
``play_turn(state, player, *, level="strong", seed=0) -> rules.TurnResult``
    Phase 2: ``result.action`` is a ``Paddle`` or (cloud) a ``Weather``;
    ``turn_entry(result.action)`` is the record's turn entry (``{"player": ..., "canoes":
    [...]}`` or ``{"player": ..., "weather": "up"}``).
``decide(state, player, *, level, seed) -> Choice | rules.TurnResult``
    Whichever of the two the phase calls for; ``decide_actions(...) -> list[Action]``
    the actions that carry it out, to push in order.
``whose_decision(state) -> tuple[str, ...]``; ``check_decision(state, player)`` raises
    :class:`NotYourDecision` (a ``NiagaraError``: one line saying whose decision it is).
``view(state, player) -> View``; ``determinise(view, cards) -> GameState``;
    ``sample_cards(view, rng) -> dict``: what a player knows, and guesses at the rest.
``hints(state, player, seed=0, count=3, level="strong") -> list[Hint]``
    The best choices for ``player``'s decision now, best first. ``Hint.phase``
    (``"choose"``/``"turn"``), ``.choice`` or ``.action``, ``.text`` (what to do),
    ``.reason`` (why, in plain words: the slot, the gem, the danger of the falls from
    the forecast), ``.value``; ``Hint.to_json()`` is ``{"phase", "card", "recover"}`` or
    ``{"phase", "turn"}`` plus ``"text"``, ``"reason"``, ``"value"``. ``text`` and
    ``reason`` are :class:`companion.text.Text` sentences (English as a ``str``; the
    pages render them in the reader's language), as are a turning point's ``played``,
    ``better``, ``why`` and ``text()``.
``review(game: Game, *, seed=0, playouts=12, horizon=4, level="strong") -> Review``
    Only completed rounds. ``Review.rounds``: ``RoundChances(round, chances)`` (round 0
    is the start); ``Review.turning_points``: up to three ``TurningPoint(round, player,
    phase, played, better, why, chance_played, chance_better)``; ``Review.to_json()``.
``chances(state, *, playouts=12, horizon=4, seed=0) -> dict[str, float]``
    Each player's estimated chance of winning from a position.
``play_game(seats: {player: kind}, seed) -> Game``; ``selfplay(seats, games, seed) ->
    SelfplayResult`` (kinds: the levels and ``"greedy"``, the playout policy).
``words.describe_choice(player, choice) -> Text``; ``words.describe_turn(action) -> Text``
    A decision as one plain sentence ("Red: paddle the canoe on the beach: down 3 to T3,
    load violet."); ``words.choice_sentence(choice)``, ``words.turn_sentence(action)``
    the same without the player ("Paddle the canoe on the beach: …").

In ``companion.record``: ``replay(record, unfinished=True)`` reads a game in progress
whose last round hides the secret cards (``ReplayResult.hidden``), and
``turn_entry(action)`` writes a phase-2 action as a record turn entry.

Every decision looks at ``view(state, player)`` only: it never uses a card the player
could not see (another player's locked-in card before its reveal).
"""

from companion.partner.hints import Hint, hints
from companion.partner.players import play_game, selfplay
from companion.partner.review import Review, RoundChances, TurningPoint, chances, review
from companion.partner.search import (
    LEVELS,
    Choice,
    Level,
    NotYourDecision,
    check_decision,
    choose,
    decide,
    decide_actions,
    level_of,
    play_turn,
    whose_decision,
)
from companion.partner.view import View, determinise, sample_cards, view

__all__ = [
    "LEVELS",
    "Choice",
    "Hint",
    "Level",
    "NotYourDecision",
    "Review",
    "RoundChances",
    "TurningPoint",
    "View",
    "chances",
    "check_decision",
    "choose",
    "decide",
    "decide_actions",
    "determinise",
    "hints",
    "level_of",
    "play_game",
    "play_turn",
    "review",
    "sample_cards",
    "selfplay",
    "view",
    "whose_decision",
]
