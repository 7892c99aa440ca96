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

Every pin is written by one background thread; callers only hand over a command and
return at once. Off a Pi the pins are gpiozero's mock pins (see
:func:`hardware.gpio.select_pin_factory`), and :meth:`Announcer.snapshot` always tells
what the lights show, for the web page's virtual LEDs.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from time import monotonic
from typing import Any

from gpiozero import LED, RGBLED, Buzzer, LEDBoard, TonalBuzzer
from gpiozero.pins import Factory
from gpiozero.tones import Tone

from hardware import patterns
from hardware.config import HardwareConfig, load_config
from hardware.gpio import is_mock, select_pin_factory
from hardware.patterns import Pattern, Step

log = logging.getLogger(__name__)

Snapshot = dict[str, Any]
Listener = Callable[[Snapshot], None]

OFF = (0, 0, 0)


class HardwareError(RuntimeError):
    """A device cannot be set up (pin in use, no permission on /dev/gpiochip...)."""


@dataclass
class _Outputs:
    bar: tuple[bool, ...]
    falls: bool = False
    check: bool = False
    ok: bool = False
    rgb: tuple[int, int, int] = OFF
    buzzer: float | None = None


@dataclass
class _Steady:
    discs: int = 0
    falls: bool = False
    check: bool = False
    player: str | None = None
    rgb: tuple[int, int, int] = OFF


@dataclass
class _Playing:
    pattern: Pattern
    index: int = 0
    deadline: float = 0.0
    background: bool = False
    started: float = field(default_factory=monotonic)


