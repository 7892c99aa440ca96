"""Errors by cause, all ``ValueError``s (as python-chess does)."""

from __future__ import annotations


class NiagaraError(ValueError):
    """Base class of the engine's errors."""


class InvalidActionError(NiagaraError):
    """An action that cannot be parsed or names something that does not exist."""


class IllegalActionError(NiagaraError):
    """A well-formed action that breaks a rule; the message names the rule in plain words."""


class AmbiguousActionError(InvalidActionError):
    """An action that could mean more than one thing (say which canoe or which gem)."""
