"""Whole games to their end in Chromium (issue 12 item 9): 3 and 5 players, the table
page open at 1366x768 and 1920x1080 and one phone at 390x844 the whole time.

The first round's cards and moves go through the real phone; the rest through the JSON
API (a seeded greedy player picks each action), to keep it fast. In every phase: the
table page does not scroll (``scrollHeight <= innerHeight``) at either size, the phone's
action bar is in view; screenshots of each phase at both sizes go to test-artifacts/.
At the end: the winner named on the table and the phone, the record downloaded, "play
again with the same seats", and the new game's QR codes decoded from screenshots at 390,
1366 and 1920 px wide (OpenCV) equal the player links.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion import rules
from companion.actions import Action, MoveRiver, Recover
from companion.state import GameState, Phase
from tests.web.test_browser import ARTIFACTS, browser, server  # noqa: F401 (fixtures)

# Each game on its own pytest-xdist worker (with its own server and Chromium): the two run
# beside each other, first of all tests (tests/conftest.py puts the longest first).
pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = ((1366, 768), (1920, 1080))
PHASE_TEXT = {"choose": "phase 1", "actions": "Phase 2", "river": "Phase 3",
              "over": "The game is over"}


def greedy(state: GameState, rng: random.Random) -> Action:
    """A quick player that brings gems home and keeps its canoes off the last slots."""
    if state.phase is Phase.RIVER:
        return MoveRiver(None)
    if state.phase is Phase.CHOOSE:
        player = next(p for p in state.players if p not in state.chosen)
        actions = list(rules.legal_actions(state, player))
        recover = [a for a in actions if isinstance(a, Recover)]
        if recover:
            return recover[0]
        numbers = [a for a in actions if getattr(a, "card", None) != "cloud"]
        return rng.choice(numbers or actions)
    player = state.to_play
    assert player is not None

    def score(action: Action) -> float:
        after, _ = rules.apply(state, action)
        if after.phase is Phase.OVER:
            return 1000.0
        gems = sum(after.reserves[player].values())
        loaded = sum(3 + (5 if c.at == "beach" else 0) - (2 if c.at in ("L2", "R2") else 0)
                     for c in after.canoes[player] if c.gem)
        safe = sum(1 for c in after.canoes[player] if c.at not in ("L2", "R2", "lost"))
        return gems * 20 + loaded + safe + rng.random()

    return max(rules.legal_actions(state, player), key=score)


def send(client: Any, gid: int, key: str, tokens: dict[str, str], action: Any) -> None:
    """``action`` sent as the table (the river) or the player's phone would; it must work."""
    if isinstance(action, MoveRiver):
        r = client.post(f"/api/games/{gid}/river", json={"key": key, "arms": None})
    else:
        data = action.to_json()
        player = data.pop("player")
        r = client.post(f"/api/play/{tokens[player]}/action", json=data)
    assert r.status_code == 200, r.json


def no_scroll(page: Any) -> tuple[int, int]:
    return page.evaluate("[document.scrollingElement.scrollHeight, window.innerHeight]")


def bar_in_view(phone: Any) -> None:
    box = phone.locator("#bar").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844 + 0.5


def decode_qr(png: bytes) -> str:
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    # OpenCV's detector now and then misses a code cropped to its edge (one run in several
    # at 390 px): with the quiet zone a scanner expects, and again at twice the size.
    image = cv2.copyMakeBorder(image, 16, 16, 16, 16, cv2.BORDER_CONSTANT, value=(255, 255, 255))
    for scale in (1, 2):
        big = image if scale == 1 else cv2.resize(image, None, fx=2, fy=2,
                                                  interpolation=cv2.INTER_NEAREST)
        text, _points, _ = cv2.QRCodeDetector().detectAndDecode(big)
        if text:
            return str(text)
    return ""


