"""A table profile: what this board, these canoes and this light look like, learned
from one setup photo of the start position (every canoe on the beach, Diamanten Joe on
T1 when in play, all nine discs in the river, the weather marker on 0, no hands).

:func:`learn_profile` composes the reading stages to learn each slot's riverbed ring and
disc rim, the sand, the band around the beach, the weather marker, the canoes' size and
colours: the canoes seen on the beach are clustered into pairs (exactly two per player)
and the pairs matched to the player colours by least total colour distance, so a table's
red, brown and yellow are told apart however far they are from the defaults. A photo
that does not show the start position raises :class:`SetupError` saying what is missing
where. Profiles are saved as JSON (:meth:`TableProfile.save`, :func:`load_profile`).
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import cast

import cv2
import numpy as np

from companion.board import GEM_COLOURS, PLAYER_COLOURS, SLOTS
from vision.camera import CameraModel
from vision.config import BGR, DEFAULT_CANOE_BGR, JOE_COLOUR, VisionConfig, to_bgr
from vision.layout import Layout, load_layout
from vision.locate import BoardNotFound, MarkerView, locate_board, rectify
from vision.read import TableLook, glare_slots, sand_levels
from vision.stages.canoes import gem_protos, side_area, split_centres
from vision.stages.discs import disc_offsets, rim_contrast
from vision.stages.geometry import Centre, Geometry, geometry, shift_px
from vision.stages.ground import covered_slots, guard_chroma, river_ground, sand_ground
from vision.stages.learned import (
    DISC_PATCH_PX,
    DISC_WINDOW_MM,
    PATCH_PX,
    WINDOW_MM,
    slot_patches,
)
from vision.stages.light import WHITE_LEVEL, Light, feature_of, features, measure_light, median
from vision.stages.looks import SlotLooks, look_features
from vision.stages.marks import Marks, learn_glare, learn_marks
from vision.stages.objects import OPEN, WIDE, Region, enclosed, object_masks, read_region
from vision.stages.weather import weather_spaces
from vision.types import Doubles, Floats, Image, Indices, Mask

PROFILE_VERSION = 2


class SetupError(ValueError):
    """The setup photo does not show the start position; the message says what is
    missing where."""


class _CountError(SetupError):
    """Not the canoes expected on the beach (``seen`` of them)."""

    def __init__(self, seen: int, message: str) -> None:
        super().__init__(message)
        self.seen = seen


class ProfileError(ValueError):
    """A profile file that cannot be used (missing, not JSON, wrong keys)."""


@dataclass(frozen=True)
class TableProfile:
    """One table as learned at setup. Colours are BGR balanced to the markers' white."""

    players: tuple[str, ...]
    joe: bool
    canoe_bgr: dict[str, BGR]
    ground_bgr: dict[str, BGR]
    look: TableLook
    hull_scale: float = 1.0
    """Canoes' area on this table (with their sides under tilt) over the layout's."""
    beach_guard: Floats | None = None
    layout: str | None = None
    """The layout file the profile was learned with (None: the default)."""
    gem_bgr: dict[str, BGR] | None = None
    """The gems' colours at this table, learned from the deposits (None: the defaults)."""
    notes: tuple[str, ...] = ()
    """What the players should know about the setup photo though it was learned (a glare
    spot that hid a canoe or the weather marker), in plain words."""
    setup_markers: MarkerView | None = None
    """Where the setup photo showed the board's markers: a frame of the same still camera
    in which too few markers are seen for a pose of their own is read with those it shows
    where they were (:func:`vision.locate.still_markers`). None in older profiles."""

    @property
    def colours(self) -> tuple[str, ...]:
        """The canoe colours in play."""
        return (*self.players, JOE_COLOUR) if self.joe else self.players

    def to_json(self) -> dict[str, object]:
        look = self.look
        return {
            "version": PROFILE_VERSION,
            "players": list(self.players),
            "joe": self.joe,
            "layout": self.layout,
            "canoe_bgr": {k: list(v) for k, v in self.canoe_bgr.items()},
            "ground_bgr": {k: list(v) for k, v in self.ground_bgr.items()},
            "hull_scale": round(self.hull_scale, 4),
            "river_rings": {s: [round(float(v), 4) for v in look.rings[i]]
                            for i, s in enumerate(SLOTS)},
            "disc_rim": {s: round(float(look.disc_rim[i]), 4) for i, s in enumerate(SLOTS)},
            "weather_token": (None if look.weather_token is None
                              else [round(float(v), 4) for v in look.weather_token]),
            "weather_print": (None if look.weather_print is None
                              else [round(float(v), 4) for v in look.weather_print]),
            "beach_guard": (None if self.beach_guard is None
                            else np.round(self.beach_guard.astype(np.float64), 3).tolist()),
            "gem_bgr": (None if self.gem_bgr is None
                        else {k: list(v) for k, v in self.gem_bgr.items()}),
            "sand_like": list(look.sand_like),
            "glare_at_setup": (None if look.glare is None
                               else [SLOTS[i] for i in np.flatnonzero(look.glare)]),
            "rim_unseen_at_setup": (None if look.rim_unseen is None
                                    else [SLOTS[i] for i in np.flatnonzero(look.rim_unseen)]),
            "disc_offset_mm": (None if look.disc_offset is None else {
                s: [round(float(v), 2) for v in look.disc_offset[i]]
                for i, s in enumerate(SLOTS)}),
            "beach_glare_at_setup": look.beach_glare,
            "sand_levels": (None if look.sand_levels is None else [
                None if np.isnan(v) else round(float(v), 3) for v in look.sand_levels]),
            "notes": list(self.notes),
            "setup_markers": (None if self.setup_markers is None else {
                "image_size": list(self.setup_markers.image_size),
                "corners": {str(k): np.round(v.astype(np.float64), 2).tolist()
                            for k, v in sorted(self.setup_markers.corners.items())}}),
            "river_marks": (None if look.marks is None else {
                "shape": list(look.marks.shape),
                "idx": look.marks.idx.tolist(),
                "feats": np.round(look.marks.feats.astype(np.float64), 3).tolist()}),
            "glare_marks": (None if look.glare_marks is None else {
                "shape": list(look.glare_marks.shape),
                "idx": look.glare_marks.idx.tolist(),
                "feats": np.round(look.glare_marks.feats.astype(np.float64), 3).tolist()}),
            "slot_looks": (None if look.slot_looks is None else {
                "shape": list(look.slot_looks.shape),
                "unkept": [SLOTS[i] for i in np.flatnonzero(look.slot_looks.unkept)],
                "feats": np.round(look.slot_looks.feats.astype(np.float64), 3).tolist()}),
            "slot_patches": _patches_json(look.slot_patches, PATCH_PX, WINDOW_MM),
            "disc_patches": _patches_json(look.disc_patches, DISC_PATCH_PX, DISC_WINDOW_MM),
        }

    def save(self, path: str | Path) -> None:
        """Write the profile as JSON."""
        Path(path).write_text(json.dumps(self.to_json()) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: object) -> TableProfile:
        """A profile from its JSON form; :class:`ProfileError` saying what is wrong."""
        if not isinstance(data, dict):
            raise ProfileError("a profile is a JSON object")
        try:
            if data.get("version") != PROFILE_VERSION:
                raise ProfileError(f"profile version {data.get('version')!r} is not "
                                   f"{PROFILE_VERSION}: learn it again")
            players = tuple(str(p) for p in data["players"])
            bad = [p for p in players if p not in PLAYER_COLOURS]
            if bad or not 2 <= len(players) <= len(PLAYER_COLOURS):
                raise ProfileError(f"players {list(players)} are not 2-6 player colours")
            rings = np.array([data["river_rings"][s] for s in SLOTS], np.float32)
            rim = np.array([data["disc_rim"][s] for s in SLOTS], np.float32)
            if rings.shape != (len(SLOTS), 3) or not np.all(np.isfinite(rings)) \
                    or not np.all(np.isfinite(rim)) or np.any(rim == 0):
                raise ProfileError("river_rings or disc_rim hold bad values")
            token = data.get("weather_token")
            guard = data.get("beach_guard")
            gems = data.get("gem_bgr")
            gem_bgr = None if gems is None else {str(k): _bgr(v) for k, v in gems.items()}
            if gem_bgr is not None and sorted(gem_bgr) != sorted(GEM_COLOURS):
                raise ProfileError(f"gem_bgr must give the colours of {', '.join(GEM_COLOURS)}")
            canoe = {str(k): _bgr(v) for k, v in data["canoe_bgr"].items()}
            missing = [c for c in (*players, *((JOE_COLOUR,) if data["joe"] else ()))
                       if c not in canoe]
            if missing:
                raise ProfileError(f"canoe_bgr has no colour for {', '.join(missing)}")
            return cls(
                players=players,
                joe=bool(data["joe"]),
                canoe_bgr=canoe,
                ground_bgr={str(k): _bgr(v) for k, v in data["ground_bgr"].items()},
                look=TableLook(rings, rim, None if token is None
                               else np.array(token, np.float32).reshape(3),
                               weather_print=_weather_print(data.get("weather_print")),
                               marks=_marks(data.get("river_marks")),
                               glare_marks=_marks(data.get("glare_marks"), "glare_marks"),
                               glare=_slots_listed(data.get("glare_at_setup"), "glare_at_setup"),
                               rim_unseen=_slots_listed(data.get("rim_unseen_at_setup"),
                                                        "rim_unseen_at_setup"),
                               sand_levels=_levels(data.get("sand_levels")),
                               sand_like=tuple(str(c) for c in data.get("sand_like", [])),
                               beach_glare=_flag(data.get("beach_glare_at_setup", False),
                                                 "beach_glare_at_setup"),
                               disc_offset=_offsets(data.get("disc_offset_mm")),
                               slot_looks=_looks(data.get("slot_looks")),
                               slot_patches=_patches(data.get("slot_patches"),
                                                     "slot_patches", PATCH_PX, WINDOW_MM),
                               disc_patches=_patches(data.get("disc_patches"),
                                                     "disc_patches", DISC_PATCH_PX,
                                                     DISC_WINDOW_MM)),
                hull_scale=float(data.get("hull_scale", 1.0)),
                beach_guard=None if guard is None else np.array(guard, np.float32).reshape(-1, 2),
                layout=data.get("layout"),
                gem_bgr=gem_bgr,
                notes=_notes(data.get("notes", [])),
                setup_markers=_setup_markers(data.get("setup_markers")),
            )
        except ProfileError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise ProfileError(f"not a table profile ({type(exc).__name__}: {exc})") from None


