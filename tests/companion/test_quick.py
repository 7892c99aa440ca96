"""Replay's quick path (``companion.quick``) against the reference, ``rules.apply``: the same
states, the same events and the same refusals, on seeded random games, on actions that
break rules, and on mangled records (compared with replaying through ``Game.push``)."""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from companion import rules
from companion.actions import (
    Action,
    CanoeMove,
    ChooseCard,
    MoveRiver,
    Paddle,
    Recover,
    Step,
    Weather,
)
from companion.board import GEM_COLOURS, POSITIONS
from companion.errors import IllegalActionError, InvalidActionError
from companion.game import Game
from companion.playout import random_game
from companion.quick import QuickGame, Unsure, make_events
from companion.record import (
    RecordError,
    ReplayResult,
    _is_over,
    _plain_round,
    _round_actions,
    parse_header,
    replay,
    summary_json,
    to_record,
)
from companion.state import (
    Canoe,
    FrozenMap,
    GameState,
    Options,
    Phase,
    canoe_pair,
    gem_count,
)

COLOURS = ["red", "green", "yellow", "blue", "brown"]


def same_structure(mine: Any, theirs: Any) -> bool:
    """Two equal values have the same type and, for FrozenMaps, the same keys in the same
    order, at every depth (``True == 1`` and equal maps may differ in order, yet the JSON
    shows both)."""
    if type(mine) is not type(theirs):
        return False
    if type(mine) is FrozenMap:
        if list(mine) != list(theirs):
            return False
        for a, b in zip(mine.values(), theirs.values(), strict=True):
            if type(a) is not type(b) or (type(a) is FrozenMap and not same_structure(a, b)):
                return False
    return True


def same_state(quick: GameState, reference: GameState) -> None:
    assert quick == reference
    # The JSON the program prints is the same too: every FrozenMap of the state holds its
    # keys in the same order, at every depth, and every value has the same type. (Other
    # values print in one order: tuples are ordered, sets are printed sorted.)
    for name in STATE_FIELDS:
        assert same_structure(getattr(quick, name), getattr(reference, name)), name


STATE_FIELDS = [f.name for f in dataclasses.fields(GameState)]


def games(count: int, first_seed: int = 0) -> Iterator[Game]:
    """Seeded random games: 3 to 5 players, with and without Joe and the tie-break."""
    for seed in range(first_seed, first_seed + count):
        players = COLOURS[:3 + seed % 3]
        options = Options(diamanten_joe=seed % 2 == 0, tie_break=seed % 4 < 2)
        yield random_game(players, seed=seed, options=options)


def step_through(game: Game) -> Counter[str]:
    """Carry out a game's history on one QuickGame beside ``rules.apply``, comparing after
    every action; counts the actions the quick path left to the reference.

    The reference's states and events are the game's own: ``random_game`` pushed every
    action through ``Game.push``, which keeps what ``rules.apply`` returned (applying
    them again would compute the same values a second time)."""
    state = game.start
    assert len(game._states) == len(game.history) + 1, "every state kept by Game.push"
    quick = QuickGame(state)
    unsure: Counter[str] = Counter()
    for action, after, events in zip(game.history, game._states[1:], game.events,
                                     strict=True):
        try:
            raw = quick.apply(action)
        except Unsure:
            same_state(quick.freeze(), state)  # nothing changed
            unsure[type(action).__name__] += 1
            quick = QuickGame(after)
        else:
            made = make_events(raw)
            assert made == events
            assert [e.to_json() for e in made] == [e.to_json() for e in events]
            same_state(quick.freeze(), after)
        state = after
    return unsure


def test_random_games_step_by_step() -> None:
    for game in games(12):
        unsure = step_through(game)
        assert not unsure  # the quick path carries out every legal action


