"""Accessibility (issue 12 item 8): axe-core (axe-playwright-python) on every page in
Chromium, in every phase of a game and in the three languages: no serious or critical
violation. Every violation found (of any impact) is written to
``test-artifacts/axe-LANG.json``.

Pages: home (anyone and the owner), new game, the players' links (QR codes), the table
at 1366x768 in each phase (choose, actions, river, over: the end-of-game dialog), a phone
at 390x844 in each phase (the one-minute introduction, a card about to be locked in, the
move preview), calibration (the owner's tools and the view only), the rules, how to play,
the setup check and an error page.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.state import Phase
from tests.web.test_browser import ARTIFACTS, server  # noqa: F401 (fixture)
from tests.web.test_whole_game import greedy, send, shown

# No xdist group: each language's audit (about 20 CPU-seconds, 66 axe runs in all) goes to
# whichever worker is free, on the worker's Chromium and this module's server there. In one
# group the three ran one after another on one worker, the last of all to finish.
pytestmark = [pytest.mark.browser, pytest.mark.slow]

BLOCKING = ("serious", "critical")


class Audit:
    """axe-core run on one page after another; what it found, by page."""

    def __init__(self, lang: str) -> None:
        from axe_playwright_python.sync_playwright import Axe

        self.axe = Axe()
        self.lang = lang
        self.found: dict[str, list[dict[str, Any]]] = {}

    def check(self, page: Any, name: str) -> None:
        assert page.get_attribute("html", "lang") == self.lang, name
        # axe-core into the page once per document (what Axe.run does every time: a
        # page audited again in its next state keeps it), then a run of every rule.
        if not page.evaluate("typeof window.axe?.run === 'function'"):
            page.evaluate(self.axe.axe_script)
        response = page.evaluate("axe.run({resultTypes: ['violations']})")
        self.found[name] = [
            {"id": v["id"], "impact": v["impact"], "help": v["help"],
             "targets": [n["target"] for n in v["nodes"]][:5]}
            for v in response["violations"]]

    def blocking(self) -> list[str]:
        return [f"{page}: {v['impact']} {v['id']} ({v['help']}) at {v['targets']}"
                for page, found in self.found.items() for v in found
                if v["impact"] in BLOCKING]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_no_serious_or_critical_violation_on_any_page(server: dict[str, Any],  # noqa: F811
                                                      browser: Any,
                                                      lang: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    app, url = server["app"], server["url"]
    client = app.test_client()
    owner = app.extensions["niagara.setup_key"].value
    made = client.post("/api/games", json={"players": ["red", "green", "yellow"]},
                       headers={"X-Setup-Key": owner}).json
    gid, key = made["id"], made["table_key"]
    tokens = {p: u.rsplit("/", 1)[1] for p, u in made["players"].items()}
    loop = app.extensions["niagara"]
    audit = Audit(lang)

    def page(width: int = 1366, height: int = 768, **extra: Any) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale=lang,
                                  **extra)
        new = ctx.new_page()
        new.set_default_timeout(15000)
        return new

    # The owner's device: home, new game, links, calibration; then pages for anyone.
    own = page()
    own.goto(f"{url}/?key={owner}")
    audit.check(own, "home (owner)")
    own.goto(f"{url}/new")
    own.check('input[name="players"][value="red"]')
    audit.check(own, "new game")
    own.goto(f"{url}/games/{gid}/setup?key={key}")
    audit.check(own, "players' links")
    own.goto(f"{url}/calibrate")
    own.wait_for_selector("#layout g.handle")
    audit.check(own, "calibration (owner)")
    anyone = page()
    for path, name in (("/", "home"), ("/rules", "rules"), ("/how-to-play", "how to play"),
                       ("/check", "setup check"), ("/practice", "practice"),
                       ("/play/not-a-link", "error page")):
        anyone.goto(url + path)
        audit.check(anyone, name)
    anyone.goto(f"{url}/calibrate")
    anyone.wait_for_selector("#layout g.handle")
    audit.check(anyone, "calibration (view only)")
    # A game: the table and a phone in each phase.
    table = page()
    table.goto(f"{url}/games/{gid}/table?key={key}")
    table.wait_for_selector("#river .slot")
    audit.check(table, "table: choose")
    phone = page(390, 844, is_mobile=True, has_touch=True)
    phone.goto(f"{url}/play/{tokens['red']}")
    phone.wait_for_selector("#intro:not([hidden])")
    audit.check(phone, "phone: introduction")
    phone.locator("#intro-ok").click()
    audit.check(phone, "phone: choose")
    phone.locator("button.paddle-card").nth(3).click()
    phone.wait_for_selector("#bar-primary:not([hidden])")
    audit.check(phone, "phone: card about to be locked in")
    phone.locator("#bar-primary").click()
    phone.wait_for_selector("#locked:not(:empty)")
    for player, card in (("green", 5), ("yellow", 6)):
        r = client.post(f"/api/play/{tokens[player]}/action", json={"type": "choose",
                                                                    "card": card})
        assert r.status_code == 200, r.json
    phone.wait_for_selector("#river g.tap.mine")
    table.wait_for_selector('#players li.to-play[data-player="red"]')
    audit.check(table, "table: actions")
    audit.check(phone, "phone: actions")
    phone.locator("#river g.tap.mine").first.click()
    phone.locator("#river g.tap.dest").first.click()
    phone.wait_for_selector("#river g.canoe.ghost")
    audit.check(phone, "phone: move preview")
    phone.locator("#bar-primary").click()
    phone.wait_for_selector("#river g.canoe.ghost", state="detached")
    rng = random.Random(11)
    seen = set()
    steps = 0
    while True:
        state = loop.state(gid)
        if state.phase is Phase.RIVER and "river" not in seen:
            seen.add("river")
            table.wait_for_selector("#river-controls:not([hidden])")
            table.wait_for_selector("#river .disc-pushed")  # the river's animation is under way
            audit.check(table, "table: river")
            shown(phone, len(loop.game(gid).history))
            audit.check(phone, "phone: river")
            # The rest of the game is played without the pages (they would redraw at
            # every step, the most expensive part of this test); fresh ones open at the end.
            table.context.close()
            phone.context.close()
        if state.phase is Phase.OVER:
            break
        action = greedy(state, rng)
        send(client, gid, key, tokens, action)
        steps += 1
        assert steps < 2000
    table = page()
    table.goto(f"{url}/games/{gid}/table?key={key}")
    table.wait_for_selector("#summary:not([hidden])")
    audit.check(table, "table: the end")
    phone = page(390, 844, is_mobile=True, has_touch=True)
    phone.goto(f"{url}/play/{tokens['red']}")
    phone.wait_for_selector("#intro:not([hidden]), #summary:not([hidden])")
    if phone.locator("#intro-ok").is_visible():
        phone.locator("#intro-ok").click()
    phone.wait_for_selector("#summary:not([hidden])")
    audit.check(phone, "phone: the end")
    (ARTIFACTS / f"axe-{lang}.json").write_text(json.dumps(audit.found, indent=1),
                                                 encoding="utf-8")
    for opened in (own, anyone, table, phone):
        opened.context.close()
    assert len(audit.found) == 22
    assert audit.blocking() == []


def test_the_audit_sees_what_is_wrong(browser: Any) -> None:
    """A page with faults of each kind the pages could have: axe reports them."""
    page = browser.new_context().new_page()
    page.set_content('<!doctype html><html lang="en"><title>t</title><main>'
                     '<img src="data:,"><p style="color:#c8c8c8;background:#fff">faint</p>'
                     '<button></button><svg role="button" tabindex="0"></svg></main></html>')
    audit = Audit("en")
    audit.check(page, "faulty")
    found = {v["id"]: v["impact"] for v in audit.found["faulty"]}
    assert found["image-alt"] == "critical" and found["color-contrast"] == "serious"
    assert found["button-name"] == "critical"
    assert len(audit.blocking()) >= 3
    page.context.close()
