"""The JSON API: games, player actions (by secret token), the table's controls.

Every error is JSON ``{"ok": false, "error": "<plain message>", "kind": ...}`` with a
status (:mod:`web.errors`, the app's one error handler): 400 malformed, 403 wrong token or
key, 404 no such game, 409 against the rules or against a newer state, 413 too large,
429/503 too many event streams, 507 the storage cannot write. Nothing is changed by a
refused request. Who may call which route: :mod:`web.roles`.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from companion.errors import InvalidActionError
from companion.state import Options
from companion.table.camera import SyntheticCamera, on_vision_thread
from companion.table.errors import NotFoundError
from companion.text import N_
from vision.synth import parse_fault
from web.board import board_json
from web.errors import TooDeep, error_status
from web.i18n import tr
from web.services import loop
from web.wifi import is_loopback, mdns_base

bp = Blueprint("api", __name__, url_prefix="/api")


class BadRequest(InvalidActionError):
    """A request body that is not what the route expects."""


__all__ = ["BadRequest", "body", "error_status", "json_body"]


def error_response(message: str, status: int, kind: str) -> tuple[Response, int]:
    return jsonify({"ok": False, "error": message, "kind": kind}), status


def json_body() -> object:
    """The request's JSON (any shape), or :class:`BadRequest` in plain words: not JSON,
    too deeply nested (:func:`web.errors.check_depth`), numbers too long; too large a
    body is a 413 before it is read whole."""
    if not request.is_json:
        raise BadRequest(N_("The request body must be a JSON object (Content-Type: "
                            "application/json)."))
    data = request.get_data(cache=True)
    try:
        return current_app.json.loads(data)
    except TooDeep as error:
        raise BadRequest(error.args[0]) from None
    except (ValueError, RecursionError):
        raise BadRequest(N_("The request body must be a JSON object, and this is not valid "
                            "JSON (or holds a number too long to read).")) from None


def body() -> dict[str, Any]:
    """The JSON object of the request, or :class:`BadRequest`."""
    data = json_body()
    if not isinstance(data, dict):
        raise BadRequest(N_("The request body must be a JSON object (Content-Type: "
                            "application/json)."))
    return data


def no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute URL for links and QR codes: the address this request came in on (the
    one the table's browser reached, so phones on the same network reach it too — the
    Pi's own access point included); when that is this machine only (``localhost``), the
    LAN address ``serve`` found at start (``PUBLIC_URL``), else ``<hostname>.local``."""
    path = url_for(endpoint, **values)
    if not is_loopback(request.host):
        return request.host_url.rstrip("/") + path
    base = current_app.config.get("PUBLIC_URL")
    if base and not is_loopback(str(base).split("//", 1)[-1].split("/", 1)[0]):
        return str(base).rstrip("/") + path
    port = request.host.rsplit(":", 1)[-1] if request.host.count(":") == 1 else "80"
    return mdns_base(int(port) if port.isdigit() else 80) + path


def links(game_id: int, tokens: dict[str, str], key: str) -> dict[str, Any]:
    return {
        "players": {p: public_url("pages.play", token=t) for p, t in tokens.items()},
        "table": public_url("pages.table", game_id=game_id, key=key),
        "public_table": public_url("pages.table", game_id=game_id),
    }


# -- the board ---------------------------------------------------------------------------


@bp.get("/board")
def board() -> Response:
    """The board as the pages draw it: slots, deposits, colours, letters (:mod:`web.board`)."""
    return jsonify({"ok": True, **tr(board_json())})


# -- games -------------------------------------------------------------------------------


@bp.get("/games")
def list_games() -> Response:
    return jsonify({"ok": True, "games": loop().games(), "current": loop().current})


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    data = body()
    players = data.get("players")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(
            k in ("diamanten_joe", "tie_break") and isinstance(v, bool)
            for k, v in options.items()):
        raise BadRequest(N_("'options' must be an object with true/false 'diamanten_joe' "
                            "and 'tie_break'."))
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadRequest(N_("'players' must be a list of 3 to 5 player colours."))
    first = data.get("first")
    if first is not None and not isinstance(first, str):
        raise BadRequest(N_("'first' must be the colour of the player who holds the buoy."))
    hints = data.get("hints", True)
    if not isinstance(hints, bool):
        raise BadRequest(N_("'hints' must be true (phones may ask for hints) or false."))
    new = loop().new_game(players, Options(**options), first=first,
                          computers=data.get("computers"), hints=hints)
    out = {"ok": True, "id": new.id, "table_key": new.table_key,
           **links(new.id, new.tokens, new.table_key)}
    return no_store(jsonify(out)), 201


@bp.post("/practice")
def create_practice() -> tuple[Response, int]:
    """A practice game against computer players (anyone: it drives no hardware and
    never becomes the game on the table; capped, see ``GameLoop.new_practice``)."""
    data = body()
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadRequest(N_("'players' must be a list of 3 to 5 player colours."))
    first = data.get("first")
    if first is not None and not isinstance(first, str):
        raise BadRequest(N_("'first' must be the colour of the player who holds the buoy."))
    new = loop().new_practice(players, data.get("computers"), first=first)
    out = {"ok": True, "id": new.id, "table_key": new.table_key,
           **links(new.id, new.tokens, new.table_key)}
    return no_store(jsonify(out)), 201


