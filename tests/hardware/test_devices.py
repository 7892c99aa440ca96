"""The composite of the table's LEDs and buzzer: it shows what it is given, nothing more."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.config import load_config, parse_config
from hardware.devices import HardwareError, TableLights
from hardware.schedule import Outputs

BAR = (5, 6, 13, 19, 26, 16, 20, 21)
FALLS, OK, BUZZER = 17, 22, 18


def test_only_the_pins_that_change_are_written(factory: MockFactory) -> None:
    with TableLights(load_config(), pin_factory=factory) as lights:
        for pin in factory.pins.values():
            pin.clear_states()
        shown = Outputs(bar=(True,) + (False,) * 7, falls=True, rgb=(255, 0, 0), buzzer=880.0)
        lights.value = shown
        lights.value = shown
        lights.value = Outputs(bar=(True,) + (False,) * 7, falls=True, rgb=(255, 0, 0))
        assert [s.state for s in factory.pin(f"GPIO{BAR[0]}").states] == [False, True]
        assert [s.state for s in factory.pin(f"GPIO{BAR[1]}").states] == [False]
        assert [s.state for s in factory.pin(f"GPIO{BUZZER}").states] == [0, 0.5, 0]
        assert lights.value.falls and not lights.is_sounding
        assert lights.wired == dict.fromkeys(("bar", "falls", "check", "ok", "rgb", "buzzer"),
                                             True)


def test_close_turns_everything_off_once(factory: MockFactory) -> None:
    lights = TableLights(load_config(), pin_factory=factory)
    lights.value = Outputs(bar=(True,) * 8, falls=True, ok=True, buzzer=440.0)
    lights.close()
    lights.close()
    assert lights.closed and lights.value == Outputs.dark(8) and "closed" in repr(lights)
    with pytest.raises(HardwareError, match="closed"):
        lights.value = Outputs.dark(8)


def test_a_short_bar_is_padded(factory: MockFactory) -> None:
    with TableLights(parse_config("[leds]\nbar = [5, 6]"), pin_factory=factory) as lights:
        lights.value = Outputs(bar=(True,))
        assert lights.value.bar == (True, False)
        assert factory.pin("GPIO5").state and not factory.pin("GPIO6").state


def test_a_pin_in_use_is_a_hardware_error_and_frees_the_others(factory: MockFactory) -> None:
    holder = TableLights(parse_config("[leds]\nok = 22"), pin_factory=factory)
    with pytest.raises(HardwareError, match="cannot set up the lights"):
        TableLights(parse_config("[leds]\nfalls = 17\nok = 22"), pin_factory=factory)
    holder.close()
    with TableLights(parse_config("[leds]\nfalls = 17\nok = 22"), pin_factory=factory) as lights:
        assert lights.wired["falls"] and lights.wired["ok"]  # GPIO17 was released


def test_mock_pins_remember_only_their_last_changes() -> None:
    """``serve`` with mock lights runs for hours: gpiozero's mock pins would keep every
    state change (about 330 a game); ours keep the newest ``PIN_STATES_KEPT``."""
    from hardware.gpio import PIN_STATES_KEPT, mock_factory

    factory = mock_factory()
    try:
        with TableLights(load_config(), pin_factory=factory) as lights:
            for n in range(3 * PIN_STATES_KEPT):
                lights.value = Outputs(bar=(n % 2 == 0,) + (False,) * 7,
                                       buzzer=440.0 if n % 2 == 0 else None)
            bar, buzzer = factory.pin(f"GPIO{BAR[0]}"), factory.pin(f"GPIO{BUZZER}")
            assert len(bar.states) == len(buzzer.states) == PIN_STATES_KEPT
            assert not bar.states[-1].state and buzzer.states[-1].state == 0
            bar.clear_states()
            assert [s.state for s in bar.states] == [False]
    finally:
        factory.reset()
