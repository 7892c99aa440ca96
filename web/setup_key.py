"""The setup key: only the owner of the companion starts games, chooses the game on the
table, calibrates the camera and makes the synthetic camera show faults.

One key for the whole service (not per game): generated on the first start with
``secrets.token_urlsafe``, kept in ``setup-key`` (mode 0600) in the user's config
directory, beside the user layout file, so the calibration link printed by ``serve`` keeps
working after a restart. Delete the file to get a new key at the next start.

Every owner request (:data:`web.roles.ROUTES`) carries it in the ``X-Setup-Key`` header
or in the owner's cookie (:data:`COOKIE`: HttpOnly, SameSite=Strict), set when a page is
opened with the owner's link (``/?key=...``, printed by ``serve``; ``/calibrate?key=...``
too). It is compared in constant time. No page or response contains it.
"""

from __future__ import annotations

import hmac
import logging
import os
import secrets
from pathlib import Path

from flask import current_app, request
from werkzeug.wrappers import Response

from companion.table.errors import AccessError
from companion.text import N_

log = logging.getLogger(__name__)

HEADER = "X-Setup-Key"
"""The request header that carries the setup key."""

COOKIE = "niagara_owner"
"""The cookie that keeps the setup key on the owner's device (HttpOnly, SameSite=Strict)."""

COOKIE_DAYS = 365

REFUSED = N_("Only the person setting up the table can change the calibration: open the "
              "owner's link printed when the companion started (it carries the setup key) on "
              "this device, then come back here.")
"""The refusal of a calibration change without the setup key."""

REFUSED_OWNER = N_("Only the owner of the companion can do this (start a game, choose the "
                    "game on the table, make the camera show faults): open the owner's link "
                    "printed when the companion started (it carries the setup key) on this "
                    "device, then try again.")
"""The refusal of the owner's other requests without the setup key."""


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


def _key_service() -> SetupKey:
    key: SetupKey = current_app.extensions["niagara.setup_key"]
    return key


def link_key() -> str | None:
    """The setup key carried in a page's address (``?key=``), if it is the right one."""
    key = request.args.get("key")
    if request.method == "GET" and not request.path.startswith("/api/") and key \
            and _key_service().matches(key):
        return key
    return None


def is_owner() -> bool:
    """True if this request carries the setup key: the ``X-Setup-Key`` header (when
    given, it alone counts), the owner's link (a page's ``?key=``), or the cookie."""
    keys = _key_service()
    header = request.headers.get(HEADER)
    if header:
        return keys.matches(header)
    return link_key() is not None or keys.matches(request.cookies.get(COOKIE))


def refusal() -> AccessError:
    """The plain-words refusal of an owner request without the key."""
    if request.path.startswith("/api/calibration") or request.path == "/calibrate":
        return AccessError(REFUSED)
    return AccessError(REFUSED_OWNER)


def remember_owner(response: Response) -> Response:
    """After a page opened with the owner's link: keep the key in the owner's cookie."""
    key = link_key()
    if key is not None:
        response.set_cookie(COOKIE, key, max_age=COOKIE_DAYS * 86400, httponly=True,
                            samesite="Strict", path="/")
        response.headers["Cache-Control"] = "no-store"
    return response
