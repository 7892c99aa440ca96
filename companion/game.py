"""A game with history, like python-chess's ``Board``: ``push``, ``pop``, ``outcome``.

>>> from companion.actions import ChooseCard
>>> game = Game(["red", "green", "yellow"])
>>> events = game.push(ChooseCard("red", 2))
>>> len(game.history), game.pop()
(1, ChooseCard(player='red', card=2))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from companion import rules
from companion.actions import Action
from companion.events import Event
from companion.state import GameState, Options, new_game


class Game:
    """A game: the starting state, the actions pushed so far, and the states between."""

    def __init__(self, players: Iterable[str], options: Options | None = None) -> None:
        self.start = new_game(players, options)
        self._states: list[GameState] = [self.start]
        self.history: list[Action] = []
        """The actions applied so far (python-chess's ``move_stack``)."""
        self.events: list[list[Event]] = []
        """The events of each action, in step with ``history``."""

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._states[-1]

    def push(self, action: Action) -> list[Event]:
        """Apply ``action``; raises (and changes nothing) if it is invalid or illegal."""
        state, events = rules.apply(self._states[-1], action)
        self._states.append(state)
        self.history.append(action)
        self.events.append(events)
        return events

    def pop(self) -> Action:
        """Undo the last action and return it. Raises IndexError when there is none."""
        if not self.history:
            raise IndexError("there is no action to undo")
        self._states.pop()
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
