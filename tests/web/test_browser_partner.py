"""Computer players in Chromium: a whole practice game on a phone against two computers,
and a real-table game where the table moves the computer's canoe and confirms it by hand.

A server of their own (short practice pauses; the computers' thread on), in their own
xdist group so that they run beside the other browser tests.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from companion.state import Phase
from companion.table.camera import SyntheticCamera
from companion.table.loop import GameLoop
from web.app import close_app, create_app

from .conftest import stop_server
from .test_browser import ARTIFACTS, phone

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.xdist_group("browser-partner")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    from waitress import create_server

    folder = tmp_path_factory.mktemp("partner-web")
    app = create_app({"DATABASE": ":memory:",  # as tests/web/test_browser.py's server
                      "LAYOUT": str(folder / "layout.json"),
                      "CAMERA": SyntheticCamera(push_delay=None, size=(480, 270)),
                      "SETUP_KEY_FILE": str(folder / "setup-key"),
                      "GPIO": "mock", "SETTLE": 0.2, "ANNOUNCER_SPEED": 4.0,
                      "CAMERA_INTERVAL": 0.5, "SSE_HEARTBEAT": 1.0,
                      "COMPUTER_PAUSE": 0.05, "RIVER_SECONDS": 0.1})
    httpd = create_server(app, host="127.0.0.1", port=0, threads=16)
    thread = threading.Thread(target=httpd.run, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{httpd.effective_port}", "app": app}
    close_app(app)
    stop_server(httpd, thread)


def game_loop(server: dict[str, Any]) -> GameLoop:
    loop: GameLoop = server["app"].extensions["niagara"]
    return loop


def first_round_words(action: dict[str, Any]) -> str:
    """What the table is told for a first-round turn (canoes on the beach), written out
    independently of the service's own words."""
    if action["type"] == "weather":
        value = "+1" if action["direction"] == "up" else "-1"
        return (f"Red (computer) played the cloud: move the weather marker "
                f"{action['direction']}, to {value}.")
    parts = []
    for move in action["canoes"]:
        assert move["from"] == "beach"
        clause = []
        for step in move["steps"]:
            op, *rest = step.split()
            if op == "down":
                n = int(rest[0])
                at = f"T{n}" if n <= 5 else f"{rest[1][0].upper()}{n - 5}"
                arm = f" (the {rest[1]} arm)" if n > 5 else ""
                clause.append(f"move {'it' if clause else 'the canoe on the beach'} to "
                              f"{at}{arm}")
            else:
                assert op == "load"
                clause.append(f"load a {rest[0]} gem from the deposit beside {at} into it")
        parts.append(", then ".join(clause))
    return "Red (computer): " + "; then ".join(parts) + "."


def ask_hint(page: Any) -> None:
    """Tap "What would a strong player do?": two or three choices, each with a reason."""
    page.get_by_role("button", name="What would a strong player do?").click()
    page.wait_for_selector("#hint-list li .hint-reason")
    assert 2 <= page.locator("#hint-list li").count() <= 3 or \
        page.locator("#options .option").count() < 3
    assert page.locator("#hint-list li .hint-reason").first.inner_text()


