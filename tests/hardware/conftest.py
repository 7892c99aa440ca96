"""Fixtures for the hardware tests: fresh mock pins (with PWM) for every test."""

from __future__ import annotations

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
def timeline(factory: MockFactory) -> Callable[[int, Timeline], None]:
    """``timeline(gpio, [(seconds since the previous change, state), ...])`` asserts the
    pin went through exactly these states at these times.

    ``assert_states_and_times`` stops at the shorter list, so the length is checked too.
    """

    def check(number: int, expected: Timeline) -> None:
        pin = factory.pin(f"GPIO{number}")
        actual = [(round(t, 3), s) for t, s in pin.states]
        assert len(actual) == len(expected), f"GPIO{number}: {actual} != {expected}"
        pin.assert_states_and_times(expected)

    return check
