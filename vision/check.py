"""Checking what the camera saw against the engine: plain words for the table.

>>> from companion.state import new_game
>>> from vision.observation import Observation, CanoeSeen
>>> state = new_game(["red", "green", "blue"])
>>> canoes = [CanoeSeen(p, "beach") for p in ("red", "red", "green", "green", "blue")]
>>> seen = Observation(True, 0.5, dict.fromkeys(state_slots(), "present"),
...     (*canoes, CanoeSeen("blue", "T2")), weather=0)
>>> [(d.text, d.fix) for d in compare(seen, state)]
[('Setup: blue canoe should start on the beach.', 'Move the blue canoe from T2 to the beach.')]

Positions the camera could not read (``observation.unknown``) are never reported.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from companion.actions import MoveRiver
from companion.board import ARMS, BEACH, DISTANCE, LOST, SLOTS, Arm, Card
from companion.rules import TurnResult, apply, predicted_arms, river_discs, turn_results
from companion.state import GameState, Options, Phase, new_game
from vision.config import JOE_COLOUR
from vision.observation import ABSENT, PRESENT, UNKNOWN, Observation

_ORDER = {p: i for i, p in enumerate((BEACH, *SLOTS))}


def state_slots() -> tuple[str, ...]:
    return SLOTS


@dataclass(frozen=True)
class Discrepancy:
    """One difference between the board and the game, with what to do about it.

    ``kind`` is ``board``, ``disc``, ``canoe``, ``gem``, ``weather`` (or ``turn``: a
    move that no legal turn explains); ``where`` the position concerned (or None);
    ``text`` what is wrong and ``fix`` what to do, each a sentence for the table;
    ``colour`` whose canoe it concerns (a player colour or ``joe``), if any.
    """

    kind: str
    where: str | None
    text: str
    fix: str = ""
    colour: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"kind": self.kind, "where": self.where, "text": self.text, "fix": self.fix,
                "colour": self.colour}


def place(position: str) -> str:
    """A position as players say it: ``T4 (disc 4)``, ``L1 (left arm, disc 6)``."""
    if position == BEACH:
        return "the beach"
    n = DISTANCE[position]
    if position[0] == "L":
        return f"{position} (left arm, disc {n})"
    if position[0] == "R":
        return f"{position} (right arm, disc {n})"
    return f"{position} (disc {n})"


def _name(colour: str) -> str:
    return "Joe's canoe" if colour == JOE_COLOUR else f"{colour} canoe"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _gem(gem: str | None) -> str:
    return f"a {gem} gem" if gem else "no gem"


def _short(position: str) -> str:
    return "the beach" if position == BEACH else position


def _weather(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}"


def expected_canoes(state: GameState) -> list[tuple[str, str, str | None]]:
    """``(colour, position, gem)`` of every canoe that should be on the board."""
    out = []
    for player in state.players:
        for canoe in state.canoes[player]:
            if canoe.at != LOST:
                out.append((player, canoe.at, canoe.gem))
    if state.joe is not None and state.joe.at != LOST:
        out.append((JOE_COLOUR, state.joe.at, state.joe.gem))
    return out


def _is_setup(state: GameState) -> bool:
    return (
        state.round == 1
        and state.phase is Phase.CHOOSE
        and all(c.at == BEACH for pair in state.canoes.values() for c in pair)
    )


def compare(observation: Observation, state: GameState) -> list[Discrepancy]:
    """Every difference between what was seen and ``state``, in plain words, each with
    what to do about it."""
    if not observation.board_found:
        return [Discrepancy("board", None, "The board is not in view.",
                            "Make sure the four corner markers can be seen.")]
    known = [p for p in (BEACH, *SLOTS) if observation.is_known(p)]
    out: list[Discrepancy] = []
    # Discs: every slot holds one between river moves.
    empty = [s for s in SLOTS if observation.discs.get(s) == ABSENT]
    if empty:
        seen = sum(1 for s in SLOTS if observation.discs.get(s) == PRESENT)
        if len(empty) == 1:
            text = f"{empty[0]} is empty"
        else:
            text = ", ".join(empty[:-1]) + f" and {empty[-1]} are empty"
        count = f"Only {seen} discs" if seen + len(empty) == len(SLOTS) else "Missing discs"
        for s in empty:
            out.append(Discrepancy("disc", s, f"{count} in the river: {text}.",
                                   f"Put a river disc back on {s}."))
    setup = _is_setup(state)
    expected = expected_canoes(state)
    colours = sorted({c for c, _, _ in expected} | {c.colour for c in observation.canoes})
    for colour in colours:
        name = _name(colour)
        want = Counter(p for c, p, _ in expected if c == colour and p in known)
        got = Counter(c.at for c in observation.canoes if c.colour == colour and c.at in known)
        missing = sorted((want - got).elements(), key=_ORDER.__getitem__)
        extra = sorted((got - want).elements(), key=_ORDER.__getitem__)
        for a, b in zip(missing, extra, strict=False):
            if setup and a == BEACH:
                msg = f"Setup: {name} should start on the beach."
            else:
                msg = f"{_cap(name)} expected on {place(a)}, seen on {place(b)}."
            out.append(Discrepancy("canoe", b, msg,
                                   f"Move the {name} from {_short(b)} to {_short(a)}.", colour))
        for a in missing[len(extra):]:
            out.append(Discrepancy("canoe", a, f"{_cap(name)} expected on {place(a)}, "
                                   "not seen there.", f"Put the {name} on {_short(a)}.",
                                   colour))
        for b in extra[len(missing):]:
            out.append(Discrepancy("canoe", b, f"A {name} is on {place(b)}, but the "
                                   "game has none there.", f"Take the {name} off {_short(b)}.",
                                   colour))
        # Gems, where the canoes are where they should be.
        for pos in sorted(set(want) & set(got), key=_ORDER.__getitem__):
            g_want = Counter(g for c, p, g in expected if c == colour and p == pos)
            g_got = Counter(c.gem for c in observation.canoes
                            if c.colour == colour and c.at == pos and c.gem != UNKNOWN)
            if sum(g_got.values()) < sum(g_want.values()) and not (g_got - g_want):
                continue  # some gems were unreadable; the rest agree
            lacking = list((g_want - g_got).elements())
            surplus = list((g_got - g_want).elements())
            for w_gem, g_gem in zip(lacking, surplus, strict=False):
                if w_gem is None:
                    fix = f"Take the {g_gem} gem out of the {name} on {_short(pos)}."
                else:
                    fix = (f"Put {_gem(w_gem)} in the {name} on {_short(pos)}"
                           + (f" instead of the {g_gem} one." if g_gem else "."))
                out.append(Discrepancy("gem", pos, f"{_cap(name)} on {place(pos)} should "
                                       f"carry {_gem(w_gem)}, it carries {_gem(g_gem)}.", fix,
                                       colour))
    if observation.weather is not None and observation.weather != state.weather:
        msg = (f"Weather marker on {observation.weather:+d}, the game has it on "
               f"{state.weather:+d}.")
        if setup:
            msg = "Setup: the weather marker should start on 0."
        out.append(Discrepancy("weather", None, msg,
                               f"Put the cloud marker on {_weather(state.weather)}."))
    return out


def check_setup(observation: Observation, players: Iterable[str],
                diamanten_joe: bool = False) -> list[Discrepancy]:
    """The setup check: 9 discs, every canoe on the beach (Joe on T1), weather on 0."""
    return compare(observation, new_game(list(players), Options(diamanten_joe=diamanten_joe)))


MOVED = ("canoe", "gem")
"""The kinds of difference a turn or a river move can explain: it changes nothing else
on the board."""


def board_discrepancies(observation: Observation, state: GameState) -> list[Discrepancy]:
    """Only the canoe and gem differences (what a turn or a river move changes)."""
    return [d for d in compare(observation, state) if d.kind in MOVED]


# -- turn inference --------------------------------------------------------------------


@dataclass(frozen=True)
class TurnMatch:
    """The legal turn result(s) matching what was seen after a player's turn.

    ``result`` is the match (None when nothing legal fits); ``candidates`` every result
    consistent with the observation (several when the camera cannot tell them apart).
    """

    result: TurnResult | None
    candidates: tuple[TurnResult, ...]
    message: str


def _steps(a: str, b: str) -> int:
    if a == b:
        return 0
    if a[0] in "LR" and b[0] in "LR" and a[0] != b[0]:
        return (DISTANCE[a] - 5) + (DISTANCE[b] - 5)
    return abs(DISTANCE[a] - DISTANCE[b])


def _explain(before: GameState, player: str, card: Card, seen: Observation) -> str:
    """Why what is seen is not a legal turn: the points the seen move would cost."""
    old = sorted((c for c in before.canoes[player] if c.at != LOST), key=lambda c: _ORDER[c.at])
    new = sorted((c for c in seen.canoes if c.colour == player), key=lambda c: _ORDER[c.at])
    head = f"{_cap(player)} played {card}"
    if card == "cloud":
        return f"{head}: no canoe may move with the cloud"
    if len(old) != len(new):
        return f"{head}; {len(new)} of its canoes are seen, {len(old)} are in play"
    best = None
    for perm in itertools.permutations(new):
        cost = sum(_steps(a.at, b.at) for a, b in zip(old, perm, strict=True))
        if best is None or cost < best[0]:
            best = (cost, perm)
    assert best is not None
    parts = []
    n = int(card)
    for a, b in zip(old, best[1], strict=True):
        if a.at == b.at and a.gem == b.gem:
            continue
        slots = _steps(a.at, b.at)
        gem_cost = 0
        what = ""
        if b.gem not in ("unknown",) and a.gem != b.gem:
            if a.gem is None:
                gem_cost, what = 2, f" loading {_gem(b.gem)}"
            elif b.gem is None:
                gem_cost, what = 2, f" unloading its {a.gem} gem"
            else:
                gem_cost, what = 4, f" swapping its {a.gem} gem for {_gem(b.gem)}"
        elif a.gem == b.gem:
            what = " without loading" if a.gem is None else f" still carrying {_gem(a.gem)}"
        spent = slots + gem_cost
        move = (f"its canoe moved from {a.at} to {b.at}" if a.at != b.at
                else f"its canoe stayed on {a.at}")
        if b.at == BEACH and spent <= n:
            reason = "which is legal on its own: the other canoe does not fit"
        elif spent < n:
            reason = f"only {spent} point{'s' if spent != 1 else ''} spent"
        elif spent > n:
            reason = f"that needs {spent} points"
        else:
            reason = "legal on its own, but not together with the other canoe"
        parts.append(f"{move}{what}: {reason}")
    if not parts:
        return f"{head}; its canoes did not move"
    return f"{head}; " + "; ".join(parts)


def infer_turn(before: GameState, player: str, card: Card, observation: Observation,
               ) -> TurnMatch:
    """Which legal result of ``player``'s turn with ``card`` the board shows (a cloud
    moves no canoe: only the board as it was fits)."""
    if not observation.board_found:
        return TurnMatch(None, (), "The board is not in view: the turn cannot be checked.")
    if card == "cloud":
        if not board_discrepancies(observation, before):
            return TurnMatch(None, (), f"{_cap(player)} played the cloud; no canoe moved.")
        return TurnMatch(None, (), _explain(before, player, card, observation))
    results = turn_results(before, player, card)
    fits = [r for r in results if not board_discrepancies(observation, r.state)]
    if len(fits) == 1:
        return TurnMatch(fits[0], tuple(fits), f"{_cap(player)}'s turn seen and legal.")
    if fits:
        # Results that differ only off the board (reserves, deposits) look the same.
        return TurnMatch(fits[0], tuple(fits),
                         f"{_cap(player)}'s turn seen and legal; {len(fits)} legal turns "
                         "look like this from above, the first is taken.")
    return TurnMatch(None, (), _explain(before, player, card, observation))


# -- river moves -----------------------------------------------------------------------


@dataclass(frozen=True)
class ArmMatch:
    """The arms the discs took at the fork, as the board after a river move shows."""

    arms: tuple[Arm, ...] | None
    state: GameState | None
    candidates: tuple[tuple[Arm, ...], ...]
    message: str


def infer_arms(before: GameState, observation: Observation) -> ArmMatch:
    """Which arm each disc took during the river move from ``before`` (phase 3),
    judged by where the canoes ended up. Discs with no canoe on their way leave no
    trace: among the arms that fit, the one closest to the predicted alternation is
    taken."""
    if not observation.board_found:
        return ArmMatch(None, None, (), "The board is not in view: the river move cannot "
                        "be checked.")
    n = river_discs(before)
    predicted = tuple(predicted_arms(before, n))
    options = sorted(itertools.product(ARMS, repeat=n),
                     key=lambda arms: sum(a != b for a, b in zip(arms, predicted, strict=True)))
    fits: list[tuple[tuple[Arm, ...], GameState]] = []
    for arms in options:
        after, _ = apply(before, MoveRiver(arms))
        if not board_discrepancies(observation, after):
            fits.append((arms, after))
    if not fits:
        after, _ = apply(before, MoveRiver(predicted))
        why = " ".join(d.text for d in board_discrepancies(observation, after)[:3])
        return ArmMatch(None, None, (), "The board matches no way the river could have "
                        f"moved {n} disc{'s' if n != 1 else ''}. With the expected arms: "
                        f"{why}")
    layouts = {(a.canoes, a.joe) for _, a in fits}
    arms, after = fits[0]
    if len(layouts) > 1:
        return ArmMatch(arms, after, tuple(a for a, _ in fits),
                        f"The board fits {len(fits)} ways the discs could have gone; "
                        f"taking {', '.join(arms)}. Please confirm.")
    if arms == predicted:
        return ArmMatch(arms, after, tuple(a for a, _ in fits),
                        "The river moved as expected" + (
                            f": discs went {', '.join(arms)}." if arms else "."))
    return ArmMatch(arms, after, tuple(a for a, _ in fits),
                    f"A disc stuck at the fork: the discs went {', '.join(arms)} "
                    f"(expected {', '.join(predicted)}).")