def test_a_practice_game_on_a_phone_to_the_end(server: dict[str, Any], browser: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    monkeypatch.setattr("companion.table.loop.new_seed", lambda: 9)  # the computers' seed
    loop = game_loop(server)
    table_before = loop.current
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                              has_touch=True)
    ctx.add_init_script("localStorage.setItem('niagara-intro-seen', '1')")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.goto(server["url"] + "/")
    page.get_by_role("link", name="Practice against the computer").click()
    page.check('input[name="colour"][value="blue"]')
    page.select_option('select[name="people"]', "1")
    page.select_option('select[name="computers"]', "2")
    page.select_option('select[name="level"]', "beginner")
    page.get_by_role("button", name="Start practising").click()
    page.wait_for_selector("#river .slot")
    token = page.url.rsplit("/", 1)[1]
    game_id, me = loop.player_of(token)
    assert me == "blue" and loop.settings(game_id).practice
    assert loop.current == table_before  # never the game on the table
    assert "Practice game" in page.locator(".practice-tag").inner_text()
    assert page.locator("#players li").count() == 3
    assert "(computer)" in page.locator('#players li[data-player="red"] strong').inner_text()
    # The person plays what "What would a strong player do?" suggests, every time.
    shots = 0
    topic = f"game:{game_id}"  # bumped at every change of the game (the pages' streams wait on it)
    while True:
        seen = loop.hub.versions([topic])
        state = loop.state(game_id)
        if state.phase is Phase.OVER:
            break
        assert state.round <= 80, "the practice game did not end"
        if state.phase is Phase.CHOOSE and me not in state.chosen:
            pay = page.locator("#recover button")
            if pay.count():
                pay.first.click()
                page.wait_for_selector("#recover button", state="detached")
            ask_hint(page)
            if not shots:
                page.screenshot(path=str(ARTIFACTS / "phone-practice-hints.png"),
                                full_page=True)
                shots += 1
            page.get_by_role("button", name="Take this card").first.click()
            page.locator("#bar").get_by_role("button", name="Lock it in").click()
            page.wait_for_selector("text=Locked in:")
        elif state.phase is Phase.ACTIONS and state.to_play == me:
            version = len(loop.game(game_id).history)
            page.wait_for_selector("#options .option")
            ask_hint(page)
            page.get_by_role("button", name="Take this move").first.click()
            page.locator("#bar-primary").click()
            for _ in range(100):  # until the move is in (each wait ends at the change)
                if len(loop.game(game_id).history) > version:
                    break
                seen = {**seen, **loop.hub.wait(seen, 0.1)}
        else:
            loop.hub.wait(seen, 1.0)  # the computers and the river, by themselves
    # The end-of-game screen on the phone.
    page.wait_for_selector("#summary:not([hidden]) .headline")
    summary = loop.public_view(game_id)["summary"]
    headline = page.locator("#summary .headline").inner_text()
    assert headline == ("You win! ★" if me in summary["winners"] else summary["headline"])
    assert page.locator("#bar").get_by_role("button", name="Practise again").is_visible()
    page.screenshot(path=str(ARTIFACTS / "phone-practice-over.png"), full_page=True)
    assert loop.current == table_before
    ctx.close()


def test_the_table_moves_the_computers_canoe(server: dict[str, Any], browser: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    monkeypatch.setattr("companion.table.loop.new_seed", lambda: 5)  # the computer's seed
    loop = game_loop(server)
    # Red (ticked first) holds the buoy and is the computer; green and yellow have phones.
    url = server["url"]
    table_ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    table = table_ctx.new_page()
    table.set_default_timeout(15000)
    table.goto(f"{url}/?key={server['app'].extensions['niagara.setup_key'].value}")
    table.goto(f"{url}/new")
    for colour in ("red", "green", "yellow"):
        table.check(f'input[name="players"][value="{colour}"]')
    table.select_option('select[name="seat_red"]', "beginner")
    table.get_by_role("button", name="Create the game").click()
    table.wait_for_selector(".qr svg")
    assert table.locator(".qr svg").count() == 2  # no phone for the computer
    assert "Red (computer, beginner)" in table.locator('[data-computer="red"]').inner_text()

    def local(href: str) -> str:
        return url + "/" + href.split("/", 3)[3]

    links = {a.get_attribute("data-player"): local(a.get_attribute("href"))
             for a in table.locator("a.player-link").all()}
    table.goto(local(table.locator("#table-link").get_attribute("href")))
    table.wait_for_selector("#river .slot")
    game_id = int(re.search(r"/games/(\d+)/", table.url).group(1))  # type: ignore[union-attr]
    phones = {p: phone(browser, links[p]) for p in ("green", "yellow")}
    for colour, card in (("green", 3), ("yellow", 5)):
        page = phones[colour]
        page.get_by_role("button", name=f"Paddle card {card}", exact=True).click()
        page.locator("#bar").get_by_role("button", name="Lock it in").click()
        page.wait_for_selector(f"text=Locked in: {card}")
    # The computer chose once both had locked in; its turn is an instruction.
    box = table.locator("#computer")
    box.wait_for(state="visible")
    told = loop.public_view(game_id)["computer_turn"]["action"]
    text = table.locator("#computer-text").inner_text()
    assert text == first_round_words(told), (told, text)
    assert "Red (computer) plays" in table.locator("#banner").inner_text()
    height, window = table.evaluate("[document.scrollingElement.scrollHeight, "
                                    "window.innerHeight]")
    assert height <= window  # the table page still fits the screen
    # The phones show it as a public notice, and the turn light is red's.
    phones["green"].wait_for_selector(f"#bar-status >> text={text}")
    table.wait_for_selector('#leds [data-led="player"][title="Turn light (Red): on"]')
    table.screenshot(path=str(ARTIFACTS / "table-computer-turn.png"))
    # Someone moves it on the board; the table confirms by hand.
    table.get_by_role("button", name="Done: moved as shown").click()
    box.wait_for(state="hidden")
    assert loop.state(game_id).to_play == "green"
    history = loop.game(game_id).history
    assert history[-1].player == "red"
    table.wait_for_selector("#banner >> text=Green plays a 3")
    phones["green"].wait_for_selector("#turn-help >> text=Tap one of your canoes")
    for page in (table, *phones.values()):
        page.context.close()
