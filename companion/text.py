"""Sentences for players, in any language: the engine's words as templates.

The engine and the table service write English, and ``str()`` of everything they say
stays English (the command line, logs and game records do not change). But each sentence
a player may read is a :class:`Text`: an English ``str`` that also keeps its template
(the gettext *msgid*) and its parameters, so that whoever shows it (the web pages) can
render it again in the reader's language with a gettext catalogue
(:meth:`Text.render`). The engine does no I/O and imports no translation library: it
only marks its templates, which ``pybabel extract`` collects (see ``babel.cfg``).

- :func:`N_` makes a sentence: ``N_("{player} reveals a {card}.", player=colour("red"),
  card=3)``; :func:`Nn_` one whose words depend on a number (``ngettext``).
- Game words inside a sentence are :class:`Term` parameters (:func:`colour`,
  :func:`gem`, :func:`place`, :func:`arm`): a translation renders them in its own words,
  and may ask for a grammatical form with a format spec, ``{gem:adj}`` (French: "une
  gemme violette") or ``{at:dat}`` (German: "auf dem Strand"). The forms are in
  :data:`TERMS`, each marked with :func:`P_` for extraction.
- :class:`Listing` is "Red, Green and Yellow"; :class:`Lower` a sentence put after a
  colon ("Red: your canoe …").

A new sentence for players: write it with ``N_``/``Nn_`` (never an f-string), put game
words in as terms, then ``make translations`` and fill in the French and German lines
(``tests/web/test_translations.py`` says which are missing).

>>> text = N_("{player} reveals a {card}.", player=colour("red"), card=3)
>>> text, text.msgid
('Red reveals a 3.', '{player} reveals a {card}.')
>>> Nn_("The river moves {n} disc.", "The river moves {n} discs.", 2)
'The river moves 2 discs.'
>>> N_("{who} must move first.", who=Listing([colour("red"), colour("blue")]))
'Red and Blue must move first.'
>>> N_("Canoe {at}: {gem} gem", at=place("beach"), gem=gem("violet"))
'Canoe the beach: violet gem'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Protocol


class Translations(Protocol):
    """What rendering needs from a catalogue (``gettext.GNUTranslations`` has it, and so
    has Babel's ``Translations``)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


class _English:
    """The source language: every msgid is its own translation."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


ENGLISH: Final[Translations] = _English()
"""The identity catalogue: what ``str()`` of a :class:`Text` shows."""


def P_(context: str, message: str) -> str:
    """Mark a game word (``message`` in ``context``) for extraction; returns it as is."""
    return message


class Text(str):
    """A sentence for players: its English text (the ``str`` itself), plus the template
    and parameters to render it in another language.

    :param msgid: the English template, ``str.format`` style with named fields.
    :param params: the values of the fields: numbers and strings as they are, and
        :class:`Text`, :class:`Term`, :class:`Listing`, :class:`Lower` rendered in the
        reader's language.
    :param plural: the plural template (with ``n``) for ``ngettext``.
    """

    msgid: str
    plural: str | None
    n: int
    params: Mapping[str, object]

    def __new__(cls, msgid: str, params: Mapping[str, object] | None = None,
                plural: str | None = None, n: int = 1) -> Text:
        params = dict(params or {})
        english = _format(msgid if plural is None or n == 1 else plural, params, ENGLISH)
        self = super().__new__(cls, english)
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params
        return self

    def render(self, translations: Translations) -> str:
        """This sentence in the language of ``translations`` (English if a translated
        template is broken: a catalogue mistake never hides a message)."""
        if translations is ENGLISH:
            return str.__str__(self)
        if self.plural is None:
            template = translations.gettext(self.msgid)
        else:
            template = translations.ngettext(self.msgid, self.plural, self.n)
        try:
            return _format(template, self.params, translations)
        except (KeyError, IndexError, ValueError, AttributeError):
            return str.__str__(self)

    def __str__(self) -> str:
        return str.__str__(self)


def N_(msgid: str, /, **params: object) -> Text:
    """A sentence: the English template ``msgid`` with its named parameters."""
    return Text(msgid, params)


def Nn_(singular: str, plural: str, n: int, /, **params: object) -> Text:
    """A sentence whose words follow the number ``n`` (also a parameter, ``{n}``)."""
    return Text(singular, {"n": n, **params}, plural, n)


def join(parts: Sequence[object], sep: str = " ") -> Text:
    """Sentences or phrases one after the other (each rendered in the reader's language).

    >>> join([N_("One."), N_("Two {n}.", n=2)])
    'One. Two 2.'
    """
    names = [f"p{i}" for i in range(len(parts))]
    return Text(sep.join("{" + name + "}" for name in names), dict(zip(names, parts,
                                                                        strict=True)))


# -- game words ----------------------------------------------------------------------------

TERMS: Final[dict[str, dict[str, str]]] = {
    "colour": {"red": P_("colour", "Red"), "green": P_("colour", "Green"),
               "yellow": P_("colour", "Yellow"), "blue": P_("colour", "Blue"),
               "brown": P_("colour", "Brown"), "black": P_("colour", "Black"),
               "joe": P_("colour", "Diamanten Joe")},
    "gem": {"violet": P_("gem", "violet"), "white": P_("gem", "white"),
            "yellow": P_("gem", "yellow"), "blue": P_("gem", "blue"),
            "pink": P_("gem", "pink")},
    # A gem colour as the adjective of the word for a gem, in a sentence's usual case
    # (French: "une gemme violette"; German: "einen violetten Edelstein").
    "gem:adj": {"violet": P_("gem:adj", "violet"), "white": P_("gem:adj", "white"),
                "yellow": P_("gem:adj", "yellow"), "blue": P_("gem:adj", "blue"),
                "pink": P_("gem:adj", "pink")},
    # The same before or after the plural of the word for gems ("4 gemmes roses",
    # "4 rosa Edelsteine").
    "gem:adjpl": {"violet": P_("gem:adjpl", "violet"), "white": P_("gem:adjpl", "white"),
                  "yellow": P_("gem:adjpl", "yellow"), "blue": P_("gem:adjpl", "blue"),
                  "pink": P_("gem:adjpl", "pink")},
    "place": {"beach": P_("place", "the beach")},
    # The beach after a preposition that takes the dative (German: "auf dem Strand") or
    # the accusative (German: "auf den Strand").
    "place:dat": {"beach": P_("place:dat", "the beach")},
    "place:acc": {"beach": P_("place:acc", "the beach")},
    "arm": {"left": P_("arm", "left"), "right": P_("arm", "right")},
    # An arm's adjective before "arm" in the accusative or dative (German: "den linken Arm").
    "arm:adj": {"left": P_("arm:adj", "left"), "right": P_("arm:adj", "right")},
    # A canoe named by its colour (English: "the red canoe"; "canoe:start" begins a
    # sentence: "Red canoe expected on T3").
    "canoe": {"red": P_("canoe", "red canoe"), "green": P_("canoe", "green canoe"),
              "yellow": P_("canoe", "yellow canoe"), "blue": P_("canoe", "blue canoe"),
              "brown": P_("canoe", "brown canoe"), "black": P_("canoe", "black canoe"),
              "joe": P_("canoe", "Joe's canoe")},
    "canoe:start": {"red": P_("canoe:start", "Red canoe"),
                    "green": P_("canoe:start", "Green canoe"),
                    "yellow": P_("canoe:start", "Yellow canoe"),
                    "blue": P_("canoe:start", "Blue canoe"),
                    "brown": P_("canoe:start", "Brown canoe"),
                    "black": P_("canoe:start", "Black canoe"),
                    "joe": P_("canoe:start", "Joe's canoe")},
    "direction": {"up": P_("direction", "up"), "down": P_("direction", "down")},
    "letter": {"red": P_("letter", "R"), "green": P_("letter", "G"),
               "yellow": P_("letter", "Y"), "blue": P_("letter", "B"),
               "brown": P_("letter", "Br"), "black": P_("letter", "K"),
               "joe": P_("letter", "J")},
}
"""Every game word a sentence may hold, by kind (and ``kind:form``): the English word,
which is also the msgid of its translation in that context (``pgettext``). Values not
listed (the slots T1…R2, numbers) are the same in every language."""


class Term:
    """A game word inside a sentence: a player colour, a gem colour, a place, an arm.

    >>> str(Term("colour", "red")), str(Term("place", "T3")), str(Term("place", "beach"))
    ('Red', 'T3', 'the beach')
    """

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: str) -> None:
        self.kind = kind
        self.value = value

    def __str__(self) -> str:
        return TERMS[self.kind].get(self.value, self.value)

    def __repr__(self) -> str:
        return f"Term({self.kind!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Term) and other.kind == self.kind
                and other.value == self.value)

    def __hash__(self) -> int:
        return hash((self.kind, self.value))

    def render(self, translations: Translations, form: str = "") -> str:
        """The word in ``translations``' language, in ``form`` if it has one."""
        context = f"{self.kind}:{form}" if form and f"{self.kind}:{form}" in TERMS \
            else self.kind
        english = TERMS[context].get(self.value)
        if english is None:
            return self.value
        return translations.pgettext(context, english)


def colour(name: str) -> Term:
    """A player's colour as a name ("Red"; Diamanten Joe for ``joe``)."""
    return Term("colour", name)


def gem(name: str) -> Term:
    """A gem colour ("violet")."""
    return Term("gem", name)


def place(name: str) -> Term:
    """A place on the river: a slot as it is ("T3"), the beach in words."""
    return Term("place", name)


def arm(name: str) -> Term:
    """An arm of the fork ("left", "right")."""
    return Term("arm", name)


class Listing:
    """Several items in a sentence: "Red", "Red and Blue", "Red, Green and Blue"
    (``last="or"``: "… or Blue"; ``last=","``: commas only).

    >>> str(Listing(["a", "b", "c"])), str(Listing(["a", "b"], ",")), str(Listing([], empty="-"))
    ('a, b and c', 'a, b', '-')
    """

    __slots__ = ("empty", "items", "last")

    def __init__(self, items: Iterable[object], last: str = "and", empty: object = "") -> None:
        self.items = tuple(items)
        self.last = last
        self.empty = empty

    def __str__(self) -> str:
        return self.render(ENGLISH)

    def render(self, translations: Translations, form: str = "") -> str:
        words = [_render(item, translations, form) for item in self.items]
        if not words:
            return _render(self.empty, translations, "")
        if len(words) == 1:
            return words[0]
        if self.last == ",":
            return ", ".join(words)
        template = translations.pgettext("listing", LISTING[self.last])
        return template.format(items=", ".join(words[:-1]), last=words[-1])


class Lower:
    """A sentence put after a colon: its first letter in lower case where the language
    writes it so (English, French; German keeps it).

    >>> str(N_("{player}: {refusal}", player=colour("red"),
    ...        refusal=Lower(N_("Your canoe must move."))))
    'Red: your canoe must move.'
    """

    __slots__ = ("text",)

    def __init__(self, text: object) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.render(ENGLISH)

    def render(self, translations: Translations, form: str = "") -> str:
        words = _render(self.text, translations, form)
        rule = translations.pgettext(LOWER_CONTEXT, "yes")
        if rule.strip() == "yes" and words[:1].isupper() and not words[1:2].isupper():
            return words[:1].lower() + words[1:]
        return words


LISTING: Final = {"and": P_("listing", "{items} and {last}"),
                  "or": P_("listing", "{items} or {last}")}
"""How the last item of a :class:`Listing` joins the others."""

LOWER_CONTEXT: Final = "lower-case after a colon (translate as yes or no)"
P_("lower-case after a colon (translate as yes or no)", "yes")  # for extraction


def _render(value: object, translations: Translations, form: str) -> str:
    if isinstance(value, Text):
        return value.render(translations)
    if isinstance(value, Term | Listing | Lower):
        return value.render(translations, form)
    if isinstance(value, str) and form.isalpha():
        return value  # a form asked of a word that has none
    return format(value, form)


class _Field:
    """One parameter while a template is formatted: ``{name:spec}`` calls
    ``__format__(spec)``, which renders terms and sentences in the catalogue's language."""

    __slots__ = ("translations", "value")

    def __init__(self, value: object, translations: Translations) -> None:
        self.value = value
        self.translations = translations

    def __format__(self, spec: str) -> str:
        return _render(self.value, self.translations, spec)


def _format(template: str, params: Mapping[str, Any], translations: Translations) -> str:
    if not params:
        return template
    values: dict[str, object] = {}
    for name, value in params.items():
        if isinstance(value, Text):  # a sentence inside: no form to ask of it
            values[name] = value if translations is ENGLISH else value.render(translations)
        elif isinstance(value, Term | Listing | Lower):  # a form may be asked: {gem:adj}
            values[name] = _Field(value, translations)
        elif isinstance(value, str):
            values[name] = _Field(value, translations)  # a word with no forms
        else:
            values[name] = value  # numbers: {n}, {weather:+d}
    return template.format_map(values)


def localize(value: Any, translations: Translations) -> Any:
    """``value`` (JSON-like: dicts, lists, tuples, strings) with every :class:`Text`,
    :class:`Term`, :class:`Listing` inside rendered in ``translations``' language.

    >>> localize({"a": [N_("Hello {who}", who=colour("red"))], "n": 1}, ENGLISH)
    {'a': ['Hello Red'], 'n': 1}
    """
    if isinstance(value, Text | Term | Listing | Lower):
        return _render(value, translations, "")
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return {k: localize(v, translations) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [localize(v, translations) for v in value]
    return value
