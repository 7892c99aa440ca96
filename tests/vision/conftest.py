"""Shared fixtures: small seeded frames keep the suite fast."""

from __future__ import annotations

import pytest

from companion.state import Canoe, FrozenMap, GameState, Options, new_game
from vision.layout import Layout, load_layout

SMALL = (800, 450)


@pytest.fixture(scope="session")
def layout() -> Layout:
    return load_layout()


def position(joe: bool = False) -> GameState:
    """A mid-game position: canoes on the river and the beach, gems, weather +1."""
    state = new_game(["red", "green", "blue"], Options(diamanten_joe=joe))
    canoes = FrozenMap({
        "red": (Canoe("T3", "pink"), Canoe("T3")),
        "green": (Canoe("L1", "blue"), Canoe("beach")),
        "blue": (Canoe("T5", "white"), Canoe("R2", "yellow")),
    })
    return state.replace(canoes=canoes, weather=1, joe=Canoe("T1") if joe else None)


@pytest.fixture
def midgame() -> GameState:
    return position()