@bp.post("/games/<id:game_id>/current")
def make_current(game_id: int) -> Response:
    """The owner puts this game on the table: the lights and the camera follow it."""
    loop().make_current(game_id)
    return jsonify({"ok": True, "current": game_id})


@bp.get("/games/<id:game_id>")
def game_view(game_id: int) -> Response:
    return jsonify({"ok": True, **tr(loop().public_view(game_id))})


@bp.get("/games/<id:game_id>/links")
def game_links(game_id: int) -> Response:
    key = request.args.get("key")
    tokens = loop().tokens(game_id, key)
    return no_store(jsonify({"ok": True, **links(game_id, tokens, str(key))}))


@bp.post("/games/<id:game_id>/river")
def river_done(game_id: int) -> Response:
    data = body()
    result = loop().river_done(game_id, data.get("key"), data.get("arms"))
    return jsonify(tr(result.to_json()))


@bp.post("/games/<id:game_id>/undo")
def undo(game_id: int) -> Response:
    data = body()
    text = loop().undo(game_id, data.get("key"), data.get("version"))
    return jsonify({"ok": True, "text": tr(text)})


@bp.post("/games/<id:game_id>/confirm")
def confirm(game_id: int) -> Response:
    data = body()
    return jsonify(tr(loop().confirm_proposal(game_id, key=data.get("key")).to_json()))


@bp.post("/games/<id:game_id>/computer")
def computer_done(game_id: int) -> Response:
    """The table moved a computer's canoes as shown ("Done: moved as shown")."""
    data = body()
    return jsonify(tr(loop().computer_done(game_id, data.get("key"),
                                            data.get("turn")).to_json()))


@bp.get("/games/<id:game_id>/review")
def review(game_id: int) -> Response:
    """The post-game review (public once the game is over: every card is revealed)."""
    return jsonify(tr({"ok": True, **loop().review(game_id)}))


# -- players -----------------------------------------------------------------------------


@bp.get("/play/<token>")
def player_view(token: str) -> Response:
    return no_store(jsonify({"ok": True, **tr(loop().player_view(token))}))


@bp.get("/play/<token>/options")
def turn_options(token: str) -> Response:
    return no_store(jsonify({"ok": True, **tr(loop().turn_options(token))}))


@bp.post("/play/<token>/action")
def player_action(token: str) -> Response:
    loop().player_of(token)  # a wrong token is refused before the body is looked at
    result = loop().player_action(token, body())
    return no_store(jsonify(tr(result.to_json())))


@bp.get("/play/<token>/hints")
def hints(token: str) -> Response:
    """"What would a strong player do?": the best choices now, each with its reason."""
    return no_store(jsonify(tr({"ok": True, **loop().hints(token)})))


@bp.post("/play/<token>/confirm")
def player_confirm(token: str) -> Response:
    game_id, _player = loop().player_of(token)
    return no_store(jsonify(tr(loop().confirm_proposal(game_id, token=token).to_json())))


# -- lights and camera -------------------------------------------------------------------


@bp.get("/leds")
def leds() -> Response:
    return jsonify({"ok": True, "leds": loop().leds()})


@bp.get("/camera")
def camera() -> Response:
    game_loop = loop()
    reading = game_loop.latest_reading()
    seen = None
    if reading is not None and reading.observation is not None:
        seen = reading.observation.to_json()
    camera = game_loop.camera
    return jsonify({"ok": True, "camera": camera.name if camera is not None else None,
                    "seen": seen})


@bp.get("/camera/frame.jpg")
def camera_frame() -> Response | tuple[Response, int]:
    camera = loop().camera
    jpeg = on_vision_thread(camera.jpeg) if camera is not None else None
    if jpeg is None:
        return error_response(tr(N_("No picture from the camera yet.")), 404, "not_found")
    response = Response(jpeg, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/camera/faults")
def camera_faults() -> Response:
    """Make the synthetic camera draw something wrong (for demos and tests; the owner
    only: :mod:`web.roles`)."""
    data = body()
    if loop().current is None:
        raise NotFoundError(N_("There is no game on the table."))
    camera = loop().camera
    if not isinstance(camera, SyntheticCamera):
        raise BadRequest(N_("Only the synthetic camera can be told what to get wrong."))
    faults = data.get("faults", [])
    if not isinstance(faults, list):
        raise BadRequest(N_("'faults' must be a list of lists, e.g. {example}.",
                            example='[["canoe_off", "red"]]'))
    try:
        parsed = [parse_fault(f) for f in faults]
    except ValueError as error:
        raise BadRequest(N_("'faults': {error}, e.g. {example}.", error=str(error),
                            example='[["canoe_off", "red"]]')) from None
    camera.inject(*parsed)
    loop().check_camera()
    return jsonify({"ok": True, "faults": faults})


@bp.get("/setup-check")
def setup_check() -> Response:
    loop().check_camera()
    return jsonify({"ok": True, **tr(loop().setup_check())})
