"""The table service's errors: who may do what, and against which state.

Each is a :class:`companion.errors.NiagaraError` (a ``ValueError``) with a message for
players; the web service maps each to one HTTP status (403, 409, 404). A refused request
changes nothing.
"""

from __future__ import annotations

from companion.errors import NiagaraError


class AccessError(NiagaraError):
    """A wrong token or key: the request is refused and nothing changes."""


class ConflictError(NiagaraError):
    """The request was made against an older state of the game (e.g. a second undo)."""


class NotFoundError(NiagaraError):
    """No such game."""


class StorageError(NiagaraError):
    """The game store cannot write (disk full, read-only storage): nothing was saved, and
    nothing changed in memory either. Reads keep working; writes work again by themselves
    once space returns."""


class BusyError(NiagaraError):
    """Too many open event streams (for a game, from one address, or in all)."""

    def __init__(self, message: str, status: int = 503) -> None:
        super().__init__(message)
        self.status = status