def _slots_listed(value: object, key: str) -> Mask | None:
    """A profile's JSON list of slot names under ``key`` (``glare_at_setup``,
    ``rim_unseen_at_setup``) as a mask; None where absent (older profiles)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(v in SLOTS for v in value):
        raise ProfileError(f"{key} must list slots ({', '.join(SLOTS)})")
    return np.isin(SLOTS, value)


def _offsets(value: object) -> Floats | None:
    """The ``disc_offset_mm`` of a profile's JSON: per slot, ``[dx, dy]`` in mm, each
    within ten (absent in older ones: None, discs looked for on the slots' centres)."""
    if value is None:
        return None
    if not isinstance(value, dict) or sorted(value) != sorted(SLOTS):
        raise ProfileError(f"disc_offset_mm must give [dx, dy] for {', '.join(SLOTS)}")
    out = np.array([value[s] for s in SLOTS], np.float32)
    if out.shape != (len(SLOTS), 2) or not np.all(np.isfinite(out)) or np.any(abs(out) > 10):
        raise ProfileError("disc_offset_mm holds bad values (mm, each within 10)")
    return out


def _flag(value: object, key: str) -> bool:
    """A true/false key of a profile's JSON (absent in older ones: false)."""
    if not isinstance(value, bool):
        raise ProfileError(f"{key} must be true or false")
    return value


def _setup_markers(value: object) -> MarkerView | None:
    """The ``setup_markers`` of a profile's JSON (absent in older ones: None)."""
    if value is None:
        return None
    bad = ProfileError("setup_markers must give the setup photo's image_size [w, h] and "
                       "each marker's four corners [[x, y] x4] by its id")
    if not isinstance(value, dict) or not isinstance(value.get("corners"), dict):
        raise bad
    size = value.get("image_size")
    if not isinstance(size, list) or len(size) != 2 or not all(
            isinstance(v, int) and v > 0 for v in size):
        raise bad
    corners: dict[int, Floats] = {}
    for key, quad in value["corners"].items():
        pts = np.array(quad, np.float64) if isinstance(quad, list) else np.zeros(0)
        if not str(key).isdigit() or pts.shape != (4, 2) or not np.all(np.isfinite(pts)):
            raise bad
        corners[int(key)] = pts.astype(np.float32)
    return MarkerView((size[0], size[1]), corners)


def _notes(value: object) -> tuple[str, ...]:
    """The ``notes`` of a profile's JSON (absent in older ones: none)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProfileError("notes must be a list of texts")
    return tuple(value)


def _weather_print(value: object) -> Floats | None:
    """The ``weather_print`` of a profile's JSON: two finite numbers, or null (absent in
    older ones: None, not known)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or not all(
            isinstance(v, (int, float)) and math.isfinite(v) for v in value):
        raise ProfileError("weather_print must be two numbers or null")
    return np.array(value, np.float32)


def _levels(value: object) -> Floats | None:
    """The ``sand_levels`` of a profile's JSON (numbers or null; absent in older ones)."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(
            v is None or (isinstance(v, (int, float)) and math.isfinite(v)) for v in value):
        raise ProfileError("sand_levels must be a list of numbers or nulls")
    return np.array([np.nan if v is None else v for v in value], np.float32)


def _marks(value: object, key: str = "river_marks") -> Marks | None:
    """The ``river_marks`` of a profile's JSON (absent in profiles learned before them:
    none, every bank in a slot zone reads as an object), or its ``glare_marks`` (``key``:
    absent, no glare spot is known from setup)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not {"shape", "idx", "feats"} <= set(value):
        raise ProfileError(f"{key} must be an object with shape, idx and feats")
    shape = [int(v) for v in value["shape"]]
    idx = np.array(value["idx"], np.intp).reshape(-1)
    feats = np.array(value["feats"], np.float32).reshape(-1, 3)
    if len(shape) != 2 or min(shape) < 1 or len(idx) != len(feats) or (
            len(idx) and (idx.min() < 0 or idx.max() >= shape[0] * shape[1])) \
            or not np.all(np.isfinite(feats)):
        raise ProfileError(f"{key} hold bad values")
    return Marks((shape[0], shape[1]), idx, feats)


def _looks(value: object) -> SlotLooks | None:
    """The ``slot_looks`` of a profile's JSON: the rectified view's ``shape``, the slots
    not kept (``unkept``) and the kept pixels' features at setup, ``[[f0, f1, f2], ...]``
    (absent in older profiles: None, no slot known bare)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not {"shape", "unkept", "feats"} <= set(value):
        raise ProfileError("slot_looks must be an object with shape, unkept and feats")
    shape = [int(v) for v in value["shape"]]
    feats = np.array(value["feats"], np.float32)
    if len(shape) != 2 or min(shape) < 1 or feats.ndim != 2 or feats.shape[1] != 3 \
            or not np.all(np.isfinite(feats)):
        raise ProfileError("slot_looks hold bad values")
    unkept = _slots_listed(value["unkept"], "slot_looks unkept")
    return SlotLooks((shape[0], shape[1]), feats,
                     np.zeros(len(SLOTS), bool) if unkept is None else unkept)


def _patches_json(patches: Image | None, px: int, window_mm: float,
                  ) -> dict[str, object] | None:
    """The slots' setup patches for the profile's JSON: side by side, a PNG in base64,
    with the patch size and window they were cut with (None: none)."""
    if patches is None:
        return None
    return {"px": px, "window_mm": window_mm,
            "png_base64": base64.b64encode(cv2.imencode(".png", np.hstack(
                list(patches)))[1].tobytes()).decode("ascii")}


def _patches(value: object, key: str, px: int, window_mm: float) -> Image | None:
    """The ``slot_patches`` (or ``disc_patches``: ``key``) of a profile's JSON: the slots'
    setup patches side by side, a PNG in base64, with the patch size and window they
    were cut with. None: none kept, or cut unlike the learned reader cuts them now (that
    reader is then not used)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not {"px", "window_mm", "png_base64"} <= set(value):
        raise ProfileError(f"{key} must be an object with px, window_mm and png_base64")
    if value["px"] != px or value["window_mm"] != window_mm:
        return None
    try:
        raw = base64.b64decode(str(value["png_base64"]), validate=True)
    except (binascii.Error, ValueError):
        raise ProfileError(f"{key} png_base64 is not base64") from None
    img = cv2.imdecode(np.frombuffer(raw, np.uint8), cv2.IMREAD_COLOR)
    if img is None or img.shape != (px, px * len(SLOTS), 3):
        raise ProfileError(f"{key} must be a {px * len(SLOTS)}x{px} "
                           "colour PNG (the slots' patches side by side)")
    return np.ascontiguousarray(img.reshape(px, len(SLOTS), px, 3).transpose(1, 0, 2, 3))


def _bgr(value: object) -> BGR:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError(f"a colour is [B, G, R], not {value!r}")
    out = to_bgr(float(v) for v in value)
    if not all(0 <= v <= 400 for v in out):
        raise ValueError(f"colour {value!r} out of range")
    return out


def load_profile(path: str | Path) -> TableProfile:
    """A profile file; :class:`ProfileError` with a one-line reason."""
    file = Path(path)
    if not file.is_file():
        raise ProfileError(f"{file}: no such profile file")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProfileError(f"{file}: not a JSON profile ({exc.__class__.__name__})") from None
    try:
        return TableProfile.from_json(data)
    except ProfileError as exc:
        raise ProfileError(f"{file}: {exc}") from None