@pytest.mark.parametrize(("players", "seed"), [
    (["red", "green", "yellow"], 3),
    (["red", "green", "yellow", "blue", "brown"], 1),
])
def test_a_whole_game_to_the_end(server: dict[str, Any], browser: Any,  # noqa: F811
                                 players: list[str], seed: int) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    app, url = server["app"], server["url"]
    client = app.test_client()
    owner = app.extensions["niagara.setup_key"].value
    made = client.post("/api/games", json={"players": players},
                       headers={"X-Setup-Key": owner}).json
    gid, key = made["id"], made["table_key"]
    tokens = {p: u.rsplit("/", 1)[1] for p, u in made["players"].items()}
    loop = app.extensions["niagara"]
    n = len(players)
    tables = []
    for w, h in SIZES:
        ctx = browser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.set_default_timeout(15000)
        page.goto(f"{url}/?key={owner}")  # the owner's device: "Play again" is the owner's
        page.goto(f"{url}/games/{gid}/table?key={key}")
        page.wait_for_selector("#river .slot")
        tables.append(page)
    pctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                               has_touch=True)
    phone = pctx.new_page()
    phone.set_default_timeout(15000)
    phone.goto(f"{url}/play/{tokens['red']}")
    # The first time a phone joins: the one-minute introduction.
    phone.get_by_role("button", name="Got it").click()
    bar_in_view(phone)
    heights: dict[str, list[tuple[int, int]]] = {}

    def checkpoint(phase: str) -> None:
        for page, (w, _h) in zip(tables, SIZES, strict=True):
            page.wait_for_function(
                "t => document.getElementById('banner').textContent.includes(t)",
                arg=PHASE_TEXT[phase])
            page.wait_for_timeout(300)
            sh, ih = no_scroll(page)
            heights.setdefault(phase, []).append((w, sh))
            assert sh <= ih, f"the table page scrolls at {w} px in {phase}: {sh} > {ih}"
            page.screenshot(path=str(ARTIFACTS / f"table-{n}p-{phase}-{w}.png"))
        phone.wait_for_function(
            "t => document.getElementById('banner').textContent.includes(t)",
            arg=PHASE_TEXT[phase])
        bar_in_view(phone)
        phone.screenshot(path=str(ARTIFACTS / f"phone-{n}p-{phase}.png"))

    # Round 1 through the real phone: red picks a card and paddles; the rest by the API.
    checkpoint("choose")
    phone.get_by_role("button", name="Paddle card 5", exact=True).click()
    phone.locator("#bar").get_by_role("button", name="Lock it in").click()
    phone.wait_for_selector("text=Locked in: 5")
    rng = random.Random(seed)
    seen = {"choose"}
    steps = 0
    while True:
        state = loop.state(gid)
        phase = state.phase.value
        if phase not in seen:
            seen.add(phase)
            checkpoint(phase)
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.ACTIONS and state.to_play == "red" and state.round == 1:
            phone.locator("#river g.tap.mine").first.click()
            phone.locator("#river g.tap.dest").first.click()
            phone.wait_for_selector("#river g.canoe.ghost")
            bar_in_view(phone)
            phone.locator("#bar-primary").click()
            phone.wait_for_selector("#message >> text=Your move is entered")
            continue
        action = greedy(state, rng)
        send(client, gid, key, tokens, action)
        steps += 1
        assert steps < 2000
    winners = loop.state(gid).winners
    assert winners
    headline = client.get(f"/api/games/{gid}").json["summary"]["headline"]
    for page in tables:
        page.wait_for_selector("#summary:not([hidden])")
        assert page.locator("#summary .headline").inner_text() == headline
    phone.wait_for_selector("#summary:not([hidden])")
    expected = "You win! ★" if "red" in winners else headline
    assert phone.locator("#bar-status").inner_text() == expected
    # The record, downloaded from the table.
    table = tables[0]
    with table.expect_download() as download:
        table.get_by_role("link", name="Download the game record").click()
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record["format"] == "niagara-record/1" and record["players"] == players
    # Play again with the same seats: the links page of the new game, whose QR codes
    # decode to the player links at every width; the phone is offered its new link.
    table.get_by_role("button", name="Play again with the same seats").click()
    table.wait_for_selector(".qr svg")
    phone.wait_for_selector("#bar-primary >> text=Join the next game")
    setup_url = table.url
    for width, height in ((390, 844), (1366, 768), (1920, 1080)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        page = ctx.new_page()
        page.goto(setup_url)
        links = {a.get_attribute("data-player"): a.get_attribute("href")
                 for a in page.locator("a.player-link").all()}
        assert sorted(links) == sorted(players)
        for figure in page.locator("figure.qr").all():
            colour = figure.locator("a.player-link").get_attribute("data-player")
            figure.locator("svg").scroll_into_view_if_needed()
            png = figure.locator("svg").screenshot()
            assert decode_qr(png) == links[colour], (width, colour)
        if width == 1366:
            page.screenshot(path=str(ARTIFACTS / f"links-{n}p-{width}.png"), full_page=True)
        ctx.close()
    print(f"{n} players: {steps} API actions, page heights {heights}")
    for page in (*tables, phone):
        page.context.close()
