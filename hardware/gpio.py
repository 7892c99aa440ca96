"""Choosing gpiozero's pin factory: the real GPIO on a Pi, mock pins anywhere else.

Nothing here touches GPIO at import time.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings

from gpiozero import Device
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

log = logging.getLogger(__name__)

GPIO_MODES = ("auto", "mock")
"""``--gpio`` choices: ``auto`` (the Pi's GPIO, else mock pins) or ``mock`` (always)."""

_lock = threading.Lock()
_auto: Factory | None = None


def mock_factory() -> MockFactory:
    """Mock pins that support PWM (needed by ``TonalBuzzer`` and the RGB LED)."""
    return MockFactory(pin_class=MockPWMPin)


def select_pin_factory(mode: str = "auto") -> Factory:
    """The pin factory for ``mode``.

    ``auto`` uses gpiozero's own choice (``GPIOZERO_PIN_FACTORY``, else lgpio, RPi.GPIO,
    pigpio, native), made once per process; when none works (not a Pi) it falls back
    to :func:`mock_factory` and logs that once. ``mock`` always gives fresh mock pins.

    :raises ValueError: an unknown ``mode``.
    """
    global _auto
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
                    log.warning("No GPIO here (%s): the LEDs and the buzzer run on gpiozero's "
                             "MockFactory and are shown on the web page only.", exc)
                    _auto = mock_factory()
        assert _auto is not None
        return _auto


def is_mock(factory: Factory) -> bool:
    """Whether ``factory`` drives mock pins rather than a real header."""
    return isinstance(factory, MockFactory)