def learn_profile(frame: Image, players: Iterable[str], *, joe: bool = False,
                  layout: Layout | None = None, layout_path: str | None = None,
                  config: VisionConfig | None = None,
                  camera: CameraModel | None = None) -> TableProfile:
    """Learn the table from a photo of the start position (``camera``: the camera's
    intrinsics and lens, :mod:`vision.camera`; default: a standard lens).

    :raises SetupError: the photo does not show the start position (what is missing where).
    """
    from vision.detector import check_frame

    config = config or VisionConfig()
    layout = layout or load_layout(layout_path)
    players = tuple(players)
    frame = check_frame(frame, config)
    try:
        pose = locate_board(frame, layout, config, camera=camera)
    except BoardNotFound as exc:
        raise SetupError(f"setup photo: {exc}") from None
    top = rectify(frame, pose, layout, config)
    geo = geometry(layout, config)
    flat = top.reshape(-1, 3)
    light = measure_light(flat, geo, pose.markers)
    none = np.zeros((0, 3), np.float32)
    rings = np.zeros((len(SLOTS), 3), np.float32)
    zones = read_region(flat, light, geo.zone_idx, geo.zone_design,
                        river_ground(geo, config, rings), none, config)
    covered = covered_slots(rings, None, config)
    glare = glare_slots(zones, geo, config, config.glare_setup_brighter,
                        config.glare_setup_white)
    covered &= ~glare  # washed out, not covered: said below if it matters
    if np.any(covered):
        raise SetupError("setup photo: " + ", ".join(SLOTS[s] for s in np.flatnonzero(covered))
                         + " look unlike the rest of the river (a hand, a box?): clear the "
                         "river and take the photo again")
    h, w = geo.shape
    k = geo.k
    hull_px = config.canoe_hull_share * layout.canoe_mm[0] * layout.canoe_mm[1] * k * k
    centre = None if pose.camera_pose is None else pose.camera_pose.centre
    try:
        canoe_bgr, scale, beach, hiding, missing = _beach_canoes(
            flat, light, geo, layout, players, centre, config)
    except SetupError as exc:
        # A canoe of the sand's own shade (a brown canoe on a brown beach) is only a little
        # darker than the sand, as a shadow is: when the canoes are not all seen, two of
        # a colour look different (one seen by its outline and shade alone), or two pairs
        # alike (another colour's taken for two around their wells), the beach is
        # looked at again with such a hull taken for an object (the count must then come
        # out right and the pairs match).
        try:
            canoe_bgr, scale, beach, hiding, missing = _beach_canoes(
                flat, light, geo, layout, players, centre,
                replace(config, background_dark=config.setup_beach_dark))
            hiding = True
        except SetupError as again:
            # The look that counted nearer the canoes expected says how many are seen.
            if isinstance(exc, _CountError) and isinstance(again, _CountError) and abs(
                    again.seen - 2 * len(players)) < abs(exc.seen - 2 * len(players)):
                exc = again
            # Under a glare spot a canoe is washed out towards the sand's colour: with the
            # spot's white light taken off, the beach is looked at once more, both ways
            # (the count must come out right and the pairs match); else the players are
            # told to move the lamp or the camera.
            if not _beach_glare(flat, light, geo, layout, config):
                # A strip of the land along the beach's edge (blurred into it at a low
                # resolution) joining a canoe counts it twice: when more canoes than there
                # are were counted, once more without strips.
                if not isinstance(exc, _CountError):
                    raise exc from None
                if exc.seen > 2 * len(players):
                    try:
                        canoe_bgr, scale, beach, hiding, missing = _beach_canoes(
                            flat, light, geo, layout, players, centre, config, edges=True)
                    except SetupError:
                        raise exc from None
                else:
                    # Fewer canoes than there are: a hull washed into the sand (a lamp's
                    # light too weak to be taken for a glare spot, the sand's own shade)
                    # may still show its well.
                    looks = (config, replace(config, background_dark=config.setup_beach_dark))
                    # (As seen: with a glare spot's light taken off where none was
                    # found, a patch of grey passed for a canoe.)
                    for look in looks:
                        try:
                            canoe_bgr, scale, beach, hiding, missing = _beach_canoes(
                                flat, light, geo, layout, players, centre, look, wells=True)
                            hiding = True
                            break
                        except SetupError:
                            continue
                    else:
                        raise exc from None
            else:
                # Last, a canoe the spot's core washes out wholly may be missing (its twin
                # gives the colour), with the glare's light taken off or left on.
                looks = (config, replace(config, background_dark=config.setup_beach_dark))
                # (Before that, a canoe washed out but for its well is one: its colour
                # with the glare's light taken off.)
                tries = [(look, True, False, False) for look in looks] + [
                    (look, True, False, True) for look in looks] + [
                    (look, deglare, True, False) for deglare in (True, False) for look in looks]
                for look, deglare, hide, well in tries:
                    try:
                        canoe_bgr, scale, beach, hiding, missing = _beach_canoes(
                            flat, light, geo, layout, players, centre, look, deglare=deglare,
                            hidden=hide, wells=well)
                        hiding = True
                        break
                    except SetupError:
                        continue
                else:
                    raise SetupError(f"{exc} (a glare spot on the beach washes canoes out: "
                                     "move the lamp or tilt the camera so no reflection lies "
                                     "on the beach)") from None
    # Canoes seen by their outline alone, or on the second look, are hardly objects on
    # this beach while it is read: the colours of the sand's chroma (as a canoe that looks
    # like the riverbed around a slot; how much darker than the sand they look depends on
    # the light around them).
    sand_like: tuple[str, ...] = ()
    if hiding:
        sand_f = feature_of(to_bgr(np.median(beach.bgr[~beach.obj], axis=0)),
                            config.brightness_weight)
        sand_like = tuple(c for c, bgr in canoe_bgr.items() if float(np.linalg.norm(
            feature_of(bgr, config.brightness_weight)[:2] - sand_f[:2]))
            < config.camouflage_chroma)

    # The river: only Joe's canoe on T1 (when in play), a disc on every slot; the board's
    # own print reaching into the slot zones (banks) is no object there, nor a glare spot
    # on it (a highlight: wide, it is an object while reading).
    marks = learn_marks(zones.obj, zones.feats, geo, config, also=zones.highlight)
    glare_marks = learn_glare(zones.obj, zones.feats, geo, config, zones.highlight, joe=joe)
    river_obj = np.zeros(h * w, np.uint8)
    river_obj[zones.idx[zones.obj]] = 1
    river_obj[marks.idx] = 0
    # Thin things (a disc's light rim, highlights) are no canoe: open wider than a rim.
    river_img = cast(Image, cv2.morphologyEx(river_obj.reshape(h, w), cv2.MORPH_OPEN, WIDE))
    per_slot = np.bincount(geo.zone_slot[river_img.ravel()[geo.zone_idx] > 0],
                           minlength=len(SLOTS))
    # Nothing stands where the objects are a glare spot's halo (the riverbed plus white
    # light, a broad patch: a disc's own highlight is a thin arc, opened away) or of the
    # riverbed's own hue (a deeper mottle of its print in a shadow).
    lit, like = _riverbed_light(zones, geo, config)
    glow = np.zeros(h * w, np.uint8)
    glow[zones.idx[lit]] = 1
    glow = cast(Image, cv2.morphologyEx(glow.reshape(h, w), cv2.MORPH_OPEN, WIDE)).ravel()
    foreign = river_obj.copy()
    foreign[glow > 0] = 0
    foreign[zones.idx[like]] = 0
    foreign_img = cv2.morphologyEx(foreign.reshape(h, w), cv2.MORPH_OPEN, WIDE)
    on_slot = np.bincount(geo.zone_slot[foreign_img.ravel()[geo.zone_idx] > 0],
                          minlength=len(SLOTS))
    half_canoe = 0.5 * hull_px * scale  # (what must show of a canoe standing on a slot)
    standing = [SLOTS[s] for s in range(len(SLOTS))
                if on_slot[s] >= half_canoe and not (joe and SLOTS[s] == "T1")
                and not glare[s]]
    if standing:
        raise SetupError(f"setup photo: something stands on {', '.join(standing)}; at the "
                         "start " + ("only Diamanten Joe's canoe is on the river (on T1)"
                                     if joe else "no canoe is on the river"))
    glowing = np.bincount(geo.zone_slot[glow[geo.zone_idx] > 0], minlength=len(SLOTS)) > 0
    if joe:
        t1 = SLOTS.index("T1")
        if per_slot[t1] < half_canoe:
            # At a low resolution his pale wood blurs with a saturated river into greys
            # between the two, which pass for a highlight of the riverbed: count them too
            # (a glare spot on T1 is refused below; a disc's highlight is opened away).
            pale = np.zeros(h * w, np.uint8)
            pale[zones.idx[(zones.obj | zones.highlight) & (geo.zone_slot == t1)]] = 1
            pale = cast(Image, cv2.morphologyEx(pale.reshape(h, w), cv2.MORPH_OPEN, WIDE))
            per_slot[t1] = np.count_nonzero(pale.ravel()[geo.zone_idx[geo.zone_slot == t1]])
        if per_slot[t1] < half_canoe:
            raise SetupError("setup photo: Diamanten Joe's canoe is not seen on T1" + (
                " (a glare spot lies on it: move the lamp or tilt the camera)"
                if glare[t1] or glowing[t1] else ""))
        if glare_slots(zones, geo, config, brighter_by=config.joe_glare_brighter,
                       white=config.glare_setup_white)[t1]:
            # His colour is learned there only: washed out, it would be some other colour.
            # (Glare that brightens T1 clearly: the setup's looser test takes a pale river
            # a little brighter for it, and a board's print lighter around T1 fits a
            # little white light too.)
            raise SetupError("setup photo: a glare spot washes out T1, where Diamanten Joe's "
                             "canoe starts, so his colour cannot be learned: move the lamp "
                             "or shade the board and take the setup photo again")
        sel = (geo.zone_slot == t1) & (river_img.ravel()[geo.zone_idx] > 0)
        if not np.any(sel):
            # Seen only as greys between his wood and the river, or as white (a glare spot
            # the test above passes by): no colour of his to learn.
            raise SetupError("setup photo: Diamanten Joe's canoe on T1 shows too little of "
                             "its own colour (too blurred, or washed out by a lamp's glare): "
                             "take the photo closer, or move the lamp, and try again")
        body = zones.bgr[sel]
        level = body.sum(1)
        canoe_bgr[JOE_COLOUR] = to_bgr(np.median(body[level > 0.5 * np.percentile(level, 75)],
                                                 axis=0))
    # The rim is judged where a glare spot leaves it in view.
    rim_covered = river_img | glow.reshape(h, w)
    rim_shift = shift_px(centre, geo.slot_xy, config.disc_height_mm, geo.k)
    def signed(rim: Floats) -> Floats:
        """Per slot, its rim's stronger contrast: positive a dark rim, negative a light."""
        return cast(Floats, np.where(rim[:, 0] >= rim[:, 1], rim[:, 0], -rim[:, 1]))

    learned = signed(rim_contrast(top, geo, rim_covered, rim_shift))
    # Where each disc's rim shows clearest (the pose a few mm off under an uncalibrated
    # lens, the disc's shadow on one side): of the table's kind of rim, dark or light.
    kind = learned[~glare & np.isfinite(learned)]
    light_rim = bool(len(kind)) and float(np.median(kind)) < 0
    offset = disc_offsets(top, geo, rim_covered, rim_shift, light_rim, config)
    if np.any(offset):
        learned = signed(rim_contrast(top, geo, rim_covered,
                                      rim_shift + offset * np.float32(geo.k)))
    # A disc's rim is faint on some boards and at a low resolution: a slot shows no disc
    # when its rim is far fainter than the others' too (an empty slot's is noise).
    clear = np.abs(learned[~glare & np.isfinite(learned)])
    typical = float(np.median(clear)) if len(clear) else 0.0
    seen = np.abs(learned) >= float(np.clip(config.disc_min_learned_share * typical,
                                            config.disc_min_learned_floor,
                                            config.disc_min_learned))
    # A slot washed out by glare teaches nothing about the discs (the others do), nor
    # does one whose rim a glare spot's halo washes out in part.
    hidden = glare | (glowing & ~seen)
    learned = np.where(hidden, np.nan, learned)
    if hidden.any() and not hidden.all():
        # (...nor where its disc shows: as the others do, the table's light and lens.)
        offset[hidden] = np.median(offset[~hidden], axis=0)
    absent = [SLOTS[s] for s in range(len(SLOTS)) if not seen[s] and not glare[s]
              and not glowing[s] and not (np.isnan(learned[s]) and joe and SLOTS[s] == "T1")]
    if absent:
        raise SetupError(f"setup photo: no disc seen on {', '.join(absent)} (all nine discs "
                         "start in the river, one on each slot)")
    if np.isnan(learned).all():
        raise SetupError("setup photo: a glare spot washes the river out: move the lamp or "
                         "tilt the camera so no reflection lies on the river")
    if np.isnan(learned).any():
        learned = np.where(np.isnan(learned), np.nanmedian(learned), learned)

    notes: list[str] = []
    if missing:
        notes.append(f"{missing} canoe{' is' if missing == 1 else 's are'} not seen on the "
                     "beach, where a glare spot may hide "
                     f"{'it' if missing == 1 else 'them'}; {'its' if missing == 1 else 'each'}"
                     " colour was learned from its twin. Check that every canoe is on the "
                     "beach, and move the lamp or tilt the camera before you play: the camera "
                     "cannot read canoes under the reflection.")
    spaces = weather_spaces(flat, light, geo, config)
    dark0 = spaces[0][1]
    others = [d for n, (_, d, _) in spaces.items() if n != 0]
    # The marker is the one space clearly darker than the others (its own grey varies
    # from board to board, and blur at a low resolution lightens a small token).
    # At a low resolution the marker may blur as light as its printed edge, yet the empty
    # spaces' centres are lighter still: it is seen when the darkness a reading asks of it
    # (``weather_learned_dark`` of its own) is clearly darker than every empty space.
    faint = max(dark0, config.weather_learned_dark * dark0) < min(others) \
        - config.weather_setup_margin
    dark = dark0 < config.weather_setup_dark and dark0 < min(others) - config.weather_setup_gap
    token: Floats | None = np.array([dark0, *spaces[0][2]], np.float32)
    if spaces[0][0] < config.weather_setup_print or not (dark or faint):
        # A space other than 0 darker than all the rest holds the marker.
        elsewhere = [n for n, (shown, d, _) in spaces.items() if n != 0
                     and shown >= config.weather_setup_print and d < config.weather_setup_dark
                     and d < min(e for m, (_, e, _) in spaces.items() if m != n)
                     - config.weather_setup_gap]
        if elsewhere or not _track_glare(flat, light, geo, config):
            raise SetupError("setup photo: the weather marker is not seen on 0 (it starts "
                             "there)" + (f"; it lies on {elsewhere[0]:+d}: move it to 0"
                                        if elsewhere else ""))
        # Washed out by a glare spot: the marker is looked for with the default look (a
        # dark grey token), and not where the reflection lies.
        token = None
        notes.append("A glare spot washes out the weather track: the weather marker could "
                     "not be learned, and the camera cannot read it under the reflection. "
                     "Move the lamp or tilt the camera and learn the table again.")

    grounds: dict[str, BGR] = {}
    ring = geo.zone_ring & ~zones.obj
    grounds["river"] = to_bgr(np.median(zones.bgr[ring], axis=0))
    grounds["sand"] = to_bgr(np.median(beach.bgr[~beach.obj], axis=0))
    gem_bgr = learn_gems(top, light, geo, layout, config)
    return TableProfile(
        players=players, joe=joe, canoe_bgr=canoe_bgr, ground_bgr=grounds,
        look=TableLook(rings.copy(), learned.astype(np.float32), token,
                       weather_print=_print_centre(spaces, config) if token is not None
                       else None, marks=marks,
                       glare=glare.copy(), glare_marks=glare_marks,
                       sand_levels=sand_levels(beach, geo),
                       sand_like=sand_like, rim_unseen=hidden,
                       beach_glare=_beach_glare(flat, light, geo, layout, config, core=True),
                       disc_offset=offset,
                       slot_looks=SlotLooks.learn(
                           look_features(top, light, geo, layout, config), geo,
                           usable=~glare & ~glowing & ~((np.array(SLOTS) == "T1") & joe)),
                       slot_patches=slot_patches(top, light, geo, range(len(SLOTS))),
                       disc_patches=slot_patches(top, light, geo, range(len(SLOTS)),
                                                 DISC_WINDOW_MM, DISC_PATCH_PX)),
        hull_scale=scale, beach_guard=guard_chroma(top, light, geo), layout=layout_path,
        gem_bgr=gem_bgr, notes=tuple(notes),
        setup_markers=None if not pose.corners else MarkerView(pose.image_size,
                                                                 dict(pose.corners)))


