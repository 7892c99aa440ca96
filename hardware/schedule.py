"""When the lights and the buzzer change: the :class:`LightSchedule`, with no pins, no
threads and no clock of its own.

It is handed each command with the moment it arrived, :meth:`LightSchedule.handle`, and
answers what every output is at a later moment, :meth:`LightSchedule.outputs`, and when
they change next, :meth:`LightSchedule.next_deadline`. The moments are plain numbers
(seconds on any clock that does not go back), so tests give exact times and never sleep.
The :class:`hardware.announcer.Announcer` runs one on its thread, with the real clock,
and shows its outputs on the pins (:class:`hardware.devices.TableLights`).

Two layers make up the outputs: the **steady state** (discs left to push, the falls,
check and all-good LEDs, the player's colour), changed at once by each command, and one
**pattern** at a time (:mod:`hardware.patterns`) that may override some lights while it
plays. See :class:`hardware.announcer.Announcer` for the rules of queueing and preemption.

>>> from companion.events import RiverMoved
>>> schedule = LightSchedule(bar_length=8)
>>> schedule.handle(Announce((RiverMoved(discs=2, arms=("left", "right"), base=1,
...                                      weather=1),)), now=10.0)
>>> schedule.pattern, schedule.outputs(10.0).buzzer, schedule.next_deadline()
('river 2', 1760.0, 10.12)
>>> schedule.outputs(10.2).bar[:3], schedule.outputs(10.2).buzzer
((True, False, False), None)
>>> schedule.outputs(10.3).bar[:3], schedule.outputs(10.4).buzzer
((True, True, False), None)
>>> schedule.outputs(10.48).bar[:3]
(True, True, False)
>>> schedule.pattern, schedule.next_deadline()
(None, None)
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from hardware import patterns
from hardware.patterns import Pattern, Step

log = logging.getLogger(__name__)

Colour = tuple[int, int, int]
OFF: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)


@dataclass(frozen=True)
class Outputs:
    """What every output shows at one moment."""

    bar: tuple[bool, ...]
    """Each bar LED, bottom first."""
    falls: bool = False
    check: bool = False
    ok: bool = False
    rgb: Colour = OFF
    """The player LED, 0..255 per channel."""
    buzzer: float | None = None
    """The pitch in Hz, ``None`` for silence."""

    @classmethod
    def dark(cls, bar_length: int) -> Outputs:
        """Everything off."""
        return cls(bar=(False,) * bar_length)


# -- commands ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Announce:
    """Engine events of one transition (objects with a ``kind``)."""

    events: tuple[object, ...]


@dataclass(frozen=True)
class Turn:
    """It is ``player`` 's turn (``None``: nobody's)."""

    player: str | None


@dataclass(frozen=True)
class Discrepancy:
    """The board disagrees with the game (``True``) or agrees again."""

    active: bool


@dataclass(frozen=True)
class DiscConfirmed:
    """One disc push was seen or tapped."""


@dataclass(frozen=True)
class Play:
    """Any pattern, queued as a one-shot."""

    pattern: Pattern


@dataclass(frozen=True)
class Clear:
    """Stop every pattern, forget what waits, reset the steady state."""


Command = Announce | Turn | Discrepancy | DiscConfirmed | Play | Clear


# -- the schedule -----------------------------------------------------------------------


@dataclass
class _Steady:
    discs: int = 0
    falls: bool = False
    check: bool = False
    player: str | None = None
    rgb: Colour = OFF


@dataclass
class _Playing:
    pattern: Pattern
    started: float
    deadline: float
    index: int = 0
    background: bool = False


@dataclass
class LightSchedule:
    """The steady state, the patterns waiting and the one playing, as functions of time.

    :param bar_length: LEDs in the disc bar.
    :param colours: each player's LED colour (a player missing from it shows white).
    :param speed: 2.0 plays every pattern twice as fast.

    Times passed in must not go back; an earlier ``now`` counts as the latest one seen.
    A step noticed more than :attr:`MAX_LAG` after it was due (a stalled thread) is
    taken as ending then, so that a stall delays the notes but never swallows one: ask at
    least every :attr:`MAX_LAG` seconds, or at each :meth:`next_deadline`, for exact
    times.
    """

    bar_length: int = 8
    colours: Mapping[str, Colour] = field(default_factory=dict)
    speed: float = 1.0

    MAX_PENDING = 8
    """One-shot patterns that may wait; beyond that the oldest waiting one is dropped."""
    MAX_LAG = 0.1
    """Seconds a step may be noticed late and the pattern still keep its rhythm."""

    def __post_init__(self) -> None:
        if self.speed <= 0:
            raise ValueError("speed must be positive")
        self._steady = _Steady()
        self._queue: deque[Pattern] = deque()
        self._background: Pattern | None = None
        self._playing: _Playing | None = None
        self._now = float("-inf")

    # -- the three questions ---------------------------------------------------------------

    def handle(self, command: Command, now: float) -> None:
        """Apply ``command``, arrived at ``now``."""
        self._advance(now)
        steady = self._steady
        if isinstance(command, Announce):
            for event in command.events:
                self._event(event)
        elif isinstance(command, Turn):
            steady.player = command.player
            steady.rgb = OFF if command.player is None else self.colour(command.player)
            steady.falls = False
        elif isinstance(command, Discrepancy):
            if command.active and not steady.check:
                steady.check = True
                self._background = patterns.discrepancy()
            elif not command.active and steady.check:
                steady.check = False
                self._background = None
                if self._playing is not None and self._playing.background:
                    self._playing = None
                self._enqueue(patterns.resolved())
        elif isinstance(command, DiscConfirmed):
            steady.discs = max(0, steady.discs - 1)
        elif isinstance(command, Play):
            self._enqueue(command.pattern)
        elif isinstance(command, Clear):
            self._steady = _Steady()
            self._queue.clear()
            self._background = None
            self._playing = None
        else:
            raise TypeError(f"not a light command: {command!r}")
        self._start_next(self._now)

    def outputs(self, now: float) -> Outputs:
        """What every output shows at ``now``."""
        self._advance(now)
        steady = self._steady
        step = self._step()
        bar: int | tuple[bool, ...] = steady.discs
        falls, check, rgb = steady.falls, steady.check, steady.rgb
        ok = not steady.check and steady.discs == 0
        buzzer = None
        if step is not None:
            bar = step.bar if step.bar is not None else bar
            falls = step.falls if step.falls is not None else falls
            check = step.check if step.check is not None else check
            ok = step.ok if step.ok is not None else ok
            rgb = step.rgb if step.rgb is not None else rgb
            buzzer = step.buzzer
        n = self.bar_length
        lit = (tuple(i < bar for i in range(n)) if isinstance(bar, int)
               else tuple(bar[:n]) + (False,) * (n - len(bar)))
        return Outputs(bar=lit, falls=falls, check=check, ok=ok, rgb=rgb, buzzer=buzzer)

    def next_deadline(self) -> float | None:
        """When the outputs change next on their own (``None``: not until a command)."""
        return self._playing.deadline if self._playing is not None else None

    # -- state, as of the latest moment seen ----------------------------------------------

    @property
    def pattern(self) -> str | None:
        """The name of the pattern playing, or ``None``."""
        return self._playing.pattern.name if self._playing is not None else None

    @property
    def discs_left(self) -> int:
        return self._steady.discs

    @property
    def player(self) -> str | None:
        return self._steady.player

    @property
    def idle(self) -> bool:
        """No one-shot pattern plays or waits (the discrepancy loop may run)."""
        return not self._queue and (self._playing is None or self._playing.background)

    @property
    def waiting(self) -> tuple[str, ...]:
        """The names of the one-shot patterns waiting, first to play first."""
        return tuple(p.name for p in self._queue)

    def colour(self, player: str) -> Colour:
        """The LED colour of ``player`` (white if the table has none)."""
        colour = self.colours.get(player)
        if colour is None:
            log.warning("no LED colour for player %r: showing white", player)
            return WHITE
        return colour

    # -- inside ------------------------------------------------------------------------

    def _event(self, event: object) -> None:
        kind = getattr(event, "kind", None)
        steady = self._steady
        if kind == "river_moved":
            steady.discs = max(0, int(getattr(event, "discs", 0)))
            self._enqueue(patterns.river(steady.discs))
        elif kind == "canoe_fell":
            steady.falls = True
            waiting = [p for p in self._queue if p.name.startswith("falls")]
            if waiting:
                merged = patterns.merge_falls(waiting[-1], 1)
                self._queue = deque(merged if p is waiting[-1] else p for p in self._queue)
            else:
                self._enqueue(patterns.falls(1))
        elif kind == "game_won":
            winners: Sequence[str] = tuple(getattr(event, "winners", ()))
            self._queue.clear()
            if self._playing is not None and not self._playing.background:
                self._playing = None
            if winners:
                steady.player = winners[0]
                steady.rgb = self.colour(winners[0])
            self._enqueue(patterns.won([self.colour(w) for w in winners]))

    def _enqueue(self, pattern: Pattern) -> None:
        if len(self._queue) >= self.MAX_PENDING:
            dropped = self._queue.popleft()
            log.warning("too many announcements waiting: %s dropped", dropped.name)
        self._queue.append(pattern)
        if self._playing is not None and self._playing.background:
            self._playing = None

    def _hold(self, step: Step) -> float:
        return step.hold / self.speed

    def _start_next(self, at: float) -> None:
        """Start what waits (else the background loop) if nothing plays."""
        if self._playing is not None:
            return
        background = not self._queue
        pattern = self._queue.popleft() if self._queue else self._background
        if pattern is None:
            return
        if not pattern.steps or (pattern.loop and pattern.duration <= 0):
            return  # nothing to play (a loop of no time would never end)
        log.debug("pattern %s", pattern.describe())
        self._playing = _Playing(pattern, at, at + self._hold(pattern.steps[0]),
                                 background=background)

    def _advance(self, now: float) -> None:
        """Play every step that ended by ``now``."""
        now = max(now, self._now)
        self._now = now
        while (playing := self._playing) is not None and now >= playing.deadline:
            # Keep the rhythm: the next step starts when the previous one was due,
            # unless that is long past (a stalled thread: then from now).
            due = playing.deadline if now - playing.deadline < self.MAX_LAG else now
            playing.index += 1
            if playing.index >= len(playing.pattern.steps):
                if playing.pattern.loop and not self._queue:
                    playing.index = 0
                else:
                    self._playing = None
                    self._start_next(due)
                    continue
            playing.deadline = due + self._hold(playing.pattern.steps[playing.index])

    def _step(self) -> Step | None:
        playing = self._playing
        if playing is None or not playing.pattern.steps:
            return None
        return playing.pattern.steps[playing.index]
