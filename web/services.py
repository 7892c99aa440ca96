"""The one accessor for the long-lived services the app factory put in
``app.extensions`` (as Flask's tutorial shares ``get_db``): every blueprint asks here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import current_app

from companion.table.loop import GameLoop

if TYPE_CHECKING:
    from web.calibration import ExposureFile, LayoutFile, ProfileFile
    from web.setup_key import SetupKey

LOOP = "niagara"
LAYOUT = "niagara.layout"
SETUP_KEY = "niagara.setup_key"
EXPOSURE = "niagara.exposure"
PROFILE = "niagara.profile"


def loop() -> GameLoop:
    """The game loop of this app."""
    game_loop: GameLoop = current_app.extensions[LOOP]
    return game_loop


def layout_file() -> LayoutFile | None:
    """The board layout in use and where it is saved (None without the vision package)."""
    service: LayoutFile | None = current_app.extensions.get(LAYOUT)
    return service


def exposure_file() -> ExposureFile:
    """Where the camera's exposure locked at calibration is kept."""
    service: ExposureFile = current_app.extensions[EXPOSURE]
    return service


def profile_file() -> ProfileFile:
    """Where the table profile learned at setup is kept."""
    service: ProfileFile = current_app.extensions[PROFILE]
    return service


def setup_key() -> SetupKey:
    """The service-wide setup key that every calibration change must carry."""
    key: SetupKey = current_app.extensions[SETUP_KEY]
    return key
