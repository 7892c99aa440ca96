"""``niagara-companion hw-test``.

Heavy imports (gpiozero, OpenCV) happen when a command runs, not when the parser is built.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hardware.config import HardwareConfig
    from hardware.patterns import Pattern


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``hw-test`` to the ``niagara-companion`` command line."""
    hw = subparsers.add_parser(
        "hw-test",
        help="light every LED and play every sound in turn, to check the wiring",
        description="Light every LED and play every sound of the table companion in turn, "
                    "naming each one and its GPIO, to check the wiring.",
    )
    hw.add_argument("--gpio", choices=("auto", "mock"), default="auto",
                    help="auto: the Pi's GPIO, else mock pins; mock: always mock pins "
                         "(default: auto)")
    hw.add_argument("--config", metavar="FILE",
                    help="pin configuration (TOML, BCM numbers; default: the packaged pins.toml)")
    hw.add_argument("--speed", type=float, default=1.0,
                    help="play faster (2 = twice as fast; default: 1)")
    hw.set_defaults(func=hw_test)


def _fail(message: str) -> int:
    print(f"niagara-companion: {message}", file=sys.stderr)
    return 1


# -- hw-test -----------------------------------------------------------------------------


def hw_test_steps(config: HardwareConfig) -> list[tuple[str, Pattern]]:
    """Every light and every sound, one at a time, each with a label naming its wiring."""
    from hardware import patterns

    def wired(what: str, pin: int | None) -> str:
        return f"{what} (GPIO{pin})" if pin is not None else f"{what} (not wired: virtual)"

    steps: list[tuple[str, Pattern]] = []
    n = config.bar_length
    for i in range(n):
        pin = config.bar[i] if config.bar else None
        mask = tuple(j == i for j in range(n))
        steps.append((wired(f"bar LED {i + 1} of {n}", pin), patterns.walk(f"bar {i + 1}",
                                                                          bar=mask)))
    for name, what in (("falls", "red falls LED"), ("check", "amber check LED"),
                       ("ok", "green all-good LED")):
        steps.append((wired(what, getattr(config, name)), patterns.walk(name, **{name: True})))
    rgb = config.rgb or (None, None, None)
    for pin, channel, colour in zip(rgb, ("red", "green", "blue"),
                                    ((255, 0, 0), (0, 255, 0), (0, 0, 255)), strict=True):
        steps.append((wired(f"player LED, {channel} leg", pin),
                      patterns.walk(f"rgb {channel}", rgb=colour)))
    for player, colour in config.colours.items():
        steps.append((f"player LED shows {player} {list(colour)}",
                      patterns.walk(f"player {player}", rgb=colour)))
    buzzer = wired(f"{config.buzzer_kind} buzzer", config.buzzer)
    for note in ("C5", "E5", "G5", "C6", "E6", "G6", "C7"):
        steps.append((f"{buzzer}: note {note}", patterns.tone(note, 0.3)))
    warning = patterns.discrepancy()
    warning = replace(warning, loop=False,
                      steps=tuple(replace(s, check=True, ok=False) for s in warning.steps))
    for label, pattern in (
        ("river moves 3 discs: 3 beeps, the bar fills", patterns.river(3)),
        ("river does not move: one long low beep", patterns.river(0)),
        ("1 canoe over the falls", patterns.falls(1)),
        ("2 canoes over the falls", patterns.falls(2)),
        ("board disagrees: two-tone warning (repeats in a game)", warning),
        ("board agrees again: rising chirp", patterns.resolved()),
        ("game won by red and green: fanfare",
         patterns.won([config.colours["red"], config.colours["green"]])),
    ):
        steps.append((f"{buzzer}: {label}", pattern))
    return steps


def hw_test(args: argparse.Namespace) -> int:
    """Walk through every LED and sound, printing what should happen."""
    from hardware.announcer import Announcer, HardwareError
    from hardware.config import ConfigError, load_config
    from hardware.gpio import is_mock, select_pin_factory

    if args.speed <= 0:
        return _fail("--speed must be positive")
    try:
        config = load_config(args.config)
        factory = select_pin_factory(args.gpio)
        announcer = Announcer(config, pin_factory=factory, speed=args.speed)
    except (ConfigError, HardwareError) as exc:
        return _fail(str(exc))
    with announcer:
        if is_mock(factory):
            print("Mock pins: nothing on the header moves; each step is only simulated.")
        else:
            print(f"GPIO through {type(factory).__name__}; pins from {config.source}.")
        steps = hw_test_steps(config)
        for number, (label, pattern) in enumerate(steps, start=1):
            print(f"{number:2d}/{len(steps)}  {label}", flush=True)
            announcer.play(pattern)
            if not announcer.wait_idle(pattern.duration / args.speed + 5):
                return _fail("the announcer stopped responding")
        print("Done: every LED and sound was shown.")
    return 0


# -- record ------------------------------------------------------------------------------
