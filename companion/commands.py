"""The engine's subcommands: ``replay`` and ``rules``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.record import load, state_json, summary_json
from companion.state import GameState

if TYPE_CHECKING:
    from companion.cli import Subparsers

DATA = Path(__file__).parent / "data"
"""Files shipped with the package: the rules summary and a sample game."""

RULES_LANGUAGES = ("en", "fr", "de")
"""The languages of the rules summary: ``rules.md`` (English), ``rules.fr.md``,
``rules.de.md``."""


def rules_text(language: str = "en") -> str:
    """The rules summary in ``language`` (English for any other).

    >>> rules_text("de").splitlines()[0]
    '# Niagara — die Regeln, wie der Companion sie anwendet'
    """
    name = "rules.md" if language not in RULES_LANGUAGES[1:] else f"rules.{language}.md"
    return (DATA / name).read_text(encoding="utf-8")


def register(subparsers: Subparsers[argparse.ArgumentParser]) -> None:
    replay = subparsers.add_parser(
        "replay", help="replay a game record (niagara-record/1) and print the result",
        description="Replay a game record, checking every entry against the rules, and print "
                    "the resulting state. Exits 1 at the first illegal or malformed entry.")
    replay.add_argument("file", help="a niagara-record/1 JSON file")
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.set_defaults(func=run_replay)
    rules = subparsers.add_parser("rules", help="print the rules summary for new players",
                                  description="Print the rules of Niagara as this program "
                                              "applies them.")
    rules.add_argument("--lang", choices=RULES_LANGUAGES, default="en",
                       help="the language: en (English, the default), fr (French), de (German)")
    rules.set_defaults(func=run_rules)


def run_replay(args: argparse.Namespace) -> int:
    result = load(args.file)
    if result.error is not None:
        if args.json:
            state = result.error_state
            out: dict[str, Any] = {"ok": False, "error": result.error.to_json(),
                                   "state": state_json(state) if state else None}
            print(json.dumps(out, indent=2))
        else:
            print(f"error: {result.error}", file=sys.stderr)
        return 1
    assert result.game is not None
    if args.json:
        print(json.dumps(summary_json(result.game), indent=2))
    else:
        print(describe(result.game.state))
    return 0


def describe(state: GameState) -> str:
    """A plain-text picture of a state."""
    lines = []
    if state.winners:
        lines.append(f"Game over after round {state.round}: "
                     f"{' and '.join(w.capitalize() for w in state.winners)} won.")
    else:
        lines.append(f"Round {state.round} ({state.phase.value}); "
                     f"{state.first_player} holds the buoy.")
    lines.append(f"Weather {state.weather:+d}; the next disc is expected to go "
                 f"{state.next_fork} at the fork.")
    for p in state.players:
        canoes = ", ".join(c.at + (f" with {c.gem}" if c.gem else "") for c in state.canoes[p])
        reserve = ", ".join(f"{n} {g}" for g, n in state.reserves[p].items()) or "no gems"
        lines.append(f"  {p:7} canoes: {canoes}; reserve: {reserve}")
    if state.joe is not None:
        gem = f" with {state.joe.gem}" if state.joe.gem else ""
        lines.append(f"  Diamanten Joe on {state.joe.at}{gem}")
    return "\n".join(lines)


def run_rules(args: argparse.Namespace) -> int:
    print(rules_text(args.lang))
    return 0
