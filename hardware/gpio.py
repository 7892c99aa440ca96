"""Choosing gpiozero's pin factory: the real GPIO on a Pi, mock pins anywhere else.

Nothing here touches GPIO at import time.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from collections import deque

from gpiozero import Device
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

log = logging.getLogger(__name__)

GPIO_MODES = ("auto", "mock")
"""``--gpio`` choices: ``auto`` (the Pi's GPIO, else mock pins) or ``mock`` (always)."""

_lock = threading.Lock()
_auto: Factory | None = None
_auto_failure: Exception | None = None
"""Why gpiozero found no real GPIO (when ``_auto`` fell back to mock pins)."""


PIN_STATES_KEPT = 256
"""State changes a mock pin remembers (the newest ones). gpiozero's ``MockPin`` keeps
every change in ``states`` for tests' ``assert_states``: a ``serve`` with mock lights
(the default off a Pi) grew by about 330 of them a game, for ever."""


class BoundedMockPin(MockPWMPin):  # type: ignore[misc]
    """gpiozero's PWM mock pin whose ``states`` keeps only the last
    :data:`PIN_STATES_KEPT` changes."""

    states: deque[object]

    def clear_states(self) -> None:
        super().clear_states()
        self.states = deque(self.states, maxlen=PIN_STATES_KEPT)


def mock_factory() -> MockFactory:
    """Mock pins that support PWM (needed by ``TonalBuzzer`` and the RGB LED) and forget
    all but their last :data:`PIN_STATES_KEPT` state changes."""
    return MockFactory(pin_class=BoundedMockPin)


class GPIOUnavailable(RuntimeError):
    """Real hardware is expected (a Raspberry Pi, or the systemd service) but its GPIO
    cannot be driven; the message says why."""


MODEL_FILE = "/proc/device-tree/model"


def on_raspberry_pi(model_file: str = MODEL_FILE) -> bool:
    """Whether this machine says it is a Raspberry Pi (its device tree's model)."""
    try:
        with open(model_file, "rb") as file:
            return b"Raspberry Pi" in file.read()
    except OSError:
        return False


def under_systemd() -> bool:
    """Whether this process runs as a systemd service (``INVOCATION_ID`` is set)."""
    return bool(os.environ.get("INVOCATION_ID"))


def real_hardware_expected() -> bool:
    """On a Raspberry Pi or under systemd the lights and camera must be real: a failure is
    shown to the players, never replaced by mock pins or a drawn board."""
    return on_raspberry_pi() or under_systemd()


def select_pin_factory(mode: str = "auto", *, strict: bool | None = None) -> Factory:
    """The pin factory for ``mode``.

    ``auto`` uses gpiozero's own choice (``GPIOZERO_PIN_FACTORY``, else lgpio, RPi.GPIO,
    pigpio, native), made once per process; when none works it falls back to
    :func:`mock_factory` and logs that once — except where real hardware is expected
    (``strict``, by default :func:`real_hardware_expected`): there it raises
    :class:`GPIOUnavailable` with the cause. ``mock`` always gives fresh mock pins.

    :raises ValueError: an unknown ``mode``.
    :raises GPIOUnavailable: no real GPIO where it is expected.
    """
    global _auto, _auto_failure
    if strict is None:
        strict = real_hardware_expected()
    if mode == "mock":
        return mock_factory()
    if mode != "auto":
        raise ValueError(f"unknown GPIO mode {mode!r}: choose one of {', '.join(GPIO_MODES)}")
    with _lock:
        if Device.pin_factory is not None:
            return Device.pin_factory
        if _auto is None:
            if os.environ.get("GPIOZERO_PIN_FACTORY", "").lower() == "mock":
                _auto = mock_factory()
            else:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        Device.ensure_pin_factory()
                    _auto = Device.pin_factory
                except Exception as exc:
                    _auto_failure = exc
                    if not strict:
                        log.warning("No GPIO here (%s): the LEDs and the buzzer run on "
                                    "gpiozero's MockFactory and are shown on the web page "
                                    "only.", exc)
                        _auto = mock_factory()
        if strict and _auto_failure is not None:
            raise GPIOUnavailable(
                f"the Raspberry Pi's GPIO cannot be used ({_auto_failure}); check that "
                "python3-lgpio is installed and the service's user is in the gpio group"
            ) from _auto_failure
        assert _auto is not None
        return _auto


def is_mock(factory: Factory) -> bool:
    """Whether ``factory`` drives mock pins rather than a real header."""
    return isinstance(factory, MockFactory)
