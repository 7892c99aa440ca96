"""Phase 3 and 4: the river, the fork, the falls, the buoy, Joe's trip, the end of the game."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.actions import CanoeMove, ChooseCard, MoveRiver, Paddle, Step, Weather
from companion.errors import IllegalActionError
from companion.rules import apply, outcome, predicted_arms, river_base, river_discs
from companion.state import Canoe, GameState, Options, Phase

Build = Callable[..., GameState]
RIVER = {"phase": Phase.RIVER}


@pytest.mark.parametrize(("cards", "weather", "discs"), [
    ({"red": 3, "green": 5, "yellow": 2}, 0, 2),
    ({"red": 3, "green": 5, "yellow": 2}, 2, 4),
    ({"red": 1, "green": 5, "yellow": 2}, -1, 0),
    ({"red": "cloud", "green": 4, "yellow": "cloud"}, 1, 5),
    ({"red": "cloud", "green": "cloud", "yellow": "cloud"}, 2, 2),
    ({"red": "cloud", "green": "cloud", "yellow": "cloud"}, -1, 0),
    ({"red": 6, "green": 6, "yellow": 6}, 2, 8),
])
def test_river_moves_lowest_card_plus_weather(position: Build, cards: dict[str, object],
                                              weather: int, discs: int) -> None:
    state = position(**RIVER, chosen=cards, weather=weather)
    assert river_discs(state) == discs
    _, events = apply(state, MoveRiver())
    moved = events[0]
    assert moved.kind == "river_moved" and moved.discs == discs
    assert sum(e.kind == "disc_pushed" for e in events) == discs


def test_all_clouds_base_is_zero(position: Build) -> None:
    state = position(**RIVER, chosen={"red": "cloud", "green": "cloud", "yellow": "cloud"})
    assert river_base(state) == 0


def test_discs_carry_canoes_and_alternate_from_left(position: Build) -> None:
    state = position(**RIVER, chosen={"red": 2, "green": 6, "yellow": 6},
                     canoes={"red": [("T4", None), ("T5", "blue")],
                             "green": [("L1", None), ("R1", "pink")]})
    assert predicted_arms(state) == ("left", "right")
    state, events = apply(state, MoveRiver())
    # disc 1 goes left: T4->T5, T5->L1, L1->L2; disc 2 goes right: T5->R1, R1->R2.
    assert state.canoes["red"] == (Canoe("L1", "blue"), Canoe("R1", None))
    assert state.canoes["green"] == (Canoe("L2", None), Canoe("R2", "pink"))
    assert state.next_fork == "left"
    assert [(e.number, e.arm) for e in events if e.kind == "disc_pushed"] == [(1, "left"),
                                                                              (2, "right")]


def test_the_arm_the_table_reports_wins(position: Build) -> None:
    state = position(**RIVER, chosen={"red": 1, "green": 6, "yellow": 6},
                     canoes={"red": [("T5", None), ("beach", None)]})
    state, events = apply(state, MoveRiver(("right",)))
    assert state.canoes["red"] == (Canoe("R1", None), Canoe("beach", None))
    pushed = next(e for e in events if e.kind == "disc_pushed")
    assert pushed.arm == "right" and pushed.predicted == "left"
    assert "the left arm was expected" in pushed.describe()
    assert state.next_fork == "left"  # opposite the disc actually taken


def test_wrong_number_of_arms_is_refused(position: Build) -> None:
    state = position(**RIVER, chosen={"red": 2, "green": 6, "yellow": 6})
    with pytest.raises(IllegalActionError, match=r"moves 2 discs .* but 1 arm was given"):
        apply(state, MoveRiver(("left",)))


def test_river_only_in_phase_3(position: Build) -> None:
    with pytest.raises(IllegalActionError, match="phase 3"):
        apply(position(), MoveRiver())


def test_canoes_fall_and_gems_go_home(position: Build) -> None:
    state = position(**RIVER, chosen={"red": 1, "green": 6, "yellow": 6},
                     canoes={"red": [("L2", "white"), ("R2", "pink")]},
                     deposits={"white": {"white": 6}, "pink": {"pink": 6}})
    state, events = apply(state, MoveRiver())  # one disc, to the left
    assert state.canoes["red"] == (Canoe("R2", "pink"), Canoe("lost", None))
    fell = [e for e in events if e.kind == "canoe_fell"]
    assert [(f.player, f.at, f.gem) for f in fell] == [("red", "L2", "white")]
    assert dict(state.deposits["white"]) == {"white": 7}
    assert "goes over the falls" in fell[0].describe()


def test_the_game_ends_after_phase_2_with_shared_winners(position: Build) -> None:
    state = position(card=3, canoes={"red": [("T3", "pink"), ("beach", None)],
                                     "green": [("T1", "blue"), ("beach", None)]},
                     chosen={"green": 1, "yellow": "cloud"},
                     reserves={"red": {"pink": 3}, "green": {"violet": 1, "white": 1,
                                                              "yellow": 1, "pink": 1}},
                     deposits={"pink": {"pink": 3}, "blue": {"blue": 6}, "violet": {"violet": 6},
                               "white": {"white": 6}, "yellow": {"yellow": 6}})
    state, _ = apply(state, Paddle("red", (CanoeMove("T3", (Step.parse("up 3"),)),)))
    assert state.phase is Phase.ACTIONS  # the others still play
    state, _ = apply(state, Paddle("green", (CanoeMove("T1", (Step.parse("up 1"),)),)))
    state, events = apply(state, Weather("yellow", "up"))
    assert state.phase is Phase.OVER
    assert state.winners == ("red", "green")
    won = events[-1]
    assert won.kind == "game_won" and "4 pink gems" in won.reason
    result = outcome(state)
    assert result is not None and result.winners == ("red", "green")
    assert "5 gems of different colours" in result.describe()
    with pytest.raises(IllegalActionError, match="game is over"):
        apply(state, MoveRiver())


def test_tie_break_by_gem_value(position: Build) -> None:
    opts = Options(tie_break=True)
    state = position(card="cloud", options=opts, to_play="yellow", first=0,
                     chosen={"red": "cloud", "green": "cloud"},
                     reserves={"red": {"pink": 4}, "green": {"violet": 4}})
    state, _events = apply(state, Weather("yellow", "up"))
    assert state.phase is Phase.OVER and state.winners == ("red",)
    result = outcome(state)
    assert result is not None and result.reached == ("red", "green")
    assert "tie-break" in result.describe()


def test_seven_gems_win(position: Build) -> None:
    state = position(card="cloud", to_play="yellow", first=0,
                     chosen={"red": "cloud", "green": "cloud"},
                     reserves={"green": {"violet": 3, "white": 2, "pink": 2}})
    state, _ = apply(state, Weather("yellow", "up"))
    assert state.winners == ("green",)
    result = outcome(state)
    assert result is not None and result.reasons["green"] == "7 gems"


# -- Diamanten Joe ---------------------------------------------------------------------

JOE = Options(diamanten_joe=True)


def test_joe_starts_on_t1() -> None:
    from companion.state import new_game
    assert new_game(["red", "green", "yellow"], JOE).joe == Canoe("T1", None)
    assert new_game(["red", "green", "yellow"]).joe is None


@pytest.mark.parametrize(("start", "first_card", "discs", "end", "gem"), [
    ("T3", 2, 0, "T1", "violet"),   # loads violet at its own deposit, then up 2
    ("T2", 3, 0, "T3", None),       # up 1 to T1, turns, down 2
    ("T4", "cloud", 0, "T4", "white"),  # the cloud: no move, but he loads
    ("T1", 6, 0, "R2", None),       # from T1 down 6: the right arm at the fork
    ("L2", 1, 0, "L1", "pink"),
])
def test_joe_loads_then_paddles(position: Build, start: str, first_card: object, discs: int,
                                end: str, gem: str | None) -> None:
    state = position(**RIVER, options=JOE, joe=Canoe(start), weather=-1,
                     chosen={"red": first_card, "green": 1, "yellow": 1})
    assert river_discs(state) == 0
    state, events = apply(state, MoveRiver())
    assert state.joe == Canoe(end, gem)
    assert any(e.kind == "joe_moved" for e in events)
    assert sum(state.gems_accounted().values()) == 35


def test_joe_does_not_load_a_foreign_gem(position: Build) -> None:
    state = position(**RIVER, options=JOE, joe=Canoe("T3"), weather=-1,
                     chosen={"red": "cloud", "green": 1, "yellow": 1},
                     deposits={"violet": {"pink": 1}})
    state, _ = apply(state, MoveRiver())
    assert state.joe == Canoe("T3", None)


def test_joe_falls_and_comes_back_next_round(position: Build) -> None:
    state = position(**RIVER, options=JOE, joe=Canoe("L2", "blue"),
                     chosen={"red": 1, "green": 6, "yellow": 6},
                     deposits={"blue": {"blue": 6}})
    state, events = apply(state, MoveRiver())
    assert [e.player for e in events if e.kind == "canoe_fell"] == ["joe"]
    assert dict(state.deposits["blue"]) == {"blue": 7}
    assert state.joe == Canoe("T1", None)
    assert "joe_returned" in [e.kind for e in events]


def test_secret_cards_stay_hidden_in_public_json(position: Build) -> None:
    state = position(phase=Phase.CHOOSE)
    state, _ = apply(state, ChooseCard("red", 5))
    public = state.to_json(reveal=False)
    assert "chosen" not in public
    assert 5 in public["hands"]["red"]  # the hand does not give the choice away
    assert public["locked"] == ["red"]
    assert state.to_json()["chosen"] == {"red": 5}
