"""Fixtures for the hardware tests: fresh mock pins (with PWM) for every test.

Tests marked ``timing`` assert pin timings with gpiozero's 50 ms tolerance. On a loaded
machine a thread can now and then wake more than 50 ms late, so such a test runs again
(up to :data:`TIMING_ATTEMPTS` times, the announcer cleared and the pin timelines
restarted in between) when an assertion fails; a wrong pattern fails every attempt.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.announcer import Announcer
from hardware.config import load_config

Timeline = list[tuple[float, float]]


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A fresh ``MockFactory(pin_class=MockPWMPin)``, reset after the test."""
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()
    factory.close()


@pytest.fixture
def clear_states(factory: MockFactory) -> Callable[[], None]:
    """Start every pin's timeline now (the first delta is then the reaction time)."""

    def clear() -> None:
        for pin in factory.pins.values():
            pin.clear_states()

    return clear


@pytest.fixture
def announcer(factory: MockFactory, clear_states: Callable[[], None]) -> Iterator[Announcer]:
    """An announcer on the default wiring (``pins.toml``), pins' timelines cleared."""
    with Announcer(load_config(), pin_factory=factory) as announcer:
        assert announcer.wait_idle(2)
        clear_states()
        yield announcer


@pytest.fixture
def fast_announcer(factory: MockFactory) -> Iterator[Announcer]:
    """An announcer playing 10 times faster, for tests about order rather than timing."""
    with Announcer(load_config(), pin_factory=factory, speed=10) as announcer:
        assert announcer.wait_idle(2)
        yield announcer


@pytest.fixture
def timeline(factory: MockFactory) -> Callable[[int, Timeline], None]:
    """``timeline(gpio, [(seconds since the previous change, state), ...])`` asserts the
    pin went through exactly these states at these times.

    ``assert_states_and_times`` stops at the shorter list, so the length is checked too.
    """

    def check(number: int, expected: Timeline) -> None:
        pin = factory.pin(f"GPIO{number}")
        actual = [(round(t, 3), s) for t, s in pin.states]
        message = f"GPIO{number}: {actual} != {[(round(t, 3), v) for t, v in expected]}"
        assert len(actual) == len(expected), message
        try:
            pin.assert_states_and_times(expected)
        except AssertionError:
            raise AssertionError(message) from None

    return check


class Stopwatch:
    """Waits until a moment of a test and tells when it really was: a loaded machine may
    oversleep, so expected pin timings are computed from the measured moments."""

    def __init__(self) -> None:
        self.t0 = time.monotonic()

    def start(self) -> None:
        self.t0 = time.monotonic()

    def at(self, seconds: float) -> float:
        """Sleep until ``seconds`` after :meth:`start`; the real elapsed time."""
        delay = self.t0 + seconds - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        return time.monotonic() - self.t0


@pytest.fixture
def stopwatch() -> Stopwatch:
    return Stopwatch()


TIMING_ATTEMPTS = 3


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "timing: asserts pin timings; run again when a late wake-up fails it"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if pyfuncitem.get_closest_marker("timing") is None:
        return None
    names = pyfuncitem._fixtureinfo.argnames
    kwargs = {name: pyfuncitem.funcargs[name] for name in names}
    for attempt in range(1, TIMING_ATTEMPTS + 1):
        try:
            pyfuncitem.obj(**kwargs)
            return True
        except AssertionError:
            if attempt == TIMING_ATTEMPTS:
                raise
        announcer = pyfuncitem.funcargs.get("announcer")
        if announcer is not None:
            announcer.clear()
            announcer.wait_idle(2)
        factory = pyfuncitem.funcargs.get("factory")
        if factory is not None:
            for pin in factory.pins.values():
                pin.clear_states()
        stopwatch = pyfuncitem.funcargs.get("stopwatch")
        if stopwatch is not None:
            stopwatch.start()
    return True
