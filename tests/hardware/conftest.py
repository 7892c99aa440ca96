"""Fixtures for the hardware tests: fresh mock pins (with PWM) for every test, and a fake
clock that the announcer and the mock pins' timelines share.

Pattern timings are asserted exactly: the announcer runs without its thread on the
fake clock (:class:`Driver` steps it at each moment the schedule names), and gpiozero's
mock pins stamp their state changes with the same clock. Nothing sleeps, nothing is
retried.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

import gpiozero.pins.mock
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.announcer import Announcer, Listener
from hardware.config import HardwareConfig, load_config

Timeline = list[tuple[float, float]]


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A fresh ``MockFactory(pin_class=MockPWMPin)``, reset after the test."""
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()
    factory.close()


class FakeClock:
    """Seconds that move only when a test moves them."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """A fake clock, also the one gpiozero's mock pins stamp their changes with."""
    clock = FakeClock()
    monkeypatch.setattr(gpiozero.pins.mock, "monotonic", clock)
    return clock


class Driver:
    """Runs a thread-less announcer on the fake clock, as its thread would on a real one:
    :meth:`step` at every deadline the schedule names, nothing in between."""

    def __init__(self, announcer: Announcer, clock: FakeClock) -> None:
        self.announcer = announcer
        self.clock = clock
        self.t0 = clock.now

    def start(self) -> None:
        """Count :meth:`to` from now."""
        self.t0 = self.clock.now

    @property
    def elapsed(self) -> float:
        return self.clock.now - self.t0

    def to(self, seconds: float) -> None:
        """Handle what was sent now, then play until ``seconds`` after :meth:`start`."""
        self.announcer.step()
        end = self.t0 + seconds
        while (deadline := self.announcer.next_deadline()) is not None and deadline <= end:
            self.clock.now = max(self.clock.now, deadline)
            self.announcer.step()
        self.clock.now = max(self.clock.now, end)
        self.announcer.step()

    def settle(self, limit: float = 60.0) -> float:
        """Play until no one-shot plays or waits (the discrepancy loop may go on);
        the seconds that took."""
        start = self.clock.now
        self.announcer.step()
        while not self.announcer.wait_idle(0):
            deadline = self.announcer.next_deadline()
            assert deadline is not None and deadline - start <= limit, "never settles"
            self.clock.now = deadline
            self.announcer.step()
        return self.clock.now - start


MakeAnnouncer = Callable[..., tuple[Announcer, Driver]]


@pytest.fixture
def make_announcer(factory: MockFactory, clock: FakeClock) -> Iterator[MakeAnnouncer]:
    """``make_announcer(config=None, speed=None, listener=None)``: an announcer on the
    fake clock, without thread, and its :class:`Driver`; closed after the test."""
    made: list[Announcer] = []

    def make(config: HardwareConfig | None = None, speed: float | None = None,
             listener: Listener | None = None) -> tuple[Announcer, Driver]:
        announcer = Announcer(config if config is not None else load_config(),
                              pin_factory=factory, speed=speed, listener=listener,
                              clock=clock, thread=False)
        made.append(announcer)
        for pin in factory.pins.values():
            pin.clear_states()
        return announcer, Driver(announcer, clock)

    yield make
    for announcer in made:
        announcer.close()


@pytest.fixture
def announcer(make_announcer: MakeAnnouncer) -> Announcer:
    """An announcer on the default wiring (``pins.toml``), on the fake clock."""
    return make_announcer()[0]


@pytest.fixture
def drive(announcer: Announcer, clock: FakeClock) -> Driver:
    """The :class:`Driver` of :func:`announcer`."""
    return Driver(announcer, clock)


@pytest.fixture
def clear_states(factory: MockFactory) -> Callable[[], None]:
    """Start every pin's timeline now."""

    def clear() -> None:
        for pin in factory.pins.values():
            pin.clear_states()

    return clear


@pytest.fixture
def timeline(factory: MockFactory) -> Callable[[int, Timeline], None]:
    """``timeline(gpio, [(seconds since the previous change, state), ...])`` asserts the
    pin went through exactly these states at exactly these times (on the fake clock)."""

    def check(number: int, expected: Timeline) -> None:
        pin = factory.pin(f"GPIO{number}")
        actual = [(round(t, 6), round(float(s), 6)) for t, s in pin.states]
        wanted = [(round(t, 6), round(float(s), 6)) for t, s in expected]
        assert len(actual) == len(wanted) and all(
            math.isclose(a, b, abs_tol=1e-6) and math.isclose(x, y, abs_tol=1e-6)
            for (a, x), (b, y) in zip(actual, wanted, strict=True)
        ), f"GPIO{number}: {actual} != {wanted}"

    return check
