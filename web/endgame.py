"""The end of a game: the game record to download, "play again with the same seats",
each phone's link to that next game, and ending (archiving) a game from the home page.

- ``GET /api/games/<id>/record?key=K``: the table's download of the record
  (``niagara-record/1``, :func:`companion.record.to_record`) once the game is over or
  ended; before that it would show the secret cards of the round under way.
- ``POST /api/games/<id>/again``: a new game with the same seats and options (the
  owner's, like any new game).
- ``GET /api/play/<token>/next``: that player's link to the next game, or null.
- ``POST /api/games/<id>/end``: the owner ends a game.

Who may call each is in :data:`web.roles.ROUTES` (the owner's routes are checked there).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, request, url_for

from companion.record import to_record
from companion.state import Phase
from companion.table.errors import ConflictError
from companion.text import N_
from web.api import links, no_store, public_url
from web.services import loop

bp = Blueprint("endgame", __name__)


@bp.get("/api/games/<id:game_id>/record")
def record(game_id: int) -> Response:
    loop().check_key(game_id, request.args.get("key"))
    if loop().state(game_id).phase is not Phase.OVER and not loop().ended(game_id):
        raise ConflictError(N_("The game record can be downloaded once the game is over: "
                               "until then it would show the cards chosen in secret."))
    text = json.dumps(to_record(loop().game(game_id)), indent=1)
    response = Response(text, mimetype="application/json")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="niagara-game-{game_id}.json"')
    return no_store(response)


@bp.post("/api/games/<id:game_id>/again")
def again(game_id: int) -> Response:
    new = loop().play_again(game_id)
    urls = links(new.id, new.tokens, new.table_key)
    setup = url_for("pages.setup", game_id=new.id, key=new.table_key)
    return no_store(jsonify({"ok": True, "id": new.id, "setup": setup, **urls}))


@bp.get("/api/play/<token>/next")
def next_game(token: str) -> Response:
    following = loop().next_link(token)
    url = public_url("pages.play", token=following) if following else None
    return no_store(jsonify({"ok": True, "next": url}))


@bp.post("/api/games/<id:game_id>/end")
def end(game_id: int) -> Response:
    loop().state(game_id)  # 404 for no such game
    loop().end_game(game_id)
    return jsonify({"ok": True})
