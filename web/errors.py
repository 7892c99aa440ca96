"""Every refusal in plain words, never a traceback: one error handler for the whole app,
the checks that run before a request reaches it, and the limits on what a request may be.

- :func:`handle`: JSON ``{"ok": false, "error": ..., "kind": ...}`` under ``/api``, a
  readable page elsewhere, for the engine's and the loop's errors, HTTP errors, and any
  other exception (logged, answered 500 without a traceback). The error page falls back
  to a few lines of HTML if its template fails.
- :class:`HostCheck`: a WSGI wrapper answering 400 to a malformed ``Host`` header before
  Flask builds any URL from it.
- :class:`CheckedJSON`: the app's JSON loader refuses bodies nested deeper than
  :data:`MAX_JSON_DEPTH` (before parsing); ``MAX_CONTENT_LENGTH`` (:data:`MAX_BODY`)
  answers 413 to larger bodies.
- :class:`GameIdConverter`: game ids in addresses are 1 to 18 ASCII digits (below
  2**63, SQLite's limit); anything else is 404.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from flask.json.provider import DefaultJSONProvider
from markupsafe import escape
from werkzeug.exceptions import HTTPException, MethodNotAllowed
from werkzeug.routing import BaseConverter
from werkzeug.wrappers import Response as BaseResponse

from companion.errors import IllegalActionError, InvalidActionError, NiagaraError
from companion.table.errors import (
    AccessError,
    BusyError,
    ConflictError,
    NotFoundError,
    StorageError,
)
from companion.text import N_, Text

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024
"""Largest request body in bytes (a whole layout is about 3 kB)."""

MAX_JSON_DEPTH = 16
"""Deepest nesting of arrays and objects in a request body (a layout needs 3)."""

ERRORS: tuple[tuple[type[Exception], int, str], ...] = (
    (AccessError, 403, "forbidden"),
    (NotFoundError, 404, "not_found"),
    (ConflictError, 409, "conflict"),
    (StorageError, 507, "storage"),
    (IllegalActionError, 409, "illegal"),
    (InvalidActionError, 400, "invalid"),
)

HTTP_MESSAGES: dict[int, str] = {
    400: N_("The request could not be understood: check the address and what was sent."),
    404: N_("There is nothing at this address: check the link, or start again from the home "
            "page."),
    413: N_("The request is too large: the companion accepts at most {size} kB.",
            size=MAX_BODY // 1024),
    414: N_("The address is too long."),
    415: N_("The request body must be JSON (Content-Type: application/json)."),
    431: N_("The request's headers are too large."),
}
"""Plain words for the HTTP errors Flask and Werkzeug raise (kind ``http``; 405 names the
method)."""

INTERNAL = N_("The companion could not do this because of a fault of its own (it is in "
              "its log). Try again; if it happens again, restart the companion.")


def error_status(error: Exception) -> tuple[int, str]:
    """The HTTP status and kind for an error of the loop or the engine."""
    if isinstance(error, BusyError):
        return error.status, "busy"
    for cls, status, kind in ERRORS:
        if isinstance(error, cls):
            return status, kind
    return 400, "invalid"


def message_of(error: BaseException) -> str:
    """An error's message in the request's language (its English text if it has no
    template: :class:`companion.text.Text`)."""
    from web.i18n import tr

    text = error.args[0] if error.args else str(error)
    return str(tr(text)) if isinstance(text, Text) else str(error)


def describe(error: BaseException) -> tuple[int, str, str]:
    """Status, kind and plain message (in the request's language) for any exception."""
    from web.i18n import tr

    if isinstance(error, NiagaraError):
        status, kind = error_status(error)
        return status, kind, message_of(error)
    if isinstance(error, HTTPException):
        status = error.code or 500
        kind = "http"
        message: str = HTTP_MESSAGES.get(status, error.description or error.name)
        if status == 400 and error.description and not error.description.startswith(
                "The browser (or proxy) sent a request"):
            message = error.description
        if status == 405:
            message = N_("This address does not take this kind of request (the method "
                         "{method} is not allowed here).", method=request.method)
        return status, kind, str(tr(message))
    return 500, "internal", str(tr(INTERNAL))


def error_page(message: str, status: int) -> str:
    """The readable error page; a few lines of plain HTML if the template itself fails."""
    try:
        return render_template("error.html", message=message, status=status)
    except Exception:  # the error page never fails
        log.exception("the error page could not be drawn")
        return (f"<!doctype html><meta charset='utf-8'><title>Niagara Companion</title>"
                f"<p>{escape(message)}</p><p><a href='/'>Home</a></p>")


def handle(error: Exception) -> BaseResponse:
    """The app's one error handler."""
    if isinstance(error, HTTPException) and error.code is not None and error.code < 400:
        return error.get_response()
    status, kind, message = describe(error)
    if status >= 500 and not isinstance(error, BusyError | StorageError):
        log.error("%s %s failed", request.method, request.path, exc_info=error)
    if request.path.startswith("/api/"):
        response = jsonify({"ok": False, "error": message, "kind": kind})
        response.status_code = status
    else:
        response = Response(error_page(message, status), status=status,
                            mimetype="text/html")
    if isinstance(error, BusyError):
        response.headers["Retry-After"] = "10"  # (no "Connection": WSGI forbids it)
    if isinstance(error, MethodNotAllowed):
        response.headers["Allow"] = ", ".join(error.valid_methods or [])
    return response


# -- the Host header -------------------------------------------------------------------

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?"
HOST = re.compile(rf"(?:{_LABEL}(?:\.{_LABEL})*\.?|\[[0-9A-Fa-f:.]{{2,45}}\])(?::[0-9]{{1,5}})?")
BAD_HOST = ("The address this request was sent to (its Host header) is not a valid host "
            "name: open the companion with the address it printed.")

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class HostCheck:
    """WSGI wrapper: a malformed ``Host`` header gets 400 before the app sees it."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any],
                 start_response: Callable[..., Any]) -> Iterable[bytes]:
        host = environ.get("HTTP_HOST")
        if host is None or (len(host) <= 260 and HOST.fullmatch(host)):
            return self.app(environ, start_response)
        if str(environ.get("PATH_INFO", "")).startswith("/api/"):
            body = json.dumps({"ok": False, "error": BAD_HOST, "kind": "bad_host"}).encode()
            kind = "application/json"
        else:
            body = (f"<!doctype html><meta charset='utf-8'><title>Niagara Companion</title>"
                    f"<p>{BAD_HOST}</p>").encode()
            kind = "text/html; charset=utf-8"
        start_response("400 Bad Request", [("Content-Type", kind),
                                           ("Content-Length", str(len(body)))])
        return [] if environ.get("REQUEST_METHOD") == "HEAD" else [body]


# -- JSON bodies -------------------------------------------------------------------------

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[{\]}]")


class TooDeep(ValueError):
    """A JSON text nested deeper than allowed."""


def check_depth(text: str, limit: int = MAX_JSON_DEPTH) -> None:
    """Raise :class:`TooDeep` if arrays and objects in ``text`` nest deeper than ``limit``
    (counted without parsing, so that no parser recursion can be exhausted).

    >>> check_depth('{"a": [[1], "[[[["]}', limit=3)
    >>> check_depth("[" * 4 + "]" * 4, limit=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    web.errors.TooDeep: The request body is nested too deeply: at most 3 levels of ...
    """
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > limit:
                raise TooDeep(N_("The request body is nested too deeply: at most {limit} "
                                 "levels of lists and objects.", limit=limit))
        else:
            depth -= 1


class CheckedJSON(DefaultJSONProvider):
    """The app's JSON: bodies too deeply nested are refused before they are parsed."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        text = s.decode(json.detect_encoding(s)) if isinstance(s, bytes | bytearray) else s
        check_depth(text)
        return json.loads(text, **kwargs)


# -- game ids in addresses ---------------------------------------------------------------


class GameIdConverter(BaseConverter):
    """A game id: 1 to 18 ASCII digits (``<id:game_id>``); anything else does not match."""

    regex = r"[0-9]{1,18}"
    part_isolating = True

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: Any) -> str:
        return str(int(value))


def init_app(app: Flask) -> None:
    """Install the limits and the error handler (before the blueprints are registered)."""
    app.json = CheckedJSON(app)
    app.url_map.converters["id"] = GameIdConverter
    app.register_error_handler(Exception, handle)
    app.wsgi_app = HostCheck(app.wsgi_app)  # type: ignore[method-assign]
