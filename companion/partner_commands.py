"""The practice partner's subcommands: ``suggest``, ``selfplay`` and ``review``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from companion.board import PLAYER_COLOURS
from companion.partner import LEVELS, Choice, NotYourDecision, decide, review
from companion.partner.players import SEAT_KINDS, selfplay
from companion.partner.words import describe_choice, describe_turn
from companion.record import load, turn_entry

if TYPE_CHECKING:
    from companion.cli import Subparsers


def register(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    suggest = subparsers.add_parser(
        "suggest", help="the practice partner's choice for one player of a game in progress",
        description="Read a niagara-record/1 game in progress whose last round is unfinished "
                    "and print what the practice partner would do for PLAYER. Phase 1: the "
                    "last round is {} (or holds only 'recover'); phase 2: it gives "
                    "'recover', the cards revealed so far and the turns taken so far. "
                    "Exits 1 if it is not PLAYER's decision or the record is wrong.")
    suggest.add_argument("file", help="a niagara-record/1 JSON file (a game in progress)")
    suggest.add_argument("--player", required=True, help="the colour of the player to advise")
    suggest.add_argument("--level", default="strong", choices=list(LEVELS),
                         help="how hard the partner thinks (default strong)")
    suggest.add_argument("--seed", type=int, default=0,
                         help="the seed of its random draws (default 0)")
    suggest.add_argument("--json", action="store_true",
                         help='print {"phase": "choose", "card": ..., "recover": ...} or '
                              '{"phase": "turn", "turn": {...}}')
    suggest.set_defaults(func=run_suggest)

    play = subparsers.add_parser(
        "selfplay", help="complete games between computer players: wins per seat",
        description="Play complete games between computer players and print each seat's "
                    "wins with a 95%% confidence interval (Wilson). A shared win counts as a "
                    "win for each of its winners. Seat kinds: " + ", ".join(SEAT_KINDS) +
                    " (greedy: the random-card, greedy-turn playout policy).")
    play.add_argument("--players", required=True,
                      help="seats in order, colour:kind, e.g. red:strong,green:beginner,"
                           "blue:greedy")
    play.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    play.add_argument("--seed", type=int, default=0,
                      help="game i is seeded SEED+i (default 0)")
    play.add_argument("--json", action="store_true", help="print the result as JSON")
    play.set_defaults(func=run_selfplay)

    look = subparsers.add_parser(
        "review", help="a game's review: chances of winning round by round, turning points",
        description="Replay a niagara-record/1 game (finished, or in progress: then only its "
                    "completed rounds) and print each player's estimated chance of winning "
                    "after each round and the three decisions that cost their player most, "
                    "with what would have been better.")
    look.add_argument("file", help="a niagara-record/1 JSON file")
    look.add_argument("--seed", type=int, default=0, help="the seed of the playouts")
    look.add_argument("--playouts", type=int, default=12,
                      help="playouts per estimate (default 12; more is slower and steadier)")
    look.add_argument("--level", default="strong", choices=list(LEVELS),
                      help="the search that judges each decision (default strong)")
    look.add_argument("--json", action="store_true", help="print the review as JSON")
    look.set_defaults(func=run_review)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


def run_suggest(args: argparse.Namespace) -> int:
    result = load(args.file, unfinished=True)
    if result.error is not None:
        return _fail(str(result.error))
    assert result.game is not None
    state = result.game.state
    player = args.player
    if player not in state.players:
        return _fail(f"{player!r} is not playing in this game "
                     f"(players: {', '.join(state.players)})")
    try:
        decision = decide(state, player, level=args.level, seed=args.seed)
    except NotYourDecision as error:
        return _fail(str(error))
    out: dict[str, Any]
    if isinstance(decision, Choice):
        out = decision.to_json()
        text = describe_choice(player, decision)
    else:
        out = {"phase": "turn", "turn": turn_entry(decision.action)}
        text = describe_turn(decision.action)
    print(json.dumps(out) if args.json else text)
    return 0


def parse_seats(text: str) -> list[tuple[str, str]]:
    """``red:strong,green:greedy,...`` as (colour, kind) pairs; ValueError in words."""
    seats: list[tuple[str, str]] = []
    for item in text.split(","):
        colour, sep, kind = item.strip().partition(":")
        if not sep:
            raise ValueError(f"{item.strip()!r}: write each seat as colour:kind, "
                             "e.g. red:strong")
        if colour not in PLAYER_COLOURS:
            raise ValueError(f"{colour!r} is not a player colour: colours are "
                             f"{', '.join(PLAYER_COLOURS)}")
        if kind not in SEAT_KINDS:
            raise ValueError(f"{kind!r} is not a kind of player: use {', '.join(SEAT_KINDS)}")
        if any(colour == c for c, _ in seats):
            raise ValueError(f"{colour} has two seats: each player needs a different colour")
        seats.append((colour, kind))
    if not 3 <= len(seats) <= 5:
        raise ValueError(f"Niagara is played by 3 to 5 players, not {len(seats)}")
    return seats


def run_selfplay(args: argparse.Namespace) -> int:
    try:
        seats = parse_seats(args.players)
    except ValueError as error:
        return _fail(str(error))
    if args.games < 1:
        return _fail(f"--games must be 1 or more, not {args.games}")
    result = selfplay(seats, args.games, args.seed)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
        return 0
    print(f"{result.games} games (seeds {args.seed}..{args.seed + result.games - 1}); "
          "a shared win counts as a win for each of its winners.")
    for seat in result.seats:
        data = seat.to_json()
        low, high = data["ci95"]
        shared = f", {seat.shared} shared" if seat.shared else ""
        print(f"  {seat.player:7} {seat.kind:9} {seat.wins:4} wins{shared} "
              f"({100 * seat.rate:.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f}%)")
    if result.unfinished:
        print(f"  {result.unfinished} game(s) stopped without a winner.")
    return 0


def run_review(args: argparse.Namespace) -> int:
    if args.playouts < 1:
        return _fail(f"--playouts must be 1 or more, not {args.playouts}")
    result = load(args.file, unfinished=True)
    if result.error is not None:
        return _fail(str(result.error))
    assert result.game is not None
    done = review(result.game, seed=args.seed, playouts=args.playouts, level=args.level)
    if args.json:
        print(json.dumps(done.to_json(), indent=2))
        return 0
    players = done.players
    print("Chance of winning after each round" + ("" if done.complete else
          " (a game in progress: completed rounds only)") + ":")
    print("  round " + " ".join(f"{p:>7}" for p in players))
    for entry in done.rounds:
        print(f"  {entry.round:5} " + " ".join(f"{100 * entry.chances[p]:6.0f}%"
                                              for p in players))
    if done.winners:
        print(f"Won by {' and '.join(w.capitalize() for w in done.winners)}.")
    print("Turning points:" if done.turning_points else
          "No decision cost its player a chance of winning worth telling.")
    for point in done.turning_points:
        print(f"  {point.text()}")
    return 0
