"""Stage: weather. The cloud marker is a dark neutral token: the one weather space
whose inner ring is darker than its own printed edge. Two candidates, or a covered
edge, give None (with a table profile, an edge shown in part need not be covered:
``VisionConfig.weather_partly_print``).
"""

from __future__ import annotations

import numpy as np

from vision.config import VisionConfig
from vision.layout import WEATHER_SPACES
from vision.stages.geometry import Geometry
from vision.stages.light import Light, features, median
from vision.types import Floats, Image, Indices


def weather_spaces(flat: Image, light: Light, geo: Geometry,
                   config: VisionConfig) -> dict[int, tuple[float, float, Floats]]:
    """Per weather space: the share of its printed edge that looks like the print, how
    much darker its centre is than its edge (log brightness), its centre's chroma."""
    wgt = config.brightness_weight
    # Every space's centre and ring pixels balanced and featurised in one go (the same
    # arithmetic per pixel), then cut back into spaces.
    idx, coords, cuts = _space_pixels(geo)
    feats = features(np.take(flat, idx, axis=0).astype(np.float32) * light.gains(coords),
                     wgt)
    pieces = np.split(feats, cuts)
    k = len(WEATHER_SPACES)
    centres = dict(zip(WEATHER_SPACES, pieces[:k], strict=True))
    rings = dict(zip(WEATHER_SPACES, pieces[k:], strict=True))
    print_colour = median(feats[int(cuts[k - 1]):])
    out = {}
    for n in WEATHER_SPACES:
        ring_d = np.linalg.norm(rings[n][:, :2] - print_colour[:2], axis=1)
        c = median(centres[n])
        out[n] = (float(np.count_nonzero(ring_d < config.background_chroma) / len(ring_d)),
                  float((c[2] - median(rings[n][:, 2])) / wgt), c[:2].astype(np.float32))
    return out


_SPACES: dict[int, tuple[Geometry, Indices, Floats, Indices]] = {}


def _space_pixels(geo: Geometry) -> tuple[Indices, Floats, Indices]:
    """The weather spaces' centre then ring pixels (flat indices), their coordinates and
    where each space's pixels end: the same for every frame of a geometry."""
    got = _SPACES.get(id(geo))
    if got is None or got[0] is not geo:
        parts = [geo.weather_centre[n] for n in WEATHER_SPACES] + [
            geo.weather_ring[n] for n in WEATHER_SPACES]
        idx = np.concatenate(parts)
        got = (geo, idx, geo.coords[idx], np.cumsum([len(part) for part in parts])[:-1])
        if len(_SPACES) > 8:
            _SPACES.clear()
        _SPACES[id(geo)] = got
    return got[1], got[2], got[3]


def read_weather(flat: Image, light: Light, geo: Geometry, config: VisionConfig,
                 token: Floats | None = None, print_centre: Floats | None = None,
                 ) -> int | None:
    """The space the weather marker lies on, or None.

    :param token: the marker as seen at setup: ``[darkness, chroma0, chroma1]``; the
        marker is then the one space about as dark and of about its chroma; where it is
        seen on no space whose printed edge shows whole, on the one whose edge shows in
        part (``config.weather_partly_print``).
    :param print_centre: an empty space's middle as seen at setup, its chroma: a space
        whose printed edge shows whole but whose middle looks neither so nor like the
        marker is covered (a hand of the print's own chroma over the marker), and the
        weather is not read (``config.weather_foreign_chroma``).
    """
    found: list[int] = []
    partly: list[int] = []
    hidden = False
    for n, (print_ok, dark, chroma) in weather_spaces(flat, light, geo, config).items():
        whole = print_ok >= config.weather_print_visible
        if not whole and (token is None or print_ok < config.weather_partly_print):
            hidden = True
            continue  # the space's print is covered: cannot tell
        if token is None:
            like = (dark < config.weather_token_dark
                    and float(np.linalg.norm(chroma)) < config.weather_token_chroma)
        else:
            like = (dark < token[0] * config.weather_learned_dark and float(
                np.linalg.norm(chroma - token[1:])) < config.weather_token_chroma)
        if like:
            (found if whole else partly).append(n)
        elif whole and print_centre is not None and float(np.linalg.norm(
                chroma - print_centre)) > config.weather_foreign_chroma > 0:
            return None  # neither print nor marker: a hand over it may hide the marker
    if found:
        return found[0] if len(found) == 1 and not partly else None
    # (With the marker known: seen on no space whose edge shows whole, it is on the one
    # that looks like it where its edge shows in part, its own rim hiding some of it
    # under a tilt or the print's colour shifted by the light, and no space's is hidden.)
    return partly[0] if len(partly) == 1 and not hidden else None