DEEP = os.environ.get("NIAGARA_DEEP_TESTS") == "1"
"""``NIAGARA_DEEP_TESTS=1``: the differential checks at full size (1,000 games, thousands of
broken actions and mangled records: about half an hour of CPU). ``make test`` runs a
tenth of each (other seeds every chunk), so CI stays within minutes."""


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_a_thousand_random_games_step_by_step(chunk: int) -> None:
    size = 100 if DEEP else 10
    for game in games(size, first_seed=1000 + 100 * chunk):
        unsure = step_through(game)
        assert not unsure


def test_random_games_buy_canoes_back() -> None:
    bought = Counter(a.pay == "free" for game in games(12) for a in game.history
                     if isinstance(a, Recover))
    assert bought[True] > 10 and bought[False] > 10, bought  # the step test saw both


# -- buying canoes back ------------------------------------------------------------------

LOST_PAIRS = [(Canoe("lost"), Canoe("lost")), (Canoe("beach"), Canoe("lost")),
              (Canoe("T3", "pink"), Canoe("lost")), (Canoe("beach"), Canoe("beach"))]
RESERVES = [{}, {"pink": 1}, {"violet": 2}, {"white": 1, "blue": 1}, {"yellow": 3, "pink": 1}]
PAYS: list[Any] = ["free", *GEM_COLOURS, "black", None, 3]


def compare(state: GameState, action: Action) -> GameState | None:
    """``action`` on ``state`` through the quick path and the reference, which must agree
    (or the quick path must be unsure and change nothing): the state after, or None when
    the reference refuses it."""
    expected = judge(state, action)
    quick = QuickGame(state)
    try:
        raw = quick.apply(action)
    except Unsure:
        same_state(quick.freeze(), state)
        return None if isinstance(expected, Exception) else expected[0]
    assert not isinstance(expected, Exception), (action, expected)
    made = make_events(raw)
    assert made == expected[1] and [e.to_json() for e in made] == \
        [e.to_json() for e in expected[1]], action
    same_state(quick.freeze(), expected[0])
    return expected[0]


def test_buying_back_one_or_two_canoes_in_a_round() -> None:
    rng = random.Random(11)
    seen: Counter[str] = Counter()
    for game in games(4, first_seed=70):
        starts, state = [game.start], game.start
        for action in game.history[:40]:
            state = rules.apply(state, action)[0]
            if state.phase is Phase.CHOOSE and len(starts) < 4:
                starts.append(state)
        for start in starts:
            player = rng.choice(start.players)
            for pair in LOST_PAIRS:
                for reserve in RESERVES:
                    state = start.replace(
                        canoes=start.canoes.set(player, canoe_pair(*pair)),
                        reserves=start.reserves.set(player, gem_count(reserve)))
                    # up to three buy-backs in a row: the second canoe too, then one too many
                    for _ in range(3):
                        for pay in PAYS:
                            compare(state, Recover(player, pay))
                        pay = rng.choice(["free", *reserve] if reserve else ["free", "pink"])
                        after = compare(state, Recover(player, pay))
                        if after is None:
                            seen["refused"] += 1
                            break
                        seen["free" if pay == "free" else "paid"] += 1
                        state = after
                    else:
                        seen["three"] += 1
                    if sum(c.lost for c in state.canoes[player]) == 0 and \
                            sum(c.at == "lost" for c in pair) == 2:
                        seen["both back"] += 1
    assert seen["paid"] > 50 and seen["free"] > 5 and seen["both back"] > 10, seen


def test_buying_back_in_every_phase() -> None:
    """Both canoes lost, in every state of a game's first rounds: bought back in phase 1,
    refused (by the reference) in the other phases, and refused for a player not playing."""
    game = next(games(1, first_seed=71))
    state = game.start
    seen: Counter[bool] = Counter()
    for action in game.history[:60]:
        for player in state.players:
            lost = state.replace(canoes=state.canoes.set(
                player, (Canoe("lost"), Canoe("lost"))))
            for pay in PAYS:
                seen[compare(lost, Recover(player, pay)) is None] += 1
            compare(lost, Recover("black", "free"))
        state = rules.apply(state, action)[0]
    assert seen[True] and seen[False], seen


# -- actions that break rules ------------------------------------------------------------

