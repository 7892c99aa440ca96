"""The lights and buzzer the game loop drives: :class:`hardware.announcer.Announcer`,
on the Raspberry Pi's GPIO or on gpiozero's mock pins (shown as virtual LEDs on the
table page).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.events import Event

LedSnapshot = dict[str, Any]
"""What the lights and the buzzer show now, JSON-ready (see
:meth:`hardware.announcer.Announcer.snapshot`)."""


class Lights(Protocol):
    """What the loop needs from :class:`hardware.announcer.Announcer` (or a twin)."""

    def announce(self, *events: Event) -> None: ...
    def turn(self, player: str | None) -> None: ...
    def discrepancy(self, active: bool) -> None: ...
    def disc_confirmed(self) -> None: ...
    def snapshot(self) -> LedSnapshot: ...
    def add_listener(self, listener: Callable[[LedSnapshot], None]) -> None: ...
    def close(self) -> None: ...


GPIO_CHOICES = ("auto", "mock", "none")
"""``--gpio``: the Pi's GPIO (``auto``), gpiozero's mock pins, or no lights."""


def make_announcer(gpio: str = "mock", *, speed: float | None = None,
                   strict: bool | None = None) -> Lights | None:
    """The lights and buzzer on ``gpio`` pins (``auto``: the Pi's GPIO, else mock — but
    on a Raspberry Pi or under systemd, or with ``strict``, never mock; ``mock``;
    ``none``: no announcer).

    :raises hardware.gpio.GPIOUnavailable: real GPIO expected and not usable.
    """
    if gpio == "none":
        return None
    from hardware.announcer import Announcer
    from hardware.gpio import select_pin_factory

    return Announcer(pin_factory=select_pin_factory(gpio, strict=strict), speed=speed)
