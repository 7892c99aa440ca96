"""What the lights and the buzzer do for each announcement: patterns as plain data.

A :class:`Pattern` is a sequence of :class:`Step` s. Each step holds for a time and
says what the buzzer plays (a pitch in Hz, or silence) and which lights it
overrides; lights a step leaves as ``None`` show the announcer's steady state
(the disc bar, the falls, check and all-good LEDs, the player's colour).

Durations are at speed 1; the announcer divides them by its ``speed``.

>>> river(2).describe()
'river 2: 2 beeps (0.48 s)'
>>> [s.bar for s in river(2).steps]
[1, 1, 2, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gpiozero.tones import Tone

BEEP = 0.12
"""One river beep and the silence after it."""
ARTICULATION = 0.03
"""The silence between two notes of a tune, so that each note is heard (and seen on the pin)."""


def hz(note: str) -> float:
    """The pitch of a note name.

    >>> hz("A5")
    880.0
    """
    return float(Tone(note).frequency)


@dataclass(frozen=True)
class Step:
    """One moment of a pattern: hold this for ``hold`` seconds."""

    hold: float
    buzzer: float | None = None
    """Pitch in Hz (a plain buzzer just sounds), ``None`` for silence."""
    bar: int | tuple[bool, ...] | None = None
    """Bar LEDs lit from the bottom (a count) or each LED (a tuple, bottom first),
    or ``None`` to show the discs left to push."""
    falls: bool | None = None
    check: bool | None = None
    ok: bool | None = None
    rgb: tuple[int, int, int] | None = None
    """A colour (0..255 each) for the player LED, or ``None`` for the player's colour."""


@dataclass(frozen=True)
class Pattern:
    """A named sequence of steps; ``loop`` patterns repeat until stopped."""

    name: str
    steps: tuple[Step, ...]
    loop: bool = False
    count: int = 0
    """How many things it announces (discs, canoes), for merging and for the log."""

    @property
    def duration(self) -> float:
        """Seconds for one pass, at speed 1."""
        return round(sum(step.hold for step in self.steps), 6)

    def describe(self) -> str:
        """A short summary for logs and ``hw-test``."""
        sounds = sum(1 for step in self.steps if step.buzzer is not None)
        noun = "beep" if self.name.startswith("river") else "note"
        what = f"{sounds} {noun}{'' if sounds == 1 else 's'}"
        loop = ", repeats" if self.loop else ""
        return f"{self.name}: {what} ({self.duration:g} s{loop})"


def _tune(notes: Sequence[tuple[str | None, float]], **lights: object) -> list[Step]:
    """Notes ``(name, seconds)``; each sounding note ends with a short silence."""
    steps: list[Step] = []
    for note, length in notes:
        if note is None:
            steps.append(Step(length, **lights))  # type: ignore[arg-type]
        else:
            steps.append(Step(round(length - ARTICULATION, 6), hz(note), **lights))  # type: ignore[arg-type]
            steps.append(Step(ARTICULATION, **lights))  # type: ignore[arg-type]
    return steps


def river(discs: int) -> Pattern:
    """The river moves ``discs`` discs: one short beep per disc, the bar filling up with it.

    With no disc to push: one long low beep ("the river stays put").
    """
    if discs <= 0:
        return Pattern("river 0", (Step(0.4, hz("A4")), Step(0.1)), count=0)
    steps: list[Step] = []
    for k in range(1, discs + 1):
        steps.append(Step(BEEP, hz("A6"), bar=k))
        steps.append(Step(BEEP, bar=k))
    return Pattern(f"river {discs}", tuple(steps), count=discs)


def falls(canoes: int) -> Pattern:
    """``canoes`` canoes went over the falls: one falling run of four notes per canoe.

    The red LED blinks off between runs, so the count is seen as well as heard.
    """
    canoes = max(1, canoes)
    run = [("E6", 0.11), ("C6", 0.11), ("A5", 0.11), ("E5", 0.19)]
    steps: list[Step] = []
    for _ in range(canoes):
        steps += _tune(run, falls=True)
        steps.append(Step(0.24, falls=False))
    return Pattern(f"falls {canoes}", tuple(steps), count=canoes)


def merge_falls(pattern: Pattern, canoes: int) -> Pattern:
    """The falls pattern for ``pattern.count + canoes`` canoes."""
    return falls(pattern.count + canoes)


def discrepancy() -> Pattern:
    """The board disagrees with the game: high-low two-tone, then a pause; repeats."""
    steps = [*_tune([("B5", 0.28), ("E5", 0.28)]), Step(1.2)]
    return Pattern("discrepancy", tuple(steps), loop=True)


def resolved() -> Pattern:
    """The board agrees with the game again: a short rising chirp."""
    return Pattern("resolved", tuple(_tune([("E5", 0.1), ("B5", 0.15)])))


def won(winners: Sequence[tuple[int, int, int]]) -> Pattern:
    """Game won: a fanfare, the whole bar lit, the player LED cycling the winners' colours."""
    colours = list(winners) or [(255, 255, 255)]
    notes = [("G5", 0.15), ("C6", 0.15), ("E6", 0.15), ("G6", 0.3), (None, 0.1),
             ("E6", 0.15), ("G6", 0.6)]
    steps: list[Step] = []
    sounded = 0
    for note, length in notes:
        colour = colours[max(0, sounded - 1 if note is None else sounded) % len(colours)]
        steps += _tune([(note, length)], bar=8, rgb=colour)
        sounded += note is not None
    return Pattern("won", tuple(steps))


def walk(name: str, hold: float = 0.5, **lit: object) -> Pattern:
    """One silent step with every light off but ``lit`` (``hw-test`` shows one at a time)."""
    lights: dict[str, object] = {"bar": 0, "falls": False, "check": False, "ok": False,
                                 "rgb": (0, 0, 0)}
    lights.update(lit)
    return Pattern(name, (Step(hold, **lights),))  # type: ignore[arg-type]


def tone(note: str, hold: float = 0.4) -> Pattern:
    """One note (``hw-test`` plays a scale)."""
    return Pattern(f"note {note}", (Step(hold, hz(note)), Step(0.1)))