STEP_TEXTS = [
    "unload", *(f"load {g}" for g in GEM_COLOURS),
    *(f"down {n}" for n in range(1, 9)), *(f"down {n} {a}" for n in range(1, 9)
                                         for a in ("left", "right")),
    *(f"up {n}" for n in range(1, 9)), *(f"steal {p}" for p in COLOURS),
    *(f"steal {p} {g}" for p in COLOURS[:3] for g in GEM_COLOURS),
    "joe take", "joe swap", "joe give"]
STEPS = [Step.parse(text) for text in STEP_TEXTS] + [
    Step("joe", arg="wave"), Step("load", arg="black"), Step("fly", 1), Step("up", 0)]


def mutations(action: Paddle, rng: random.Random, players: tuple[str, ...]) -> list[Action]:
    """Paddle actions near ``action``: a step changed, dropped, doubled or added, another
    start or cargo, the canoes swapped or dropped, another player."""
    found: list[Action] = [Paddle(p, action.canoes) for p in players]
    moves = list(action.canoes)
    found.append(Paddle(action.player, tuple(reversed(moves))))
    found.append(Paddle(action.player, ()))
    found.append(Paddle(action.player, (*moves, *moves[:1])))
    for i, move in enumerate(moves):
        variants = [
            CanoeMove(rng.choice(POSITIONS), move.steps, move.carrying),
            CanoeMove(move.start, move.steps, rng.choice([None, *GEM_COLOURS])),
            CanoeMove(move.start, move.steps[:-1]),
            CanoeMove(move.start, (*move.steps, rng.choice(STEPS))),
            CanoeMove(move.start, (*move.steps, *move.steps[-1:])),
        ]
        for k in range(len(move.steps)):
            steps = list(move.steps)
            steps[k] = rng.choice(STEPS)
            variants.append(CanoeMove(move.start, tuple(steps), move.carrying))
            variants.append(CanoeMove(move.start, (*steps[:k], *steps[k + 1:])))
        for variant in variants:
            changed = list(moves)
            changed[i] = variant
            found.append(Paddle(action.player, tuple(changed)))
            found.append(Paddle(action.player, (*moves[:i], *moves[i + 1:])))
    return found


def candidates(state: GameState, rng: random.Random) -> list[Action]:
    """Legal and illegal actions in ``state``."""
    players = state.players
    found: list[Action] = [ChooseCard(p, c) for p in (*players, "black")
                           for c in (1, 2, 3, 4, 5, 6, "cloud", "3", 7, True)]
    found += [Weather(p, d) for p in players for d in ("up", "down", "sideways")]
    found += [MoveRiver(None), MoveRiver(()), MoveRiver(("left",) * 3),
              MoveRiver(tuple(rng.choice(("left", "right")) for _ in range(rules.river_discs(
                  state)))), MoveRiver(("left", "middle"))]  # type: ignore[arg-type]
    found += [Recover(p, g) for p in players for g in ("free", "pink", "white", "black")]
    mover = state.to_play
    if mover is not None and state.chosen[mover] != "cloud":
        results = rules.turn_results(state, mover, state.chosen[mover])
        for result in rng.sample(results, min(6, len(results))):
            found.append(result.action)
            assert isinstance(result.action, Paddle)
            found += mutations(result.action, rng, players)
    return found


def judge(state: GameState, action: Action) -> tuple[GameState, list[Any]] | Exception:
    try:
        return rules.apply(state, action)
    except Exception as error:  # whatever the reference does, it is compared
        return error


def check_actions(game: Game, rng: random.Random, every: int) -> Counter[str]:
    seen: Counter[str] = Counter()
    state = game.start
    for number, action in enumerate(game.history):
        if number % every == 0:
            for candidate in candidates(state, rng):
                expected = judge(state, candidate)
                quick = QuickGame(state)
                try:
                    raw = quick.apply(candidate)
                except Unsure:
                    same_state(quick.freeze(), state)
                    seen["unsure"] += 1
                    continue
                assert not isinstance(expected, Exception), (candidate, expected)
                assert make_events(raw) == expected[1], candidate
                same_state(quick.freeze(), expected[0])
                seen["quick"] += 1
        state = rules.apply(state, action)[0]
    return seen


