"""The table's lights and buzzer as one composite device: :class:`TableLights`.

It owns the gpiozero devices of the wiring (:mod:`hardware.config`): the disc bar
(``LEDBoard``), the falls, check and all-good ``LED`` s, the player's ``RGBLED`` and a
``TonalBuzzer`` or plain ``Buzzer``. Setting :attr:`TableLights.value` to an
:class:`hardware.schedule.Outputs` shows it, writing only the pins that change. It knows
nothing of time: something separate decides what to show when
(:class:`hardware.announcer.Announcer`).

>>> from hardware.gpio import mock_factory
>>> from hardware.schedule import Outputs
>>> with TableLights(pin_factory=mock_factory()) as lights:
...     lights.value = Outputs(bar=(True, True) + (False,) * 6, ok=False, buzzer=880.0)
...     lights.value.bar[:3], lights.is_sounding
((True, True, False), True)
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from gpiozero import LED, RGBLED, Buzzer, LEDBoard, TonalBuzzer
from gpiozero.pins import Factory
from gpiozero.tones import Tone

from hardware.config import HardwareConfig, load_config
from hardware.gpio import is_mock, select_pin_factory
from hardware.schedule import Outputs

log = logging.getLogger(__name__)


class HardwareError(RuntimeError):
    """A device cannot be set up (pin in use, no permission on /dev/gpiochip...)."""


class TableLights:
    """Every light and the buzzer of the table, driven together.

    :param config: the wiring; ``None`` reads the packaged ``pins.toml``.
    :param pin_factory: gpiozero pin factory; ``None`` picks one
        (:func:`hardware.gpio.select_pin_factory`).
    :raises HardwareError: a device cannot be set up (every device opened so far is
        closed again).
    """

    def __init__(self, config: HardwareConfig | None = None, *,
                 pin_factory: Factory | None = None) -> None:
        self.config = config if config is not None else load_config()
        factory = pin_factory if pin_factory is not None else select_pin_factory("auto")
        self.mock = is_mock(factory)
        """Mock pins: nothing on the header moves."""
        self._devices: list[Any] = []
        self.bar: LEDBoard | None = None
        self.falls: LED | None = None
        self.check: LED | None = None
        self.ok: LED | None = None
        self.rgb: RGBLED | None = None
        self.buzzer: TonalBuzzer | Buzzer | None = None
        self._closed = False
        self._open(factory)
        self._value = Outputs.dark(self.config.bar_length)
        self._write(self._value, force=True)

    def _open(self, factory: Factory) -> None:
        c = self.config
        try:
            if c.bar:
                self.bar = self._add(LEDBoard(*c.bar, pwm=False, active_high=c.leds_active_high,
                                              initial_value=False, pin_factory=factory))
            if c.falls is not None:
                self.falls = self._add(LED(c.falls, active_high=c.leds_active_high,
                                           pin_factory=factory))
            if c.check is not None:
                self.check = self._add(LED(c.check, active_high=c.leds_active_high,
                                           pin_factory=factory))
            if c.ok is not None:
                self.ok = self._add(LED(c.ok, active_high=c.leds_active_high,
                                        pin_factory=factory))
            if c.rgb is not None:
                self.rgb = self._add(RGBLED(*c.rgb, active_high=c.rgb_active_high, pwm=True,
                                            pin_factory=factory))
            if c.buzzer is not None:
                if c.buzzer_kind == "tonal":
                    self.buzzer = self._add(TonalBuzzer(c.buzzer, mid_tone="A5", octaves=2,
                                                        pin_factory=factory))
                else:
                    self.buzzer = self._add(Buzzer(c.buzzer, active_high=c.buzzer_active_high,
                                                   pin_factory=factory))
        except Exception as exc:
            self._close_devices()
            raise HardwareError(f"cannot set up the lights and buzzer from {c.source}: "
                                f"{exc}") from exc

    def _add(self, device: Any) -> Any:
        self._devices.append(device)
        return device

    @property
    def value(self) -> Outputs:
        """What the lights and the buzzer show (as last set)."""
        return self._value

    @value.setter
    def value(self, outputs: Outputs) -> None:
        if self._closed:
            raise HardwareError("the lights are closed")
        n = self.config.bar_length
        if len(outputs.bar) != n:
            outputs = replace(outputs, bar=(tuple(outputs.bar) + (False,) * n)[:n])
        self._write(outputs)

    @property
    def is_sounding(self) -> bool:
        return self._value.buzzer is not None

    @property
    def wired(self) -> dict[str, bool]:
        """Which devices are on real pins (by name); the others are only shown on the page."""
        return {
            "bar": self.bar is not None,
            "falls": self.falls is not None,
            "check": self.check is not None,
            "ok": self.ok is not None,
            "rgb": self.rgb is not None,
            "buzzer": self.buzzer is not None,
        }

    def off(self) -> None:
        """Every light off, the buzzer silent."""
        if not self._closed:
            self._write(Outputs.dark(self.config.bar_length))

    def _write(self, out: Outputs, *, force: bool = False) -> None:
        old = self._value
        buzzer = self.buzzer
        if buzzer is not None and (force or out.buzzer != old.buzzer):
            if isinstance(buzzer, Buzzer):
                buzzer.value = out.buzzer is not None
            elif out.buzzer is None:
                buzzer.stop()
            else:
                low, high = buzzer.min_tone.frequency, buzzer.max_tone.frequency
                buzzer.play(Tone.from_frequency(min(max(out.buzzer, low), high)))
        if self.bar is not None:
            for i, led in enumerate(self.bar.leds):
                if force or out.bar[i] != old.bar[i]:
                    led.value = out.bar[i]
        for device, new, before in ((self.falls, out.falls, old.falls),
                                    (self.check, out.check, old.check),
                                    (self.ok, out.ok, old.ok)):
            if device is not None and (force or new != before):
                device.value = new
        if self.rgb is not None and (force or out.rgb != old.rgb):
            self.rgb.value = tuple(v / 255 for v in out.rgb)
        self._value = out

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Everything off, then release the pins (idempotent)."""
        if self._closed:
            return
        try:
            self.off()
        finally:
            self._closed = True
            self._close_devices()

    def _close_devices(self) -> None:
        for device in reversed(self._devices):
            try:
                device.close()
            except Exception:  # closing must not fail on a half-broken device
                log.exception("closing %r", device)
        self._devices.clear()

    def __enter__(self) -> TableLights:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("mock pins" if self.mock else "GPIO")
        return f"<TableLights {state} from {self.config.source}>"
