"""The companion's web service: phones enter cards, the table page shows the river.

``create_app(test_config=None)`` is the Flask application factory (as in Flask's
tutorial). The long-lived services live in ``app.extensions``:

- ``app.extensions["niagara"]``: the :class:`companion.table.loop.GameLoop`;
- ``app.extensions["niagara.camera"]`` and ``["niagara.announcer"]``: the camera
  (:mod:`companion.table.camera`) and the lights (:mod:`companion.table.lights`) the
  loop was built with (or None).

Blueprints reach them through :mod:`web.services`.

Configuration keys: ``DATABASE`` (SQLite path, default: the user's data directory),
``CAMERA`` (``synthetic``, ``none``, a ``--camera`` spec, or a camera object),
``GPIO`` (``mock``, ``auto``, ``none``, or an announcer object), ``SETTLE`` (seconds the
board must disagree before an alert), ``PUSH_DELAY`` (the synthetic camera's river
push), ``ANNOUNCER_SPEED``, ``PUBLIC_URL`` (the address written in QR codes),
``SSE_HEARTBEAT`` (seconds between keep-alive comments: a stream whose phone went away
is found at the next one), ``STREAMS_TOTAL``, ``STREAMS_PER_GAME``,
``STREAMS_PER_ADDRESS`` (open event streams allowed; more are refused, 503 or 429, so
that streams never take all of the server's threads), ``MAX_CONTENT_LENGTH`` (largest
request body, :data:`web.errors.MAX_BODY`), ``LAYOUT`` (the user layout file: given, it
must be valid; default ``layout.json`` in the user's config directory, ignored with a
warning if invalid),
``SETUP_KEY`` (the setup key itself) or ``SETUP_KEY_FILE`` (the file keeping it; default
``setup-key`` in the user's config directory; with ``TESTING`` and neither given, a key in
memory only), ``COMPUTER_PAUSE`` (practice games: seconds before a computer's turn),
``RIVER_SECONDS`` (seconds per disc of the pages' river animation, which a practice game
waits for), ``COMPUTER_THREAD`` (False: the
computers act only when a test calls ``GameLoop.play_computers``), ``PRACTICE_LIMIT`` and
``PRACTICE_HOURS`` (practice games kept at most; hours before an unplayed one expires).

``app.extensions["niagara.layout"]`` is the :class:`web.calibration.LayoutFile` (the
layout in use; the camera's detector follows it);
``app.extensions["niagara.setup_key"]`` the :class:`web.setup_key.SetupKey` that every
change of the calibration must carry.
"""

from __future__ import annotations

import atexit
import logging
from pathlib import Path
from typing import Any

from flask import Flask

from companion.table.camera import open_camera
from companion.table.lights import make_announcer
from companion.table.loop import PRACTICE_HOURS, PRACTICE_LIMIT, GameLoop
from companion.table.store import GameStore, default_path
from companion.text import N_
from web.calibration import (
    ExposureFile,
    LayoutFile,
    ProfileFile,
    default_exposure_path,
    default_layout_path,
    default_profile_path,
)
from web.errors import MAX_BODY

