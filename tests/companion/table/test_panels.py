"""The pages' pure functions for the player panels, the river's animation, the end of
the game and undo (companion.table.views)."""

from __future__ import annotations

from companion import rules
from companion.actions import ChooseCard, MoveRiver, Paddle
from companion.state import Phase, canoe, gem_count, new_game
from companion.table.views import (
    final_summary,
    goal_progress,
    player_panel,
    public_state,
    river_frames,
    step_points,
    undo_text,
)


def test_goal_progress_counts_each_goal_and_caps_it() -> None:
    goals = {g["key"]: g for g in goal_progress({"pink": 3, "blue": 2, "white": 2})}
    assert (goals["colour"]["have"], goals["colour"]["colour"]) == (3, "pink")
    assert goals["colours"]["have"] == 3 and not goals["colours"]["reached"]
    assert goals["total"]["have"] == 7 and goals["total"]["reached"]
    assert goal_progress({})[0]["have"] == 0


def test_a_locked_card_stays_secret_in_the_panel() -> None:
    state = new_game(["red", "green", "yellow"])
    six, _ = rules.apply(state, ChooseCard("red", 6))
    two, _ = rules.apply(state, ChooseCard("red", 2))
    assert player_panel(public_state(six), "red") == player_panel(public_state(two), "red")
    assert player_panel(public_state(six), "red")["status"] == "card locked in ✓"


def test_played_cards_and_gems_show_once_revealed() -> None:
    state = new_game(["red", "green", "yellow"])
    for p, card in (("red", 4), ("green", 2), ("yellow", "cloud")):
        state, _ = rules.apply(state, ChooseCard(p, card))
    state = state.replace(reserves=state.reserves.set("red", gem_count({"violet": 2})))
    panel = player_panel(public_state(state), "red")
    assert panel["played"] == [4] and panel["status"] == "to play: paddles 4"
    assert panel["gems"] == {"violet": 2, "white": 0, "yellow": 0, "blue": 0, "pink": 0}
    assert panel["buoy"] and panel["to_play"]
    assert player_panel(public_state(state), "green")["played"] == []  # not revealed yet


def test_river_frames_follow_the_predicted_arms_and_name_who_falls() -> None:
    state = new_game(["red", "green", "yellow"])
    state = state.replace(canoes=state.canoes.set("red", (canoe("R2"), canoe("T5"))),
                          next_fork="right")
    frames = river_frames(state, ["right", "left"])
    assert frames[0]["fell"] == ["red:0"] and frames[0]["canoes"]["red:1"] == "R1"
    assert frames[1]["canoes"]["red:1"] == "R1" and frames[1]["fell"] == []
    assert frames[1]["canoes"]["green:0"] == "beach"


def test_final_summary_names_the_winner_first() -> None:
    state = new_game(["red", "green", "yellow"])
    state = state.replace(phase=Phase.OVER, winners=("green",),
                          reserves=state.reserves.set("green", gem_count({"pink": 4})))
    summary = final_summary(state)
    assert summary is not None
    assert summary["headline"] == "Green wins!"
    assert summary["players"][0]["player"] == "green" and summary["players"][0]["winner"]
    assert summary["players"][0]["reached"] == "4 pink gems"
    assert final_summary(new_game(["red", "green", "yellow"])) is None


def test_undo_text_says_what_without_the_secret_card() -> None:
    state = new_game(["red", "green", "yellow"]).replace(round=4)
    assert undo_text(state, ChooseCard("red", 6)) == undo_text(state, ChooseCard("red", 1))
    assert "Red's secret card for round 4" in undo_text(state, ChooseCard("red", 6))
    assert "6" not in undo_text(state, ChooseCard("red", 6))
    assert "round 3" in undo_text(state, MoveRiver(None))
    assert undo_text(state, Paddle("red", ())).startswith("Red's canoe move in round 4")


def test_step_points() -> None:
    from companion.actions import Step

    assert step_points([Step.parse("up 1"), Step.parse("unload")]) == 3


def test_a_lost_canoe_and_the_free_buy_back_are_explained() -> None:
    state = new_game(["red", "green", "yellow"])
    state = state.replace(canoes=state.canoes.set("red", (canoe("lost"), canoe("lost"))))
    assert "for free" in (player_panel(public_state(state), "red")["note"] or "")
    state = state.replace(reserves=state.reserves.set("red", gem_count({"blue": 1})))
    assert "one gem" in (player_panel(public_state(state), "red")["note"] or "")
    assert player_panel(public_state(state), "green")["note"] is None
