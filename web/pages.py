"""The HTML pages: home, new game (links and QR codes), player, table, setup check,
calibration. Pages are plain HTML rendered by the server; small JS modules keep them
live through the event streams.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from companion import text as tx
from companion.board import CARDS, GEM_COLOURS, PLAYER_COLOURS
from companion.commands import rules_text
from companion.errors import InvalidActionError, NiagaraError
from companion.state import Options
from companion.text import N_, Listing, Nn_, Text
from web.api import links, no_store
from web.board import board_json
from web.errors import error_status, message_of
from web.i18n import language, tr
from web.services import loop
from web.setup_key import is_owner, link_key
from web.wifi import wifi_qr_text

bp = Blueprint("pages", __name__)

BASE_COLOURS = PLAYER_COLOURS[:5]
CREATED_FORMS_KEPT = 64
"""New-game forms remembered (their one-time id -> the game they made)."""

SEAT_LABELS: dict[str, Text] = {
    "person": N_("a person (with a phone)"),
    "beginner": N_("the computer: beginner"),
    "medium": N_("the computer: medium"),
    "strong": N_("the computer: strong"),
}
"""Who plays a seat, as the new-game page offers it (the keys are
``companion.table.computers.SEAT_KINDS``)."""

LEVEL_LABELS: dict[str, Text] = {
    "beginner": N_("beginner (makes mistakes)"),
    "medium": N_("medium"),
    "strong": N_("strong"),
}
"""The computer players' levels, as the practice page offers them."""

LEVEL_NAMES: dict[str, Text] = {
    "beginner": N_("beginner"),
    "medium": N_("medium"),
    "strong": N_("strong"),
}
"""The computer players' levels, as the links page names them."""


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    return {"gem_colours": GEM_COLOURS, "cards": CARDS, "board": board_json(),
            "disc_ms": round(loop().river_seconds * 1000)}


# -- pages -------------------------------------------------------------------------------


@bp.get("/")
def home() -> Response:
    """The games; opened with the owner's link (``/?key=``), it also keeps the setup key
    in the owner's cookie (:func:`web.setup_key.remember_owner`)."""
    page = render_template("home.html", games=loop().games(), current=loop().current,
                           owner=is_owner())
    return no_store(make_response(page))


@bp.route("/new", methods=["GET", "POST"])
def new_game() -> str | BaseResponse | tuple[str, int]:
    if request.method == "GET":
        return render_template("new.html", colours=BASE_COLOURS, error=None, chosen=[],
                               first=None, form_id=secrets.token_urlsafe(16),
                               seat_labels=SEAT_LABELS, seats={}, hints=True)
    # The form's one-time id: the same form sent again (Back after creating a game, then
    # "Create" again, or a double submit) opens the game it made instead of a second one.
    form_id = request.form.get("form_id")
    made = created_by(form_id)
    if made is not None:
        return redirect(made)
    # The checked colours arrive in the form's order, which the page lets the host
    # rearrange into the seating order (clockwise); "first" holds the buoy.
    chosen = [c for c in request.form.getlist("players") if isinstance(c, str)]
    first = request.form.get("first") or None
    options = Options(diamanten_joe=bool(request.form.get("diamanten_joe")),
                      tie_break=bool(request.form.get("tie_break")))
    seats = {c: request.form.get(f"seat_{c}", "person") for c in BASE_COLOURS}
    computers = {c: kind for c, kind in seats.items() if c in chosen and kind != "person"}
    hints = bool(request.form.get("hints"))
    try:
        new = loop().new_game(chosen, options, first=first, computers=computers,
                              hints=hints)
    except NiagaraError as error:
        order = [c for c in chosen if c in BASE_COLOURS]
        order += [c for c in BASE_COLOURS if c not in order]
        status, _kind = error_status(error)
        return render_template("new.html", colours=order, error=message_of(error),
                               chosen=chosen, first=first,
                               form_id=form_id or secrets.token_urlsafe(16),
                               seat_labels=SEAT_LABELS, seats=seats, hints=hints), status
    target = url_for("pages.setup", game_id=new.id, key=new.table_key)
    remember_form(form_id, target)
    return redirect(target)


