"""The pages in English, French and German: Flask-Babel with gettext catalogues.

- The catalogues: ``web/translations/{fr,de}/LC_MESSAGES/messages.po`` (the source,
  committed with their compiled ``.mo``; ``make translations`` extracts the msgids from
  the engine, the table service, vision, the web package, the templates and the scripts
  into ``messages.pot``, merges them into the ``.po`` files and compiles them).
  English is the source language: it has no catalogue.
- The language of a request (:func:`select_locale`): ``?lang=fr`` (any page; remembered
  in the ``niagara_lang`` cookie for a year), else that cookie, else the browser's
  ``Accept-Language``, else English. Every page has the switch (``base.html``).
- The engine and the table service write :class:`companion.text.Text` sentences (an
  English ``str`` that keeps its template and parameters); :func:`tr` renders them, and
  everything inside a view, in the request's language, once, where the page, the JSON or
  the event stream is written.
- The scripts read their strings from the page (:func:`js_catalogue`, a JSON block in
  every page): the msgids of ``t("…")`` and ``tn("…", "…", n)`` in ``web/static/*.js``,
  found with Babel's JavaScript extractor, each with its translation, and the game words.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlencode

from babel.messages.extract import extract
from flask import Flask, Response, request
from flask_babel import Babel, get_locale, get_translations

from companion.text import ENGLISH, TERMS, Listing, Term, Translations, localize

LANGUAGES: Final = {"en": "English", "fr": "Français", "de": "Deutsch"}
"""The languages of the pages: code and name (in the language itself)."""

DEFAULT: Final = "en"
COOKIE: Final = "niagara_lang"
"""The cookie that remembers the language chosen with the switch."""

STATIC = Path(__file__).resolve().parent / "static"
JS_KEYWORDS: Final = {"t": None, "tn": (1, 2)}
"""The scripts' translation functions (``web/static/i18n.js``) and their msgid arguments."""


def select_locale() -> str:
    """The language of this request: ``?lang=``, the cookie, ``Accept-Language``, English."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return str(asked)
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return str(kept)
    for value, _quality in request.accept_languages:  # the browser's order of preference
        code = value.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def language() -> str:
    """The language code of the current request (``en``, ``fr``, ``de``)."""
    return str(get_locale() or DEFAULT)


def translations() -> Translations:
    """The current request's catalogue (English, the source language, has none: each
    sentence is already its own English)."""
    if language() == DEFAULT:
        return ENGLISH
    catalogue: Translations = get_translations()
    return catalogue


def tr(value: Any) -> Any:
    """``value`` with every sentence in it rendered in the request's language."""
    return localize(value, translations())


def remember_language(response: Response) -> Response:
    """After a request with ``?lang=``: keep the language in the cookie; pages say they
    vary by language."""
    asked = request.args.get("lang")
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, str(asked), max_age=365 * 24 * 3600, samesite="Lax",
                            path="/")
    if response.mimetype == "text/html" or request.path.startswith("/api/"):
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def switch_url(code: str) -> str:
    """This page's address in the language ``code``: the other arguments kept, but a
    ``key`` only on a game's pages (the table's key is already in them; the setup key
    never is: the owner's cookie carries it)."""
    args = [(k, v) for k, v in request.args.items(multi=True)
            if k != "lang" and (k != "key" or request.path.startswith("/games/"))]
    return request.path + "?" + urlencode([*args, ("lang", code)])


@functools.cache
def js_msgids() -> tuple[tuple[str, str | None], ...]:
    """Every ``(msgid, plural)`` of ``t()`` and ``tn()`` in the page scripts."""
    found: dict[tuple[str, str | None], None] = {}
    for path in sorted(STATIC.glob("*.js")):
        with path.open("rb") as file:
            for _line, message, _comments, _context in extract(
                    "javascript", file, keywords=JS_KEYWORDS, comment_tags=()):
                if isinstance(message, tuple):
                    found[(message[0], message[1])] = None
                else:
                    found[(message, None)] = None
    return tuple(found)


_JS: dict[str, dict[str, Any]] = {}
"""The scripts' strings by language, made once (the catalogues do not change while the
companion runs)."""


def _js_catalogue(code: str, catalogue: Translations) -> dict[str, Any]:
    cached = _JS.get(code)
    if cached is not None:
        return cached
    messages: dict[str, Any] = {}
    for msgid, plural in js_msgids():
        if plural is None:
            messages[msgid] = catalogue.gettext(msgid)
        else:  # two forms: the languages here have "one" and "other" (Intl.PluralRules)
            messages[msgid] = [catalogue.ngettext(msgid, plural, 1),
                               catalogue.ngettext(msgid, plural, 2)]
    terms = {context: {value: catalogue.pgettext(context, english)
                       for value, english in words.items()}
             for context, words in TERMS.items()}
    data = {"lang": code, "messages": messages, "terms": terms}
    _JS[code] = data
    return data


def js_catalogue() -> dict[str, Any]:
    """The scripts' strings in the request's language (``#niagara-text`` in every page)."""
    return _js_catalogue(language(), translations())


def init_app(app: Flask) -> None:
    """Flask-Babel with the locale selector, the cookie and the template helpers."""
    Babel(app, locale_selector=select_locale)
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.after_request(remember_language)

    @app.context_processor
    def helpers() -> dict[str, Any]:
        return {"lang": language(), "languages": LANGUAGES, "switch_url": switch_url,
                "js_text": js_catalogue, "tr": tr}

    filters = app.jinja_env.filters
    filters["colour"] = lambda name: tr(Term("colour", str(name)))
    filters["letter"] = lambda name: tr(Term("letter", str(name)))
    filters["gem"] = lambda name: tr(Term("gem", str(name)))
    filters["colours"] = lambda names, last="and": tr(
        Listing([Term("colour", str(n)) for n in names], last))
