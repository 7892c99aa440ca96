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

from companion import text as tx
from companion.actions import MoveRiver
from companion.board import ARMS, BEACH, DISTANCE, LOST, SLOTS, Arm, Card
from companion.rules import TurnResult, apply, predicted_arms, river_discs, turn_results
from companion.state import GameState, Options, Phase, new_game
from companion.text import N_, Listing, Nn_, Term, Text, join
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


def place(position: str) -> Text | Term:
    """A position as players say it: ``T4 (disc 4)``, ``L1 (left arm, disc 6)``."""
    if position == BEACH:
        return tx.place(BEACH)
    n = DISTANCE[position]
    if position[0] == "L":
        return N_("{slot} (left arm, disc {n})", slot=position, n=n)
    if position[0] == "R":
        return N_("{slot} (right arm, disc {n})", slot=position, n=n)
    return N_("{slot} (disc {n})", slot=position, n=n)


def _name(colour: str) -> Term:
    """A canoe by its colour: "red canoe", "Joe's canoe" (``{canoe:start}`` begins a
    sentence: "Red canoe")."""
    return Term("canoe", colour)


def _short(position: str) -> Term:
    return tx.place(position)


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
        return [Discrepancy("board", None, N_("The board is not in view."),
                            N_("Make sure the four corner markers can be seen."))]
    known = [p for p in (BEACH, *SLOTS) if observation.is_known(p)]
    out: list[Discrepancy] = []
    # Discs: every slot holds one between river moves.
    empty = [s for s in SLOTS if observation.discs.get(s) == ABSENT]
    if empty:
        seen = sum(1 for s in SLOTS if observation.discs.get(s) == PRESENT)
        counted = seen + len(empty) == len(SLOTS)
        if len(empty) == 1 and counted:
            text = N_("Only {seen} discs in the river: {slot} is empty.", seen=seen,
                      slot=empty[0])
        elif len(empty) == 1:
            text = N_("Missing discs in the river: {slot} is empty.", slot=empty[0])
        elif counted:
            text = N_("Only {seen} discs in the river: {slots} are empty.", seen=seen,
                      slots=Listing(empty))
        else:
            text = N_("Missing discs in the river: {slots} are empty.", slots=Listing(empty))
        for s in empty:
            out.append(Discrepancy("disc", s, text,
                                   N_("Put a river disc back on {slot}.", slot=s)))
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
                msg = N_("Setup: {canoe} should start on the beach.", canoe=name)
            else:
                msg = N_("{canoe:start} expected on {expected}, seen on {seen}.", canoe=name,
                         expected=place(a), seen=place(b))
            out.append(Discrepancy("canoe", b, msg, N_(
                "Move the {canoe} from {start} to {end}.", canoe=name, start=_short(b),
                end=_short(a)), colour))
        for a in missing[len(extra):]:
            out.append(Discrepancy("canoe", a, N_(
                "{canoe:start} expected on {expected}, not seen there.", canoe=name,
                expected=place(a)), N_("Put the {canoe} on {at}.", canoe=name, at=_short(a)),
                colour))
        for b in extra[len(missing):]:
            out.append(Discrepancy("canoe", b, N_(
                "A {canoe} is on {at}, but the game has none there.", canoe=name,
                at=place(b)), N_("Take the {canoe} off {at}.", canoe=name, at=_short(b)),
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
                at, here = place(pos), _short(pos)
                if w_gem is None:
                    fix = N_("Take the {gem} gem out of the {canoe} on {at}.",
                             gem=tx.gem(g_gem or ""), canoe=name, at=here)
                    msg = N_("{canoe:start} on {at} should carry no gem, it carries a {gem} "
                             "gem.", canoe=name, at=at, gem=tx.gem(g_gem or ""))
                elif g_gem:
                    fix = N_("Put a {gem} gem in the {canoe} on {at} instead of the {other} "
                             "one.", gem=tx.gem(w_gem), canoe=name, at=here,
                             other=tx.gem(g_gem))
                    msg = N_("{canoe:start} on {at} should carry a {gem} gem, it carries a "
                             "{other} gem.", canoe=name, at=at, gem=tx.gem(w_gem),
                             other=tx.gem(g_gem))
                else:
                    fix = N_("Put a {gem} gem in the {canoe} on {at}.", gem=tx.gem(w_gem),
                             canoe=name, at=here)
                    msg = N_("{canoe:start} on {at} should carry a {gem} gem, it carries no "
                             "gem.", canoe=name, at=at, gem=tx.gem(w_gem))
                out.append(Discrepancy("gem", pos, msg, fix, colour))
    if observation.weather is not None and observation.weather != state.weather:
        msg = N_("Weather marker on {seen:+d}, the game has it on {expected:+d}.",
                 seen=observation.weather, expected=state.weather)
        if setup:
            msg = N_("Setup: the weather marker should start on 0.")
        out.append(Discrepancy("weather", None, msg, N_(
            "Put the cloud marker on {weather}.", weather=_weather(state.weather))))
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


def _explain(before: GameState, player: str, card: Card, seen: Observation) -> Text:
    """Why what is seen is not a legal turn: the points the seen move would cost."""
    old = sorted((c for c in before.canoes[player] if c.at != LOST), key=lambda c: _ORDER[c.at])
    new = sorted((c for c in seen.canoes if c.colour == player), key=lambda c: _ORDER[c.at])
    who = tx.colour(player)
    if card == "cloud":
        return N_("{player} played the cloud: no canoe may move with the cloud", player=who)
    if len(old) != len(new):
        return N_("{player} played {card}; {seen} of its canoes are seen, {total} are in play",
                  player=who, card=card, seen=len(new), total=len(old))
    best = None
    for perm in itertools.permutations(new):
        cost = sum(_steps(a.at, b.at) for a, b in zip(old, perm, strict=True))
        if best is None or cost < best[0]:
            best = (cost, perm)
    assert best is not None
    parts: list[Text] = []
    n = int(card)
    for a, b in zip(old, best[1], strict=True):
        if a.at == b.at and a.gem == b.gem:
            continue
        slots = _steps(a.at, b.at)
        gem_cost = 0
        what: Text | None = None
        if b.gem not in ("unknown",) and a.gem != b.gem:
            if a.gem is None:
                gem_cost, what = 2, N_("loading a {gem} gem", gem=tx.gem(b.gem or ""))
            elif b.gem is None:
                gem_cost, what = 2, N_("unloading its {gem} gem", gem=tx.gem(a.gem))
            else:
                gem_cost, what = 4, N_("swapping its {gem} gem for a {other} gem",
                                       gem=tx.gem(a.gem), other=tx.gem(b.gem))
        elif a.gem == b.gem:
            what = (N_("without loading") if a.gem is None else
                    N_("still carrying a {gem} gem", gem=tx.gem(a.gem)))
        spent = slots + gem_cost
        move = (N_("its canoe moved from {start} to {end}", start=_short(a.at),
                   end=_short(b.at)) if a.at != b.at else
                N_("its canoe stayed on {at}", at=_short(a.at)))
        if b.at == BEACH and spent <= n:
            reason = N_("which is legal on its own: the other canoe does not fit")
        elif spent < n:
            reason = Nn_("only {n} point spent", "only {n} points spent", spent)
        elif spent > n:
            reason = N_("that needs {n} points", n=spent)
        else:
            reason = N_("legal on its own, but not together with the other canoe")
        parts.append(N_("{move} {what}: {reason}", move=move, what=what, reason=reason)
                     if what is not None else
                     N_("{move}: {reason}", move=move, reason=reason))
    if not parts:
        return N_("{player} played {card}; its canoes did not move", player=who, card=card)
    return N_("{player} played {card}; {moves}", player=who, card=card,
              moves=join(parts, "; "))


def infer_turn(before: GameState, player: str, card: Card, observation: Observation,
               ) -> TurnMatch:
    """Which legal result of ``player``'s turn with ``card`` the board shows (a cloud
    moves no canoe: only the board as it was fits)."""
    if not observation.board_found:
        return TurnMatch(None, (), N_("The board is not in view: the turn cannot be checked."))
    who = tx.colour(player)
    if card == "cloud":
        if not board_discrepancies(observation, before):
            return TurnMatch(None, (), N_("{player} played the cloud; no canoe moved.",
                                          player=who))
        return TurnMatch(None, (), _explain(before, player, card, observation))
    results = turn_results(before, player, card)
    fits = [r for r in results if not board_discrepancies(observation, r.state)]
    if len(fits) == 1:
        return TurnMatch(fits[0], tuple(fits), N_("{player}'s turn seen and legal.",
                                                  player=who))
    if fits:
        # Results that differ only off the board (reserves, deposits) look the same.
        return TurnMatch(fits[0], tuple(fits), N_(
            "{player}'s turn seen and legal; {n} legal turns look like this from above, the "
            "first is taken.", player=who, n=len(fits)))
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
        return ArmMatch(None, None, (), N_("The board is not in view: the river move cannot "
                                           "be checked."))
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
        why = join([d.text for d in board_discrepancies(observation, after)[:3]])
        return ArmMatch(None, None, (), Nn_(
            "The board matches no way the river could have moved {n} disc. With the "
            "expected arms: {why}",
            "The board matches no way the river could have moved {n} discs. With the "
            "expected arms: {why}", n, why=why))
    layouts = {(a.canoes, a.joe) for _, a in fits}
    arms, after = fits[0]
    went = Listing(map(tx.arm, arms), last=",")
    if len(layouts) > 1:
        return ArmMatch(arms, after, tuple(a for a, _ in fits), N_(
            "The board fits {n} ways the discs could have gone; taking {arms}. Please "
            "confirm.", n=len(fits), arms=went))
    if arms == predicted:
        return ArmMatch(arms, after, tuple(a for a, _ in fits),
                        N_("The river moved as expected: discs went {arms}.", arms=went)
                        if arms else N_("The river moved as expected."))
    return ArmMatch(arms, after, tuple(a for a, _ in fits), N_(
        "A disc stuck at the fork: the discs went {arms} (expected {expected}).", arms=went,
        expected=Listing(map(tx.arm, predicted), last=",")))
