"""The pages in French and German in Chromium (issue 12 item 6): a 5-player game from the
first round to its end with a French table, a German table, a German, a French and an
English phone (open through the first round's three phases; fresh ones in the same
languages at the end); in every phase the French and German pages show no English sentence
left over (the visible text, tooltips and accessible names, checked against the
catalogue's English), the tables do not scroll at 1366x768; the browser's language picks the pages'
and the switch changes it for good. Screenshots in the three languages go to
test-artifacts/ (``table-fr-river-1366.png``, ``phone-de-actions.png``, …).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.state import Phase
from tests.web.test_browser import ARTIFACTS, server  # noqa: F401 (fixture)
from tests.web.test_whole_game import greedy, send, shown
from web.catalogue import extract, read

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser-i18n")]

SEEN = """() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[title], [aria-label], [alt], [placeholder]"))
    for (const a of ["title", "aria-label", "alt", "placeholder"])
      if (el.hasAttribute(a)) out.push(el.getAttribute(a));
  for (const t of document.querySelectorAll("svg title, svg text")) out.push(t.textContent);
  return out.join("\\n");
}"""
"""Everything a reader sees or hears of a page: its text, tooltips, accessible names."""

PHASE_WORDS = {"fr": {"choose": "phase 1", "actions": "Phase 2", "river": "Phase 3",
                      "over": "La partie est terminée"},
               "de": {"choose": "Phase 1", "actions": "Phase 2", "river": "Phase 3",
                      "over": "Das Spiel ist vorbei"}}


def english_fragments(locale: str, template: Any) -> set[str]:
    """English that must not show on a page in ``locale``: every run of four words or more
    of the catalogue's English (``template``: ``extract()``, between placeholders and tags)
    that its translation does not contain."""
    catalogue = read(locale)
    out: set[str] = set()
    for message in template:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found = catalogue.get(message.id, message.context)
        strings = found.string if found is not None else ""
        translated = " ".join(strings) if isinstance(strings, tuple | list) else strings
        for text in ids:
            for part in re.split(r"\{[^{}]*\}|%\(\w+\)s|<[^>]+>", text):
                part = part.strip(" .,:;()—-!?'")
                if len(part.split()) >= 4 and part not in translated and "'" not in part:
                    out.add(part)
    return out


def no_english(page: Any, english: set[str], where: str) -> None:
    seen = " ".join(page.evaluate(SEEN).split())
    left = sorted(e for e in english if e in seen)
    assert left == [], f"{where}: English left: {left}"


def no_scroll(page: Any, where: str) -> None:
    height, inner = page.evaluate("[document.scrollingElement.scrollHeight, innerHeight]")
    assert height <= inner, f"{where} scrolls: {height} > {inner}"


def test_a_game_in_french_and_german_has_no_english_left(server: dict[str, Any],  # noqa: F811
                                                         browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    template = extract()
    english = {lang: english_fragments(lang, template) for lang in ("fr", "de")}
    assert any("players take turns starting with the buoy holder" in e for e in english["fr"])
    app, url = server["app"], server["url"]
    client = app.test_client()
    owner = app.extensions["niagara.setup_key"].value
    made = client.post("/api/games", json={"players": ["red", "green", "yellow", "blue",
                                                       "brown"]},
                       headers={"X-Setup-Key": owner}).json
    gid, key = made["id"], made["table_key"]
    tokens = {p: u.rsplit("/", 1)[1] for p, u in made["players"].items()}
    loop = app.extensions["niagara"]
    tables: dict[str, Any] = {}
    phones: dict[str, Any] = {}

    def open_pages() -> None:
        """The French and German tables and the German, French and English phones."""
        for lang in ("fr", "de"):  # the browser's language picks the page's
            ctx = browser.new_context(viewport={"width": 1366, "height": 768},
                                      locale=f"{lang}-{lang.upper()}")
            page = ctx.new_page()
            page.set_default_timeout(15000)
            page.goto(f"{url}/games/{gid}/table?key={key}")
            page.wait_for_selector("#river .slot")
            assert page.get_attribute("html", "lang") == lang
            tables[lang] = page
        for player, lang in (("red", "de"), ("green", "fr"), ("yellow", "en")):
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True, locale={"de": "de-DE", "fr": "fr-FR",
                                                              "en": "en-GB"}[lang])
            ctx.add_init_script("localStorage.setItem('niagara-intro-seen', '1')")
            page = ctx.new_page()
            page.set_default_timeout(15000)
            page.goto(f"{url}/play/{tokens[player]}")
            page.wait_for_selector("#river")
            assert page.get_attribute("html", "lang") == lang
            phones[lang] = page

    open_pages()

    def checkpoint(phase: str) -> None:
        version = len(loop.game(gid).history)
        for lang, page in tables.items():
            page.wait_for_function(
                "t => document.getElementById('banner').textContent.includes(t)",
                arg=PHASE_WORDS[lang][phase])
            shown(page, version)
            no_scroll(page, f"table {lang} {phase}")
            no_english(page, english[lang], f"table {lang} {phase}")
            page.screenshot(path=str(ARTIFACTS / f"table-{lang}-{phase}-1366.png"))
        for lang, page in phones.items():
            shown(page, version)
            if lang != "en":
                no_english(page, english[lang], f"phone {lang} {phase}")
            else:  # the check would see English: the English phone shows some
                seen = " ".join(page.evaluate(SEEN).split())
                assert any(e in seen for e in english["fr"]), phase
            page.screenshot(path=str(ARTIFACTS / f"phone-{lang}-{phase}.png"))

    # Round 1: the German phone picks its card and paddles through the page.
    checkpoint("choose")
    red = phones["de"]
    red.get_by_role("button", name="Paddelkarte 4", exact=True).click()
    red.locator("#bar").get_by_role("button", name="Festlegen").click()
    red.wait_for_selector("text=Festgelegt: 4")
    no_english(red, english["de"], "phone de, card locked in")
    for player, card in (("green", 5), ("yellow", 6), ("blue", 5), ("brown", 6)):
        r = client.post(f"/api/play/{tokens[player]}/action", json={"type": "choose",
                                                                    "card": card})
        assert r.status_code == 200, r.json
    checkpoint("actions")
    red.locator("#river g.tap.mine").first.click()
    red.locator('#river g.tap.dest[data-slot="T4"]').click()
    red.wait_for_selector("#river g.canoe.ghost")
    status = red.locator("#bar-status").inner_text()
    assert status.startswith("Das Kanu von Rot paddelt von dem Strand zu T4."), status
    assert "Nutzt 4 deiner 4 Punkte." in status
    assert red.locator("#bar-primary").inner_text() == "Nach T4 paddeln"
    no_english(red, english["de"], "phone de, move preview")
    red.screenshot(path=str(ARTIFACTS / "phone-de-preview.png"))
    red.locator("#bar-primary").click()
    red.wait_for_selector("#message >> text=Dein Zug ist eingegeben")
    rng = random.Random(5)
    seen = {"choose", "actions"}
    steps = 0
    while True:
        state = loop.state(gid)
        phase = state.phase.value
        if phase not in seen:
            seen.add(phase)
            if state.phase is Phase.OVER:
                # Fresh pages in the same languages show the end (the game's later rounds
                # are played without pages: five pages redrawing at every step were most
                # of this test's cost, about 40 CPU-seconds of Chromium; the pages that
                # follow a whole game live are tests/web/test_whole_game.py's).
                open_pages()
                for page in phones.values():
                    page.wait_for_selector("#summary:not([hidden])")
            checkpoint(phase)
            if state.phase is Phase.RIVER:
                for page in (*tables.values(), *phones.values()):
                    page.context.close()
        if state.phase is Phase.OVER:
            break
        action = greedy(state, rng)
        send(client, gid, key, tokens, action)
        steps += 1
        assert steps < 2000
    # The end: the winners named in each table's and phone's language.
    tables["fr"].wait_for_selector("#summary:not([hidden])")
    headline = tables["fr"].locator("#summary .headline").inner_text()
    assert headline.endswith(("gagne !", "gagnent !")), headline
    tables["de"].wait_for_selector("#summary:not([hidden])")
    assert tables["de"].get_by_role("button", name="Noch einmal mit derselben Sitzordnung") \
        .is_visible()
    for page in (*tables.values(), *phones.values()):
        page.context.close()


def test_the_switch_changes_the_language_for_good(server: dict[str, Any],  # noqa: F811
                                                  browser: Any) -> None:
    url = server["url"]
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="de-DE")
    page = ctx.new_page()
    page.set_default_timeout(10000)
    page.goto(f"{url}/how-to-play")
    assert page.get_attribute("html", "lang") == "de"
    assert page.locator("h1").inner_text() == "Niagara mit dem Companion spielen"
    page.screenshot(path=str(ARTIFACTS / "how-de-1366.png"))
    page.get_by_role("link", name="Français").click()
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.locator("h1").inner_text() == "Jouer à Niagara avec le compagnon"
    assert page.get_by_role("link", name="Français").get_attribute("aria-current") == "true"
    page.screenshot(path=str(ARTIFACTS / "how-fr-1366.png"))
    # Every later page, and a new tab of the same browser, stays in French.
    page.goto(f"{url}/rules")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator("h1").inner_text().startswith("Niagara — les règles")
    other = ctx.new_page()
    other.goto(f"{url}/")
    assert other.get_attribute("html", "lang") == "fr"
    other.get_by_role("link", name="English").click()
    other.wait_for_function("document.documentElement.lang === 'en'")
    other.goto(f"{url}/how-to-play")
    assert other.locator("h1").inner_text() == "How to play Niagara with the companion"
    other.screenshot(path=str(ARTIFACTS / "how-en-1366.png"))
    ctx.close()
