"""The wiring: which BCM GPIO drives which light, read from a TOML file.

The packaged default is ``hardware/pins.toml``; any device can be left out by
deleting its line or setting it to ``false``.

>>> config = load_config()
>>> config.bar, config.buzzer, config.buzzer_kind
((5, 6, 13, 19, 26, 16, 20, 21), 18, 'tonal')
"""

from __future__ import annotations

import logging
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.colours import LED

log = logging.getLogger(__name__)

BCM_PINS = range(2, 28)
"""The BCM numbers on the 40-pin header (GPIO0/1 are the HAT EEPROM bus)."""

BAR_LENGTH = 8
"""LEDs in the disc bar: the most a river moves in the base game is 6 + 2."""

DEFAULT_COLOURS: dict[str, tuple[int, int, int]] = dict(LED)
"""The player LED's colour for each player colour (from the one colour table,
:mod:`companion.colours`; ``[rgb.colours]`` in the pin file overrides them)."""


class ConfigError(ValueError):
    """The pin configuration cannot be used; the message says which line to fix."""


@dataclass(frozen=True)
class HardwareConfig:
    """Pins (BCM numbers, ``None`` = not wired) and options of every device."""

    bar: tuple[int, ...] = ()
    falls: int | None = None
    check: int | None = None
    ok: int | None = None
    leds_active_high: bool = True
    rgb: tuple[int, int, int] | None = None
    rgb_active_high: bool = True
    colours: Mapping[str, tuple[int, int, int]] = field(
        default_factory=lambda: dict(DEFAULT_COLOURS))
    buzzer: int | None = None
    buzzer_kind: str = "tonal"
    buzzer_active_high: bool = True
    speed: float = 1.0
    source: str = "<defaults>"
    """Where the configuration was read from, for messages."""

    def pins(self) -> dict[str, int]:
        """Every wired output by name (``bar1``..``bar8``, ``falls``, ``rgb_red``, ...)."""
        named: dict[str, int] = {f"bar{i}": pin for i, pin in enumerate(self.bar, start=1)}
        for name in ("falls", "check", "ok", "buzzer"):
            pin = getattr(self, name)
            if pin is not None:
                named[name] = pin
        if self.rgb is not None:
            named.update(zip(("rgb_red", "rgb_green", "rgb_blue"), self.rgb, strict=True))
        return named

    @property
    def bar_length(self) -> int:
        """LEDs in the bar as shown on the web page (8 when the bar is not wired)."""
        return len(self.bar) or BAR_LENGTH


def default_config_path() -> Path:
    """The packaged ``pins.toml``."""
    return Path(__file__).with_name("pins.toml")


PINS_ENV = "NIAGARA_PINS"
"""Environment variable naming the pin configuration used when none is given."""


def load_config(path: str | Path | None = None) -> HardwareConfig:
    """Read a pin configuration.

    ``None`` reads the file named by ``$NIAGARA_PINS`` if it is set and the file exists,
    else the packaged default (``hardware/pins.toml``).

    :raises ConfigError: the file is missing, is not TOML, or names a bad pin.
    """
    if path is None:
        env = os.environ.get(PINS_ENV)
        path = env if env and Path(env).is_file() else default_config_path()
        if env and not Path(env).is_file():
            log.info("%s=%s does not exist: using the default wiring", PINS_ENV, env)
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read the pin configuration {path}: {exc.strerror}") from None
    return parse_config(text, source=str(path))


