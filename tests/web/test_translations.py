"""The pages in English, French and German (issue 12 item 6): the catalogues are complete,
the language follows the browser, the switch and the cookie; refusals, events, the
scripts' strings and the rules summary come in the reader's language; English stays the
engine's own words (``str()``, the command line)."""

from __future__ import annotations

import ast
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.support import Translations as Catalogue
from flask.testing import FlaskClient

from companion.commands import rules_text
from companion.events import CanoeMoved, GameWon
from companion.game import Game
from companion.partner import hints as partner_hints
from companion.partner import play_game
from companion.partner import review as partner_review
from companion.state import Phase
from companion.text import ENGLISH, N_, Listing, Lower, Nn_, Term, Text, Translations, localize
from web.catalogue import LOCALES, extract, fields, problems, read
from web.i18n import LANGUAGES, js_msgids

from .conftest import PLAYERS
from .test_api import choose_all, loop_of
from .test_live import messages

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def template() -> Any:
    return extract()


# -- the catalogues ----------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_every_msgid_has_a_translation_with_the_same_placeholders(template: Any,
                                                                  locale: str) -> None:
    """Every msgid of the code, templates and scripts has a non-empty, non-fuzzy
    translation with the English placeholders, and the committed .mo is compiled from the
    .po (what ``make translations`` does)."""
    assert len(template) > 500
    found = list(problems(template, locale))
    assert found == [], "\n".join(found[:20])


def test_the_checker_finds_a_missing_or_broken_translation(template: Any) -> None:
    catalogue = read("fr")
    message = catalogue.get("The river moves: watch the table.")
    assert message is not None and message.string
    assert fields("{player} a {n:+d} %(x)s") == ["n", "player", "x"]
    message.string = "La rivière avance : {player}"
    from web.catalogue import _check

    said = list(_check("fr", template.get("The river moves: watch the table."), message))
    assert said and "placeholders" in said[0]
    message.string = ""
    assert list(_check("fr", template.get("The river moves: watch the table."), message)) \
        == ["fr has no translation"]


def _calls(path: Path) -> Iterator[tuple[str, ast.Call]]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("N_", "Nn_", "P_"):
            yield node.func.id, node