def created_by(form_id: object) -> str | None:
    """Where the game a form already made is (the same form sent again), or None."""
    created: OrderedDict[str, str] = current_app.extensions.setdefault(
        "niagara.created_by_form", OrderedDict())
    return created.get(form_id) if isinstance(form_id, str) else None


def remember_form(form_id: object, target: str) -> None:
    """Remember the page a form's game opens at (a few dozen forms are kept)."""
    created: OrderedDict[str, str] = current_app.extensions.setdefault(
        "niagara.created_by_form", OrderedDict())
    if isinstance(form_id, str) and 0 < len(form_id) <= 64:
        created[form_id] = target
        while len(created) > CREATED_FORMS_KEPT:
            created.popitem(last=False)


PRACTICE_PEOPLE = (1, 2, 3)
"""How many people a practice game may have (on their own phones)."""


@bp.route("/practice", methods=["GET", "POST"])
def practice() -> str | BaseResponse | tuple[str, int]:
    """A practice game against computer players, on screen only (anyone may start one:
    see ``GameLoop.new_practice``). One person: their phone page opens; several: the
    page of their links."""
    form = {"colour": "red", "people": 1, "computers": 2, "level": "beginner"}
    if request.method == "GET":
        return render_template("practice.html", colours=BASE_COLOURS, form=form,
                               error=None, form_id=secrets.token_urlsafe(16),
                               level_labels=LEVEL_LABELS)
    form_id = request.form.get("form_id")
    made = created_by(form_id)
    if made is not None:
        return redirect(made)
    colour = request.form.get("colour", "")
    level = request.form.get("level", "")
    people = request.form.get("people", "")
    machines = request.form.get("computers", "")
    form = {"colour": colour, "people": people, "computers": machines, "level": level}
    try:
        if colour not in BASE_COLOURS:
            raise InvalidActionError(N_("Pick your colour: one of {colours}.",
                                        colours=Listing([tx.colour(c) for c in BASE_COLOURS],
                                                        "or")))
        if not (people.isdigit() and machines.isdigit()):
            raise InvalidActionError(N_("Say how many people and how many computer players."))
        n_people, n_machines = int(people), int(machines)
        if not 3 <= n_people + n_machines <= 5 or n_machines < 1:
            raise InvalidActionError(Nn_(
                "A game has 3 to 5 players: with {n} person, choose {least} to {most} "
                "computer players.",
                "A game has 3 to 5 players: with {n} people, choose {least} to {most} "
                "computer players.", n_people, least=max(1, 3 - n_people),
                most=5 - n_people))
        others = [c for c in BASE_COLOURS if c != colour]
        seats = [colour, *others[:n_people + n_machines - 1]]
        computers = dict.fromkeys(seats[n_people:], level)
        new = loop().new_practice(seats, computers)
    except NiagaraError as error:
        status, _kind = error_status(error)
        return render_template("practice.html", colours=BASE_COLOURS, form=form,
                               error=message_of(error), level_labels=LEVEL_LABELS,
                               form_id=form_id or secrets.token_urlsafe(16)), status
    if len(new.tokens) == 1:
        target = url_for("pages.play", token=new.tokens[colour])
    else:
        target = url_for("pages.setup", game_id=new.id, key=new.table_key)
    remember_form(form_id, target)
    return redirect(target)


def qr_svg(url: str) -> Markup:
    # A viewBox and no fixed size: the code scales to its box whole (a fixed 164 px SVG
    # squeezed into a smaller box showed only one corner, which no phone can scan).
    svg = segno.make(url, error="m").svg_inline(scale=4, title=url, omitsize=True)
    return Markup(svg)  # segno writes the SVG itself: it is safe


