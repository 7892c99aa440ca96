"""The setup key: only the person setting up the table may change the calibration.

One key for the whole service (not per game): generated on the first start with
``secrets.token_urlsafe``, kept in ``setup-key`` (mode 0600) in the user's config
directory, beside the user layout file, so the calibration link printed by ``serve`` keeps
working after a restart. Delete the file to get a new key at the next start.

Every request that changes the calibration (any method but GET/HEAD/OPTIONS under
``/api/calibration``) must carry it in the ``X-Setup-Key`` header; it is compared in
constant time. The key is only ever sent to the table: the calibration page opened with
it (``/calibrate?key=...``) and the table page opened with the game's table key.
"""

from __future__ import annotations

import hmac
import logging
import os
import secrets
from pathlib import Path

from companion.table.errors import AccessError

log = logging.getLogger(__name__)

HEADER = "X-Setup-Key"
"""The request header that carries the setup key."""

REFUSED = ("Only the person setting up the table can change the calibration: open the "
           "calibration link printed when the companion started, or the one on the table "
           "page.")


def default_setup_key_path() -> Path:
    """``setup-key`` in the user's config directory (beside ``layout.json``)."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("niagara-companion", appauthor=False)) / "setup-key"


class SetupKey:
    """The service's setup key.

    :param value: the key itself (tests); nothing is read or written.
    :param path: the file that keeps it (created with a new key, mode 0600, when missing
        or empty). Without ``value`` or ``path``: a new key kept in memory only.
    """

    def __init__(self, value: str | None = None, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.error: str | None = None
        if value:
            self.value = value
        elif self.path is not None:
            self.value = self._load_or_create(self.path)
        else:
            self.value = secrets.token_urlsafe(24)

    @property
    def persistent(self) -> bool:
        """True when the key is kept in a file (the same after a restart)."""
        return self.path is not None and self.error is None

    def _load_or_create(self, path: Path) -> str:
        try:
            if path.exists():
                key = path.read_text(encoding="utf-8").strip()
                if key:
                    if path.stat().st_mode & 0o077:
                        os.chmod(path, 0o600)
                    return key
                path.unlink()
            path.parent.mkdir(parents=True, exist_ok=True)
            key = secrets.token_urlsafe(24)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write(key + "\n")
            return key
        except FileExistsError:  # another process made it just now: use theirs
            return path.read_text(encoding="utf-8").strip() or secrets.token_urlsafe(24)
        except OSError as error:
            reason = error.strerror or str(error)
            self.error = (f"The setup key could not be kept in {path} ({reason}): a new one "
                          "is made at each start.")
            log.warning("%s", self.error)
            return secrets.token_urlsafe(24)

    def matches(self, key: object) -> bool:
        """True if ``key`` is the setup key (constant-time comparison)."""
        return isinstance(key, str) and bool(key) and hmac.compare_digest(
            self.value.encode(), key.encode())

    def check(self, key: object) -> None:
        """Raise :class:`AccessError` (403) unless ``key`` is the setup key."""
        if not self.matches(key):
            raise AccessError(REFUSED)


def make_setup_key(value: str | None, path: str | Path | None, testing: bool) -> SetupKey:
    """The app's key: ``SETUP_KEY`` as given, else the ``SETUP_KEY_FILE`` file, else (in
    tests) one in memory, else the default file in the user's config directory."""
    if value:
        return SetupKey(value=value)
    if path:
        return SetupKey(path=path)
    if testing:
        return SetupKey()
    return SetupKey(path=default_setup_key_path())
