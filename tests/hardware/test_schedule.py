"""The light schedule on its own: commands in, outputs and deadlines out, at given moments."""

from __future__ import annotations

import pytest

from companion.events import CanoeFell, RiverMoved
from hardware.patterns import Pattern, Step
from hardware.schedule import (
    Announce,
    Clear,
    DiscConfirmed,
    Discrepancy,
    LightSchedule,
    Outputs,
    Play,
    Turn,
)

RIVER_3 = RiverMoved(discs=3, arms=("left", "right", "left"), base=2, weather=1)


def play_out(schedule: LightSchedule) -> list[tuple[float, Outputs]]:
    """Every change from now on, at the moments the schedule names."""
    changes = []
    while (deadline := schedule.next_deadline()) is not None:
        changes.append((round(deadline, 6), schedule.outputs(deadline)))
    return changes


def test_a_river_beeps_once_per_disc_at_exact_moments() -> None:
    schedule = LightSchedule(bar_length=8)
    schedule.handle(Announce((RIVER_3,)), now=5.0)
    first = schedule.outputs(5.0)
    assert first.buzzer == 1760.0 and first.bar[:2] == (True, False) and not first.ok
    changes = play_out(schedule)
    assert [t for t, _ in changes] == [5.12, 5.24, 5.36, 5.48, 5.6, 5.72]
    assert [out.buzzer is not None for _, out in changes] == [False, True, False, True, False,
                                                             False]
    assert changes[-1][1].bar == (True,) * 3 + (False,) * 5
    assert schedule.idle and schedule.pattern is None and schedule.discs_left == 3


def test_speed_divides_every_hold() -> None:
    schedule = LightSchedule(speed=4)
    schedule.handle(Announce((RIVER_3,)), now=0.0)
    assert [t for t, _ in play_out(schedule)] == [0.03, 0.06, 0.09, 0.12, 0.15, 0.18]


def test_a_stalled_caller_delays_the_notes_but_loses_none() -> None:
    schedule = LightSchedule()
    schedule.handle(Announce((RIVER_3,)), now=0.0)
    beeps, last = 1, True  # the first beep sounds from 0
    for now in (0.05, 0.5, 0.55, 1.2, 1.25, 1.5, 2.0, 2.2, 3.0):  # far past the 0.72 s
        sounding = schedule.outputs(now).buzzer is not None
        beeps += sounding and not last
        last = sounding
    assert beeps == 3 and schedule.pattern is None


def test_the_discrepancy_loop_keeps_its_period_and_gives_way() -> None:
    schedule = LightSchedule()
    schedule.handle(Discrepancy(True), now=0.0)
    starts = [t for t, out in play_out_until(schedule, 5.0) if out.buzzer == pytest.approx(987.77,
                                                                                           0.01)]
    assert starts == [1.76, 3.52]  # the high tone starts each pass
    schedule.handle(Announce((CanoeFell(player="red", at="L2", gem=None),)), now=5.0)
    assert schedule.pattern == "falls 1" and not schedule.idle
    end = play_out_until(schedule, 20.0)
    assert schedule.pattern == "discrepancy" and schedule.idle
    assert end[0][0] == pytest.approx(5.08)  # the first note of the falls
    schedule.handle(Discrepancy(False), now=20.0)
    assert schedule.pattern == "resolved" and not schedule.outputs(20.0).check


def play_out_until(schedule: LightSchedule, end: float) -> list[tuple[float, Outputs]]:
    changes = []
    while (deadline := schedule.next_deadline()) is not None and deadline <= end:
        changes.append((round(deadline, 6), schedule.outputs(deadline)))
    return changes


def test_turns_confirmations_and_clear_change_the_steady_state_at_once() -> None:
    schedule = LightSchedule(colours={"red": (255, 0, 0)})
    schedule.handle(Announce((RIVER_3, CanoeFell(player="red", at="L2", gem=None))), now=0.0)
    schedule.handle(Turn("red"), now=0.1)
    schedule.handle(DiscConfirmed(), now=0.1)
    out = schedule.outputs(0.1)
    assert out.rgb == (255, 0, 0) and not out.falls and schedule.discs_left == 2
    assert schedule.waiting == ("falls 1",)
    schedule.handle(Turn("purple"), now=0.2)  # no colour for it: white
    assert schedule.outputs(0.2).rgb == (255, 255, 255)
    schedule.handle(Clear(), now=0.3)
    assert schedule.outputs(0.3) == Outputs(bar=(False,) * 8, ok=True)
    assert schedule.next_deadline() is None and schedule.waiting == ()


def test_time_never_goes_back() -> None:
    schedule = LightSchedule()
    schedule.handle(Play(Pattern("x", (Step(1.0, 440.0),))), now=10.0)
    assert schedule.outputs(10.5).buzzer == 440.0
    assert schedule.outputs(3.0).buzzer == 440.0  # an earlier moment counts as 10.5
    assert schedule.outputs(11.0).buzzer is None


def test_empty_patterns_and_bad_commands() -> None:
    schedule = LightSchedule()
    schedule.handle(Play(Pattern("nothing", ())), now=0.0)
    schedule.handle(Play(Pattern("forever", (Step(0.0),), loop=True)), now=0.0)
    assert schedule.pattern is None and schedule.next_deadline() is None
    with pytest.raises(TypeError, match="not a light command"):
        schedule.handle("turn", now=0.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="speed"):
        LightSchedule(speed=0)
