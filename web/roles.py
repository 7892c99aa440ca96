"""Who may do what: every route of the app against the role it needs.

Four roles, from the most trusted:

- ``owner``: the owner of the companion, who holds the **setup key** (the link ``serve``
  prints, then an HttpOnly, SameSite=Strict cookie; or the ``X-Setup-Key`` header).
  Starts games, chooses the game on the table, calibrates the camera, makes the
  synthetic camera show faults.
- ``table``: the holder of a game's **table key** (the table page's link): the players'
  links, the river's "Done", undo, confirming what the camera saw.
- ``player``: the holder of a **player token** (their secret link): their hand, their
  card and turn.
- ``anyone`` on the LAN: public facts only (the board, the river, the lights, the camera),
  and practice games: they drive no hardware and never become the game on the table, so
  anyone may start one (their number is capped and unplayed ones expire).

:data:`ROUTES` is the table (docs/web.md shows the same one; a test walks
``app.url_map`` and checks every route against it). Owner routes are enforced here, once,
before any body is read (:func:`require_owner`); table and player routes by the game loop
(``GameLoop.check_key``, ``GameLoop.player_of``). A route missing from the table is
refused to everyone but the owner.
"""

from __future__ import annotations

from enum import Enum

from flask import Flask, request

from web.setup_key import is_owner, refusal


class Role(Enum):
    """Who a route is for."""

    OWNER = "owner"
    TABLE = "table"
    PLAYER = "player"
    ANYONE = "anyone"


OWNER, TABLE, PLAYER, ANYONE = Role.OWNER, Role.TABLE, Role.PLAYER, Role.ANYONE

ROUTES: dict[tuple[str, str], Role] = {
    # pages
    ("GET", "/"): ANYONE,
    ("GET", "/new"): OWNER,
    ("POST", "/new"): OWNER,
    ("GET", "/games/<id:game_id>/setup"): TABLE,
    ("GET", "/games/<id:game_id>/qr/<colour>.svg"): TABLE,
    ("GET", "/games/<id:game_id>/table"): ANYONE,
    ("GET", "/play/<token>"): PLAYER,
    ("POST", "/play/<token>"): PLAYER,
    ("GET", "/check"): ANYONE,
    ("GET", "/calibrate"): ANYONE,
    ("GET", "/static/<path:filename>"): ANYONE,
    # the JSON API
    ("GET", "/api/board"): ANYONE,
    ("GET", "/api/games"): ANYONE,
    ("POST", "/api/games"): OWNER,
    ("GET", "/api/games/<id:game_id>"): ANYONE,
    ("POST", "/api/games/<id:game_id>/current"): OWNER,
    ("GET", "/api/games/<id:game_id>/links"): TABLE,
    ("POST", "/api/games/<id:game_id>/river"): TABLE,
    ("POST", "/api/games/<id:game_id>/undo"): TABLE,
    ("POST", "/api/games/<id:game_id>/confirm"): TABLE,
    ("GET", "/api/games/<id:game_id>/stream"): ANYONE,
    ("GET", "/api/play/<token>"): PLAYER,
    ("GET", "/api/play/<token>/options"): PLAYER,
    ("POST", "/api/play/<token>/action"): PLAYER,
    ("POST", "/api/play/<token>/confirm"): PLAYER,
    ("GET", "/api/play/<token>/stream"): PLAYER,
    ("GET", "/api/leds"): ANYONE,
    ("GET", "/api/camera"): ANYONE,
    ("GET", "/api/camera/frame.jpg"): ANYONE,
    ("POST", "/api/camera/faults"): OWNER,
    ("GET", "/api/setup-check"): ANYONE,
    ("GET", "/api/calibration"): ANYONE,
    ("POST", "/api/calibration/corners"): OWNER,
    ("POST", "/api/calibration/colours"): OWNER,
    ("GET", "/api/calibration/layout"): ANYONE,
    ("PUT", "/api/calibration/layout"): OWNER,
    ("DELETE", "/api/calibration/layout"): OWNER,
    ("GET", "/api/calibration/board.jpg"): ANYONE,
    # the end of a game
    ("GET", "/api/games/<id:game_id>/record"): TABLE,
    ("POST", "/api/games/<id:game_id>/again"): OWNER,
    ("GET", "/api/play/<token>/next"): PLAYER,
    ("POST", "/api/games/<id:game_id>/end"): OWNER,
    ("GET", "/favicon.ico"): ANYONE,
    ("GET", "/how-to-play"): ANYONE,
    # computer players, practice games, hints and the review
    ("POST", "/api/games/<id:game_id>/computer"): TABLE,
    ("GET", "/api/play/<token>/hints"): PLAYER,
    ("GET", "/api/games/<id:game_id>/review"): ANYONE,
    ("GET", "/practice"): ANYONE,
    ("POST", "/practice"): ANYONE,
    ("POST", "/api/practice"): ANYONE,
    ("GET", "/rules"): ANYONE,
}


def role_of(method: str, rule: str) -> Role:
    """The role a request needs (HEAD as GET; a route not in the table: the owner)."""
    method = "GET" if method == "HEAD" else method
    return ROUTES.get((method, rule), OWNER)


def require_owner() -> None:
    """Before every request: refuse an owner route without the setup key."""
    rule = request.url_rule
    if rule is None or request.method == "OPTIONS":
        return  # 404 and 405 are answered by the error handler
    if role_of(request.method, rule.rule) is OWNER and not is_owner():
        raise refusal()


def init_app(app: Flask) -> None:
    app.before_request(require_owner)