def test_broken_rules_are_left_to_the_reference() -> None:
    rng = random.Random(8)
    seen: Counter[str] = Counter()
    for game in games(3, first_seed=50):
        seen += check_actions(game, rng, every=7)
    assert seen["quick"] > 100 and seen["unsure"] > 1000, seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_many_broken_rules_are_left_to_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    for game in games(6 if DEEP else 1, first_seed=300 + 6 * seed):
        check_actions(game, rng, every=2)


# -- records -------------------------------------------------------------------------------


def reference_replay(record: object) -> ReplayResult:
    """``replay`` as it was before the quick path: every action through ``Game.push``."""
    try:
        players, options, rounds = parse_header(record)
        game = Game(players, options)
    except (RecordError, InvalidActionError) as error:
        err = error if isinstance(error, RecordError) else RecordError(str(error))
        return ReplayResult(None, err)
    for number, entry in enumerate(rounds, start=1):
        if game.state.phase is Phase.OVER:
            return ReplayResult(game, RecordError(
                f"the game ended in round {game.state.round}: "
                f"{', '.join(game.state.winners)} won, yet the record goes on", number),
                game.state)
        if game.state.phase is not Phase.CHOOSE:
            return ReplayResult(game, RecordError(
                "the previous round is incomplete: not every player played", number),
                game.state)
        try:
            actions = _round_actions(game, number, entry)
        except RecordError as error:
            return ReplayResult(game, error, game.state)
        for player, action in actions:
            if type(action) is MoveRiver and _is_over(game):
                break
            try:
                game.push(action)
            except (IllegalActionError, InvalidActionError) as error:
                return ReplayResult(game, RecordError(str(error), number, player), game.state)
        if _is_over(game) and isinstance(entry, Mapping) and "fork" in entry:
            return ReplayResult(game, RecordError(
                "'fork' is given but the game ended after phase 2: the river does not move",
                number), game.state)
    return ReplayResult(game)


def same_replay(record: object) -> None:
    quick, reference = replay(record), reference_replay(record)
    assert (quick.error is None) == (reference.error is None)
    if quick.error is not None and reference.error is not None:
        assert quick.error.to_json() == reference.error.to_json()
    assert (quick.error_state is None) == (reference.error_state is None)
    if quick.error_state is not None and reference.error_state is not None:
        same_state(quick.error_state, reference.error_state)
    assert (quick.game is None) == (reference.game is None)
    if quick.game is not None and reference.game is not None:
        assert quick.game.history == reference.game.history
        same_state(quick.game.state, reference.game.state)
        assert quick.game.events == reference.game.events
        assert json.dumps(summary_json(quick.game)) == json.dumps(summary_json(reference.game))


VALUES: list[Any] = [None, True, 0, 3, 9, -1, "", "free", "cloud", "left", "right", "lost",
                     *COLOURS, *GEM_COLOURS, *POSITIONS, *STEP_TEXTS, [], {}, ["left"]]


def leaves(node: Any, prefix: tuple[Any, ...] = (),
           found: list[tuple[Any, ...]] | None = None) -> list[tuple[Any, ...]]:
    """The path of every value in ``node``, ``node`` first, depth first."""
    if found is None:
        found = []
    found.append(prefix)
    if isinstance(node, dict):
        for key, value in node.items():
            leaves(value, (*prefix, key), found)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            leaves(value, (*prefix, i), found)
    return found


_BASE_PATHS: dict[int, tuple[dict[str, Any], list[tuple[Any, ...]]]] = {}
"""The paths of each base record (by id, with the record, so the id stays its own)."""


