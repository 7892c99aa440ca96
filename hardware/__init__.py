"""The table's hardware: lights and buzzer (:mod:`hardware.announcer`, on top of
:mod:`hardware.schedule` and :mod:`hardware.devices`) and every camera
behind one interface (:mod:`hardware.camera`). See ``docs/hardware.md``.

Names are imported on first use, so that the lights do not pull in OpenCV and nothing
touches GPIO at import time.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "Announcer": "hardware.announcer",
    "HardwareError": "hardware.devices",
    "TableLights": "hardware.devices",
    "LightSchedule": "hardware.schedule",
    "HardwareConfig": "hardware.config",
    "ConfigError": "hardware.config",
    "load_config": "hardware.config",
    "select_pin_factory": "hardware.gpio",
    "FrameSource": "hardware.camera",
    "CameraError": "hardware.camera",
    "CameraNotFound": "hardware.camera",
    "CameraUnavailable": "hardware.camera",
    "EndOfFrames": "hardware.camera",
    "ReconnectingSource": "hardware.camera",
    "open_camera": "hardware.camera",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'hardware' has no attribute {name!r}")
