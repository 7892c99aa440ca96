"""Checks against the engine, on ground-truth observations and on camera readings."""

from companion.actions import ChooseCard, Paddle
from companion.rules import apply, turn_results
from companion.state import Canoe, new_game
from vision.check import check_setup, compare, infer_arms, infer_turn, place
from vision.detector import Detector
from vision.synth import ground_truth, render

PLAYERS = ["red", "green", "blue"]


def messages(found):
    return [d.text for d in found]


def test_a_matching_board_has_no_discrepancy(midgame):
    assert compare(ground_truth(midgame), midgame) == []


def test_compare_speaks_plainly(midgame):
    seen = ground_truth(midgame, faults=[("canoe_off", "green"), ("missing_disc", "T4"),
                                         ("weather", 2), ("gem", "red", "violet")])
    said = messages(compare(seen, midgame))
    assert "Green canoe expected on L1 (left arm, disc 6), seen on L2 (left arm, disc 7)." in said
    assert "Only 8 discs in the river: T4 is empty." in said
    assert "Weather marker on +2, the game has it on +1." in said
    assert any(m.startswith("Red canoe on T3 (disc 3) should carry") for m in said)


def test_unknown_positions_are_not_reported(midgame):
    seen = ground_truth(midgame, faults=[("canoe_off", "blue")])
    hidden = ("T5", "L1")  # the blue canoe went from T5 to L1; both are covered
    seen = seen.__class__(**{**seen.__dict__, "unknown": hidden,
                             "canoes": tuple(c for c in seen.canoes if c.at not in hidden)})
    assert [d for d in compare(seen, midgame) if d.kind == "canoe"] == []


def test_setup_check():
    seen = ground_truth(new_game(PLAYERS), faults=[("canoe_off", "green"),
                                                  ("missing_disc", "T3"), ("weather", 1)])
    assert messages(check_setup(seen, PLAYERS)) == [
        "Only 8 discs in the river: T3 is empty.",
        "Setup: green canoe should start on the beach.",
        "Setup: the weather marker should start on 0.",
    ]
    assert check_setup(ground_truth(new_game(PLAYERS)), PLAYERS) == []


def _actions_phase():
    state = new_game(PLAYERS)
    for player, card in (("red", 3), ("green", 2), ("blue", 1)):
        state, _ = apply(state, ChooseCard(player, card))
    return state


def test_turn_inference_finds_the_legal_result():
    before = _actions_phase()
    result = turn_results(before, "red", 3)[0]
    match = infer_turn(before, "red", 3, ground_truth(result.state))
    assert match.result == result
    assert isinstance(match.result.action, Paddle)


def test_turn_inference_says_why_a_move_is_illegal():
    before = _actions_phase()
    after = before.replace(canoes=before.canoes.set("red", (Canoe("T2"), Canoe("beach"))))
    match = infer_turn(before, "red", 3, ground_truth(after))
    assert match.result is None
    assert match.message == ("Red played 3; its canoe moved from the beach to T2 without loading: "
                             "only 2 points spent")


def test_turn_inference_from_a_camera_frame():
    before = _actions_phase()
    result = turn_results(before, "red", 3)[0]
    seen = Detector(colours=PLAYERS).analyse(render(result.state, seed=8))
    assert infer_turn(before, "red", 3, seen).result == result


def test_arm_inference_accepts_the_prediction_and_spots_a_stuck_disc():
    from companion.actions import MoveRiver
    from companion.rules import predicted_arms, river_discs
    from companion.state import Phase

    state = new_game(PLAYERS)
    state = state.replace(
        canoes=state.canoes.set("red", (Canoe("T4"), Canoe("T5", "blue")))
        .set("green", (Canoe("T5"), Canoe("beach"))),
        phase=Phase.RIVER, chosen=state.chosen.set("red", 2).set("green", 2).set("blue", 2),
        turn=3)
    n = river_discs(state)
    assert n == 2
    predicted = predicted_arms(state)
    after, _ = apply(state, MoveRiver(predicted))
    match = infer_arms(state, ground_truth(after))
    assert match.arms == predicted
    other = tuple("left" if a == "right" else "right" for a in predicted)
    after2, _ = apply(state, MoveRiver(other))
    match2 = infer_arms(state, ground_truth(after2))
    assert match2.arms == other
    assert "stuck" in match2.message
    nonsense = ground_truth(after, faults=[("canoe_off", "blue")])
    assert infer_arms(state, nonsense).arms is None


def test_place_names():
    assert place("T4") == "T4 (disc 4)"
    assert place("R2") == "R2 (right arm, disc 7)"
    assert str(place("beach")) == "the beach"


def test_every_difference_says_what_to_do():
    state = new_game(["red", "green", "yellow"])
    seen = ground_truth(state, faults=[("weather", 1), ("canoe_off", "green")],
                        discs=["T1", "T2", "T3", "T4", "T5", "L1", "L2", "R1"])
    found = {d.kind: d for d in compare(seen, state)}
    assert found["disc"].where == "R2"
    assert found["disc"].fix == "Put a river disc back on R2."
    assert found["weather"].fix == "Put the cloud marker on 0."
    assert found["canoe"].fix == "Move the green canoe from T1 to the beach."
    assert all(d.text.endswith(".") and d.fix.endswith(".") for d in found.values())
    assert found["disc"].to_json() == {"kind": "disc", "where": "R2", "fix": found["disc"].fix,
                                       "text": "Only 8 discs in the river: R2 is empty.",
                                       "colour": None}
    assert found["canoe"].colour == "green"