def mangled(base: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``base`` with one to three values replaced (often a step by another step)."""
    record: dict[str, Any] = json.loads(json.dumps(base))  # a deep copy (JSON values), quicker
    known = _BASE_PATHS.get(id(base))
    if known is None or known[0] is not base:
        known = _BASE_PATHS[id(base)] = (base, [p for p in leaves(base) if p])
    paths = known[1]  # the copy's paths, until a value is replaced
    for turn in range(rng.randint(1, 3)):
        if turn:
            paths = [p for p in leaves(record) if p]
        where = rng.choice(paths)
        node = record
        for key in where[:-1]:
            node = node[key]
        old = node[where[-1]]
        if isinstance(old, str) and old in STEP_TEXTS and rng.random() < 0.7:
            node[where[-1]] = rng.choice(STEP_TEXTS)
        elif isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.5:
            node[where[-1]] = rng.randint(1, 6)
        else:
            node[where[-1]] = copy.deepcopy(rng.choice(VALUES))
    return record


def test_records_replay_as_before() -> None:
    for game in games(6, first_seed=20):
        same_replay(to_record(game))


def test_mangled_records_replay_as_before() -> None:
    rng = random.Random(5)
    bases = [to_record(game) for game in games(4, first_seed=40)]
    for _ in range(150):
        same_replay(mangled(rng.choice(bases), rng))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_many_mangled_records_replay_as_before(seed: int) -> None:
    rng = random.Random(100 + seed)
    bases = [to_record(game) for game in games(5, first_seed=60 + 5 * seed)]
    for _ in range(400 if DEEP else 40):
        same_replay(mangled(rng.choice(bases), rng))


def test_plain_rounds_read_as_round_actions_reads_them() -> None:
    """``_plain_round`` (replay's quick reading of a round) gives ``_round_actions``'s
    actions, or None and leaves the round to it."""
    rng = random.Random(9)
    bases = [to_record(game) for game in games(4, first_seed=80)]
    seen: Counter[bool] = Counter()
    for _ in range(300):
        record = mangled(rng.choice(bases), rng) if rng.random() < 0.7 else rng.choice(bases)
        try:
            players, _, rounds = parse_header(record)
        except RecordError:
            continue
        game = Game(players)
        for number, entry in enumerate(rounds, start=1):
            plain = _plain_round(game.start.players, entry) if type(entry) is dict else None
            seen[plain is None] += 1
            if plain is None:
                continue
            actions = [action for _, action in _round_actions(game, number, entry)]
            river = actions.pop() if type(actions[-1]) is MoveRiver else None
            assert plain == (actions, river), entry
    assert seen[True] > 50 and seen[False] > 1000, seen


# -- the game's history after push_all ------------------------------------------------------


def test_pop_after_push_all_rebuilds_the_states() -> None:
    played = random_game(COLOURS[:4], seed=3, options=Options(diamanten_joe=True))
    game = Game(played.start.players, played.start.options)
    game.push_all(played.history[:200])
    assert game.phase is game.state.phase
    game.push(played.history[200])
    game.push_all(played.history[201:])
    same_state(game.state, played.state)
    assert game.events == played.events
    while len(game.history) > 150:
        assert game.pop() == played.history[len(game.history)]
        played.pop()
        same_state(game.state, played.state)
    game.push_all(played.history[150:150])
    assert game.all_events() == played.all_events()


def test_pop_after_forget_states_rebuilds_them() -> None:
    played = random_game(COLOURS[:4], seed=5)
    game = Game(played.start.players, played.start.options)
    for action in played.history:
        game.push(action)
    game.forget_states()
    assert game._states == [game.start]
    same_state(game.state, played.state)
    for _ in range(20):
        assert game.pop() == played.pop()
        same_state(game.state, played.state)
    assert game.events == played.events


def test_push_all_stops_at_the_first_refusal() -> None:
    game = Game(COLOURS[:3])
    with pytest.raises(IllegalActionError, match="already locked in"):
        game.push_all([ChooseCard("red", 3), ChooseCard("green", 3), ChooseCard("red", 4)])
    assert game.history == [ChooseCard("red", 3), ChooseCard("green", 3)]
    assert dict(game.state.chosen) == {"red": 3, "green": 3}
    assert [e.kind for e in game.all_events()] == ["card_locked", "card_locked"]
