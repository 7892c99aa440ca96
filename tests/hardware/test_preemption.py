"""How announcements queue, merge and preempt each other (on the fake clock, exactly);
the caller never waits for the announcer's thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from gpiozero.pins.mock import MockFactory

from companion.events import CanoeFell, DiscPushed, GameWon, RiverMoved, RoundStarted
from hardware import patterns
from hardware.announcer import Announcer

if TYPE_CHECKING:
    from conftest import Driver, FakeClock, MakeAnnouncer

BAR = (5, 6, 13, 19, 26, 16, 20, 21)
FALLS, CHECK, OK, BUZZER = 17, 27, 22, 18
Check = Callable[[int, list[tuple[float, float]]], None]


def river(discs: int) -> RiverMoved:
    return RiverMoved(discs=discs, arms=("left",) * discs, base=discs, weather=0)


FELL = CanoeFell(player="green", at="R2", gem="blue")


class Patterns:
    """The sequence of patterns the listener saw, with when each started (fake clock)."""

    def __init__(self, clock: Callable[[], float] = lambda: 0.0) -> None:
        self.seen: list[tuple[str | None, float]] = []
        self.clock = clock
        self.t0 = clock()
        self.lock = threading.Lock()

    def __call__(self, snapshot: dict) -> None:
        with self.lock:
            name = snapshot["pattern"]
            if not self.seen or self.seen[-1][0] != name:
                self.seen.append((name, round(self.clock() - self.t0, 6)))

    @property
    def names(self) -> list[str | None]:
        return [name for name, _ in self.seen]


def test_one_shots_play_in_order_each_to_its_end(
    announcer: Announcer, drive: Driver, clock: FakeClock, timeline: Check
) -> None:
    seen = Patterns(clock)
    announcer.add_listener(seen)
    announcer.announce(river(2))
    fell = 0.1
    drive.to(fell)
    announcer.announce(FELL)
    drive.settle()
    assert seen.names == ["river 2", "falls 1", None]
    assert seen.seen[1][1] == 0.48  # after the whole river pattern
    # the falls LED is steady state: lit at once, then blinks when its tune plays
    timeline(FALLS, [(0, 0), (fell, 1), (0.48 - fell + 0.52, 0), (0.24, 1)])


def test_falls_of_one_transition_merge_into_one_tune(
    announcer: Announcer, drive: Driver
) -> None:
    seen = Patterns()
    announcer.add_listener(seen)
    announcer.announce(
        RoundStarted(round=3, first_player="red"),
        river(1),
        DiscPushed(number=1, arm="left", predicted="left"),
        FELL,
        CanoeFell(player="red", at="R2", gem=None),
        CanoeFell(player="joe", at="R2", gem=None),
    )
    drive.settle()
    assert seen.names == ["river 1", "falls 3", None]


def test_a_fall_announced_separately_merges_while_its_tune_still_waits(
    announcer: Announcer, drive: Driver
) -> None:
    seen = Patterns()
    announcer.add_listener(seen)
    announcer.announce(river(1))
    drive.to(0.1)
    announcer.announce(FELL)
    drive.to(0.2)
    announcer.announce(FELL)
    drive.settle()
    assert seen.names == ["river 1", "falls 2", None]


def test_game_won_cuts_what_plays_and_drops_what_waits(
    announcer: Announcer, drive: Driver, clock: FakeClock, timeline: Check
) -> None:
    seen = Patterns(clock)
    announcer.add_listener(seen)
    announcer.announce(river(5))
    announcer.announce(FELL)
    cut = 0.3
    drive.to(cut)
    announcer.announce(GameWon(winners=("yellow",), reason="5 different colours"))
    assert drive.settle() == pytest.approx(1.6)
    assert seen.names == ["river 5", "won", None]
    assert seen.seen[1][1] == cut
    # the bar had lit 2 LEDs when the fanfare cut in and lit all 8; the river's 5 discs
    # are still to push afterwards
    timeline(BAR[1], [(0, 0), (0.24, 1)])
    timeline(BAR[2], [(0, 0), (cut, 1)])
    timeline(BAR[5], [(0, 0), (cut, 1), (1.6, 0)])


def test_discrepancy_loop_gives_way_to_one_shots_and_resumes(
    announcer: Announcer, drive: Driver, clock: FakeClock, timeline: Check
) -> None:
    seen = Patterns(clock)
    announcer.add_listener(seen)
    announcer.discrepancy(True)
    beep = 0.1
    drive.to(beep)
    announcer.announce(river(1))  # cuts the high tone at once (same duty: no edge)
    resolved = 0.7
    drive.to(resolved)
    names = list(seen.names)
    announcer.discrepancy(False)
    drive.settle()
    again = beep + 0.24  # the loop starts again after the river's beep and silence
    assert names == ["discrepancy", "river 1", "discrepancy"]
    assert seen.names == ["discrepancy", "river 1", "discrepancy", "resolved", None]
    assert seen.seen[2][1] == pytest.approx(again)
    # high tone from 0 (cut by the beep), beep ends at beep + 0.12, the loop's high tone
    # again, then its low tone, cut by the chirp's first note (ends 0.07 s later)
    timeline(
        BUZZER,
        [
            (0, 0),
            (0, 0.5),
            (beep + 0.12, 0),
            (0.12, 0.5),
            (0.25, 0),
            (0.03, 0.5),
            (resolved + 0.07 - (again + 0.28), 0),
            (0.03, 0.5),
            (0.12, 0),
        ],
    )
    timeline(BAR[0], [(0, 0), (beep, 1)])
    timeline(CHECK, [(0, 0), (0, 1), (resolved, 0)])


def test_resolving_a_discrepancy_twice_chirps_once(announcer: Announcer, drive: Driver) -> None:
    seen = Patterns()
    announcer.add_listener(seen)
    announcer.discrepancy(False)  # nothing to resolve
    announcer.discrepancy(True)
    drive.to(0.1)
    announcer.discrepancy(True)  # already on: the loop does not restart
    drive.to(0.2)
    announcer.discrepancy(False)
    announcer.discrepancy(False)
    drive.settle()
    assert seen.names == ["discrepancy", "resolved", None]
    assert announcer.snapshot()["check"] is False


def test_too_many_waiting_announcements_drop_the_oldest(make_announcer: MakeAnnouncer) -> None:
    seen = Patterns()
    announcer, drive = make_announcer(listener=seen)
    announcer.announce(river(1))
    drive.to(0.1)
    assert announcer.snapshot()["pattern"] == "river 1"
    for discs in range(2, 12):  # 1 plays, 10 wait: the oldest 2 are dropped
        announcer.announce(river(discs))
    drive.settle()
    played = [name for name in seen.names if name]
    assert played == ["river 1"] + [f"river {n}" for n in range(4, 12)]
    assert Announcer.MAX_PENDING == 8


def test_clear_stops_everything_and_resets_the_lights(
    announcer: Announcer, drive: Driver, timeline: Check
) -> None:
    announcer.turn("blue")
    announcer.discrepancy(True)
    announcer.announce(river(4), FELL)
    cleared = 0.1
    drive.to(cleared)
    announcer.clear()
    assert drive.settle() == 0
    snap = announcer.snapshot()
    assert snap["bar"] == [False] * 8
    assert (snap["falls"], snap["check"], snap["ok"]) == (False, False, True)
    assert snap["player"] is None and snap["player_rgb"] == [0, 0, 0]
    assert snap["pattern"] is None and snap["buzzer"]["on"] is False
    timeline(BUZZER, [(0, 0), (0, 0.5), (cleared, 0)])


def test_the_caller_never_waits(factory: MockFactory) -> None:
    """Every call returns while the announcer's thread is stuck in a listener."""
    stuck, release = threading.Event(), threading.Event()
    released_in_time: list[bool] = []

    def stuck_listener(snapshot: dict) -> None:
        if not stuck.is_set():
            stuck.set()
            released_in_time.append(release.wait(10))

    with Announcer(pin_factory=factory) as announcer:
        announcer.add_listener(stuck_listener)
        announcer.turn("red")
        assert stuck.wait(10)
        for _ in range(20):
            announcer.announce(river(8), FELL)
            announcer.turn("red")
            announcer.disc_confirmed()
            announcer.discrepancy(True)
        release.set()  # had any call waited for the thread, the listener would time out
        announcer.clear()
        assert announcer.wait_idle(10)
    assert released_in_time == [True]


