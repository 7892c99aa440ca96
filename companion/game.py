"""A game with history, like python-chess's ``Board``: ``push``, ``pop``, ``outcome``.

>>> from companion.actions import ChooseCard
>>> game = Game(["red", "green", "yellow"])
>>> events = game.push(ChooseCard("red", 2))
>>> len(game.history), game.pop()
(1, ChooseCard(player='red', card=2))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from companion import rules
from companion.actions import Action
from companion.events import Event
from companion.quick import QUICK_METHODS, QuickGame, Unsure, make_events
from companion.state import GameState, Options, Phase, new_game


class Game:
    """A game: the starting state, the actions pushed so far, and the states between."""

    def __init__(self, players: Iterable[str], options: Options | None = None) -> None:
        self.start = new_game(players, options)
        self._states: list[GameState] = [self.start]
        """The states after 0, 1, ... actions; only up to the first :meth:`push_all`
        (the states it passes through are rebuilt when :meth:`pop` needs them)."""
        self._state: GameState | None = self.start
        """The current state, or None while only ``_quick`` knows it."""
        self._quick: QuickGame | None = None
        """A mutable copy of the current state, for :meth:`push_all`."""
        self.history: list[Action] = []
        """The actions applied so far (python-chess's ``move_stack``)."""
        self._events: list[list[Any]] = []
        self._unmade: list[int] = []
        """Indices of ``_events`` still holding raw events (see ``companion.quick``)."""

    @property
    def state(self) -> GameState:
        """The current state."""
        state = self._state
        if state is None:
            assert self._quick is not None
            state = self._state = self._quick.freeze()
        return state

    @property
    def phase(self) -> Phase:
        """``state.phase``, without building the state."""
        if self._state is not None:
            return self._state.phase
        assert self._quick is not None
        return self._quick.phase

    @property
    def events(self) -> list[list[Event]]:
        """The events of each action, in step with ``history``."""
        if self._unmade:
            for i in self._unmade:
                self._events[i] = make_events(self._events[i])
            self._unmade = []
        return self._events

    def push(self, action: Action) -> list[Event]:
        """Apply ``action``; raises (and changes nothing) if it is invalid or illegal."""
        history = self.history
        state, events = rules.apply(self._state or self.state, action)
        if len(self._states) > len(history):
            self._states.append(state)
        self._state = state
        self._quick = None
        history.append(action)
        self._events.append(events)
        return events

    def push_all(self, actions: Iterable[Action]) -> None:
        """Apply ``actions`` in order, as ``push`` would each, but quicker: the game is
        changed in place (``companion.quick``) and its states and events are made only
        when asked for. Stops at the first action that is invalid or illegal and raises
        its error; the actions before it stay pushed."""
        history, events, unmade = self.history, self._events, self._unmade
        quick = self._quick
        methods = QUICK_METHODS
        for action in actions:
            method = methods.get(type(action))
            if method is not None:
                if quick is None:
                    quick = self._quick = QuickGame(self.state)
                try:
                    raw = method(quick, action)  # quick.apply(action), one call less
                except Unsure:
                    pass
                else:
                    self._state = None
                    unmade.append(len(events))
                    events.append(raw)
                    history.append(action)
                    continue
            # The reference decides (and refuses, or not); the quick copy is made again
            # only when an action needs it.
            state, made = rules.apply(self.state, action)
            quick = self._quick = None
            self._state = state
            events.append(made)
            history.append(action)

    def forget_states(self) -> None:
        """Let go of the states between the start and now (kept only to make :meth:`pop`
        quick; it rebuilds them from the start when it needs them). A game nobody is
        playing keeps its history, its events and its current state: about half the
        memory of one played action by action."""
        if len(self._states) > 1:
            self._states = [self.start]

    def pop(self) -> Action:
        """Undo the last action and return it. Raises IndexError when there is none."""
        if not self.history:
            raise IndexError("there is no action to undo")
        states = self._states
        while len(states) <= len(self.history):
            states.append(rules.apply(states[-1], self.history[len(states) - 1])[0])
        states.pop()
        self._state = states[-1]
        self._quick = None
        self.events.pop()
        return self.history.pop()

    def is_legal(self, action: Action) -> bool:
        return rules.is_legal(self.state, action)

    def legal_actions(self, player: str | None = None) -> Iterator[Action]:
        return rules.legal_actions(self.state, player)

    def outcome(self) -> rules.Outcome | None:
        return rules.outcome(self.state)

    def all_events(self) -> list[Event]:
        return [e for batch in self.events for e in batch]