def test_every_sentence_is_marked_with_a_literal_template() -> None:
    """``N_``/``Nn_``/``P_`` take string literals (never an f-string or a variable), so
    that the extraction finds every template; the scripts' ``t()``/``tn()`` likewise."""
    wrong = []
    for package in ("companion", "vision", "web"):
        for path in (ROOT / package).rglob("*.py"):
            for name, call in _calls(path):
                literal = {"N_": 1, "Nn_": 2, "P_": 2}[name]
                args = call.args[:literal]
                if len(args) < literal or not all(
                        isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                    wrong.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    for path in (ROOT / "web" / "static").glob("*.js"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("//") or "function t" in line:
                continue  # i18n.js: its comments and the functions themselves
            for match in re.finditer(r"(?<![\w.$])tn?\(\s*(.)", line):
                if match.group(1) != '"':
                    wrong.append(f"{path.relative_to(ROOT)}:{number}")
    assert wrong == []


def test_the_scripts_strings_are_found_and_sent_in_the_page(client: FlaskClient) -> None:
    ids = dict(js_msgids())
    assert "Lock it in" in ids and ids["The river moves {n} disc: watch the table."]
    page = client.get("/how-to-play?lang=fr").get_data(as_text=True)
    data = json.loads(html.unescape(re.search(
        r'<script id="niagara-text" type="application/json">(.*?)</script>', page,
        re.S).group(1)))
    assert data["lang"] == "fr"
    assert data["messages"]["Lock it in"] == "Valider"
    assert data["messages"]["The river moves {n} disc: watch the table."] == [
        "La rivière avance de {n} disque : regardez la table.",
        "La rivière avance de {n} disques : regardez la table."]
    assert data["terms"]["colour"]["red"] == "Rouge"
    assert data["terms"]["gem:adj"]["white"] == "blanche"


# -- sentences: English by default, the reader's language on the pages -------------------


class Broken:
    """A catalogue whose every translation has a placeholder the sentence lacks."""

    def gettext(self, message: str, /) -> str:
        return message + " {nothing}"

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular + " {nothing}"

    def pgettext(self, context: str, message: str, /) -> str:
        return message.upper()


def test_sentences_stay_english_and_render_in_another_language(app: Any) -> None:
    event = CanoeMoved("red", "beach", "T2", ("beach", "T1", "T2"))
    assert str(event.describe()) == "Red's canoe paddles from the beach to T2."
    with app.test_request_context("/?lang=de"):
        from web.i18n import tr

        assert tr(event.describe()) == "Das Kanu von Rot paddelt von dem Strand zu T2."
        assert tr(event.to_json())["text"] == "Das Kanu von Rot paddelt von dem Strand zu T2."
    with app.test_request_context("/?lang=fr"):
        from web.i18n import tr

        won = GameWon(("red", "blue"), "4 pink gems")
        assert tr(won.describe()) == "Rouge et Bleu gagnent la partie : 4 pink gems."
        assert tr(Nn_("{n} thing to fix before starting.", "{n} things to fix before "
                      "starting.", 1)) == "1 chose à corriger avant de commencer."
        assert tr(Nn_("{n} thing to fix before starting.", "{n} things to fix before "
                      "starting.", 0)) == "0 chose à corriger avant de commencer."
    # A broken translation never hides a message: the English is shown.
    text = N_("{player} has chosen a paddle card.", player=Term("colour", "red"))
    broken: Translations = Broken()
    assert text.render(broken) == "Red has chosen a paddle card."
    assert localize({"a": [text], "b": 2}, ENGLISH) == {"a": ["Red has chosen a paddle card."],
                                                        "b": 2}


def test_game_words_take_their_grammatical_form(app: Any) -> None:
    loads = N_("{player} loads a {gem} gem from the {deposit} deposit on {at}.",
               player=Term("colour", "green"), gem=Term("gem", "white"),
               deposit=Term("gem", "white"), at=Term("place", "T4"))
    stays = N_("{player}'s canoe stays on {at}.", player=Term("colour", "blue"),
               at=Term("place", "beach"))
    with app.test_request_context("/?lang=fr"):
        from web.i18n import tr

        assert tr(loads) == "Vert charge une gemme blanche du gisement blanc sur T4."
        assert tr(stays) == "Le canoë de Bleu reste sur la rive."
        assert tr(Listing([Term("colour", "red"), Term("colour", "green"),
                           Term("colour", "black")])) == "Rouge, Vert et Noir"
    with app.test_request_context("/?lang=de"):
        from web.i18n import tr

        assert tr(loads) == "Grün lädt auf T4 einen weißen Edelstein von der Fundstelle Weiß."
        assert tr(stays) == "Das Kanu von Blau bleibt auf dem Strand."
        # After a colon German keeps the capital; English and French lower it.
        refusal = N_("{player}: {refusal}", player=Term("colour", "red"),
                     refusal=Lower(N_("You cannot steal from your own canoe.")))
        assert tr(refusal) == "Rot: Du kannst nicht aus deinem eigenen Kanu stehlen."
    assert str(refusal) == "Red: you cannot steal from your own canoe."


# -- the practice partner's hints and review ---------------------------------------------


def _texts(value: object) -> Iterator[Text | str]:
    """Every sentence (:class:`Text`) inside ``value``, and every bare string given to one
    as a parameter (game words are terms, numbers stay numbers: a bare string would be
    English left over)."""
    if isinstance(value, Text):
        yield value
        for param in value.params.values():
            if isinstance(param, str) and not isinstance(param, Text):
                yield str.__str__(param)
            else:
                yield from _texts(param)
    elif isinstance(value, Listing):
        for item in value.items:
            yield from _texts(item)
    elif isinstance(value, Lower):
        yield from _texts(value.text)


JOINED = re.compile(r"(\{p\d+\}\s*)+")
"""The template of :func:`companion.text.join`: sentences one after the other."""


def partner_sentences() -> list[Text]:
    """The hints of every decision of a computer game (both phases, one or two canoes,
    landings, loads, the falls) and the turning points of its review."""
    game = play_game({"red": "strong", "green": "greedy", "yellow": "beginner"}, seed=1)
    out: list[Text] = []
    replay = Game(game.start.players, game.start.options)
    for i, action in enumerate(game.history):
        state = replay.state
        if i % 5 == 0 and state.phase is not Phase.RIVER:
            player = state.to_play or next(p for p in state.players if p not in state.chosen)
            for tip in partner_hints(state, player, seed=i, count=3, level="beginner"):
                out += [tip.text, tip.reason]
        replay.push(action)
    done = partner_review(game, playouts=2, horizon=2, seed=1, level="beginner")
    assert done.turning_points
    for point in done.turning_points:
        out += [point.text(), point.played, point.better, point.why]
    return out


def test_every_hint_and_review_sentence_is_a_translated_template(template: Any) -> None:
    """The reasons of the hints and the turning points are made of catalogued templates
    only (no English put together in code), each translated in both catalogues and
    rendered with its translation (a broken one would show the English)."""
    sentences = partner_sentences()
    assert all(isinstance(s, Text) for s in sentences)
    catalogues = {locale: read(locale) for locale in LOCALES}
    compiled = {locale: Catalogue.load(str(ROOT / "web" / "translations"), [locale])
                for locale in LOCALES}
    seen: set[str] = set()
    for sentence in sentences:
        for part in _texts(sentence):
            assert isinstance(part, Text), f"a bare string in a sentence: {part!r}"
            if JOINED.fullmatch(part.msgid):
                continue
            key = part.msgid if part.plural is None else (part.msgid, part.plural)
            assert template.get(key) is not None, f"not extracted: {part.msgid!r}"
            seen.add(part.msgid)
            for locale, catalogue in catalogues.items():
                found = catalogue.get(key)
                assert found is not None and not found.fuzzy and all(
                    found.string if isinstance(found.string, tuple) else [found.string]), \
                    f"{locale}: {part.msgid!r}"
                own = compiled[locale]
                translated = (own.gettext(part.msgid) if part.plural is None
                              else own.ngettext(part.msgid, part.plural, part.n))
                if translated != (part.msgid if part.plural is None or part.n == 1
                                  else part.plural):
                    assert part.render(own) != str(part), f"{locale}: {part.msgid!r}"
    # The game above goes through most of the partner's sentences.
    partner = {m.id if isinstance(m.id, str) else m.id[0] for m in template
               if any(path.startswith("companion/partner/") for path, _ in m.locations)}
    assert len(partner) > 50 and len(seen & partner) > 25, sorted(partner - seen)


def english_of_partner(template: Any) -> list[str]:
    """The fixed words of each of the partner's sentences (the longest run between two
    placeholders, three words or more): none may show on a French or German page."""
    out = []
    for message in template:
        if not any(path.startswith("companion/partner/") for path, _ in message.locations):
            continue
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            run = max(re.split(r"\{[^}]*\}", msgid), key=len).strip(" .,:;()")
            if len(run.split()) >= 3:
                out.append(run)
    return out


def _words(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_hints_come_in_the_readers_language(client: FlaskClient, game: dict[str, Any],
                                            template: Any) -> None:
    english = english_of_partner(template)
    red = game["tokens"]["red"]

    def hints(token: str, lang: str) -> list[dict[str, Any]]:
        response = client.get(f"/api/play/{token}/hints?lang={lang}")
        assert response.status_code == 200, response.json
        found: list[dict[str, Any]] = response.json["hints"]
        return found

    said = {lang: hints(red, lang) for lang in LANGUAGES}
    assert any(e in _words(said["en"]) for e in english)  # the check below can fail
    for lang in ("fr", "de"):
        assert [h["card"] for h in said[lang]] == [h["card"] for h in said["en"]]
        assert [e for e in english if e in _words(said[lang])] == []
        for mine, theirs in zip(said[lang], said["en"], strict=True):
            assert mine["reason"] != theirs["reason"] and mine["text"] != theirs["text"]
    card = said["en"][0]["card"]
    assert said["en"][0]["text"] == f"Red: choose the {card}."
    assert said["fr"][0]["text"] == f"Rouge : choisissez le {card}."
    assert said["de"][0]["text"] == f"Rot: Wähle die {card}."
    assert "La rivière devrait avancer d'environ" in said["fr"][0]["reason"]
    assert "Der Fluss sollte sich um etwa" in said["de"][0]["reason"]
    # Phase 2: the turn's reason, canoe by canoe.
    choose_all(client, game, {"red": 3, "green": 4, "yellow": 5})
    mover = client.get(f"/api/games/{game['id']}").json["state"]["to_play"]
    turns = {lang: hints(game["tokens"][mover], lang) for lang in LANGUAGES}
    assert turns["en"][0]["reason"].startswith("Your canoe ")
    assert turns["fr"][0]["reason"].startswith("Votre canoë ")
    assert turns["de"][0]["reason"].startswith("Dein Kanu ")
    for lang in ("fr", "de"):
        assert [h["turn"] for h in turns[lang]] == [h["turn"] for h in turns["en"]]
        assert [e for e in english if e in _words(turns[lang])] == []


def test_the_review_comes_in_the_readers_language(app: Any, client: FlaskClient,
                                                  game: dict[str, Any],
                                                  template: Any) -> None:
    played = play_game(dict.fromkeys(PLAYERS, "beginner"), seed=3)
    loop = loop_of(app)
    for action in played.history:
        loop.apply(game["id"], action)
    assert loop.state(game["id"]).phase is Phase.OVER
    said = {}
    for lang in LANGUAGES:
        response = client.get(f"/api/games/{game['id']}/review?lang={lang}")
        assert response.status_code == 200, response.json
        said[lang] = response.json
    points = said["en"]["turning_points"]
    assert points and points[0]["text"].startswith(f"Round {points[0]['round']}, ")
    english = english_of_partner(template)
    assert any(e in _words(points) for e in english)
    names = {"fr": ("Manche", " : ", "Mieux : "), "de": ("Runde", ": ", "Besser: ")}
    colours = {"fr": {"red": "Rouge", "green": "Vert", "yellow": "Jaune"},
               "de": {"red": "Rot", "green": "Grün", "yellow": "Gelb"}}
    for lang, (round_word, colon, better) in names.items():
        theirs = said[lang]["turning_points"]
        assert [(p["round"], p["player"], p["drop"]) for p in theirs] == \
            [(p["round"], p["player"], p["drop"]) for p in points]
        assert said[lang]["rounds"] == said["en"]["rounds"]
        assert [e for e in english if e in _words(theirs)] == []
        for mine, point in zip(theirs, points, strict=True):
            who = colours[lang][point["player"]]
            assert mine["text"].startswith(f"{round_word} {point['round']}, {who}{colon}")
            assert better in mine["text"]
            for field in ("played", "better", "why", "text"):
                assert mine[field] != point[field], (lang, field)


# -- choosing the language ---------------------------------------------------------------


def lang_of(page: str) -> str:
    return re.search(r'<html lang="(\w+)"', page).group(1)  # type: ignore[union-attr]


def test_the_browser_language_picks_the_page_language(client: FlaskClient) -> None:
    for header, lang in (("de-DE,de;q=0.9,en;q=0.5", "de"), ("fr-CH, fr;q=0.9", "fr"),
                         ("es-ES,es;q=0.9", "en"), ("en-GB,de;q=0.5", "en")):
        response = client.get("/how-to-play", headers={"Accept-Language": header})
        assert lang_of(response.get_data(as_text=True)) == lang
        assert "Accept-Language" in response.headers["Vary"]
    page = client.get("/how-to-play", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "So wird gespielt" in page and "How to play Niagara" not in page


def test_the_switch_is_on_every_page_and_remembered(client: FlaskClient,
                                                    game: dict[str, Any]) -> None:
    pages = ["/", "/how-to-play", "/rules", "/check", "/calibrate",
             f"/games/{game['id']}/table", f"/play/{game['tokens']['red']}"]
    for url in pages:
        page = client.get(url).get_data(as_text=True)
        switch = re.search(r'<nav class="languages".*?</nav>', page, re.S)
        assert switch is not None, url
        for code in LANGUAGES:
            assert f'lang="{code}" hreflang="{code}"' in switch.group(0)
    # The table's key stays in the switch's links (it is already in the page); no setup key.
    table = client.get(f"/games/{game['id']}/table?key={game['table_key']}&lang=de")
    assert f"key={game['table_key']}&amp;lang=fr" in table.get_data(as_text=True)
    # ?lang= sets the cookie; later pages keep the language, even against the browser's.
    response = client.get("/how-to-play?lang=fr")
    assert "niagara_lang=fr" in response.headers["Set-Cookie"]
    again = client.get("/rules", headers={"Accept-Language": "de"})
    assert lang_of(again.get_data(as_text=True)) == "fr"
    assert "Set-Cookie" not in again.headers
    # An unknown language changes nothing.
    assert lang_of(client.get("/?lang=xx").get_data(as_text=True)) == "fr"


def test_refusals_come_in_the_readers_language(client: FlaskClient,
                                               game: dict[str, Any]) -> None:
    red = game["tokens"]["red"]
    french = client.post(f"/api/play/{red}/action", json={"type": "paddle", "canoes": []},
                         headers={"Accept-Language": "fr"})
    assert french.status_code == 409
    assert french.json["error"] == ("Les canoës se déplacent en phase 2, une fois que chacun "
                                    "a choisi sa carte ; choisissent encore : Rouge, Vert, "
                                    "Jaune.")
    german = client.get("/api/games/99999", headers={"Accept-Language": "de"})
    assert german.status_code == 404 and german.json["error"] == "es gibt keine Partie 99999"
    page = client.get("/play/not-a-token?lang=de")
    assert page.status_code == 403
    text = page.get_data(as_text=True)
    assert "Dieser Spielerlink ist ungültig" in text and "Etwas stimmt nicht" in text
    # The language chosen with ?lang= (the cookie) wins over the browser's.
    bad = client.post("/api/games", data="[", content_type="application/json",
                      headers={"Accept-Language": "fr"})
    assert bad.status_code == 403 and bad.json["error"].startswith("Das kann nur der Besitzer")


def test_views_and_streams_come_in_the_readers_language(client: FlaskClient,
                                                         game: dict[str, Any]) -> None:
    choose_all(client, game, {"red": 2, "green": 3, "yellow": "cloud"})
    view = client.get(f"/api/games/{game['id']}?lang=de").json
    assert view["banner"] == "Phase 2: Rot spielt eine 2: Paddeln."
    assert view["log"][-1]["text"] == "Rot deckt eine 2 auf."
    assert view["panels"][0]["status"] == "am Zug: paddelt 2"
    options = client.get(f"/api/play/{game['tokens']['red']}/options?lang=fr").json
    assert any(o["text"].startswith("Le canoë de Rouge pagaie de la rive à T")
               for o in options["options"])
    # The event stream of a French table (the cookie) says the same in French.
    client.get("/?lang=fr")
    got = messages(client, f"/api/games/{game['id']}/stream", 1)
    assert got[0][1]["banner"] == "Phase 2 : Rouge joue un 2 : à vos pagaies."
    english = loop_of(client.application).public_view(game["id"])["banner"]
    assert english == "Phase 2: Red plays a 2: paddle."


# -- the pages carry no English left over ------------------------------------------------


def english_sentences(template: Any) -> set[str]:
    """The English of every whole sentence (four words or more, nothing to fill in) that
    its translation changes: none of them may show on a French or German page."""
    out = set()
    for message in template:
        if not message.id or isinstance(message.id, tuple) or message.context:
            continue
        text = re.sub(r"<[^>]+>", "", message.id)
        if re.search(r"[{%]", text) or len(text.split()) < 4:
            continue
        out.add(text.replace("\u2019", "'"))
    return out


def visible_text(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(page).split())


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_server_pages_have_no_english_left(client: FlaskClient, game: dict[str, Any],
                                           template: Any, lang: str, setup_key: str) -> None:
    english = english_sentences(template)
    assert "Got it" not in english and "Check the move, then confirm it at the " \
        "bottom." in english
    client.get(f"/?key={setup_key}")  # the owner's device
    urls = ["/", "/new", "/how-to-play", "/rules", "/check", "/calibrate",
            f"/games/{game['id']}/setup?key={game['table_key']}",
            f"/games/{game['id']}/table?key={game['table_key']}",
            f"/play/{game['tokens']['red']}", "/play/wrong-token"]
    for url in urls:
        text = visible_text(client.get(url + ("&" if "?" in url else "?") + f"lang={lang}")
                            .get_data(as_text=True))
        left = sorted(s for s in english if s in text)
        assert left == [], f"{url}: {left}"


# -- the rules summary -------------------------------------------------------------------


def shape(text: str) -> list[str]:
    """The outline of a Markdown text: headings level, list items, bold runs."""
    out = []
    for line in text.splitlines():
        if line.startswith("#"):
            out.append(line.split(" ", 1)[0])
        elif re.match(r"\s*(\d+\.|-) ", line):
            out.append(re.match(r"\s*(\d+\.|-)", line).group(0))  # type: ignore[union-attr]
        out += ["**"] * line.count("**")
    return out


def test_the_rules_summary_says_the_same_in_each_language() -> None:
    english = rules_text("en")
    for lang in ("fr", "de"):
        text = rules_text(lang)
        assert shape(text) == shape(english), lang
        assert re.findall(r"[-+]?\d", text) == re.findall(r"[-+]?\d", english) or \
            sorted(re.findall(r"\d", text)) == sorted(re.findall(r"\d", english)), lang
    assert rules_text("xx") == english


def test_the_rules_page_and_command(client: FlaskClient, capsys: Any) -> None:
    page = client.get("/rules?lang=de").get_data(as_text=True)
    assert "<h1>Niagara — die Regeln, wie der Companion sie anwendet</h1>" in page
    assert "<strong>4 Edelsteinen einer Farbe</strong>" in page
    assert "Diamanten Joe (facultatif)" in client.get("/rules?lang=fr").get_data(as_text=True)
    from companion.cli import main

    assert main(["rules", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.startswith("# Niagara — les règles")
    assert main(["rules"]) == 0
    assert capsys.readouterr().out.startswith("# Niagara — the rules")