def test_a_failing_listener_does_not_stop_the_lights(factory: MockFactory) -> None:
    def broken(snapshot: dict) -> None:
        raise RuntimeError("web page gone")

    with Announcer(pin_factory=factory, listener=broken, speed=4) as announcer:
        announcer.announce(river(2))
        assert announcer.wait_idle(5)
        assert announcer.snapshot()["bar"][:3] == [True, True, False]


def test_play_queues_any_pattern(announcer: Announcer, drive: Driver, timeline: Check) -> None:
    announcer.play(patterns.walk("falls LED", 0.2, falls=True))
    assert drive.settle() == pytest.approx(0.2)
    timeline(FALLS, [(0, 0), (0, 1), (0.2, 0)])
    timeline(OK, [(0, 1), (0, 0), (0.2, 1)])


def test_close_is_idempotent_and_later_calls_are_ignored(factory: MockFactory) -> None:
    announcer = Announcer(pin_factory=factory)
    announcer.announce(river(3))
    announcer.close()
    announcer.close()
    assert announcer.closed
    announcer.announce(river(2))
    announcer.turn("red")
    assert all(
        state is False or state == 0
        for state in [factory.pin(f"GPIO{n}").state for n in (*BAR, FALLS, CHECK, OK, BUZZER)]
    )
    assert "closed" in repr(announcer)
