"""Real pages in Debian's Chromium (Playwright): a 3-player round on phones and the table,
and a round where the camera sees a canoe in the wrong place.

The app is served by waitress on 127.0.0.1 (an ephemeral port) in a thread; each player
has their own browser context (their own phone). Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.table.camera import SyntheticCamera
from web.app import close_app, create_app

from .conftest import stop_server

pytestmark = pytest.mark.browser

# Two groups of tests, each on one pytest-xdist worker with its own server (the module's
# fixture) and the worker's Chromium (tests/web/conftest.py), about a minute each: they run
# beside each other and beside the whole games (tests/web/test_whole_game.py).
ROUND = pytest.mark.xdist_group("browser-round")
CAMERA = pytest.mark.xdist_group("browser-camera")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    from waitress import create_server

    camera = SyntheticCamera(push_delay=None, size=(480, 270))
    folder = tmp_path_factory.mktemp("web")
    # The games in memory: what the pages show is the same, and no fsync at each of a
    # whole game's ~300 actions (~5 ms each on disk; the store's own tests keep the file).
    app = create_app({"DATABASE": ":memory:",
                      "LAYOUT": str(folder / "layout.json"), "CAMERA": camera,
                      "SETUP_KEY_FILE": str(folder / "setup-key"),
                      "GPIO": "mock", "SETTLE": 0.2, "ANNOUNCER_SPEED": 4.0,
                      "CAMERA_INTERVAL": 0.2, "SSE_HEARTBEAT": 1.0,
                      # The pages' river animation, 0.5 s a disc (1.1 s in play): phase 3
                      # still plays disc by disc, the tests wait less for it; what shows
                      # only during it (a disc entering, the surprise caption) still shows
                      # for two seconds or so.
                      "RIVER_SECONDS": 0.5})
    httpd = create_server(app, host="127.0.0.1", port=0, threads=16)
    thread = threading.Thread(target=httpd.run, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{httpd.effective_port}", "app": app, "camera": camera}
    close_app(app)
    stop_server(httpd, thread)


def owner_link(server: dict[str, Any]) -> str:
    """The owner's link ``serve`` prints (it carries the setup key)."""
    return f"{server['url']}/?key={server['app'].extensions['niagara.setup_key'].value}"


def new_game(browser: Any, server: dict[str, Any],
             players: list[str]) -> tuple[Any, dict[str, str], str]:
    """Create a game through the new-game page on the owner's device (the owner's link
    opened once, then its cookie); the table page and the players' links."""
    url = server["url"]
    table_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = table_ctx.new_page()
    page.set_default_timeout(10000)
    page.goto(owner_link(server))
    page.get_by_role("link", name="Start a new game").click()
    page.wait_for_selector('input[name="players"]')
    assert page.url == f"{url}/new"
    for colour in players:
        page.check(f'input[name="players"][value="{colour}"]')
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_selector(".qr svg")
    assert page.locator(".qr svg").count() == len(players)
    # The links name the machine's LAN address or <host>.local: open them on 127.0.0.1.
    def local(href: str) -> str:
        return url + "/" + href.split("/", 3)[3]

    links = {a.get_attribute("data-player"): local(a.get_attribute("href"))
             for a in page.locator("a.player-link").all()}
    page.goto(local(page.locator("#table-link").get_attribute("href")))
    page.wait_for_selector("#river .slot")
    return page, links, page.url


def phone(browser: Any, link: str) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    ctx.add_init_script("localStorage.setItem('niagara-intro-seen', '1')")
    page = ctx.new_page()
    page.set_default_timeout(10000)
    page.goto(link)
    page.wait_for_selector("#river")
    return page


def lock_in(page: Any, card: int) -> None:
    """Tap a card, then "Lock it in" in the pinned bar."""
    page.get_by_role("button", name=f"Paddle card {card}", exact=True).click()
    page.locator("#bar").get_by_role("button", name="Lock it in").click()
    page.wait_for_selector(f"text=Locked in: {card}")


def paddle(page: Any, to: str) -> None:
    """Tap my canoe on the beach, tap the highlighted destination (the preview shows),
    confirm with the bar's one button."""
    canoe = page.locator("#river g.tap.mine").first
    canoe.wait_for()
    canoe.click()
    slot = page.locator(f'#river g.tap.dest[data-slot="{to}"]')
    slot.wait_for()
    slot.click()
    page.wait_for_selector("#river g.canoe.ghost")
    page.locator("#bar-primary").click()
    # Entered: the preview and the bar's button go (the message may give way at once to
    # the next phase's).
    page.wait_for_function("!document.querySelector('#river g.canoe.ghost') && "
                           "document.getElementById('bar-primary').hidden")


