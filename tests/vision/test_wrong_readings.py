"""Scenes of the tuning families that were once read wrongly (seeded, as the accuracy
benchmark draws them): each position is now read right or ``unknown``, never wrong."""

from dataclasses import replace

from companion.board import LOST
from companion.state import Canoe, FrozenMap, GameState, Options, new_game
from vision.detector import Detector, canoes_in_play
from vision.profile import learn_profile
from vision.synth import SceneConfig, ground_truth, render

from .test_profile import wrong


def game(players: list[str], canoes: dict[str, tuple[Canoe, Canoe]], joe: Canoe | None,
         weather: int = 0) -> GameState:
    state = new_game(players, Options(diamanten_joe=joe is not None))
    return state.replace(canoes=FrozenMap(canoes), joe=joe, weather=weather)


def read(state: GameState, scene: SceneConfig, seed: int, size: tuple[int, int]):
    """The benchmark's way: learn the table from its setup photo, then read the frame
    with the game's canoe counts."""
    setup = render(new_game(state.players, state.options), seed=seed,
                   scene=replace(scene, hands=(), between=0.0), size=size)
    det = Detector()
    det.use_profile(learn_profile(setup, state.players, joe=state.joe is not None))
    return det.analyse(render(state, seed=seed + 1, scene=scene, size=size),
                       in_play=canoes_in_play(state))


def test_a_brown_hull_blurred_with_its_gem_at_640x480_is_not_read_as_joe():
    """At 640x480 a brown canoe carrying a blue gem on R2 blurs into a pale greyish hull
    nearest Joe's wood, while Joe himself (on T5, beside the other brown canoe) cannot be
    counted: R2 was read with Joe's canoe and without the brown one. Joe's colour without
    his canoe's middle (a gem or the empty well) is now unknown."""
    state = game(["green", "red", "blue", "brown"], {
        "green": (Canoe("R2"), Canoe("beach")), "red": (Canoe("R2"), Canoe("beach")),
        "blue": (Canoe("beach"), Canoe(LOST)),
        "brown": (Canoe("R2", "blue"), Canoe("T5", "yellow"))}, Canoe("T5"), weather=2)
    scene = replace(SceneConfig.varied(5030038, family="moss"), fill=0.6166885630089328)
    seen = read(state, scene, 5030038, (640, 480))
    assert wrong(seen, ground_truth(state)) == []
    assert "joe" not in {c.colour for c in seen.canoes_at("R2")}
