"""The lights and the buzzer on the table: the :class:`Announcer`.

It turns the engine's events (``river_moved``, ``canoe_fell``, ``game_won``) and three
companion notifications (:meth:`Announcer.turn`, :meth:`Announcer.discrepancy`,
:meth:`Announcer.disc_confirmed`) into LED states and tunes.

Two layers make up what the pins show:

- the **steady state**: discs left to push (the bar), the falls LED, the check LED,
  the all-good LED (lit when there is no discrepancy and no disc left to push) and the
  player LED (whose turn it is). A notification changes it at once, even while a tune
  plays;
- one **pattern** at a time (:mod:`hardware.patterns`): a timed tune that may override
  some lights while it plays; when it ends, every light shows the steady state again.

Preemption and queueing:

- one-shot patterns (river, falls, resolved, won) play in arrival order, each to its
  end; at most :attr:`Announcer.MAX_PENDING` wait, the oldest waiting one is dropped
  beyond that;
- a ``canoe_fell`` arriving while a falls pattern is still waiting merges into it
  (two canoes, one tune for two); give the events of one transition together,
  ``announce(*events)``, so that they merge;
- ``game_won`` cuts whatever plays and drops everything waiting;
- the discrepancy warning is a background loop: it plays only when no one-shot is
  playing or waiting, is cut at once by a new one-shot and starts again after it;
  ``discrepancy(False)`` stops it at once and plays the short "resolved" chirp.

Three parts, as in gpiozero: the pure :class:`hardware.schedule.LightSchedule` decides
what shows when, :class:`hardware.devices.TableLights` (a composite of the LED and buzzer
devices) shows it, and the announcer's thread joins them on a clock. Every pin is
written by that one thread; callers only hand over a command and return at once.
Off a Pi the pins are gpiozero's mock pins (see :func:`hardware.gpio.select_pin_factory`),
and :meth:`Announcer.snapshot` always tells what the lights show, for the web page's
virtual LEDs.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from time import monotonic
from typing import Any

from gpiozero.pins import Factory
from gpiozero.tones import Tone

from hardware.config import HardwareConfig, load_config
from hardware.devices import HardwareError, TableLights
from hardware.patterns import Pattern
from hardware.schedule import (
    Announce,
    Clear,
    Command,
    DiscConfirmed,
    Discrepancy,
    LightSchedule,
    Outputs,
    Play,
    Turn,
)

__all__ = ["Announcer", "HardwareError", "Listener", "Snapshot"]

log = logging.getLogger(__name__)

Snapshot = dict[str, Any]
Listener = Callable[[Snapshot], None]
Clock = Callable[[], float]


class Announcer:
    """LEDs and a buzzer announcing the river, the falls, discrepancies, turns and wins.

    :param config: the wiring; ``None`` reads the packaged ``pins.toml``.
    :param pin_factory: gpiozero pin factory; ``None`` picks one
        (:func:`hardware.gpio.select_pin_factory`: the Pi's GPIO, else mock pins).
    :param listener: called with :meth:`snapshot` (from the announcer's thread) each
        time the lights or the buzzer change.
    :param speed: overrides ``config.speed`` (2.0 plays everything twice as fast).
    :param clock: seconds that never go back (``time.monotonic``).
    :param thread: ``False`` starts no thread: the caller runs :meth:`step` at the
        moments :meth:`next_deadline` names (tests on a fake clock, simulations).

    >>> from hardware.gpio import mock_factory
    >>> from companion.events import RiverMoved
    >>> with Announcer(pin_factory=mock_factory()) as announcer:
    ...     announcer.announce(RiverMoved(discs=3, arms=("left", "right", "left"),
    ...                                   base=2, weather=1))
    ...     announcer.wait_idle(5)
    ...     announcer.snapshot()["bar"]
    True
    [True, True, True, False, False, False, False, False]
    """

    MAX_PENDING = LightSchedule.MAX_PENDING
    """One-shot patterns that may wait; beyond that the oldest waiting one is dropped."""

    def __init__(
        self,
        config: HardwareConfig | None = None,
        *,
        pin_factory: Factory | None = None,
        listener: Listener | None = None,
        speed: float | None = None,
        clock: Clock = monotonic,
        thread: bool = True,
    ) -> None:
        self.config = config if config is not None else load_config()
        self.speed = float(speed if speed is not None else self.config.speed)
        if self.speed <= 0:
            raise ValueError("speed must be positive")
        self._schedule = LightSchedule(self.config.bar_length, self.config.colours, self.speed)
        self.lights = TableLights(self.config, pin_factory=pin_factory)
        """The composite of every LED and the buzzer."""
        self.mock = self.lights.mock
        self._clock = clock
        self._listeners: list[Listener] = [listener] if listener is not None else []
        self._snapshot: Snapshot = {}
        self._snapshot_lock = threading.Lock()
        self._step_lock = threading.Lock()

        self._cond = threading.Condition()
        self._inbox: deque[Command] = deque()
        self._idle = True
        self._closing = False
        self._closed = False
        self.lights.value = self._schedule.outputs(clock())  # the steady state: all good
        self._publish()
        self._thread: threading.Thread | None = None
        if thread:
            self._thread = threading.Thread(target=self._run, name="announcer", daemon=True)
            self._thread.start()

    # -- the public API (any thread, never blocks) ---------------------------------------

    def announce(self, *events: Any) -> None:
        """React to engine events (objects with a ``kind``), all from one transition.

        Reacts to ``river_moved``, ``canoe_fell`` and ``game_won``; other kinds are
        ignored (``disc_pushed`` is the engine's own move: :meth:`disc_confirmed` says
        when the table has done it).
        """
        self._send(Announce(tuple(events)))

    __call__ = announce

    def turn(self, player: str | None) -> None:
        """It is ``player`` 's turn (a colour): the player LED shows it; ``None`` turns it off.

        A new turn also clears the falls LED.
        """
        self._send(Turn(player))

    def discrepancy(self, active: bool) -> None:
        """The board disagrees with the game (``True``) or agrees again (``False``)."""
        self._send(Discrepancy(bool(active)))

    def disc_confirmed(self) -> None:
        """One disc push was seen (camera) or tapped: one bar LED goes out."""
        self._send(DiscConfirmed())

    def play(self, pattern: Pattern) -> None:
        """Queue any pattern as a one-shot (``hw-test`` uses it)."""
        self._send(Play(pattern))

    def clear(self) -> None:
        """Stop every pattern, forget everything waiting, and reset the steady state."""
        self._send(Clear())

    def add_listener(self, listener: Listener) -> None:
        """Also call ``listener(snapshot)`` on every change."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling ``listener`` (no error if it was not there)."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def snapshot(self) -> Snapshot:
        """What the lights and the buzzer show now, JSON-ready.

        Keys: ``bar`` (bools, bottom first), ``falls``, ``check``, ``ok``,
        ``player`` (colour or ``None``), ``player_rgb`` ([r, g, b] 0..255),
        ``buzzer`` (``on``, ``hz``, ``note``, ``kind``), ``pattern`` (playing now, or
        ``None``), ``discs_left``, ``wired`` (which devices are real, by name) and
        ``mock`` (mock pins: every light is virtual).
        """
        with self._snapshot_lock:
            snap = dict(self._snapshot)
            snap["bar"] = list(snap["bar"])
            snap["player_rgb"] = list(snap["player_rgb"])
            snap["buzzer"] = dict(snap["buzzer"])
            snap["wired"] = dict(snap["wired"])
            return snap

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no one-shot pattern plays or waits (the discrepancy loop may run).

        Without a thread it does not wait: it runs :meth:`step` and tells.

        :returns: ``False`` if ``timeout`` seconds passed first.
        """
        if self._thread is None:
            self.step()
        with self._cond:
            return self._cond.wait_for(lambda: self._idle and not self._inbox, timeout)

    def next_deadline(self) -> float | None:
        """When (on the announcer's clock) the outputs change next on their own."""
        with self._step_lock:
            return self._schedule.next_deadline()

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Stop the thread, turn everything off and release the pins (idempotent)."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None and threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        with self._step_lock:
            self.lights.close()
            self._schedule = LightSchedule(self.config.bar_length, self.config.colours,
                                           self.speed)
        self._publish()

    def __enter__(self) -> Announcer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("mock pins" if self.mock else "GPIO")
        return f"<Announcer {state} from {self.config.source}>"

    # -- the worker ----------------------------------------------------------------------

    def _send(self, command: Command) -> None:
        with self._cond:
            if self._closing:
                log.debug("announcer closed: %s ignored", command)
                return
            self._inbox.append(command)
            self._idle = False
            self._cond.notify_all()

    def step(self) -> None:
        """Hand what was sent to the schedule and show what is due now (the thread does
        this; without one, the caller does)."""
        with self._cond:
            commands = list(self._inbox)
            self._inbox.clear()
        with self._step_lock:
            if self.lights.closed:
                return
            try:
                now = self._clock()
                for command in commands:
                    self._schedule.handle(command, now)
                self.lights.value = self._schedule.outputs(now)
            except Exception:  # the lights must never take the game down
                log.exception("announcer step failed")
            idle = self._schedule.idle
        self._publish()
        with self._cond:
            self._idle = idle and not self._inbox
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._inbox and not self._closing:
                    deadline = self._schedule.next_deadline()
                    timeout = None if deadline is None else deadline - self._clock()
                    if timeout is not None and timeout <= 0:
                        break
                    self._cond.wait(timeout)
                if self._closing:
                    return
            self.step()

    def _publish(self) -> None:
        out: Outputs = self.lights.value
        kind = None if self.config.buzzer is None else self.config.buzzer_kind
        snap: Snapshot = {
            "bar": list(out.bar),
            "falls": out.falls,
            "check": out.check,
            "ok": out.ok,
            "player": self._schedule.player,
            "player_rgb": list(out.rgb),
            "buzzer": {
                "on": out.buzzer is not None,
                "hz": None if out.buzzer is None else round(out.buzzer, 1),
                "note": None if out.buzzer is None else Tone.from_frequency(out.buzzer).note,
                "kind": kind,
            },
            "pattern": self._schedule.pattern,
            "discs_left": self._schedule.discs_left,
            "wired": self.lights.wired,
            "mock": self.mock,
        }
        with self._snapshot_lock:
            if snap == self._snapshot:
                return
            self._snapshot = snap
        for listener in list(self._listeners):
            try:
                listener(self.snapshot())
            except Exception:
                log.exception("announcer listener %r failed", listener)