@ROUND
def test_a_three_player_round_through_the_pages(server: dict[str, Any], browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    table, links, _ = new_game(browser, server, ["red", "green", "yellow"])
    phones = {p: phone(browser, links[p]) for p in ("red", "green", "yellow")}
    # Phase 1: cards picked secretly on the phones; the table sees who locked in.
    lock_in(phones["red"], 4)
    table.wait_for_selector('li[data-player="red"] >> text=locked in')
    red_panel = table.locator('li[data-player="red"]')
    assert "4" not in red_panel.locator(".status").inner_text()
    assert red_panel.locator(".played").inner_text() == "No card played yet"
    assert phones["green"].locator('button[aria-label="Paddle card 4"]').is_enabled()
    lock_in(phones["green"], 2)
    lock_in(phones["yellow"], 3)
    table.wait_for_selector("#banner >> text=Red plays a 4")
    # A card already locked in cannot change: the buttons are disabled.
    assert phones["red"].locator('button[aria-label="Paddle card 5"]').is_disabled()
    # Phase 2: each player taps a canoe and a highlighted destination.
    phones["red"].wait_for_selector("#turn-help >> text=Tap one of your canoes")
    # Only red's own canoes can be tapped on red's phone (not the others' on the beach).
    assert phones["red"].locator("#river g.canoe.mine").count() == 2
    assert phones["red"].locator('#river g.canoe.mine:not([data-owner="red"])').count() == 0
    assert phones["red"].title().startswith("▶ Your turn")
    paddle(phones["red"], "T4")
    table.wait_for_selector("#log >> text=Red's canoe paddles from the beach to T4.")
    paddle(phones["green"], "T2")
    paddle(phones["yellow"], "T3")
    # Phase 3: the table announces the river move and lights the disc bar.
    table.wait_for_selector("#banner >> text=The river moves 2 discs: lowest card 2, "
                            "weather 0.")
    table.wait_for_function("document.querySelectorAll('#leds .bar-led.on').length === 2",
                            timeout=10000)
    assert table.locator("#leds .led.ok.on").count() == 0
    table.screenshot(path=str(ARTIFACTS / "table-river.png"), full_page=True)
    phones["yellow"].screenshot(path=str(ARTIFACTS / "player-yellow.png"), full_page=True)
    # The first disc went right, not left as expected: the table says so and shows the
    # river's real move.
    table.get_by_role("button", name="Disc 1 took the left arm; press to change").click()
    table.get_by_role("button", name="Done: the river has moved").click()
    table.wait_for_selector("#log >> text=The river moves 2 discs: lowest card 2, weather 0.")
    table.wait_for_selector("#banner >> text=Round 2")
    table.wait_for_selector("#disc-caption >> text=The discs took other arms than expected "
                            "(right, right; expected left, right)")
    table.wait_for_function("document.querySelectorAll('#leds .bar-led.on').length === 0",
                            timeout=10000)
    table.wait_for_selector("#leds .led.ok.on")
    # The canoes moved down with the discs; the phones follow.
    # Red on T4: disc 1 (left) takes it to T5, disc 2 (right) into the right arm.
    table.wait_for_selector('#river g.canoe[data-owner="red"][data-at="R1"]')
    phones["green"].wait_for_selector("#banner >> text=Round 2")
    assert re.search(r"Canoes: .*on T4", phones["green"].locator("#mine").inner_text())
    # Every tap target on a phone is at least 44 x 44 px.
    phones["red"].get_by_role("button", name="Paddle card 5", exact=True).click()
    for sel in (".paddle-card", "#bar-primary", "#bar-secondary"):
        for box in (b.bounding_box() for b in phones["red"].locator(sel).all()):
            assert box is not None and box["width"] >= 44 and box["height"] >= 44, sel
    for page in (table, *phones.values()):
        page.context.close()


@ROUND
def test_undo_says_what_it_takes_back_and_the_phone_reopens(server: dict[str, Any],
                                                             browser: Any) -> None:
    table, links, _ = new_game(browser, server, ["red", "green", "yellow"])
    red = phone(browser, links["red"])
    lock_in(red, 6)
    table.wait_for_selector('li[data-player="red"] >> text=locked in')
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    table.on("dialog", answer)
    table.get_by_role("button", name="Undo…").click()
    red.wait_for_selector("#bar-notice >> text=your choice is open again")
    assert asked == ["Undo Red's secret card for round 1 (Red chooses again)?"]
    assert red.locator('button[aria-label="Paddle card 6"]').is_enabled()
    assert "locked in" not in red.locator("#bar-status").inner_text()
    # A double tap on "Lock it in" sends one request: no false refusal.
    red.get_by_role("button", name="Paddle card 3", exact=True).click()
    red.locator("#bar-primary").dblclick()
    red.wait_for_selector("text=Locked in: 3")
    assert red.locator("#error").inner_text() == ""
    for page in (table, red):
        page.context.close()


@CAMERA
def test_an_offline_tap_keeps_the_card_and_sends_it_when_back(server: dict[str, Any],
                                                               browser: Any) -> None:
    table, links, _ = new_game(browser, server, ["red", "green", "yellow"])
    red = phone(browser, links["red"])
    red.get_by_role("button", name="Paddle card 4", exact=True).click()
    red.context.set_offline(True)
    red.locator("#bar-primary").click()
    red.wait_for_selector("#error >> text=your choice is kept")
    assert "Card 4 is kept" in red.locator("#bar-status").inner_text()
    assert "Failed to fetch" not in red.locator("#bar").inner_text()
    bar = red.locator("#bar").bounding_box()
    assert bar is not None and bar["y"] + bar["height"] <= 844.5  # pinned, in view
    red.context.set_offline(False)
    red.wait_for_selector("text=Locked in: 4", timeout=15000)
    table.wait_for_selector('li[data-player="red"] >> text=locked in')
    for page in (table, red):
        page.context.close()


@CAMERA
def test_the_camera_sees_a_canoe_in_the_wrong_place(server: dict[str, Any],
                                                    browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    camera: SyntheticCamera = server["camera"]
    # Ticked in this order, the colours take the seats in this order: green, blue, brown.
    table, links, _ = new_game(browser, server, ["green", "blue", "brown"])
    phones = {p: phone(browser, links[p]) for p in ("green", "blue", "brown")}
    for colour, card in (("green", 3), ("blue", 5), ("brown", 6)):
        lock_in(phones[colour], card)
    paddle(phones["green"], "T3")
    table.wait_for_selector("#log >> text=Green's canoe paddles from the beach to T3.")
    # The board shows green's canoe one slot further down than the game says.
    camera.inject(("canoe_off", "green"))
    alert = table.locator("#alerts .alert")
    alert.wait_for(timeout=10000)
    assert "Green canoe expected on T3 (disc 3), seen on T4 (disc 4)" in alert.inner_text()
    assert "Move the green canoe from T4 to T3." in alert.inner_text()
    assert "Blue played" not in alert.inner_text()  # not Blue's move: no turn is blamed
    table.wait_for_selector("#leds .led.check.on", timeout=10000)
    assert table.locator("#leds .led.ok.on").count() == 0
    table.wait_for_selector("#frame:not([hidden])")
    table.screenshot(path=str(ARTIFACTS / "table-alert.png"), full_page=True)
    # Put it back: the alert goes, the amber light goes out.
    camera.clear()
    alert.wait_for(state="detached", timeout=10000)
    table.wait_for_selector("#leds .led.check:not(.on)", timeout=10000)
    for page in (table, *phones.values()):
        page.context.close()


@ROUND
def test_seats_and_the_buoy_on_the_new_game_page(server: dict[str, Any], browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(10000)
    page.goto(f"{server['url']}/new")  # not the owner yet: refused, in plain words
    assert "Only the owner of the companion" in page.content()
    page.goto(owner_link(server))
    page.goto(f"{server['url']}/new")
    for colour in ("red", "green", "blue"):
        page.check(f'input[name="players"][value="{colour}"]')
    # The summary names the first ticked colour as the buoy holder: its button is ticked.
    assert page.locator('input[name="first"]:checked').get_attribute("value") == "red"
    assert "Red holds the buoy" in page.locator("#seating").inner_text()
    page.get_by_role("button", name="Move Blue up (one seat earlier)").click()
    page.check('input[name="first"][value="green"]')
    assert page.locator("#seating").inner_text() == (
        "Seats clockwise: Green → Red → Blue. Green holds the buoy and plays first in round 1.")
    page.get_by_role("button", name="Create the game").click()
    page.wait_for_selector(".qr svg")
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))  # type: ignore[union-attr]
    state = server["app"].extensions["niagara"].state(game_id)
    assert state.players == ("green", "red", "blue") and state.first_player == "green"
    ctx.close()


@CAMERA
def test_drag_a_slot_on_the_calibration_page(server: dict[str, Any], browser: Any) -> None:
    layout = server["app"].extensions["niagara.layout"]
    t1 = layout.layout.slots["T1"]
    t2 = layout.layout.slots["T2"]
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(10000)
    # (The page's first load waited on a busy CI machine, tests in four processes on two
    # cores, past 10 s once: a slow load there is no failure of the page.)
    page.set_default_navigation_timeout(30000)
    page.on("dialog", lambda dialog: dialog.accept())
    # Without the setup key: a view only, which says where the link with the key is.
    page.goto(f"{server['url']}/calibrate")
    page.wait_for_selector('#layout g.handle-slot[data-name="T1"]')
    assert "printed when the companion started" in page.locator("#view-only").inner_text()
    assert page.get_by_role("button", name="Save the layout").count() == 0
    assert page.locator('#layout g.handle[tabindex]').count() == 0
    # On the owner's device the table page's link opens the tools (the owner's cookie):
    # no key in the link.
    table, _links, _ = new_game(browser, server, ["red", "green", "blue"])
    table.get_by_role("link", name="Calibrate the camera").click()
    table.wait_for_selector('#calibration[data-editable="yes"]')
    key = server["app"].extensions["niagara.setup_key"].value
    assert table.url == f"{server['url']}/calibrate"
    table.context.close()
    page.goto(f"{server['url']}/calibrate?key={key}")
    handle = page.locator('#layout g.handle-slot[data-name="T1"]')
    handle.wait_for()
    handle.scroll_into_view_if_needed()
    box = handle.locator("circle.ring").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    scale = box["width"] / (2 * layout.layout.disc_radius_mm)  # screen px per board mm
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8 * scale, y + 2 * scale, steps=5)
    page.mouse.up()
    assert "Slot T1 at" in page.locator("#layout-selected").inner_text()
    # Keyboard: T2 five millimetres up (Shift+arrow would be 10).
    page.locator('#layout g.handle-slot[data-name="T2"]').focus()
    for _ in range(5):
        page.keyboard.press("ArrowUp")
    page.get_by_role("button", name="Save the layout").click()
    # "Saved: the camera uses ..." (a bare text=Saved would also match "Not saved yet.")
    page.wait_for_selector("#layout-status >> text=/^Saved: /")
    saved = layout.layout
    assert layout.custom and layout.path.exists()
    assert abs(saved.slots["T1"][0] - (t1[0] + 8)) < 1.5
    assert abs(saved.slots["T1"][1] - (t1[1] + 2)) < 1.5
    assert saved.slots["T2"] == (t2[0], t2[1] - 5)
    page.screenshot(path=str(ARTIFACTS / "calibrate-layout.png"), full_page=True)
    page.get_by_role("button", name="Reset to the default layout").click()
    page.wait_for_selector("#layout-status >> text=Back to the default layout")
    assert not layout.custom and not layout.path.exists()
    # calibrate.js sends the key too: the synthetic camera has no table to learn, and the
    # answer says so (not "Only the person setting up the table ...").
    page.get_by_role("button", name="Learn the table from the setup").click()
    page.wait_for_selector("#result >> text=The table is learned from a real camera")
    ctx.close()
    # A link with a wrong key cannot change anything: the server says why.
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(10000)
    page.goto(f"{server['url']}/calibrate?key=wrong")
    page.wait_for_selector("#view-only >> text=not the right one")
    refused = page.evaluate("""async () => {
        const r = await fetch("/api/calibration/layout", {method: "DELETE",
                                                         headers: {"X-Setup-Key": "wrong"}});
        return [r.status, (await r.json()).error];
    }""")
    assert refused[0] == 403 and refused[1].startswith("Only the person setting up the table")
    ctx.close()
