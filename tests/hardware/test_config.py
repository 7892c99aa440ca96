"""The pin configuration: defaults, leaving devices out, and plain errors."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware import gpio
from hardware.announcer import Announcer, HardwareError
from hardware.config import ConfigError, HardwareConfig, load_config, parse_config


def test_default_wiring_uses_each_pin_once() -> None:
    config = load_config()
    pins = config.pins()
    assert len(pins) == 15
    assert len(set(pins.values())) == 15
    assert config.bar == (5, 6, 13, 19, 26, 16, 20, 21)
    assert (config.falls, config.check, config.ok, config.rgb, config.buzzer) == (
        17,
        27,
        22,
        (23, 24, 25),
        18,
    )
    assert config.colours["black"] == (255, 255, 255)


def test_devices_can_be_left_out() -> None:
    config = parse_config("[leds]\nfalls = 17\nok = false\n")
    assert config.pins() == {"falls": 17}
    assert config.bar_length == 8  # the web page still shows a bar of 8


def test_an_announcer_with_nothing_wired_still_has_virtual_lights(factory: MockFactory) -> None:
    with Announcer(HardwareConfig(), pin_factory=factory, speed=8) as announcer:
        announcer.turn("brown")
        announcer.announce(_river(2))
        assert announcer.wait_idle(5)
        snap = announcer.snapshot()
    assert snap["bar"] == [True, True] + [False] * 6
    assert snap["player_rgb"] == [150, 60, 10]
    assert snap["wired"] == dict.fromkeys(("bar", "falls", "check", "ok", "rgb", "buzzer"), False)
    assert snap["mock"] is True
    assert factory.pins == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[leds]\nfalls = 40", "leds.falls must be a BCM GPIO number 2..27"),
        ("[leds]\nfalls = 17\ncheck = 17", "GPIO17 is used twice (falls and check)"),
        ("[leds]\nbar = [5, 6, 7, 8, 9, 10, 11, 12, 13]", "leds.bar has 9 pins"),
        ('[leds]\nbar = [5, "six"]', "leds.bar must list BCM GPIO numbers"),
        ("[rgb]\nred = 23", "needs all of rgb.red, rgb.green, rgb.blue"),
        ("[rgb.colours]\nred = [300, 0, 0]", "rgb.colours.red must be [red, green, blue]"),
        ('[buzzer]\nkind = "loud"', 'buzzer.kind must be "tonal" or "plain"'),
        ("[timing]\nspeed = 0", "timing.speed must be a positive number"),
        ("[leds\n", "is not valid TOML"),
    ],
)
def test_bad_configuration_says_what_to_fix(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        parse_config(text, source="pins.toml")


def test_a_missing_file_is_a_plain_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read the pin configuration"):
        load_config(tmp_path / "nope.toml")


def test_a_pin_already_in_use_is_a_hardware_error(factory: MockFactory) -> None:
    from gpiozero import LED

    with LED(17, pin_factory=factory), pytest.raises(HardwareError, match="cannot set up"):
        Announcer(parse_config("[leds]\nok = 22\nfalls = 17"), pin_factory=factory)
    # the half-built announcer released GPIO22 again
    with LED(22, pin_factory=factory):
        pass


def test_auto_falls_back_to_mock_pins_and_says_so_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(gpio, "_auto", None)
    monkeypatch.setattr(gpio, "_auto_failure", None)
    monkeypatch.setattr(gpio, "real_hardware_expected", lambda: False)  # not a Pi
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    with caplog.at_level(logging.INFO, logger="hardware.gpio"):
        first = gpio.select_pin_factory("auto")
        second = gpio.select_pin_factory("auto")
    assert first is second and gpio.is_mock(first)
    assert [r.message for r in caplog.records if "MockFactory" in r.message] != []
    assert len(caplog.records) == 1


def test_on_a_pi_or_under_systemd_auto_never_falls_back_to_mock_pins(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(gpio, "_auto", None)
    monkeypatch.setattr(gpio, "_auto_failure", None)
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    assert gpio.on_raspberry_pi(str(model)) and not gpio.on_raspberry_pi(str(tmp_path / "x"))
    monkeypatch.setenv("INVOCATION_ID", "0123abcd")
    assert gpio.under_systemd() and gpio.real_hardware_expected()
    with pytest.raises(gpio.GPIOUnavailable, match=r"GPIO cannot be used .*gpio group"):
        gpio.select_pin_factory("auto")
    with pytest.raises(gpio.GPIOUnavailable):  # asked again: still no, never mock pins
        gpio.select_pin_factory("auto")
    assert gpio.is_mock(gpio.select_pin_factory("mock"))  # asked for by name: a demo


def test_auto_respects_a_factory_already_set(
    monkeypatch: pytest.MonkeyPatch, factory: MockFactory
) -> None:
    monkeypatch.setattr(Device, "pin_factory", factory)
    assert gpio.select_pin_factory("auto") is factory
    assert gpio.select_pin_factory("mock") is not factory
    with pytest.raises(ValueError, match="unknown GPIO mode"):
        gpio.select_pin_factory("real")


def _river(discs: int):
    from companion.events import RiverMoved

    return RiverMoved(discs=discs, arms=("left",) * discs, base=discs, weather=0)


def test_niagara_pins_names_the_wiring_when_none_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    custom = tmp_path / "pins.toml"
    custom.write_text("[buzzer]\npin = 12\n")
    monkeypatch.setenv("NIAGARA_PINS", str(custom))
    assert load_config().pins() == {"buzzer": 12}
    monkeypatch.setenv("NIAGARA_PINS", str(tmp_path / "absent.toml"))
    assert load_config().buzzer == 18  # the packaged default
