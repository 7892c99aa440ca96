"""Cards and steps are read from ASCII digits only, with bounds: a Unicode digit or a
number thousands of digits long is a plain refusal, never an exception of another kind."""

from __future__ import annotations

import pytest

from companion.actions import Step, parse_card
from companion.errors import InvalidActionError


@pytest.mark.parametrize("text", ["²", "٣", "３", "3" * 5000, "0003", "-3", "", "7"])
def test_a_card_is_one_to_six_in_ascii_digits(text: str) -> None:
    with pytest.raises(InvalidActionError, match="is not a paddle card"):
        parse_card(text)


@pytest.mark.parametrize("text", ["3", " 3 ", "cloud", "CLOUD"])
def test_cards_still_read(text: str) -> None:
    assert parse_card(text) in (3, "cloud")


@pytest.mark.parametrize("text", ["down ²", "up ٣", "down " + "1" * 5000, "down 0",
                                  "up 1000"])
def test_a_step_count_is_ascii_digits_within_bounds(text: str) -> None:
    with pytest.raises(InvalidActionError, match="the number of slots must be 1 or more"):
        Step.parse(text)


def test_steps_still_read() -> None:
    assert Step.parse("down 2 left") == Step("down", n=2, arg="left")
    assert Step.parse("up 12") == Step("up", n=12)