log = logging.getLogger(__name__)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app and its services (store, lights, camera, game loop)."""
    app = Flask(__name__)
    app.config.from_mapping(
        DATABASE=None,
        CAMERA="synthetic",
        GPIO="mock",
        SETTLE=2.0,
        PUSH_DELAY=4.0,
        ANNOUNCER_SPEED=None,
        PUBLIC_URL=None,
        SSE_HEARTBEAT=2.0,
        STREAMS_TOTAL=32,
        STREAMS_PER_GAME=16,
        STREAMS_PER_ADDRESS=8,
        MAX_CONTENT_LENGTH=MAX_BODY,
        MAX_FORM_MEMORY_SIZE=MAX_BODY,
        CAMERA_INTERVAL=0.5,
        JSON_SORT_KEYS=False,
        LAYOUT=None,
        SETUP_KEY=None,
        SETUP_KEY_FILE=None,
        EXPOSURE_FILE=None,
        COMPUTER_PAUSE=1.5,
        RIVER_SECONDS=1.1,
        COMPUTER_THREAD=True,
        PRACTICE_LIMIT=PRACTICE_LIMIT,
        PRACTICE_HOURS=PRACTICE_HOURS,
        PROFILE_FILE=None,
    )
    if test_config is not None:
        app.config.from_mapping(test_config)

    camera = app.config["CAMERA"]
    if isinstance(camera, str):  # a bad spec fails here; a missing camera is shown
        camera = open_camera(camera, push_delay=app.config["PUSH_DELAY"])
    store = GameStore(app.config["DATABASE"] or default_path())
    layout = _layout_file(app.config["LAYOUT"])
    layout.follow(camera)
    exposure = ExposureFile(app.config["EXPOSURE_FILE"]
                            or layout.path.with_name(default_exposure_path().name))
    saved = exposure.load()
    if camera is not None and saved:
        camera.restore_exposure(saved)  # locked at the last calibration
    profile_file = ProfileFile(app.config["PROFILE_FILE"]
                               or layout.path.with_name(default_profile_path().name))
    profile = profile_file.load()
    if camera is not None and profile is not None:
        camera.restore_profile(profile)  # learned at the last setup
    announcer = app.config["GPIO"]
    lights_problem = None
    if isinstance(announcer, str):
        try:
            announcer = make_announcer(announcer, speed=app.config["ANNOUNCER_SPEED"])
        except Exception as error:  # real GPIO expected and not usable: said, not hidden
            lights_problem = N_("No lights: {error}. The LEDs and the buzzer are off; the "
                                "table page still shows everything.", error=str(error))
            log.error("%s", lights_problem)
            announcer = None
    loop = GameLoop(store, announcer=announcer, camera=camera,
                    settle=app.config["SETTLE"], camera_interval=app.config["CAMERA_INTERVAL"],
                    lights_problem=lights_problem,
                    computer_pause=app.config["COMPUTER_PAUSE"],
                    river_seconds=app.config["RIVER_SECONDS"],
                    computer_thread=app.config["COMPUTER_THREAD"],
                    practice_limit=app.config["PRACTICE_LIMIT"],
                    practice_hours=app.config["PRACTICE_HOURS"])
    from web.setup_key import make_setup_key

    # Made (and written the first time) only once everything else has started.
    key = make_setup_key(app.config["SETUP_KEY"], app.config["SETUP_KEY_FILE"],
                         bool(app.config.get("TESTING")))
    app.extensions["niagara"] = loop
    app.extensions["niagara.camera"] = camera
    app.extensions["niagara.announcer"] = announcer
    app.extensions["niagara.layout"] = layout
    app.extensions["niagara.exposure"] = exposure
    app.extensions["niagara.profile"] = profile_file
    app.extensions["niagara.setup_key"] = key

    from web import api, calibration, endgame, errors, i18n, pages, roles, stream
    from web.setup_key import remember_owner

    errors.init_app(app)
    i18n.init_app(app)
    roles.init_app(app)
    app.after_request(remember_owner)
    app.extensions["niagara.streams"] = stream.StreamSlots(
        app.config["STREAMS_TOTAL"], app.config["STREAMS_PER_GAME"],
        app.config["STREAMS_PER_ADDRESS"])
    app.register_blueprint(api.bp)
    app.register_blueprint(calibration.bp)
    app.register_blueprint(stream.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(endgame.bp)
    atexit.register(close_app, app)
    return app


def _layout_file(path: str | Path | None) -> LayoutFile:
    """The user layout file service (``LAYOUT``, else the default path)."""
    if path:
        return LayoutFile(path, strict=True)
    return LayoutFile(default_layout_path())


def close_app(app: Flask) -> None:
    """Stop the loop, the lights, the camera and the store (idempotent)."""
    loop: GameLoop | None = app.extensions.pop("niagara", None)
    if loop is None:
        return
    loop.close()
    app.extensions.pop("niagara.layout", None)
    app.extensions.pop("niagara.setup_key", None)
    for name in ("niagara.announcer", "niagara.camera"):
        service = app.extensions.pop(name, None)
        if service is not None:
            service.close()
    loop.store.close()