@bp.get("/games/<id:game_id>/setup")
def setup(game_id: int) -> Response:
    key = request.args.get("key")
    tokens = loop().tokens(game_id, key)
    urls = links(game_id, tokens, str(key))
    state = loop().state(game_id)
    settings = loop().settings(game_id)
    players = [{"colour": p, "url": urls["players"][p], "qr": qr_svg(urls["players"][p])}
               for p in state.players if p in urls["players"]]
    computers = [{"colour": p, "level": settings.computers[p]} for p in state.players
                 if p in settings.computers]
    wifi = current_app.config.get("WIFI_SSID")
    wifi_qr = (qr_svg(wifi_qr_text(str(wifi), current_app.config.get("WIFI_PASSWORD")))
               if wifi else None)
    page = render_template("setup.html", game_id=game_id, players=players, urls=urls,
                           level_names=LEVEL_NAMES,
                           key=key, state=state, wifi=wifi, wifi_qr=wifi_qr,
                           computers=computers, settings=settings)
    return no_store(make_response(page))


@bp.get("/games/<id:game_id>/qr/<colour>.svg")
def qr(game_id: int, colour: str) -> Response:
    key = request.args.get("key")
    tokens = loop().tokens(game_id, key)
    if colour not in tokens:
        return Response("no such player", status=404)
    url = links(game_id, tokens, str(key))["players"][colour]
    response = Response(segno.make(url, error="m").svg_inline(scale=6),
                        mimetype="image/svg+xml")
    return no_store(response)


@bp.get("/games/<id:game_id>/table")
def table(game_id: int) -> str | Response:
    key = request.args.get("key")
    view = tr(loop().public_view(game_id))
    if key is None:
        return render_template("table.html", game_id=game_id, view=view, key="",
                               controls=False, calibrate_url=None)
    loop().check_key(game_id, key)
    # The calibration page is the owner's: on the owner's device its cookie opens it.
    page = render_template("table.html", game_id=game_id, view=view, key=key,
                           controls=True, calibrate_url=url_for("pages.calibrate"))
    return no_store(make_response(page))


@bp.get("/play/<token>")
def play(token: str) -> Response:
    view = tr(loop().player_view(token))
    page = render_template("play.html", token=token, view=view, me=view["me"],
                           message=request.args.get("message"))
    return no_store(make_response(page))


@bp.post("/play/<token>")
def play_form(token: str) -> Response | tuple[Response, int]:
    """The page's form without JavaScript: lock in a card (or buy back a canoe)."""
    loop().player_of(token)
    data: dict[str, Any]
    if "card" in request.form:
        data = {"type": "choose", "card": request.form["card"]}
    elif "pay" in request.form:
        data = {"type": "recover", "pay": request.form["pay"]}
    else:
        data = {}
    try:
        loop().player_action(token, data)
    except NiagaraError as error:
        view = tr(loop().player_view(token))
        page = render_template("play.html", token=token, view=view, me=view["me"],
                               message=None, error=message_of(error))
        status, _kind = error_status(error)
        return no_store(make_response(page, status)), status
    return no_store(redirect(url_for("pages.play", token=token)))  # type: ignore[arg-type]


@bp.get("/favicon.ico")
def favicon() -> BaseResponse:
    """Browsers ask for it on every page: the river's icon (no 404 in their console)."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)


@bp.get("/how-to-play")
def how_to_play() -> str:
    """The rules in plain words, with the companion's screens."""
    return render_template("how.html")


@bp.get("/rules")
def rules() -> str:
    """The rules summary (``companion/data/rules.md``) in the reader's language."""
    from markdown_it import MarkdownIt

    text = rules_text(language())
    html = MarkdownIt("commonmark", {"html": False}).render(text)
    return render_template("rules.html", html=Markup(html))  # our own file, no raw HTML


@bp.get("/check")
def check() -> str:
    loop().check_camera()
    return render_template("check.html", result=tr(loop().setup_check()),
                           current=loop().current)


@bp.get("/calibrate")
def calibrate() -> Response:
    """For the owner (the owner's cookie, or ``?key=`` with the setup key): the
    calibration tools; for anyone else, or with a wrong key, a view only that says where
    the owner's link is. The page never contains the key."""
    from web.calibration import calibration_view

    key = request.args.get("key")
    editable = is_owner()
    wrong_key = key is not None and link_key() is None
    loop().check_camera()
    page = render_template("calibrate.html", view=tr(calibration_view(loop().camera)),
                           editable=editable, wrong_key=wrong_key and not editable)
    status = 403 if wrong_key and not editable else 200
    return no_store(make_response(page, status))
