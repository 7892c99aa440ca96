"""The ``niagara-companion`` command line.

Each package contributes its subcommands through a module with
``register(subparsers) -> None``; every subcommand sets ``func(args) -> int``.
Errors the user can fix are printed as one plain line on stderr with exit status 1
(or 2 for bad usage), never a traceback; a closed pipe (``... | head``) ends the command
quietly with status 1.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

COMMAND_MODULES: tuple[str, ...] = (
    "companion.commands",
    "companion.partner_commands",
    "vision.cli",
    "hardware.cli",
    "companion.table.cli",
    "web.cli",
)
"""Modules that add subcommands (``register(subparsers)``), in help order."""

Subparsers = argparse._SubParsersAction
"""What ``register`` receives (``Subparsers[argparse.ArgumentParser]``)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="niagara-companion",
        description="A table companion for the board game Niagara: rules, vision, lights, web.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    if argv is None and getattr(args, "prepare_process", None):
        # The real command line (not a call from Python): a command may set up its
        # process first (``serve`` restarts itself with glibc's tunables, web.cli).
        args.prepare_process()
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``replay --json | head``): stop quietly. Python would
        # flush stdout again on exit and fail there, so stdout goes nowhere from now on.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