def parse_config(text: str, *, source: str = "<string>") -> HardwareConfig:
    """Build a :class:`HardwareConfig` from TOML text (see ``pins.toml``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source} is not valid TOML: {exc}") from None
    reader = _Reader(data, source)
    leds = reader.table("leds")
    bar = reader.pin_list(leds, "leds.bar")
    if len(bar) > BAR_LENGTH:
        raise ConfigError(f"{source}: leds.bar has {len(bar)} pins, at most {BAR_LENGTH}")
    rgb_table = reader.table("rgb")
    rgb_pins = tuple(reader.pin(rgb_table, f"rgb.{c}") for c in ("red", "green", "blue"))
    if any(p is None for p in rgb_pins) and any(p is not None for p in rgb_pins):
        raise ConfigError(f"{source}: the RGB LED needs all of rgb.red, rgb.green, rgb.blue "
                          "(or none of them)")
    red, green, blue = rgb_pins
    rgb = None if red is None or green is None or blue is None else (red, green, blue)
    colours = dict(DEFAULT_COLOURS)
    for name, value in reader.table_in(rgb_table, "colours", "rgb.colours").items():
        colours[name] = reader.colour(value, f"rgb.colours.{name}")
    buzzer_table = reader.table("buzzer")
    kind = buzzer_table.get("kind", "tonal")
    if kind not in ("tonal", "plain"):
        raise ConfigError(f'{source}: buzzer.kind must be "tonal" or "plain", not {kind!r}')
    timing = reader.table("timing")
    speed = timing.get("speed", 1.0)
    if isinstance(speed, bool) or not isinstance(speed, int | float) or speed <= 0:
        raise ConfigError(f"{source}: timing.speed must be a positive number, not {speed!r}")
    config = HardwareConfig(
        bar=bar,
        falls=reader.pin(leds, "leds.falls"),
        check=reader.pin(leds, "leds.check"),
        ok=reader.pin(leds, "leds.ok"),
        leds_active_high=reader.flag(leds, "leds.active_high"),
        rgb=rgb,
        rgb_active_high=reader.flag(rgb_table, "rgb.active_high"),
        colours=colours,
        buzzer=reader.pin(buzzer_table, "buzzer.pin"),
        buzzer_kind=kind,
        buzzer_active_high=reader.flag(buzzer_table, "buzzer.active_high"),
        speed=float(speed),
        source=source,
    )
    seen: dict[int, str] = {}
    for name, pin in config.pins().items():
        if pin in seen:
            raise ConfigError(f"{source}: GPIO{pin} is used twice ({seen[pin]} and {name})")
        seen[pin] = name
    return config


class _Reader:
    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.data = data
        self.source = source

    def table(self, name: str) -> dict[str, Any]:
        return self.table_in(self.data, name, name)

    def table_in(self, data: Mapping[str, Any], name: str, where: str) -> dict[str, Any]:
        value = data.get(name, {})
        if not isinstance(value, dict):
            raise ConfigError(f"{self.source}: [{where}] must be a table")
        return value

    def pin(self, table: Mapping[str, Any], where: str) -> int | None:
        value = table.get(where.rsplit(".", 1)[1], False)
        if value is False:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value not in BCM_PINS:
            raise ConfigError(f"{self.source}: {where} must be a BCM GPIO number "
                              f"{BCM_PINS.start}..{BCM_PINS.stop - 1} or false, not {value!r}")
        return value

    def pin_list(self, table: Mapping[str, Any], where: str) -> tuple[int, ...]:
        value = table.get(where.rsplit(".", 1)[1], False)
        if value is False:
            return ()
        if not isinstance(value, list):
            raise ConfigError(f"{self.source}: {where} must be a list of BCM GPIO numbers")
        for item in value:
            if isinstance(item, bool) or not isinstance(item, int) or item not in BCM_PINS:
                raise ConfigError(f"{self.source}: {where} must list BCM GPIO numbers "
                                  f"{BCM_PINS.start}..{BCM_PINS.stop - 1}, not {item!r}")
        return tuple(value)

    def flag(self, table: Mapping[str, Any], where: str) -> bool:
        value = table.get(where.rsplit(".", 1)[1], True)
        if not isinstance(value, bool):
            raise ConfigError(f"{self.source}: {where} must be true or false, not {value!r}")
        return value

    def colour(self, value: Any, where: str) -> tuple[int, int, int]:
        if (not isinstance(value, list) or len(value) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255
                           for v in value)):
            raise ConfigError(f"{self.source}: {where} must be [red, green, blue] in 0..255")
        return (value[0], value[1], value[2])