class Announcer:
    """LEDs and a buzzer announcing the river, the falls, discrepancies, turns and wins.

    :param config: the wiring; ``None`` reads the packaged ``pins.toml``.
    :param pin_factory: gpiozero pin factory; ``None`` picks one
        (:func:`hardware.gpio.select_pin_factory`: the Pi's GPIO, else mock pins).
    :param listener: called with :meth:`snapshot` (from the announcer's thread) each
        time the lights or the buzzer change.
    :param speed: overrides ``config.speed`` (2.0 plays everything twice as fast).

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

    MAX_PENDING = 8
    """One-shot patterns that may wait; beyond that the oldest waiting one is dropped."""
    MAX_LAG = 0.1
    """Seconds a step may start late and the pattern still catch up with its rhythm."""

    def __init__(
        self,
        config: HardwareConfig | None = None,
        *,
        pin_factory: Factory | None = None,
        listener: Listener | None = None,
        speed: float | None = None,
    ) -> None:
        self.config = config if config is not None else load_config()
        factory = pin_factory if pin_factory is not None else select_pin_factory("auto")
        self.mock = is_mock(factory)
        self.speed = float(speed if speed is not None else self.config.speed)
        if self.speed <= 0:
            raise ValueError("speed must be positive")
        self._listeners: list[Listener] = [listener] if listener is not None else []
        self._devices: list[Any] = []
        self._bar: LEDBoard | None = None
        self._falls: LED | None = None
        self._check: LED | None = None
        self._ok: LED | None = None
        self._rgb: RGBLED | None = None
        self._buzzer: TonalBuzzer | Buzzer | None = None
        self._open_devices(factory)

        n = self.config.bar_length
        self._steady = _Steady()
        self._out = _Outputs(bar=(False,) * n)
        self._queue: deque[Pattern] = deque()
        self._background: Pattern | None = None
        self._playing: _Playing | None = None
        self._snapshot: Snapshot = {}
        self._snapshot_lock = threading.Lock()

        self._cond = threading.Condition()
        self._inbox: deque[tuple[str, Any]] = deque()
        self._idle = True
        self._closing = False
        self._closed = False
        self._render(force=True)
        self._thread = threading.Thread(target=self._run, name="announcer", daemon=True)
        self._thread.start()

    # -- devices -----------------------------------------------------------------------

    def _open_devices(self, factory: Factory) -> None:
        c = self.config
        try:
            if c.bar:
                self._bar = self._add(LEDBoard(*c.bar, pwm=False, active_high=c.leds_active_high,
                                               initial_value=False, pin_factory=factory))
            for name in ("falls", "check", "ok"):
                pin = getattr(c, name)
                if pin is not None:
                    setattr(self, f"_{name}", self._add(
                        LED(pin, active_high=c.leds_active_high, pin_factory=factory)))
            if c.rgb is not None:
                self._rgb = self._add(RGBLED(*c.rgb, active_high=c.rgb_active_high, pwm=True,
                                             pin_factory=factory))
            if c.buzzer is not None:
                if c.buzzer_kind == "tonal":
                    self._buzzer = self._add(TonalBuzzer(c.buzzer, mid_tone="A5", octaves=2,
                                                         pin_factory=factory))
                else:
                    self._buzzer = self._add(Buzzer(c.buzzer, active_high=c.buzzer_active_high,
                                                    pin_factory=factory))
        except Exception as exc:
            self._close_devices()
            raise HardwareError(f"cannot set up the lights and buzzer from {c.source}: "
                                f"{exc}") from exc

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    def _close_devices(self) -> None:
        for device in reversed(self._devices):
            try:
                device.close()
            except Exception:  # closing must not fail on a half-broken device
                log.exception("closing %r", device)
        self._devices.clear()

    # -- the public API (any thread, never blocks) ---------------------------------------

    def announce(self, *events: Any) -> None:
        """React to engine events (objects with a ``kind``), all from one transition.

        Reacts to ``river_moved``, ``canoe_fell`` and ``game_won``; other kinds are
        ignored (``disc_pushed`` is the engine's own move: :meth:`disc_confirmed` says
        when the table has done it).
        """
        self._send("events", events)

    __call__ = announce

    def turn(self, player: str | None) -> None:
        """It is ``player`` 's turn (a colour): the player LED shows it; ``None`` turns it off.

        A new turn also clears the falls LED.
        """
        self._send("turn", player)

    def discrepancy(self, active: bool) -> None:
        """The board disagrees with the game (``True``) or agrees again (``False``)."""
        self._send("discrepancy", bool(active))

    def disc_confirmed(self) -> None:
        """One disc push was seen (camera) or tapped: one bar LED goes out."""
        self._send("disc_confirmed", None)

    def play(self, pattern: Pattern) -> None:
        """Queue any pattern as a one-shot (``hw-test`` uses it)."""
        self._send("play", pattern)

    def clear(self) -> None:
        """Stop every pattern, forget everything waiting, and reset the steady state."""
        self._send("clear", None)

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

        :returns: ``False`` if ``timeout`` seconds passed first.
        """
        with self._cond:
            return self._cond.wait_for(lambda: self._idle and not self._inbox, timeout)

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
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        try:
            self._steady = _Steady()
            self._playing = None
            self._write(_Outputs(bar=(False,) * self.config.bar_length))
        finally:
            self._close_devices()

    def __enter__(self) -> Announcer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("mock pins" if self.mock else "GPIO")
        return f"<Announcer {state} from {self.config.source}>"

    # -- the worker thread ---------------------------------------------------------------

    def _send(self, command: str, arg: Any) -> None:
        with self._cond:
            if self._closing:
                log.debug("announcer closed: %s ignored", command)
                return
            self._inbox.append((command, arg))
            self._idle = False
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._inbox and not self._closing:
                    if self._playing is not None:
                        timeout = self._playing.deadline - monotonic()
                        if timeout <= 0:
                            break
                    else:
                        timeout = None
                    self._cond.wait(timeout)
                if self._closing:
                    return
                commands = list(self._inbox)
                self._inbox.clear()
            try:
                for command, arg in commands:
                    self._apply(command, arg)
                self._advance()
                self._render()
            except Exception:  # the lights must never take the game down
                log.exception("announcer step failed")
            with self._cond:
                self._idle = not self._queue and (
                    self._playing is None or self._playing.background)
                self._cond.notify_all()

    def _apply(self, command: str, arg: Any) -> None:
        steady = self._steady
        if command == "events":
            for event in arg:
                self._apply_event(event)
        elif command == "turn":
            steady.player = arg
            steady.rgb = OFF if arg is None else self._colour(arg)
            steady.falls = False
        elif command == "discrepancy":
            if arg and not steady.check:
                steady.check = True
                self._background = patterns.discrepancy()
            elif not arg and steady.check:
                steady.check = False
                self._background = None
                if self._playing is not None and self._playing.background:
                    self._playing = None
                self._enqueue(patterns.resolved())
        elif command == "disc_confirmed":
            steady.discs = max(0, steady.discs - 1)
        elif command == "play":
            self._enqueue(arg)
        elif command == "clear":
            self._steady = _Steady()
            self._queue.clear()
            self._background = None
            self._playing = None

    def _apply_event(self, event: Any) -> None:
        kind = getattr(event, "kind", None)
        steady = self._steady
        if kind == "river_moved":
            steady.discs = max(0, int(event.discs))
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
            winners = tuple(event.winners)
            self._queue.clear()
            if self._playing is not None and not self._playing.background:
                self._playing = None
            if winners:
                steady.player = winners[0]
                steady.rgb = self._colour(winners[0])
            self._enqueue(patterns.won([self._colour(w) for w in winners]))

    def _colour(self, player: str) -> tuple[int, int, int]:
        colour = self.config.colours.get(player)
        if colour is None:
            log.warning("no LED colour for player %r: showing white", player)
            return (255, 255, 255)
        return colour

    def _enqueue(self, pattern: Pattern) -> None:
        if len(self._queue) >= self.MAX_PENDING:
            dropped = self._queue.popleft()
            log.warning("too many announcements waiting: %s dropped", dropped.name)
        self._queue.append(pattern)
        if self._playing is not None and self._playing.background:
            self._playing = None

    def _advance(self) -> None:
        now = monotonic()
        playing = self._playing
        if playing is not None and now >= playing.deadline:
            playing.index += 1
            if playing.index >= len(playing.pattern.steps):
                if playing.pattern.loop and not self._queue:
                    playing.index = 0
                else:
                    playing = self._playing = None
            if playing is not None:
                # Keep the rhythm: the next step starts when the previous one was due,
                # unless the thread stalled (then start it from now).
                due = playing.deadline if now - playing.deadline < self.MAX_LAG else now
                playing.deadline = due + playing.pattern.steps[playing.index].hold / self.speed
        if self._playing is None:
            if self._queue:
                self._start(self._queue.popleft(), now, background=False)
            elif self._background is not None:
                self._start(self._background, now, background=True)

    def _start(self, pattern: Pattern, now: float, *, background: bool) -> None:
        log.debug("pattern %s", pattern.describe())
        hold = pattern.steps[0].hold / self.speed if pattern.steps else 0.0
        self._playing = _Playing(pattern, 0, now + hold, background, now)

    def _step(self) -> Step | None:
        playing = self._playing
        if playing is None or not playing.pattern.steps:
            return None
        return playing.pattern.steps[playing.index]

    def _render(self, *, force: bool = False) -> None:
        steady = self._steady
        n = self.config.bar_length
        step = self._step()
        bar: int | tuple[bool, ...] = steady.discs
        out = _Outputs(
            bar=(),
            falls=steady.falls,
            check=steady.check,
            ok=not steady.check and steady.discs == 0,
            rgb=steady.rgb,
        )
        if step is not None:
            if step.bar is not None:
                bar = step.bar
            for name in ("falls", "check", "ok", "rgb"):
                value = getattr(step, name)
                if value is not None:
                    setattr(out, name, value)
            out.buzzer = step.buzzer
        out.bar = (tuple(i < bar for i in range(n)) if isinstance(bar, int)
                   else tuple(bar[:n]) + (False,) * (n - len(bar)))
        if force or out != self._out:
            self._write(out, force=force)
        self._publish()

    def _write(self, out: _Outputs, *, force: bool = False) -> None:
        old = self._out
        if self._buzzer is not None and (force or out.buzzer != old.buzzer):
            if out.buzzer is None and isinstance(self._buzzer, Buzzer):
                self._buzzer.off()
            elif out.buzzer is None:
                self._buzzer.stop()
            elif isinstance(self._buzzer, Buzzer):
                self._buzzer.on()
            else:
                low, high = self._buzzer.min_tone.frequency, self._buzzer.max_tone.frequency
                self._buzzer.play(Tone.from_frequency(min(max(out.buzzer, low), high)))
        if self._bar is not None:
            for i, led in enumerate(self._bar.leds):
                if force or out.bar[i] != old.bar[i]:
                    led.value = out.bar[i]
        for name in ("falls", "check", "ok"):
            device = getattr(self, f"_{name}")
            if device is not None and (force or getattr(out, name) != getattr(old, name)):
                device.value = getattr(out, name)
        if self._rgb is not None and (force or out.rgb != old.rgb):
            self._rgb.value = tuple(v / 255 for v in out.rgb)
        self._out = out

    def _publish(self) -> None:
        out = self._out
        snap: Snapshot = {
            "bar": list(out.bar),
            "falls": out.falls,
            "check": out.check,
            "ok": out.ok,
            "player": self._steady.player,
            "player_rgb": list(out.rgb),
            "buzzer": {
                "on": out.buzzer is not None,
                "hz": None if out.buzzer is None else round(out.buzzer, 1),
                "note": None if out.buzzer is None else Tone.from_frequency(out.buzzer).note,
                "kind": None if self.config.buzzer is None else self.config.buzzer_kind,
            },
            "pattern": self._playing.pattern.name if self._playing else None,
            "discs_left": self._steady.discs,
            "wired": {
                "bar": bool(self.config.bar),
                "falls": self._falls is not None,
                "check": self._check is not None,
                "ok": self._ok is not None,
                "rgb": self._rgb is not None,
                "buzzer": self._buzzer is not None,
            },
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
