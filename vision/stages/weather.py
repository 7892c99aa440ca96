"""Stage: weather. The cloud marker is a dark neutral token: the one weather space
whose inner ring is darker than its own printed edge. Two candidates, or a covered
edge, give None.
"""

from __future__ import annotations

import numpy as np

from vision.config import VisionConfig
from vision.layout import WEATHER_SPACES
from vision.stages.geometry import Geometry
from vision.stages.light import Light, features, median
from vision.types import Image


def read_weather(flat: Image, light: Light, geo: Geometry,
                  config: VisionConfig) -> int | None:
    wgt = config.brightness_weight
    rings, centres = {}, {}
    for n in WEATHER_SPACES:
        ci, ri = geo.weather_centre[n], geo.weather_ring[n]
        centres[n] = features(flat[ci].astype(np.float32) * light.gains(geo.coords[ci]), wgt)
        rings[n] = features(flat[ri].astype(np.float32) * light.gains(geo.coords[ri]), wgt)
    print_colour = median(np.concatenate(list(rings.values())))
    token, clear = [], []
    for n in WEATHER_SPACES:
        ring_d = np.linalg.norm(rings[n][:, :2] - print_colour[:2], axis=1)
        ring_ok = ring_d < config.background_chroma
        if ring_ok.mean() < config.weather_print_visible:
            continue  # the space's print is covered: cannot tell
        ring_level = median(rings[n][:, 2])
        c = median(centres[n])
        dark = (c[2] - ring_level) / wgt
        neutral = float(np.linalg.norm(c[:2])) < config.weather_token_chroma
        if dark < config.weather_token_dark and neutral:
            token.append(n)
        elif dark > config.weather_token_dark * config.weather_clear_share:
            clear.append(n)
    if len(token) == 1:
        return token[0]
    return None