def _print_centre(spaces: dict[int, tuple[float, float, Floats]],
                  config: VisionConfig) -> Floats | None:
    """The empty weather spaces' middle at setup, its chroma (their median): None where
    one's printed edge does not show whole or one's middle lies more than
    ``config.weather_print_spread`` from it (a track printed unlike, or a shadow)."""
    empty = [spaces[n] for n in spaces if n != 0]
    if any(shown < config.weather_print_visible for shown, _, _ in empty):
        return None
    chroma = np.array([c for _, _, c in empty], np.float32)
    centre = np.median(chroma, axis=0)
    if float(np.linalg.norm(chroma - centre, axis=1).max()) > config.weather_print_spread:
        return None
    return centre.astype(np.float32)


def _beach_canoes(flat: Image, light: Light, geo: Geometry, layout: Layout,
                  players: tuple[str, ...], centre: Centre | None,
                  config: VisionConfig, deglare: bool = False, edges: bool = False,
                  hidden: bool = False, wells: bool = False,
                  ) -> tuple[dict[str, BGR], float, Region, bool, int]:
    """The canoes on the beach at setup: each player's colour (:func:`assign_colours`),
    the canoes' top's size on this table over the layout's, the beach as read, whether a
    canoe was seen by its outline alone (``setup_outline_share``), how many were hidden
    (below). With ``deglare``, the white light of a glare spot is taken off first
    (:func:`deglared`); with ``edges``,
    thin strips along the beach's edge (the land blurred into it at a low resolution) are
    no object (``setup_edge_px``); with ``hidden``, as many canoes as the glare spot's
    core (where :func:`deglared` reads nothing) could hide may be missing, one of a
    colour at most (:func:`assign_colours`); with ``wells``, a canoe's well seen where no
    object is (:func:`_lone_wells`) is a canoe washed out around it.

    :raises SetupError: a heap, something bigger than canoes, not the canoes expected, or
        two of a colour unlike.
    """
    none = np.zeros((0, 3), np.float32)
    sand = np.zeros(3, np.float32)
    beach = read_region(flat, light, geo.beach_idx, geo.beach_design,
                        sand_ground(geo, config, sand), none, config, local_light=True)
    colours = beach.bgr
    added: Floats | None = None
    if deglare:
        colours, obj_mask, highlight, added = deglared(beach, geo, config)
        beach = replace(beach, obj=obj_mask, highlight=highlight)
    elif hidden:
        # The glare spot's light, left on: what a canoe seen alone may have of it.
        added = _glare_added(glare_light(beach, geo, config)[1], config)
    h, w = geo.shape
    k = geo.k
    hull_px = config.canoe_hull_share * layout.canoe_mm[0] * layout.canoe_mm[1] * k * k

    # Canoes on the beach: each object one or two canoes, its colour(s).
    obj = np.zeros(h * w, np.uint8)
    obj[beach.idx[beach.obj]] = 1
    bgr_img = np.zeros((h * w, 3), np.float32)
    bgr_img[beach.idx] = colours
    # With the glare's light taken off: each canoe's colour as seen, and the light added.
    seen_img = np.zeros((h * w, 3), np.float32)
    seen_img[beach.idx] = beach.bgr
    as_seen: dict[int, tuple[Floats, float]] = {}
    # The white light a glare spot adds around each canoe (the local sand's, any share;
    # not on sand too pale to tell it from shade, ``setup_glare_chroma``), to tell which
    # of two twins as seen is under it (with the light taken off, neither is).
    _, white_all, own = glare_light(beach, geo, config)
    own_f = features(own[None], config.brightness_weight)[0]
    lit_img: Floats | None = None
    if not deglare and float(np.linalg.norm(own_f[:2])) >= config.setup_glare_chroma:
        lit_img = np.zeros(h * w, np.float32)
        lit_img[beach.idx] = white_all
    lit_at: dict[int, float] = {}
    # The light a glare spot adds around each canoe: the one taken off (``added``), or,
    # where a glare spot's light is found on the beach as an object (``patch`` below) in a
    # look that keeps its light on, what each canoe has of it, as with ``hidden``.
    added_img = np.zeros(h * w, np.float32)
    added_img[beach.idx] = added if added is not None else _glare_added(white_all, config)
    spot_seen: dict[int, tuple[Floats, float]] = {}

    def colour_of(part: Mask) -> Floats:
        unit = _body_colour(bgr_img, part, sand, config)
        if added is not None:
            as_seen[id(unit)] = (_body_colour(seen_img, part, sand, config),
                                 float(added_img[part.ravel()].mean()))
        else:
            spot_seen[id(unit)] = (unit, float(added_img[part.ravel()].mean()))
        if lit_img is not None:
            lit_at[id(unit)] = float(lit_img[part.ravel()].mean())
        return unit
    # A hull the sand's own colour (a brown canoe on a brown beach) shows only its outline
    # and its well: what that outline encloses is the canoe.
    raw = obj.reshape(h, w)
    obj_img = cv2.morphologyEx(_holes_filled(raw), cv2.MORPH_OPEN, OPEN)
    if edges:
        # Along the beach's edge only what is thicker than a strip is an object: a canoe
        # there stays whole, a strip of the land beside it no longer joins it.
        inside = np.zeros(h * w, np.uint8)
        inside[geo.beach_idx] = 1
        grow = 2 * config.setup_edge_px + 1
        core = cv2.erode(inside.reshape(h, w), np.ones((grow, grow), np.uint8))
        thick = cv2.morphologyEx(obj_img, cv2.MORPH_OPEN, np.ones((grow, grow), np.uint8))
        obj_img = np.where(core > 0, obj_img, np.minimum(obj_img, thick)).astype(np.uint8)
    outlined = False
    level_img = seen_img.sum(1).reshape(h, w) / 3  # (as seen: a glare spot's light left on)
    edge = np.ones((2 * round(config.setup_patch_edge_mm * k) + 1,) * 2, np.uint8)
    spot = False  # a glare spot's light found as an object

    def patch(part: Mask) -> bool:
        """Whether ``part`` is a glare spot's light on the sand, not a canoe: brighter
        than the markers' white, with no darker well inside (only while its light is on:
        taken off, the spot is sand again)."""
        nonlocal spot
        if deglare or config.setup_patch_level <= 0 or not np.any(part):
            return False
        level = float(np.median(level_img[part]))
        if level < config.setup_patch_level * WHITE_LEVEL:
            return False
        inside = cv2.erode(part.astype(np.uint8), edge, borderType=cv2.BORDER_CONSTANT,
                           borderValue=0) > 0
        found = bool(np.any(inside)) and float(level_img[inside].min()) \
            >= config.setup_patch_flat * level
        spot |= found
        return found
    # Canoes lie a few mm apart: no closing across gaps; the hull's well lies inside it.
    n, labels, stats, _ = cv2.connectedComponentsWithStats(obj_img, connectivity=8)
    blobs = []
    for i in range(1, n):
        area = stats[i, cv2.CC_STAT_AREA]
        if area < config.canoe_min_fraction * hull_px:
            continue
        x0, y0, bw, bh = stats[i, :4]
        mask = np.zeros((h, w), bool)
        mask[y0 : y0 + bh, x0 : x0 + bw] = enclosed(labels[y0 : y0 + bh, x0 : x0 + bw] == i)
        ys, xs = np.nonzero(mask)
        side = float(side_area(np.array([[xs.mean(), ys.mean()]], np.float32), geo.axis[-1:],
                               centre, layout, config, k)[0])
        blobs.append((float(len(xs)) / (hull_px + side), mask, float(len(xs)), side))
        outlined |= bool(np.count_nonzero(raw[mask]) < config.setup_outline_share
                         * np.count_nonzero(mask & (obj_img > 0)))
    sizes = sorted(b[0] for b in blobs)
    expected = 2 * len(players)
    seen_scale = _seen_scale(sizes, expected, config)
    # Its top alone: the single canoes' area less their side.
    tops = sorted((area - side) / hull_px for r, _, area, side in blobs
                  if abs(r / seen_scale - 1) < 3 * config.pair_margin)
    scale = float(np.clip(tops[len(tops) // 2], config.learn_min_scale,
                          config.learn_max_scale)) if tops else seen_scale
    units: list[Floats] = []
    touching: list[list[list[Floats]]] = []
    counted = np.zeros((h, w), np.uint8)  # the objects taken for canoes
    for ratio, mask, _, _ in blobs:
        r = ratio / seen_scale
        body = mask & (obj_img > 0)
        if r < 1 - 3 * config.pair_margin or patch(body):
            continue  # a speck, a fringe; a glare spot's light
        counted[mask] = 1
        if r < config.pair_ratio - config.pair_margin:
            units.append(colour_of(body))
        elif r < config.setup_max_touching + 0.5:
            # Canoes touching (their sides under a tilted camera): as many as their area
            # says, told apart by colour first, then by where they lie.
            n = max(2, round(r))
            ways = [p for p in (_split_two(mask, body, layout.canoe_mm[0] * k) if n == 2
                                else None,
                                _split_canoes(bgr_img, body, n, layout.canoe_mm[0] * k, config))
                    if p is not None]
            if n > 2:
                # Fewer colours than canoes (two of a colour side by side): by colour, then
                # each colour by where its canoes lie, as many as its area says. (Also
                # where k-means split them otherwise, its parts may mix two colours: then
                # only into parts of nearly even size, as canoes are, not one canoe halved
                # where its area counted one too many.)
                ways += _split_by_colour_then_place(
                    bgr_img, body, n, config, config.split_even_share if ways else 1 / 3)
                if config.split_by_place and (
                        by_place := _split_by_place(body, n, config.split_even_share)):
                    ways.append(by_place)
            if not ways:
                raise SetupError("setup photo: canoes lie in a heap on the beach: put them "
                                 "apart from each other")
            # By shape (two of one colour, across the long side or end to end) or by colour:
            # whichever pairs all the canoes best, once all are seen.
            # (A part of it that is a glare spot's light is no canoe.)
            touching.append([[colour_of(part) for part in way if not patch(part)]
                             for way in ways])
        else:
            raise SetupError(f"setup photo: something bigger than {config.setup_max_touching} "
                             "canoes lies on the beach (a hand, a heap?): put the canoes apart "
                             "and clear the rest")
    if wells:
        # A canoe washed out into the sand but for its well: the hull around that well.
        for part in _lone_wells(seen_img, counted, geo, layout, scale, config):
            # (Not where the glare's core left none of its colour: no colour to learn.)
            if np.count_nonzero(bgr_img[part.ravel()].sum(1) > 0) >= \
                    config.canoe_min_fraction * hull_px:
                units.append(colour_of(part))
    # Canoes a glare spot's core hides wholly: as many as the sand read as nothing there
    # (``setup_glare_max``) holds canoes' tops of ``setup_hidden_share`` each.
    can_hide = 0
    if hidden and added is not None:
        core_px = int(np.count_nonzero(added > config.setup_glare_max))
        can_hide = int(core_px // (config.setup_hidden_share * hull_px * scale))
    least = 2 * len(players) - min(can_hide, len(players))
    if touching:
        units = min(([*units, *(u for way in choice for u in way)]
                     for choice in itertools.product(*touching)),
                    key=lambda all_units: best_groups(all_units, len(players), config)[0]
                    if least <= len(all_units) <= 2 * len(players) else math.inf)
    if not least <= len(units) <= 2 * len(players):
        raise _CountError(len(units), f"setup photo: {len(units)} "
                          f"canoe{'' if len(units) == 1 else 's'} seen on the beach, expected "
                          f"{2 * len(players)} (two each for {', '.join(players)}); put every "
                          "canoe on the beach, apart, in view")
    # (With a glare spot's light found as an object, every pair needs a twin clear of
    # that light, as when canoes may be hidden: both washed out give a washed colour.)
    return (assign_colours(units, players, config,
                           [as_seen[id(u)] for u in units] if added is not None else
                           [spot_seen[id(u)] for u in units] if spot else None,
                           clear=not deglare,
                           lit=None if lit_img is None else [lit_at[id(u)] for u in units]),
            scale, beach, outlined, 2 * len(players) - len(units))


def _lone_wells(bgr_img: Floats, counted: Image, geo: Geometry, layout: Layout,
                scale: float, config: VisionConfig) -> list[Mask]:
    """The hulls of the canoes on the beach at setup seen by their wells alone (a glare
    spot washes a pale hull into the sand, not the dark well in it: the light it adds is
    the same on both): a spot on the beach darker than all around it within a well's
    reach (a black-hat of ``setup_well_mm``) by ``setup_well_dark`` of that, of a well's
    size (``setup_well_area``, as an ellipse of ``setup_well_length`` of a canoe's top and
    ``setup_well_width``) and filling its box, with no canoe counted within a canoe's top
    around it (a speck of its washed-out hull may be there). Each: a canoe's top around
    that well (``bgr_img``'s pixels, ``(h * w, 3)``; ``counted`` the objects taken for
    canoes, 0/1; ``scale`` the canoes' top over the layout's)."""
    if config.setup_well_mm <= 0:
        return []
    h, w = geo.shape
    k = geo.k
    inside = np.zeros(h * w, np.uint8)
    inside[geo.beach_idx] = 1
    dark, depth = _dark_spots(bgr_img, geo, layout, scale, config)
    dark &= counted == 0
    length, width = (v * math.sqrt(scale) * k for v in layout.canoe_mm)
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(dark.astype(np.uint8),
                                                                   connectivity=8)
    objects = cv2.dilate(counted, np.ones((3, 3), np.uint8)) > 0
    out: list[Mask] = []
    # The darkest first: a fragment of a hull found beside a well is no second canoe.
    peak = np.zeros(n)
    np.maximum.at(peak, labels.ravel().astype(np.intp), depth.ravel())
    for i in sorted(range(1, n), key=lambda j: -peak[j]):
        if not _well_sized(stats[i], layout, geo, scale, config):
            continue
        # The canoe's top around it, along the well's own long side.
        ys, xs = np.nonzero(labels == i)
        cov = np.cov(np.vstack([xs, ys]).astype(np.float64))
        angle = 0.5 * math.degrees(math.atan2(2 * cov[0, 1], cov[0, 0] - cov[1, 1]))
        top = np.zeros((h, w), np.uint8)
        cx, cy = centroids[i]
        cv2.ellipse(top, (round(cx * 16), round(cy * 16)),
                    (round(length / 2 * 16), round(width / 2 * 16)), angle, 0, 360, 1, -1,
                    shift=4)
        hull = (top > 0) & (inside.reshape(h, w) > 0)
        if np.count_nonzero(hull & objects) > config.setup_well_overlap * np.count_nonzero(
                hull):
            continue  # a canoe seen already (its well, its outline), or beside one
        well = cv2.dilate((labels == i).astype(np.uint8), OPEN) > 0
        if np.count_nonzero(hull & ~well) < 0.5 * np.count_nonzero(top):
            continue  # mostly off the beach
        out.append(hull & ~well)
        objects = objects | hull
    return out


def _well_px(layout: Layout, geo: Geometry, scale: float, config: VisionConfig) -> float:
    """A well's area on the beach at setup (px): an ellipse of ``setup_well_length`` of a
    canoe's top's length and ``setup_well_width`` of its width (``scale``: the canoes'
    top over the layout's)."""
    length, width = (v * math.sqrt(scale) * geo.k for v in layout.canoe_mm)
    return math.pi / 4 * (config.setup_well_length * length) * (
        config.setup_well_width * width)


def _dark_spots(bgr_img: Floats, geo: Geometry, layout: Layout, scale: float,
                config: VisionConfig) -> tuple[Mask, Floats]:
    """Where the beach at setup (``bgr_img``, ``(h * w, 3)``) is darker than all around it
    within ``setup_well_mm`` (a black-hat) by ``setup_well_dark`` of that brightness, away
    from the beach's edge (the land's dark print beside it), and by how much (a share),
    as images. A spot bigger than a well (a dark hull darker than the sand, its well in
    it) keeps its darker half only (over half-way from ``setup_well_dark`` to its
    darkest): the well, darker than its hull."""
    h, w = geo.shape
    inside = np.zeros(h * w, np.uint8)
    inside[geo.beach_idx] = 1
    level = bgr_img.sum(1)
    fill = float(np.median(level[geo.beach_idx]))
    gray = np.where(inside > 0, level, fill).astype(np.float32).reshape(h, w)
    r = max(2, round(config.setup_well_mm * geo.k / 2))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    closed = cast(Floats, cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel))
    depth = cast(Floats, (closed - gray) / np.maximum(closed, 1.0))
    core = cv2.erode(inside.reshape(h, w), np.ones((2 * r + 1, 2 * r + 1), np.uint8))
    dark = (depth >= config.setup_well_dark) & (core > 0)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(dark.astype(np.uint8),
                                                           connectivity=8)
    big = stats[:, cv2.CC_STAT_AREA] > config.setup_well_area[1] * _well_px(
        layout, geo, scale, config)
    big[0] = False
    if big.any():
        peak = np.zeros(n)
        np.maximum.at(peak, labels.ravel().astype(np.intp), depth.ravel())
        cut = (config.setup_well_dark + peak) / 2
        dark &= ~big[labels] | (depth >= cut[labels])
    return dark, depth


def _well_sized(stat: Indices, layout: Layout, geo: Geometry, scale: float,
                config: VisionConfig) -> bool:
    """Whether a dark spot (its ``cv2.connectedComponentsWithStats`` row) is of a well's
    size (``setup_well_area`` times :func:`_well_px`) and fills half its box or more."""
    well_px = _well_px(layout, geo, scale, config)
    area = float(stat[cv2.CC_STAT_AREA])
    box = float(stat[cv2.CC_STAT_WIDTH]) * float(stat[cv2.CC_STAT_HEIGHT])
    return bool(config.setup_well_area[0] * well_px <= area <= config.setup_well_area[1]
                * well_px and area >= 0.5 * box)


def _riverbed_light(zones: Region, geo: Geometry,
                    config: VisionConfig) -> tuple[Mask, Mask]:
    """The slot zones' pixels that are the river's colour (the median riverbed ring, as
    :func:`vision.read.glare_slots`) scaled by ``setup_glare_scale`` to ``1 /
    setup_glare_scale`` plus or less white light (least squares, within
    ``pair_glare_misfit``), at setup: (1) lit by a glare spot, with more than
    ``setup_glare_spot`` of the paper's white added and brighter than the river by
    ``glare_brighter``; (2) objects of the riverbed's own hue, any white light (a darker,
    deeper mottle of its print in a shadow; a glare spot's halo). A canoe of another colour
    does not fit (a pale wooden hull on a dark river fits a negative scale, a blue hull on a
    blue river several times the river), nor, for (1), a riverbed's lighter mottles (0.13-0.16
    of white)."""
    bgr = zones.bgr[geo.ring_mat]
    ground = ~(zones.obj[geo.ring_mat] | zones.highlight[geo.ring_mat])
    seen = [median(bgr[s][ground[s]]) for s in range(len(bgr))
            if np.count_nonzero(ground[s]) >= 8]
    lit = np.zeros(len(zones.idx), bool)
    like = np.zeros(len(zones.idx), bool)
    if len(seen) < 3:
        return lit, like
    river = np.median(np.array(seen, np.float64), axis=0)
    brighter = zones.bgr.sum(1) > (1 + config.glare_brighter) * float(river.sum())
    sel = np.flatnonzero(zones.obj | zones.highlight | brighter)
    pix = zones.bgr[sel].astype(np.float64)
    basis = np.column_stack([river, np.full(3, WHITE_LEVEL)])
    coef = np.linalg.pinv(basis) @ pix.T
    misfit = np.linalg.norm((basis @ coef).T - pix, axis=1) / np.maximum(
        np.linalg.norm(pix, axis=1), 1.0)
    fits = ((coef[0] >= config.setup_glare_scale) & (coef[0] <= 1 / config.setup_glare_scale)
            & (misfit <= config.pair_glare_misfit))
    lit[sel] = fits & (coef[1] > config.setup_glare_spot) & brighter[sel]
    like[sel] = fits & zones.obj[sel]
    return lit, like


def _track_glare(flat: Image, light: Light, geo: Geometry, config: VisionConfig) -> bool:
    """Whether a glare spot washes out the weather track's space 0 at setup: its centre
    (where the marker lies) as bright as the markers' white paper (``weather_glare_white``
    of it) or brighter."""
    idx = geo.weather_centre[0]
    bgr = np.take(flat, idx, axis=0).astype(np.float32) * light.gains(geo.coords[idx])
    return bool(float(median(bgr.mean(1))) >= config.weather_glare_white * WHITE_LEVEL)


def _beach_glare(flat: Image, light: Light, geo: Geometry, layout: Layout,
                 config: VisionConfig, core: bool = False) -> bool:
    """Whether a glare spot lies on the beach at setup: sand over one canoe's area with
    more than ``setup_glare_spot`` of white light added (:func:`glare_light`), on sand
    of a clear colour (``setup_glare_chroma``); with ``core`` (for the reading to come:
    :attr:`vision.read.TableLook.beach_glare`), more than ``setup_glare_core`` over
    ``setup_glare_core_share`` of a canoe's area too. (Without it, for the beach to be
    looked at once more with the light taken off: that harms nothing where none lies.)"""
    sand = np.zeros(3, np.float32)
    beach = read_region(flat, light, geo.beach_idx, geo.beach_design,
                        sand_ground(geo, config, sand), np.zeros((0, 3), np.float32), config,
                        local_light=True)
    _, white, colour = glare_light(beach, geo, config)
    sand = features(colour[None], config.brightness_weight)[0]
    if float(np.linalg.norm(sand[:2])) < config.setup_glare_chroma:
        return False  # pale sand: a glare spot and a shadow are alike
    hull_px = config.canoe_hull_share * layout.canoe_mm[0] * layout.canoe_mm[1] * geo.k ** 2
    spot = np.count_nonzero(white > config.setup_glare_spot) >= hull_px
    if not core or config.setup_glare_core > 1:
        return bool(spot)
    return bool(spot) and bool(np.count_nonzero(white > config.setup_glare_core)
                               >= config.setup_glare_core_share * hull_px)


def glare_light(beach: Region, geo: Geometry,
                config: VisionConfig) -> tuple[Floats, Floats, Floats]:
    """The light a glare spot adds over the beach at setup: per beach pixel, the local
    sand (its colour averaged over ``setup_glare_light_mm`` around it, canoes left out)
    as the sand's own colour scaled plus white light (least squares: ``local = a * sand
    + g * white``), ``a`` and ``g`` (a share of the paper's white), and the sand's own
    colour: the median of the dimmer half of the sand (a glare spot brightens the rest)."""
    sand = ~beach.obj
    bgr = beach.bgr
    level = bgr.sum(1)
    own = bgr[sand & (level <= np.median(level[sand]))] if np.any(sand) else bgr
    colour = np.median(own, axis=0).astype(np.float64)
    cells = geo.beach_cells
    sigma = config.setup_glare_light_mm * geo.k / max(1, round(config.light_cell_mm * geo.k))
    use = sand.astype(np.float32)
    weight = cells.read(cells.grid(use, sigma))
    local = np.column_stack([cells.read(cells.grid(bgr[:, c] * use, sigma))
                             for c in range(3)]) / np.maximum(weight, 1e-6)[:, None]
    basis = np.column_stack([colour, np.full(3, WHITE_LEVEL)])
    coef = np.linalg.pinv(basis) @ local.T.astype(np.float64)
    return (coef[0].astype(np.float32), coef[1].astype(np.float32),
            colour.astype(np.float32))


def _glare_added(white: Floats, config: VisionConfig) -> Floats:
    """Per beach pixel the white light a glare spot adds (:func:`glare_light`), where it
    is over ``setup_glare_white``; 0 elsewhere."""
    return np.where(white > config.setup_glare_white, white, 0.0).astype(np.float32)


def deglared(beach: Region, geo: Geometry,
             config: VisionConfig) -> tuple[Floats, Mask, Mask, Floats]:
    """The beach at setup with a glare spot's white light taken off (:func:`glare_light`):
    where it adds more than ``setup_glare_white``, each pixel's colour less the local white
    light (a canoe washed out towards the sand shows its own colour again, the sand the
    sand's own colour), and its object and highlight masks read again against the sand's
    own colour as bright as the local sand less the glare; elsewhere the beach as read.
    Where the glare adds more than ``setup_glare_max`` of white nothing is read (sand).
    Last, per pixel the white light taken off (a share of the paper's white)."""
    scale, white, colour = glare_light(beach, geo, config)
    added = _glare_added(white, config)
    out = beach.bgr - added[:, None] * WHITE_LEVEL
    np.clip(out, 0.0, None, out=out)
    f = features(out, config.brightness_weight)
    # The ground: the sand's own colour, as bright as the local sand less the glare.
    ground = features(np.maximum(scale, 0.05)[:, None] * colour[None],
                      config.brightness_weight)
    obj, highlight = object_masks(f, ground, config, local_light=True)
    glared = added > 0
    obj = np.where(glared, obj & (white <= config.setup_glare_max), beach.obj)
    highlight = np.where(glared, highlight, beach.highlight)
    return out, obj, highlight, added


def _holes_filled(mask: Image) -> Image:
    """``mask`` (0/1) with every hole it encloses filled (what cannot be reached from the
    picture's edge without crossing it).

    >>> ring = np.zeros((7, 7), np.uint8)
    >>> ring[1:6, 1:6] = 1
    >>> ring[2:5, 2:5] = 0
    >>> int(_holes_filled(ring).sum()), int(ring.sum())
    (25, 16)
    """
    pad = np.zeros((mask.shape[0] + 2, mask.shape[1] + 2), np.uint8)
    pad[1:-1, 1:-1] = mask
    outside = pad.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    return cast(Image, (outside[1:-1, 1:-1] != 2).astype(np.uint8))


def _seen_scale(sizes: Sequence[float], expected: int, config: VisionConfig) -> float:
    """One canoe's area as seen at setup (in hulls, with its side under tilt), from the
    ``sizes`` of the objects on the beach (sorted, smallest first) and the ``expected`` canoes.

    Canoes lie apart at setup: most objects are one canoe, and their median size is the
    table's canoe. Under a steep tilt most canoes touch their neighbours' sides, and the
    median object is two canoes: then, when it counts the canoes expected, the objects'
    total area over the canoes expected is one canoe -- but not when that canoe is smaller
    than a table's canoe can be (``learn_min_scale``): canoes are missing then (hidden
    under a glare spot) and the objects seen are single canoes (reporting offset 25: six
    canoes of ten seen, taken for pairs, and the table's canoe learned at 0.69 of its
    size; one canoe on the river was then read as two).

    >>> cfg = VisionConfig()
    >>> round(_seen_scale([1.0, 2.0, 2.0, 2.1, 2.1], 9, cfg), 2)  # touching pairs
    1.02
    >>> _seen_scale([0.58, 0.74, 0.82, 1.01, 1.1, 1.21], 10, cfg)  # four hidden
    1.01

    Nor when the objects it takes for pairs are hardly bigger than those it takes for
    single canoes (under ``pair_gap`` times the biggest single): six canoes of eight seen,
    all alike in size (two brown ones on a beach of their own shade made no object), were
    taken for four singles and two pairs, and the two biggest blue canoes, each split in
    two, gave the brown colour (reporting offset 34).

    >>> _seen_scale([0.98, 1.01, 1.03, 1.03, 1.07, 1.12], 8, cfg)  # two hidden
    1.03
    """
    if not sizes:
        return 1.0
    seen = float(np.clip(sizes[len(sizes) // 2], config.learn_min_scale,
                         config.learn_max_scale))
    if _canoe_count(sizes, seen, config) != expected:
        pooled = sum(sizes) / expected
        pairs = [s for s in sizes if s / pooled >= config.pair_ratio - config.pair_margin]
        singles = [s for s in sizes if 1 - 3 * config.pair_margin <= s / pooled
                   < config.pair_ratio - config.pair_margin]
        apart = not pairs or not singles or min(pairs) >= config.pair_gap * max(singles)
        if config.learn_min_scale <= pooled <= config.learn_max_scale and apart and \
                _canoe_count(sizes, pooled, config) == expected:
            return float(pooled)
    return seen


def _canoe_count(sizes: Sequence[float], scale: float, config: VisionConfig) -> int:
    """How many canoes objects of ``sizes`` (in hulls) make when one canoe is ``scale``
    hulls: specks none, the others as many as their area says (a heap counts too many).

    >>> sizes = [1.1, 1.2, 2.2, 2.3]
    >>> _canoe_count(sizes, 2.0, VisionConfig()), _canoe_count(sizes, 1.13, VisionConfig())
    (2, 6)
    """
    count = 0
    for size in sizes:
        r = size / scale
        if r < 1 - 3 * config.pair_margin:
            continue
        count += 1 if r < config.pair_ratio - config.pair_margin else max(2, round(r))
    return count


def learn_gems(top: Image, light: Light, geo: Geometry, layout: Layout,
               config: VisionConfig) -> dict[str, BGR]:
    """Each gem colour as seen at this table, from its deposit at setup (where the gems
    of each colour lie): the median of the deposit's pixels near the default colour and
    far from the deposit's own print; the default where too few are seen (an empty or
    covered deposit), or where what is seen is nearer another gem's colour in hue
    (``config.deposit_own_hue``: a card over the deposit, a sliver of gems beside it)."""
    k = geo.k
    h, w = geo.shape
    out: dict[str, BGR] = {}
    r_in = config.deposit_look_mm * k
    for colour, default in config.gem_bgr.items():
        if colour not in layout.deposits:
            out[colour] = default
            continue
        x, y = layout.deposits[colour]
        x, y = x * k, y * k
        r = math.ceil(r_in + 3 * k)
        ys, xs = np.mgrid[max(0, int(y) - r):min(h, int(y) + r + 1),
                          max(0, int(x) - r):min(w, int(x) + r + 1)]
        d = np.hypot(xs + 0.5 - x, ys + 0.5 - y).ravel()
        design = np.column_stack([np.ones(d.size), xs.ravel(), ys.ravel()]).astype(np.float32)
        bgr = light.balance(top[ys.ravel(), xs.ravel()], design).astype(np.float64)
        # The deposit's print: its outer part, between the gems' heap and its edge.
        plate = np.median(bgr[(d > r_in) & (d <= r_in + 2 * k)], axis=0)
        g0 = np.array(default, np.float64)
        inner = bgr[d <= r_in]
        to_gem = np.linalg.norm(inner - g0, axis=1)
        to_plate = np.linalg.norm(inner - plate, axis=1)
        gap = float(np.linalg.norm(g0 - plate))
        gem = inner[(to_gem < config.deposit_gem_reach * gap) & (to_gem < to_plate)]
        learned = np.median(gem, axis=0) if len(gem) >= config.deposit_min_px * k * k else None
        if learned is not None and config.deposit_own_hue:
            # Nearer another gem's colour than its own (chroma: light scales a gem's
            # brightness, not its hue): not the deposit's gems but what lies over them.
            names, protos = gem_protos(config)
            hue = feature_of(to_bgr(learned), config.brightness_weight)[:2]
            if names[int(np.argmin(np.linalg.norm(protos[:, :2] - hue, axis=1)))] != colour:
                learned = None
        out[colour] = default if learned is None else to_bgr(learned)
    return out


def _split_two(mask: Mask, body: Mask, canoe_len_px: float) -> list[Mask] | None:
    """Two touching canoes, split across their long side or end to end (by shape)."""
    two = split_centres(mask.astype(np.uint8), 2, canoe_len_px)
    if two is None:
        return None
    ys, xs = np.nonzero(body)
    near0 = np.hypot(xs - two[0][0], ys - two[0][1]) < np.hypot(xs - two[1][0], ys - two[1][1])
    parts = []
    for half in (near0, ~near0):
        part = np.zeros_like(body)
        part[ys[half], xs[half]] = True
        parts.append(part)
    return parts


def _seed_kmeans() -> None:
    """OpenCV's k-means draws its first centres from the thread's random generator: seeded
    before each split, the same photo gives the same profile whatever was learned before
    (a heap once split one way after four other photos and another way alone)."""
    cv2.setRNGSeed(0x5E7)


def _split_canoes(bgr_img: Floats, body: Mask, n: int, canoe_len_px: float,
                  config: VisionConfig) -> list[Mask] | None:
    """``body`` (touching canoes) in ``n`` parts: k-means on each pixel's chroma and, far
    less weighted, its place (two canoes of one colour are told apart by where they lie).
    None when a part is too small to be a canoe."""
    ys, xs = np.nonzero(body)
    if len(xs) < 4 * n:
        return None
    f = features(bgr_img[ys * body.shape[1] + xs], config.brightness_weight)
    data = np.column_stack([f[:, 0], f[:, 1], config.split_place_weight * xs / canoe_len_px,
                            config.split_place_weight * ys / canoe_len_px]).astype(np.float32)
    return _kmeans_parts(body, ys, xs, data, n, len(xs) / (3 * n))


def _split_by_place(body: Mask, n: int, least: float) -> list[Mask] | None:
    """``body`` (``n`` touching canoes) in ``n`` parts by where each pixel lies (k-means on
    its place); None when a part is under ``least`` of an even share (``n`` counted from
    an area one canoe too big: a canoe cut in two)."""
    ys, xs = np.nonzero(body)
    if len(xs) < 4 * n:
        return None
    return _kmeans_parts(body, ys, xs, np.column_stack([xs, ys]).astype(np.float32), n,
                         least * len(xs) / n)


def _kmeans_parts(body: Mask, ys: Indices, xs: Indices, data: Floats, n: int,
                  least_px: float) -> list[Mask] | None:
    """``body``'s pixels (at ``ys``, ``xs``) in ``n`` parts by k-means on ``data`` (a row
    per pixel; OpenCV's generator seeded first); None when a part has under
    ``least_px`` pixels."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 1e-3)
    _seed_kmeans()
    _, labels, _ = cv2.kmeans(data, n, np.zeros((len(data), 1), np.int32), criteria, 4,
                              cv2.KMEANS_PP_CENTERS)
    parts = []
    for j in range(n):
        sel = labels.ravel() == j
        if np.count_nonzero(sel) < least_px:
            return None
        part = np.zeros_like(body)
        part[ys[sel], xs[sel]] = True
        parts.append(part)
    return parts


def _split_by_colour_then_place(bgr_img: Floats, body: Mask, n: int,
                                config: VisionConfig, least: float = 1 / 3) -> list[list[Mask]]:
    """``body`` (``n`` touching canoes of fewer colours than ``n``) split by colour into 2
    to ``n - 1`` groups (k-means on the chroma), each group into as many canoes as its
    share of the area says (k-means on the place): every split whose parts are each
    over ``least`` of a canoe's share, for the canoes' pairing to choose from."""
    ys, xs = np.nonzero(body)
    if len(xs) < 4 * n:
        return []
    f = features(bgr_img[ys * body.shape[1] + xs], config.brightness_weight)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 1e-3)
    ways = []
    for groups in range(2, n):
        init = np.zeros((len(xs), 1), np.int32)
        _seed_kmeans()
        _, labels, _ = cv2.kmeans(np.ascontiguousarray(f[:, :2], np.float32), groups, init,
                                  criteria, 4, cv2.KMEANS_PP_CENTERS)
        labels = labels.ravel()
        counts = np.bincount(labels, minlength=groups)
        each = [max(1, round(n * c / len(xs))) for c in counts]
        if sum(each) != n:
            continue
        parts: list[Mask] = []
        for j in range(groups):
            sel = np.flatnonzero(labels == j)
            sub = np.zeros(len(sel), np.int32)
            if each[j] > 1:
                place = np.column_stack([xs[sel], ys[sel]]).astype(np.float32)
                _seed_kmeans()
                _, found, _ = cv2.kmeans(place, each[j], np.zeros((len(sel), 1), np.int32),
                                         criteria, 4, cv2.KMEANS_PP_CENTERS)
                sub = found.ravel().astype(np.int32)
            for m in range(each[j]):
                pick = sel[sub == m]
                part = np.zeros_like(body)
                part[ys[pick], xs[pick]] = True
                parts.append(part)
        if all(np.count_nonzero(part) >= least * len(xs) / n for part in parts):
            ways.append(parts)
    return ways


def _body_colour(bgr_img: Floats, mask: Mask, ground: Floats, config: VisionConfig) -> Floats:
    """A canoe's hull colour: the median of its core (the mask shrunk away from its edge,
    where the hull blurs into the sand), without the dark well and shaded side, and
    without the half of it nearest the ground's colour (``ground``: features)."""
    core = mask.astype(np.uint8)
    for _ in range(config.hull_core_px):
        shrunk = cast(Image, cv2.erode(core, OPEN, borderType=cv2.BORDER_CONSTANT,
                                       borderValue=0))
        if np.count_nonzero(shrunk) < config.hull_core_keep * np.count_nonzero(mask):
            break
        core = shrunk
    body = bgr_img[core.ravel() > 0]
    level = body.sum(1)
    body = body[level > 0.5 * np.percentile(level, 75)]
    far = np.linalg.norm(features(body, config.brightness_weight)[:, :2] - ground[:2], axis=1)
    return cast(Floats, np.median(body[far >= np.median(far)], axis=0))


def best_groups(units: Sequence[Floats], players: int, config: VisionConfig,
                alone_ok: Sequence[bool] | None = None, lit: Sequence[float] | None = None,
                ) -> tuple[float, list[tuple[int, ...]]]:
    """The canoes of ``players`` players (two each, some seen alone when fewer than
    ``2 * players`` are given: a glare spot hid their twins) grouped into pairs of least
    total colour distance (:func:`pair_distances`, ``lit`` as there) and singles (those
    ``alone_ok`` allows: all by default), and that distance.

    >>> red, brown = (40, 40, 190), (40, 70, 115)
    >>> units = [np.array(c, np.float32) for c in (red, brown, (42, 38, 185))]
    >>> best_groups(units, 2, VisionConfig())[1]
    [(0, 2), (1,)]
    """
    alone = 2 * players - len(units)
    best: tuple[float, list[tuple[int, ...]]] = (math.inf, [])
    for singles in itertools.combinations(range(len(units)), max(alone, 0)):
        if alone_ok is not None and not all(alone_ok[i] for i in singles):
            continue
        rest = [i for i in range(len(units)) if i not in singles]
        cost, pairs = best_pairs([units[i] for i in rest], config,
                                 None if lit is None else [lit[i] for i in rest])
        if cost < best[0]:
            best = (cost, [*((rest[a], rest[b]) for a, b in pairs), *((i,) for i in singles)])
    return best


def best_pairs(units: Sequence[Floats], config: VisionConfig,
               lit: Sequence[float] | None = None) -> tuple[float, list[tuple[int, int]]]:
    """The canoes grouped into pairs of least total colour distance
    (:func:`pair_distances`), and that distance."""
    if not units:
        return 0.0, []
    d = pair_distances(units, config, lit)
    best: tuple[float, list[tuple[int, int]]] = (math.inf, [])

    def pairings(left: list[int]) -> Iterable[list[tuple[int, int]]]:
        if not left:
            yield []
            return
        a = left[0]
        for j in range(1, len(left)):
            rest = left[1:j] + left[j + 1 :]
            for more in pairings(rest):
                yield [(a, left[j]), *more]

    for p in pairings(list(range(len(units)))):
        cost = sum(float(d[a, b]) for a, b in p)
        if cost < best[0]:
            best = (cost, p)
    return best


def pair_distances(units: Sequence[Floats], config: VisionConfig,
                   lit: Sequence[float] | None = None) -> Floats:
    """Between every two canoes, how far apart their colours are (chroma and brightness,
    :func:`features`). With ``lit`` (per canoe, the white light a glare spot adds around
    it, :func:`glare_light`), a canoe with ``pair_glare_lit`` more of it than another is
    also compared as that other's colour scaled plus white light (:func:`glare_fit`):
    washed out by a glare spot, a yellow canoe and a brown one look as alike as a yellow
    and a brown one beside them do (yellow and brown are one chroma), and least distance
    would pair the two washed out and the two beside them."""
    f = features(np.array(units, np.float32), config.brightness_weight)
    d: Floats = np.linalg.norm(f[:, None] - f[None], axis=2)
    if lit is None or config.pair_glare_fit <= 0:
        return d
    for a, b in itertools.combinations(range(len(units)), 2):
        fit = glare_fit(units[a], units[b], lit[a], lit[b], config)
        if fit is not None:
            d[a, b] = d[b, a] = min(float(d[a, b]), fit[1])
    return d


def glare_fit(one: Floats, other: Floats, lit_one: float, lit_other: float,
              config: VisionConfig) -> tuple[int, float] | None:
    """Where the brighter of two canoes has ``pair_glare_lit`` more of a glare spot's
    light around it than the other (``lit_*``, :func:`glare_light`) and is the other's
    colour scaled plus white light (``pair_glare_white`` of the paper's white at least):
    which of the two (0 or 1) is *not* under the glare, and how far the brighter's colour
    (:func:`features`) lies from that fit, if within ``pair_glare_fit``. The fit is
    loose: a glare spot drives a pale canoe's channels to the camera's top.

    >>> cfg = VisionConfig()
    >>> yellow, glared = np.array([42.0, 170, 216]), np.array([129.0, 254, 249])
    >>> dim, apart = glare_fit(glared, yellow, 1.0, 0.0, cfg)
    >>> dim, round(apart, 2), glare_fit(glared, yellow, 0.0, 0.0, cfg)
    (1, 0.18, None)
    """
    dim, coef, fitted, bright = _white_fit(one, other)
    if (lit_other, lit_one)[dim] - (lit_one, lit_other)[dim] < config.pair_glare_lit:
        return None
    if coef[0] <= 0 or coef[1] < config.pair_glare_white:
        return None
    f = features(np.array([fitted, bright], np.float32), config.brightness_weight)
    apart = float(np.linalg.norm(f[0] - f[1]))
    return (dim, apart) if apart <= config.pair_glare_fit else None


def _white_fit(one: Floats, other: Floats) -> tuple[int, Doubles, Doubles, Doubles]:
    """Of two canoes' colours, which (0 or 1) is the dimmer, and the brighter fitted as
    the dimmer's colour scaled plus white light (least squares): the scale and the white
    (a share of 255), the fitted colour, and the brighter's colour."""
    pair = (np.asarray(one, np.float64), np.asarray(other, np.float64))
    dim = 0 if pair[0].sum() <= pair[1].sum() else 1
    basis = np.column_stack([pair[dim], np.full(3, 255.0)])
    coef, *_ = np.linalg.lstsq(basis, pair[1 - dim], rcond=None)
    return dim, coef, basis @ coef, pair[1 - dim]


def glared_twin(one: Floats, other: Floats, config: VisionConfig) -> int | None:
    """Which of two canoes of one colour (0 or 1) is *not* under a glare spot, when the
    brighter is the dimmer one's colour scaled plus white light (``pair_glare_white`` of
    the paper's white at least, fitting within ``pair_glare_misfit``); None otherwise.

    >>> cfg = VisionConfig()
    >>> red = np.array([40.0, 40.0, 190.0])
    >>> glared_twin(red * 0.9 + 0.3 * 255, red, cfg), glared_twin(red, red * 0.6, cfg)
    (1, None)
    """
    dim, coef, fitted, bright = _white_fit(one, other)
    misfit = float(np.linalg.norm(fitted - bright) / np.linalg.norm(bright))
    if coef[1] >= config.pair_glare_white and misfit <= config.pair_glare_misfit:
        return dim
    return None


def assign_colours(units: Sequence[Floats], players: Sequence[str], config: VisionConfig,
                   as_seen: Sequence[tuple[Floats, float]] | None = None,
                   clear: bool = False, lit: Sequence[float] | None = None,
                   ) -> dict[str, BGR]:
    """Each player's canoe colour from their ``2 * len(players)`` canoes' colours: the
    canoes grouped into pairs of least total colour distance, the pairs matched to the
    player colours (the defaults) by least total distance. ``as_seen`` (per canoe, when a
    glare spot's light was taken off the colours, or with ``clear`` left on: its colour as
    seen and that light): a pair's colour is then the one of the twin with less glare as
    seen, if that is under ``setup_glare_white`` (the light taken off is an estimate); with
    ``clear``, every pair must have such a twin. With ``lit`` (per canoe, the white light
    a glare spot adds around it, :func:`glare_light`), a twin is the other under white
    light (:func:`glared_twin`) only where it has ``pair_glare_lit`` more of that light
    than the other. Two pairs as alike as twins
    (``pair_alike_ratio``) are one colour's four canoes: :class:`SetupError`.

    Fewer canoes (a glare spot's core hid some, :func:`_beach_canoes`) leave some seen
    alone (:func:`best_groups`): each gives its colour as seen, so it must be clear of the
    glare (``setup_glare_white`` of white taken off at most) and unlike every other colour
    (``pair_colour_tolerance`` apart in colour and brightness: else it may be a third of
    their colour, or two of another colour were taken for a pair); else
    :class:`SetupError`.

    >>> red, brown = (40, 40, 190), (40, 70, 115)
    >>> units = [np.array(c, np.float32) for c in (red, brown, (42, 38, 185), (38, 72, 112))]
    >>> sorted(assign_colours(units, ["brown", "red"], VisionConfig()).items())
    [('brown', (39, 71, 114)), ('red', (41, 39, 188))]
    """
    wgt = config.brightness_weight
    f = features(np.array(units, np.float32), wgt)
    # A canoe seen alone gives its colour as seen: one clear of the glare.
    groups = best_groups(units, len(players), config, None if as_seen is None else
                         [white <= config.setup_glare_white for _, white in as_seen], lit)[1]
    if not groups:
        raise SetupError("setup photo: every canoe seen without its twin lies in a glare "
                         "spot's light")
    means = [np.mean([units[i] for i in group], axis=0) for group in groups]
    # Twins must look alike in chroma (a shadow only darkens one; glare washes it out)...
    apart = (0.0, 0)
    for i, group in enumerate(groups):
        if len(group) == 1:
            continue
        a, b = group
        gap = float(np.linalg.norm(f[a, :2] - f[b, :2]))
        if gap <= config.pair_colour_tolerance:
            continue
        # ...unless one is the other under a glare spot (its colour plus white light):
        # the other shows the canoes' colour.
        twin = glared_twin(units[a], units[b], config)
        if twin is not None and lit is not None and \
                lit[(b, a)[twin]] - lit[(a, b)[twin]] < config.pair_glare_lit:
            twin = None  # no more of a glare spot's light on the brighter
        if twin is None and lit is not None and (
                fit := glare_fit(units[a], units[b], lit[a], lit[b], config)) is not None:
            twin = fit[0]  # the brighter's channels at the camera's top: a looser fit
        if twin is not None:
            means[i] = np.asarray(units[(a, b)[twin]], np.float64)
        else:
            apart = max(apart, (gap, i))
    if as_seen is not None:
        for i, group in enumerate(groups):
            colour, white = min((as_seen[j] for j in group), key=lambda seen: seen[1])
            if white <= config.setup_glare_white:
                means[i] = np.asarray(colour, np.float64)
            elif len(group) == 1 or clear:
                raise SetupError("setup photo: a glare spot's light lies on every canoe "
                                 "of a colour")
    pf = features(np.array(means, np.float32), wgt)
    for i, group in enumerate(groups):
        if len(group) == 1 and any(
                float(np.linalg.norm(pf[i] - pf[j])) <= config.pair_colour_tolerance
                for j in range(len(groups)) if j != i):
            raise SetupError("setup photo: a canoe seen without its twin looks like another "
                             "colour's")
    # Two pairs as alike as twins are four canoes of one colour: a canoe taken for two
    # (its well splitting it) and one not seen (a canoe the colour of the sand).
    apart_twins = pair_distances(units, config, lit)
    twins = [float(apart_twins[g[0], g[1]]) if len(g) == 2 else 0.0 for g in groups]
    # (The nearer twins: a pair with one twin in shade lies further apart, as brown
    # and yellow, one chroma, do.)
    # (And any two pairs nearer than ``pair_alike_floor``, however alike their twins.)
    if any(float(np.linalg.norm(pf[i] - pf[j])) <= max(config.pair_alike_floor, min(
            config.pair_colour_tolerance, config.pair_alike_ratio * min(twins[i], twins[j])))
           for i in range(len(groups)) for j in range(i + 1, len(groups))):
        raise SetupError("setup photo: two pairs of canoes look alike, as if one colour had "
                         "four canoes: a canoe may be taken for two and another not seen "
                         "(one the colour of the sand?); put every canoe on the beach, "
                         "apart, in view, and take the photo again")
    protos = features(np.array([DEFAULT_CANOE_BGR[c] for c in players], np.float32), wgt)
    cost = np.linalg.norm(pf[:, None] - protos[None], axis=2)

    def total(perm: tuple[int, ...]) -> float:
        return sum(float(cost[i, perm[i]]) for i in range(len(perm)))

    def in_order(perm: tuple[int, ...]) -> bool:
        # Of two colours far apart in brightness (yellow and brown), the brighter's canoes
        # look brighter whatever the light.
        return all((pf[i, 2] - pf[j, 2]) * (protos[perm[i], 2] - protos[perm[j], 2]) >= 0
                   for i in range(len(perm)) for j in range(len(perm))
                   if abs(protos[perm[i], 2] - protos[perm[j], 2]) >= config.pair_order_brightness)

    perms = list(itertools.permutations(range(len(players))))
    order = min(perms, key=total)
    if not in_order(order):
        # Matched by colour alone, a brighter colour's canoes took a darker one's: the
        # nearest match in brightness order, unless much further (the light is odd).
        keeping = [p for p in perms if in_order(p)]
        if keeping and total(best := min(keeping, key=total)) <= total(order) + \
                config.pair_order_slack:
            order = best
    if apart[0] > config.pair_colour_tolerance:
        raise SetupError(f"setup photo: the two {players[order[apart[1]]]} canoes look "
                         "different (a glare spot or a deep shadow on one of them?); take the "
                         "photo again without it")
    # Which canoes are twins must be clear: two pairs whose canoes pair up the other way
    # nearly as well, in share and in distance (red and brown under warm light, one of
    # them in a glare spot's light), may be two of each colour swapped, and every canoe of
    # both read wrongly.
    if config.pair_swap_ratio > 0:
        d = apart_twins
        pairs = [(i, g) for i, g in enumerate(groups) if len(g) == 2]
        for (i, (a, b)), (j, (c, e)) in itertools.combinations(pairs, 2):
            kept = float(d[a, b] + d[c, e])
            swapped = min(float(d[a, c] + d[b, e]), float(d[a, e] + d[b, c]))
            if swapped < config.pair_swap_ratio * kept and swapped - kept < config.pair_swap_gap:
                one, two = sorted((players[order[i]], players[order[j]]))
                raise SetupError(f"setup photo: the {one} and {two} canoes look too alike "
                                 "to tell which are twins (warm light, or a glare spot on "
                                 "some of them?); light the table evenly and take the photo "
                                 "again")
    return {players[order[i]]: to_bgr(means[i]) for i in range(len(groups))}
