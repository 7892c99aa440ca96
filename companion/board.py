"""The Niagara board as a graph: river slots, the beach, deposits and colours.

The river has nine slots, each holding one transparent disc between river moves::

    beach (landing)            <- rope
    T1 T2                      (grey)
    T3 T4 T5                   violet, white, yellow deposits
    -- fork --
    L1 | R1                    blue deposit (on the island, one deposit for both arms)
    L2 | R2                    pink deposit (on the island)
    -- waterfall --

>>> downstream("T5", "left")
'L1'
>>> upstream("R1")
'T5'
>>> distance_from_beach("L2")
7
"""

from __future__ import annotations

from typing import Final, Literal

BEACH: Final = "beach"
LOST: Final = "lost"

TRUNK: Final = ("T1", "T2", "T3", "T4", "T5")
LEFT_ARM: Final = ("L1", "L2")
RIGHT_ARM: Final = ("R1", "R2")
SLOTS: Final = TRUNK + LEFT_ARM + RIGHT_ARM
"""The nine river slots, trunk first, then the left arm, then the right arm."""

POSITIONS: Final = (BEACH, *SLOTS)
"""Where a canoe in play can be (a canoe can also be ``lost``)."""

Arm = Literal["left", "right"]
ARMS: Final[tuple[Arm, Arm]] = ("left", "right")

PLAYER_COLOURS: Final = ("red", "green", "yellow", "blue", "brown", "black")
"""Player colours; ``black`` is the sixth colour of the Flussgeister expansion."""

GEM_COLOURS: Final = ("violet", "white", "yellow", "blue", "pink")
"""Gem colours in order of value, from the start towards the falls."""

GEM_VALUE: Final = {colour: value for value, colour in enumerate(GEM_COLOURS, start=1)}
"""The optional tie-break values: violet 1 .. pink 5."""

GEMS_PER_COLOUR: Final = 7
GEMS_IN_PLAY: Final = GEMS_PER_COLOUR * len(GEM_COLOURS)

DEPOSIT_AT: Final = {
    "T3": "violet",
    "T4": "white",
    "T5": "yellow",
    "L1": "blue",
    "R1": "blue",
    "L2": "pink",
    "R2": "pink",
}
"""The deposit beside each slot, named by the colour of the gems it starts with."""

DISTANCE: Final = {
    "beach": 0,
    "T1": 1, "T2": 2, "T3": 3, "T4": 4, "T5": 5,
    "L1": 6, "R1": 6, "L2": 7, "R2": 7,
}  # fmt: skip
"""Slots from the beach: the cost of paddling there from the beach."""

RIVER_DISCS: Final = len(SLOTS)
WEATHER_MIN: Final = -1
WEATHER_MAX: Final = 2
CARDS: Final = (1, 2, 3, 4, 5, 6, "cloud")
"""A player's seven paddle cards."""

Card = int | str


def is_slot(position: str) -> bool:
    """Whether ``position`` names one of the nine river slots."""
    return position in DISTANCE and position != BEACH


def arm_of(slot: str) -> Arm | None:
    """The arm a slot lies on, or None on the trunk (or the beach)."""
    if slot in LEFT_ARM:
        return "left"
    if slot in RIGHT_ARM:
        return "right"
    return None


def downstream(position: str, arm: Arm | None = None) -> str | None:
    """The next position downstream, or None past the last slot of an arm (the falls).

    Leaving T5 needs ``arm``: the paddler (or the river) chooses a side of the island.
    """
    if position == BEACH:
        return "T1"
    if position in TRUNK[:-1]:
        return TRUNK[TRUNK.index(position) + 1]
    if position == "T5":
        if arm is None:
            raise ValueError("leaving T5 downstream needs an arm: 'left' or 'right'")
        return "L1" if arm == "left" else "R1"
    if position in ("L1", "R1"):
        return position[0] + "2"
    return None


def upstream(position: str) -> str | None:
    """The next position upstream (T1 leads to the beach), or None from the beach."""
    if position == BEACH:
        return None
    if position == "T1":
        return BEACH
    if position in TRUNK:
        return TRUNK[TRUNK.index(position) - 1]
    if position in ("L1", "R1"):
        return "T5"
    return position[0] + "1"


def neighbours(position: str) -> tuple[str, ...]:
    """The positions next to ``position`` on the river, upstream first, then downstream
    (on each arm past T5), each once.

    >>> neighbours("T5"), neighbours("T1"), neighbours("L2")
    (('T4', 'L1', 'R1'), ('beach', 'T2'), ('L1',))
    """
    out = [upstream(position), *(downstream(position, a) for a in ARMS)]
    return tuple(dict.fromkeys(p for p in out if p is not None))


def distance_from_beach(position: str) -> int:
    """Slots between the beach and ``position`` (T1 is 1, L2 and R2 are 7)."""
    return DISTANCE[position]


def path_down(position: str, steps: int, arm: Arm | None = None) -> list[str] | None:
    """The positions passed when paddling ``steps`` slots downstream (landing included).

    Returns None when the path would go over the falls or needs an arm that was not given.
    """
    path: list[str] = []
    here = position
    for _ in range(steps):
        if here == "T5" and arm is None:
            return None
        nxt = downstream(here, arm)
        if nxt is None:
            return None
        path.append(nxt)
        here = nxt
    return path


def path_up(position: str, steps: int) -> list[str] | None:
    """The positions passed when paddling ``steps`` slots upstream.

    The beach ends a move: a path reaching it before the last step returns None.
    """
    path: list[str] = []
    here = position
    for i in range(steps):
        nxt = upstream(here)
        if nxt is None:
            return None
        path.append(nxt)
        here = nxt
        if here == BEACH and i != steps - 1:
            return None
    return path


def passes_fork(position: str, steps: int) -> bool:
    """Whether paddling ``steps`` downstream from ``position`` leaves T5 for an arm."""
    if position in LEFT_ARM or position in RIGHT_ARM:
        return False
    return distance_from_beach(position) + steps > distance_from_beach("T5")


def other_arm(arm: Arm) -> Arm:
    """The arm opposite ``arm``."""
    return "right" if arm == "left" else "left"


def _paths() -> tuple[dict[tuple[str, int], tuple[str, ...]],
                      dict[tuple[str, int, Arm | None], tuple[str, ...]]]:
    up: dict[tuple[str, int], tuple[str, ...]] = {}
    down: dict[tuple[str, int, Arm | None], tuple[str, ...]] = {}
    for position in POSITIONS:
        for steps in range(1, len(POSITIONS) + 1):
            path = path_up(position, steps)
            if path is not None:
                up[position, steps] = tuple(path)
            for arm in (None, *ARMS):
                path = path_down(position, steps, arm)
                if path is not None:
                    down[position, steps, arm] = tuple(path)
    return up, down


PATHS_UP, PATHS_DOWN = _paths()
"""``path_up`` and ``path_down`` as tables (tuples), for every path that exists: the rules
look paths up instead of walking the graph."""
