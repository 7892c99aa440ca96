"""Time from an engine event handed to the Announcer to the first pin change.

In-process, on gpiozero mock pins with PWM (the default wiring of ``hardware/pins.toml``).
A mock pin subclass notes the moment its state first changes; the figure is that moment
minus the moment ``announce()`` (or ``turn()``) was called. Also prints how long the call
itself took: the caller never waits for the lights.

    .venv/bin/python benchmarks/hardware_latency.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections.abc import Callable
from typing import ClassVar

from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.events import CanoeFell, GameWon, RiverMoved
from hardware.announcer import Announcer
from hardware.config import load_config


class TimedPin(MockPWMPin):
    """A mock PWM pin that records when its state first changes after :meth:`arm`."""

    armed: ClassVar[threading.Event | None] = None
    first: ClassVar[list[float]] = []

    def _change_state(self, value: float) -> bool:
        changed = super()._change_state(value)
        if changed and TimedPin.armed is not None and not TimedPin.first:
            TimedPin.first.append(time.perf_counter())
            TimedPin.armed.set()
        return changed


def measure(announcer: Announcer, trigger: Callable[[], None], runs: int
            ) -> tuple[list[float], list[float]]:
    latencies, calls = [], []
    for _ in range(runs):
        announcer.clear()
        announcer.wait_idle(5)
        time.sleep(0.002)
        done = threading.Event()
        TimedPin.first = []
        TimedPin.armed = done
        start = time.perf_counter()
        trigger()
        returned = time.perf_counter()
        if not done.wait(2):
            raise RuntimeError("no pin changed")
        TimedPin.armed = None
        latencies.append(TimedPin.first[0] - start)
        calls.append(returned - start)
    return latencies, calls


def pct(values: list[float], q: int) -> float:
    """The ``q``-th percentile."""
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    args = parser.parse_args()
    factory = MockFactory(pin_class=TimedPin)
    cases: dict[str, Callable[[Announcer], Callable[[], None]]] = {
        "river_moved (3 discs)": lambda a: lambda: a.announce(
            RiverMoved(discs=3, arms=("left", "right", "left"), base=2, weather=1)),
        "canoe_fell": lambda a: lambda: a.announce(CanoeFell(player="red", at="L2", gem=None)),
        "game_won": lambda a: lambda: a.announce(GameWon(winners=("red",), reason="7 gems")),
        "turn (companion)": lambda a: lambda: a.turn("green"),
    }
    print(f"Announcer: event -> first pin change, mock PWM pins, {args.runs} runs per event")
    print(f"{'event':24s} {'p50 ms':>8s} {'p95 ms':>8s} {'max ms':>8s}   {'call p95 ms':>11s}")
    with Announcer(load_config(), pin_factory=factory) as announcer:
        for name, make in cases.items():
            latencies, calls = measure(announcer, make(announcer), args.runs)
            print(f"{name:24s} {pct(latencies, 50) * 1e3:8.3f} {pct(latencies, 95) * 1e3:8.3f} "
                  f"{max(latencies) * 1e3:8.3f}   {pct(calls, 95) * 1e3:11.4f}")
    factory.reset()


if __name__ == "__main__":
    main()
