"""``niagara-companion hw-test``."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from hardware.cli import hw_test_steps
from hardware.config import HardwareConfig, load_config


def test_hw_test_walks_through_every_led_and_sound(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hw-test", "--gpio", "mock", "--speed", "50"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Mock pins")
    for label in (
        "bar LED 1 of 8 (GPIO5)",
        "bar LED 8 of 8 (GPIO21)",
        "red falls LED (GPIO17)",
        "amber check LED (GPIO27)",
        "green all-good LED (GPIO22)",
        "player LED, blue leg (GPIO25)",
        "player LED shows brown",
        "tonal buzzer (GPIO18): note C5",
        "2 canoes over the falls",
        "two-tone warning",
        "fanfare",
    ):
        assert label in out
    assert out.rstrip().endswith("Done: every LED and sound was shown.")


def test_hw_test_names_unwired_devices_as_virtual() -> None:
    labels = [label for label, _ in hw_test_steps(HardwareConfig())]
    assert "bar LED 3 of 8 (not wired: virtual)" in labels
    assert "red falls LED (not wired: virtual)" in labels
    steps = hw_test_steps(load_config())
    assert len(steps) == 8 + 3 + 3 + 6 + 7 + 7
    assert all(pattern.duration > 0 and not pattern.loop for _, pattern in steps)


def test_hw_test_bad_config_is_one_plain_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "pins.toml"
    bad.write_text("[leds]\nfalls = 99\n")
    assert main(["hw-test", "--gpio", "mock", "--config", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "leds.falls must be a BCM GPIO number" in err
    assert "Traceback" not in err
