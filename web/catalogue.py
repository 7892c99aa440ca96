"""The translation catalogues: extract, merge, compile and check them (Babel's own API).

``python -m web.catalogue`` (what ``make translations`` runs) extracts every msgid —
``N_``/``Nn_``/``P_`` in the Python packages, ``_()`` and ``{% trans %}`` in the
templates, ``t()``/``tn()`` in the scripts — merges them into
``web/translations/{fr,de}/LC_MESSAGES/messages.po`` (new ones empty, changed ones
marked fuzzy, gone ones dropped) and compiles each ``.po`` to its ``.mo``. Then fill in
the empty and fuzzy lines of the ``.po`` files and run it again. ``--check`` only says
what is missing or out of date (exit 1), as ``tests/web/test_translations.py`` does.

The ``.mo`` files are committed beside the ``.po`` files: a fresh clone serves every
language with no build step (``make run``, ``pip install``, the Pi's install).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT: Final = Path(__file__).resolve().parents[1]
FOLDER: Final = ROOT / "web" / "translations"
LOCALES: Final = ("fr", "de")
"""The translated languages (English is the source)."""

PACKAGES: Final = ("companion", "vision", "web")
METHODS: Final = [("**/translations/**", "ignore"), ("**.py", "python"),
                  ("**/templates/**.html", "jinja2"), ("**/static/**.js", "javascript")]
OPTIONS: Final = {"**/templates/**.html": {"trimmed": "true"}}
KEYWORDS: Final = {
    "_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "Nn_": (1, 2),
    "P_": ((1, "c"), 2), "t": None, "tn": (1, 2),
}
"""The marking functions: :mod:`companion.text` (``N_``, ``Nn_``, ``P_``), Jinja's
``_``/``gettext``/``ngettext`` and ``web/static/i18n.js`` (``t``, ``tn``)."""

FIELD: Final = re.compile(r"\{(\w*)(?::[^{}]*)?\}|%\((\w+)\)[sd]")
"""A placeholder: ``{name}``, ``{name:form}`` or Jinja's ``%(name)s``."""


def extract() -> Catalog:
    """Every msgid of the code, templates and scripts, as a catalogue template."""
    catalogue = Catalog(project="niagara-companion", msgid_bugs_address="",
                        copyright_holder="", fuzzy=False)
    for package in PACKAGES:
        found = extract_from_dir(ROOT / package, METHODS, OPTIONS, KEYWORDS,
                                 comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            catalogue.add(message, None, [(f"{package}/{filename}", lineno)],
                          auto_comments=comments, context=context)
    return catalogue


def po_path(locale: str) -> Path:
    return FOLDER / locale / "LC_MESSAGES" / "messages.po"


def read(locale: str) -> Catalog:
    with po_path(locale).open("rb") as file:
        return read_po(file, locale=locale)


def mo_bytes(catalogue: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    return buffer.getvalue()


def fields(text: str) -> list[str]:
    """The placeholder names of a template, sorted.

    >>> fields("{player} has {n:+d} and %(count)s, {player}")
    ['count', 'n', 'player', 'player']
    """
    return sorted(a or b for a, b in FIELD.findall(text))


def problems(template: Catalog, locale: str) -> Iterator[str]:
    """What is wrong with a language's catalogue: msgids missing, untranslated, fuzzy,
    with other placeholders than the English, or a ``.mo`` out of date."""
    catalogue = read(locale)
    for message in template:
        if not message.id:
            continue
        found = catalogue.get(message.id, message.context)
        name = f"{locale}: {message.id!r}" + (f" ({message.context})" if message.context
                                             else "")
        if found is None:
            yield f"{name} is missing (run make translations)"
            continue
        if found.fuzzy:
            yield f"{name} is marked fuzzy: check its translation"
        yield from _check(name, message, found)
    mo = po_path(locale).with_suffix(".mo")
    if not mo.exists() or _strings(_read_mo(mo)) != _strings(catalogue):
        yield f"{locale}: {mo.relative_to(ROOT)} is not compiled from its .po (make translations)"


def _read_mo(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_mo(file)


def _strings(catalogue: Catalog) -> dict[tuple[object, object], object]:
    """What a catalogue translates (the header aside): compiled and source compare equal
    whichever Babel wrote them."""
    def key(value: object) -> object:
        return tuple(value) if isinstance(value, list | tuple) else value

    def text(context: object) -> object:  # read_mo gives contexts as bytes
        return context.decode() if isinstance(context, bytes) else context

    return {(key(m.id), text(m.context)): key(m.string) for m in catalogue
            if m.id and m.string and (isinstance(m.string, str) or all(m.string))
            and not m.fuzzy}


def _check(name: str, message: Message, found: Message) -> Iterator[str]:
    ids = [str(i) for i in (message.id if isinstance(message.id, list | tuple)
                            else (message.id,))]
    strings = [str(s or "") for s in (found.string if isinstance(found.string, list | tuple)
                                      else (found.string,))]
    if not all(strings):
        yield f"{name} has no translation"
        return
    english = fields(ids[-1])
    for text in strings:
        mine = fields(text)
        # A plural's singular may leave out {n} ("one disc" as "un disque").
        if set(mine) != set(english) and not (
                len(ids) > 1 and set(mine) | {"n"} == set(english)):
            yield f"{name} has the placeholders {mine}, not {english}: {text!r}"


def _header(catalogue: Catalog) -> None:
    """The same header at every run (no dates or placeholders that change)."""
    name = {"fr": "French", "de": "German"}.get(str(catalogue.locale), str(catalogue.locale))
    catalogue.header_comment = (
        f"# {name} translations of Niagara Companion's pages and messages.\n"
        "# Fill in the empty and fuzzy msgstr lines, then run: make translations\n"
        "# (see web/catalogue.py and web/i18n.py).")
    catalogue.project, catalogue.version = "niagara-companion", "1"
    catalogue.msgid_bugs_address = ""
    catalogue.last_translator = "Niagara Companion"
    catalogue.language_team = f"{name}"
    catalogue.revision_date = catalogue.creation_date


def update() -> None:
    """Merge the extracted msgids into every language's ``.po`` and compile them."""
    template = extract()
    for locale in LOCALES:
        path = po_path(locale)
        if path.exists():
            catalogue = read(locale)
            template.creation_date = catalogue.creation_date  # no date churn in the files
            catalogue.update(template, update_header_comment=False)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalogue = Catalog(locale=locale, fuzzy=False)
            catalogue.update(template)
        _header(catalogue)
        with path.open("wb") as file:
            write_po(file, catalogue, width=100, ignore_obsolete=True, include_lineno=False,
                     sort_output=True, include_previous=True)
        path.with_suffix(".mo").write_bytes(mo_bytes(read(locale)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.catalogue", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true",
                        help="only list what is missing or out of date (exit 1 if any)")
    args = parser.parse_args(argv)
    if not args.check:
        update()
    template = extract()
    found = [p for locale in LOCALES for p in problems(template, locale)]
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} translation problems.", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
