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
from vision.types import Floats, Image


def weather_spaces(flat: Image, light: Light, geo: Geometry,
                   config: VisionConfig) -> dict[int, tuple[float, float, Floats]]:
    """Per weather space: the share of its printed edge that looks like the print, how
    much darker its centre is than its edge (log brightness), its centre's chroma."""
    wgt = config.brightness_weight
    # Every space's centre and ring pixels balanced and featurised in one go (the same
    # arithmetic per pixel), then cut back into spaces.
    parts = [geo.weather_centre[n] for n in WEATHER_SPACES] + [
        geo.weather_ring[n] for n in WEATHER_SPACES]
    idx = np.concatenate(parts)
    feats = features(flat[idx].astype(np.float32) * light.gains(geo.coords[idx]), wgt)
    cuts = np.cumsum([len(part) for part in parts])[:-1]
    pieces = np.split(feats, cuts)
    k = len(WEATHER_SPACES)
    centres = dict(zip(WEATHER_SPACES, pieces[:k], strict=True))
    rings = dict(zip(WEATHER_SPACES, pieces[k:], strict=True))
    print_colour = median(feats[int(cuts[k - 1]):])
    out = {}
    for n in WEATHER_SPACES:
        ring_d = np.linalg.norm(rings[n][:, :2] - print_colour[:2], axis=1)
        c = median(centres[n])
        out[n] = (float(np.mean(ring_d < config.background_chroma)),
                  float((c[2] - median(rings[n][:, 2])) / wgt), c[:2].astype(np.float32))
    return out


def read_weather(flat: Image, light: Light, geo: Geometry, config: VisionConfig,
                 token: Floats | None = None) -> int | None:
    """The space the weather marker lies on, or None.

    :param token: the marker as seen at setup: ``[darkness, chroma0, chroma1]``; the
        marker is then the one space about as dark and of about its chroma.
    """
    found = []
    for n, (print_ok, dark, chroma) in weather_spaces(flat, light, geo, config).items():
        if print_ok < config.weather_print_visible:
            continue  # the space's print is covered: cannot tell
        if token is None:
            like = (dark < config.weather_token_dark
                    and float(np.linalg.norm(chroma)) < config.weather_token_chroma)
        else:
            like = (dark < token[0] * config.weather_learned_dark and float(
                np.linalg.norm(chroma - token[1:])) < config.weather_token_chroma)
        if like:
            found.append(n)
    return found[0] if len(found) == 1 else None
