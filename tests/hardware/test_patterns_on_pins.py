"""Each pattern's exact pin states and timings, on mock PWM pins (speed 1), on the fake
clock: exact, no sleeps, no retries."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from gpiozero.pins.mock import MockFactory

from companion.events import CanoeFell, GameWon, RiverMoved
from hardware.announcer import Announcer
from hardware.config import parse_config

if TYPE_CHECKING:
    from conftest import Driver, MakeAnnouncer

BAR = (5, 6, 13, 19, 26, 16, 20, 21)
FALLS, CHECK, OK, BUZZER = 17, 27, 22, 18
RGB = (23, 24, 25)
Check = Callable[[int, list[tuple[float, float]]], None]
Clear = Callable[[], None]


def river(discs: int) -> RiverMoved:
    return RiverMoved(
        discs=discs,
        arms=("left", "right") * (discs // 2) + ("left",) * (discs % 2),
        base=max(0, discs - 1),
        weather=min(discs, 1),
    )


class Notes:
    """Records the buzzer's notes from the announcer's listener."""

    def __init__(self) -> None:
        self.notes: list[str | None] = []
        self.patterns: list[str | None] = []

    def __call__(self, snapshot: dict) -> None:
        note = snapshot["buzzer"]["note"]
        if not self.notes or self.notes[-1] != note:
            self.notes.append(note)
        if not self.patterns or self.patterns[-1] != snapshot["pattern"]:
            self.patterns.append(snapshot["pattern"])


def test_river_lights_one_led_per_beep(
    announcer: Announcer, drive: Driver, timeline: Check
) -> None:
    announcer.announce(river(3))
    assert drive.settle() == pytest.approx(0.72)
    timeline(BAR[0], [(0, 0), (0, 1)])
    timeline(BAR[1], [(0, 0), (0.24, 1)])
    timeline(BAR[2], [(0, 0), (0.48, 1)])
    for number in BAR[3:]:
        timeline(number, [(0, 0)])
    timeline(BUZZER, [(0, 0), (0, 0.5), (0.12, 0), (0.12, 0.5), (0.12, 0), (0.12, 0.5), (0.12, 0)])
    timeline(OK, [(0, 1), (0, 0)])  # not all good: discs to push
    assert announcer.snapshot()["bar"] == [True] * 3 + [False] * 5
    assert announcer.snapshot()["discs_left"] == 3


def test_each_confirmed_push_turns_one_led_out(
    announcer: Announcer, drive: Driver, timeline: Check, clear_states: Clear
) -> None:
    announcer.announce(river(2))
    drive.settle()
    clear_states()
    drive.start()
    announcer.disc_confirmed()
    drive.to(0.2)
    announcer.disc_confirmed()
    drive.to(0.4)
    announcer.disc_confirmed()  # one too many: nothing left to turn off
    drive.settle()
    timeline(BAR[1], [(0, 1), (0, 0)])
    timeline(BAR[0], [(0, 1), (0.2, 0)])
    timeline(OK, [(0, 0), (0.2, 1)])  # all good once the bar is empty
    timeline(BUZZER, [(0, 0)])  # silent
    assert announcer.snapshot()["discs_left"] == 0


def test_a_river_that_does_not_move_gives_one_long_low_beep(
    announcer: Announcer, drive: Driver, timeline: Check
) -> None:
    notes = Notes()
    announcer.add_listener(notes)
    announcer.announce(river(0))
    assert drive.settle() == pytest.approx(0.5)
    timeline(BUZZER, [(0, 0), (0, 0.5), (0.4, 0)])
    timeline(BAR[0], [(0, 0)])
    timeline(OK, [(0, 1)])
    assert notes.notes == ["A4", None]


def test_more_discs_than_leds_fill_the_bar_and_beep_for_each(
    make_announcer: MakeAnnouncer, factory: MockFactory
) -> None:
    announcer, drive = make_announcer(
        parse_config("[leds]\nbar = [5, 6, 13]\n[buzzer]\npin = 18"), speed=4)
    announcer.announce(river(5))
    assert drive.settle() == pytest.approx(1.2 / 4)
    assert sum(1 for s in factory.pin(f"GPIO{BUZZER}").states if s.state) == 5
    assert announcer.snapshot()["bar"] == [True, True, True]
    announcer.disc_confirmed()
    announcer.disc_confirmed()
    drive.settle()
    assert announcer.snapshot()["bar"] == [True, True, True]
    announcer.disc_confirmed()
    drive.settle()
    assert announcer.snapshot()["bar"] == [True, True, False]


def test_falls_tune_has_one_falling_run_per_canoe(
    announcer: Announcer, drive: Driver, timeline: Check
) -> None:
    notes = Notes()
    announcer.add_listener(notes)
    announcer.announce(
        CanoeFell(player="red", at="L2", gem=None), CanoeFell(player="joe", at="L2", gem="pink")
    )
    assert drive.settle() == pytest.approx(2 * 0.76)
    timeline(FALLS, [(0, 0), (0, 1), (0.52, 0), (0.24, 1), (0.52, 0), (0.24, 1)])
    run = [(0.08, 0), (0.03, 0.5), (0.08, 0), (0.03, 0.5), (0.08, 0), (0.03, 0.5), (0.16, 0)]
    timeline(BUZZER, [(0, 0), (0, 0.5), *run, (0.27, 0.5), *run])
    assert notes.notes == ["E6", None, "C6", None, "A5", None, "E5", None] * 2
    assert notes.patterns == ["falls 2", None]


def test_falls_led_stays_lit_until_the_next_turn(
    announcer: Announcer, drive: Driver, timeline: Check, clear_states: Clear
) -> None:
    announcer.announce(CanoeFell(player="red", at="R2", gem=None))
    drive.settle()
    assert announcer.snapshot()["falls"] is True
    clear_states()
    drive.to(5)
    assert announcer.snapshot()["falls"] is True
    announcer.turn("green")
    drive.settle()
    timeline(FALLS, [(0, 1), (5 - 0.76, 0)])


def test_turn_shows_the_player_colour(
    announcer: Announcer, drive: Driver, timeline: Check
) -> None:
    announcer.turn("red")
    drive.to(0.2)
    announcer.turn("yellow")
    drive.to(0.4)
    announcer.turn(None)
    drive.settle()
    timeline(RGB[0], [(0, 0), (0, 1), (0.4, 0)])
    timeline(RGB[1], [(0, 0), (0.2, 150 / 255), (0.2, 0)])
    timeline(RGB[2], [(0, 0)])
    timeline(BUZZER, [(0, 0)])
    assert announcer.snapshot()["player"] is None


def test_discrepancy_two_tone_repeats_until_resolved(
    announcer: Announcer, drive: Driver, timeline: Check
) -> None:
    notes = Notes()
    announcer.add_listener(notes)
    announcer.discrepancy(True)
    resolved = 1.88  # one full pass (1.76 s) and into the second high tone
    drive.to(resolved)
    announcer.discrepancy(False)
    assert drive.settle() == pytest.approx(0.25)
    two_tone = [(0.25, 0), (0.03, 0.5), (0.25, 0)]
    # the second high tone is cut by the rising "resolved" chirp (same duty: no edge)
    timeline(
        BUZZER,
        [
            (0, 0),
            (0, 0.5),
            *two_tone,
            (1.23, 0.5),
            (resolved - 1.76 + 0.07, 0),
            (0.03, 0.5),
            (0.12, 0),
        ],
    )
    timeline(CHECK, [(0, 0), (0, 1), (resolved, 0)])
    timeline(OK, [(0, 1), (0, 0), (resolved, 1)])
    assert notes.notes == ["B5", None, "E5", None, "B5", "E5", None, "B5", None]
    assert notes.patterns == ["discrepancy", "resolved", None]


def test_game_won_fanfare_cycles_the_winners_colours(
    announcer: Announcer, drive: Driver, timeline: Check
) -> None:
    notes = Notes()
    announcer.add_listener(notes)
    announcer.announce(GameWon(winners=("red", "blue"), reason="4 pink gems"))
    assert drive.settle() == pytest.approx(1.6)
    timeline(
        BUZZER,
        [
            (0, 0),
            (0, 0.5),
            (0.12, 0),
            (0.03, 0.5),
            (0.12, 0),
            (0.03, 0.5),
            (0.12, 0),
            (0.03, 0.5),
            (0.27, 0),
            (0.13, 0.5),
            (0.12, 0),
            (0.03, 0.5),
            (0.57, 0),
        ],
    )
    for number in BAR:
        timeline(number, [(0, 0), (0, 1), (1.6, 0)])
    assert notes.notes == ["G5", None, "C6", None, "E6", None, "G6", None, "E6", None, "G6", None]
    # red, blue, red, blue per note (the rest keeps blue); then the first winner stays
    timeline(
        RGB[0], [(0, 0), (0, 1), (0.15, 0), (0.15, 1), (0.15, 0), (0.4, 1), (0.15, 0), (0.6, 1)]
    )
    timeline(RGB[2], [(0, 0), (0.15, 1), (0.15, 0), (0.15, 1), (0.4, 0), (0.15, 1), (0.6, 0)])
    assert announcer.snapshot()["player"] == "red"


def test_plain_buzzer_just_sounds(make_announcer: MakeAnnouncer, timeline: Check) -> None:
    announcer, drive = make_announcer(parse_config('[buzzer]\npin = 12\nkind = "plain"'))
    announcer.announce(river(2))
    drive.settle()
    timeline(12, [(0, 0), (0, 1), (0.12, 0), (0.12, 1), (0.12, 0)])
    assert announcer.snapshot()["buzzer"]["kind"] == "plain"


@pytest.mark.parametrize("active_high", [True, False])
def test_active_low_leds_invert_the_pin(
    make_announcer: MakeAnnouncer, factory: MockFactory, active_high: bool
) -> None:
    config = parse_config(f"[leds]\nfalls = 17\nactive_high = {str(active_high).lower()}")
    announcer, drive = make_announcer(config, speed=10)
    announcer.announce(CanoeFell(player="red", at="L2", gem=None))
    drive.settle()
    lit = 1 if active_high else 0
    assert factory.pin(f"GPIO{FALLS}").states[-1].state == lit
