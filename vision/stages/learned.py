"""A learned slot reader: a small network for what the rules leave unknown on the river.

The reading rules (the other stages) say ``unknown`` wherever they are unsure, and on
boards painted unlike the tuning art they are unsure of about one clear slot in
twenty-five, and of the gem of about one canoe in six. This stage looks again at those
slots only, never changing what the rules read (they read about one slot in 10,000
wrongly): from two 80 mm patches of the white-balanced rectified view, the frame's and
the setup photo's (``TableLook.slot_patches``, learned with the table profile), it gives
whether something covers the slot (a hand, a canoe between two slots, a glare spot: then
it does not answer), per canoe colour how many canoes (none, one, two) stand on it,
whether its disc is there, and the gem of each colour's lone canoe. Its answer is used
only where it is nearly sure (``VisionConfig.learned_confidence``,
``learned_gem_confidence``) and agrees with the game's counts.

The network (three pairs of 3x3 convolutions of 24, 48 and 64 channels, each pair
halving the patch, then 128 units; 312k weights) is trained on the synthetic renderer's
tuning art families only by ``benchmarks/vision_learned.py --export``, which writes
``vision/data/slot_reader.npz`` (batch norm folded into the convolutions). Here it runs
in NumPy: no learning library is needed at the table.

>>> reader = SlotReader.load()
>>> x = np.zeros((2, PATCH_PX, PATCH_PX, 6), np.uint8)
>>> got = reader.predict(x)
>>> got.counts.shape, got.discs.shape, got.hidden.shape, got.gems.shape
((2, 6, 3), (2, 2), (2, 2), (2, 6, 6))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import cache, wraps
from pathlib import Path
from typing import NamedTuple, ParamSpec, TypeVar

import cv2
import numpy as np

from vision.observation import UNKNOWN
from vision.stages.geometry import Geometry, design
from vision.stages.light import Light
from vision.types import Floats, Image

COLOURS = ("red", "green", "yellow", "blue", "brown", "joe")
"""The canoe colours the network counts, in its output order."""
GEMS = (None, "violet", "white", "yellow", "blue", "pink")
"""What the network says a canoe carries, in its output order: nothing or a gem colour
(``companion.board.GEM_COLOURS``)."""
OUTPUTS = 3 * len(COLOURS) + 2 + 2 + len(COLOURS) * len(GEMS)
"""The network's outputs, in order: per colour none/one/two canoes, no disc/a disc,
clear/hidden, per colour the gem of its one canoe (``GEMS``)."""
WINDOW_MM = 80.0
"""How much of the board a patch shows around its slot's centre (mm across): the slot,
its disc and a canoe whose top leans off the slot under a tilted camera."""
PATCH_PX = 40
"""A patch's side in pixels (the network's input)."""
WEIGHTS = Path(__file__).resolve().parents[1] / "data" / "slot_reader.npz"
DISC_WINDOW_MM = 56.0
"""How much of the board a disc patch shows around its slot's centre (mm across): the
disc (45 mm) and a little riverbed all round, for the disc reader."""
DISC_PATCH_PX = 56
"""A disc patch's side in pixels: the rectified view's own millimetre a pixel, where a
rim showing between two canoes is a pixel or two wide."""
DISC_OUTPUTS = 4
"""The fine reader's first outputs, in order: no disc/a disc, clear/hidden (then, where
its weights have them, per colour the gem of its one canoe: ``len(COLOURS) *
len(GEMS)``)."""
DISC_WEIGHTS = Path(__file__).resolve().parents[1] / "data" / "disc_reader.npz"
GEM_WEIGHTS = Path(__file__).resolve().parents[1] / "data" / "gem_reader.npz"
PAIR_WEIGHTS = Path(__file__).resolve().parents[1] / "data" / "pair_reader.npz"
"""The pair reader: the fine readers' kind, its outputs after :data:`DISC_OUTPUTS` per
colour (``COLOURS``) and gem (``GEMS``) whether none, one or two of that colour's canoes
on the slot carry that gem (``benchmarks/vision_discs.py --pairs``)."""


_FRAME: ContextVar[dict[tuple[int, bytes], Floats] | None] = ContextVar("_FRAME", default=None)
"""Within :func:`one_frame`: each network's outputs per input row already worked out."""


@contextmanager
def one_frame() -> Iterator[None]:
    """Within it, a network asked again about an input it has already answered (the same
    slot's patches, asked by another stage of the same frame's reading) gives that answer
    without running again: at 640x480 two in five of the fine readers' runs were such
    repeats. Nested, the outer frame's answers are kept; after it, none is (no memory
    held between frames)."""
    if _FRAME.get() is not None:
        yield
        return
    token = _FRAME.set({})
    try:
        yield
    finally:
        _FRAME.reset(token)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def per_frame(read: Callable[_P, _R]) -> Callable[_P, _R]:
    """``read`` run within :func:`one_frame`."""
    @wraps(read)
    def within(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with one_frame():
            return read(*args, **kwargs)
    return within


def slot_patches(rectified: Image, light: Light, geo: Geometry,
                 slots: Sequence[int], window_mm: float = WINDOW_MM,
                 px: int = PATCH_PX) -> Image:
    """Per slot index, its ``window_mm`` square of the rectified view balanced to the
    markers' white, ``px`` across: ``(len(slots), px, px, 3)`` BGR uint8. Beyond the
    view's edge the edge is repeated."""
    h, w = rectified.shape[:2]
    side = max(px, round(window_mm * geo.k))
    out = np.zeros((len(slots), px, px, 3), np.uint8)
    for n, s in enumerate(slots):
        x, y = geo.slot_xy[s]
        x0 = round(float(x) - side / 2)
        y0 = round(float(y) - side / 2)
        ys = np.clip(np.arange(y0, y0 + side), 0, h - 1)
        xs = np.clip(np.arange(x0, x0 + side), 0, w - 1)
        crop = rectified[ys[:, None], xs[None, :]].reshape(-1, 3)
        idx = (ys[:, None] * w + xs[None, :]).ravel()
        balanced = np.clip(light.balance(crop, design(idx, w)), 0, 255).astype(np.uint8)
        out[n] = balanced.reshape(side, side, 3) if side == px else cv2.resize(
            balanced.reshape(side, side, 3), (px, px), interpolation=cv2.INTER_AREA)
    return out


def network_input(now: Image, then: Image) -> Floats:
    """The network's input from the frame's and the setup photo's patches (``(n, PATCH_PX,
    PATCH_PX, 3)`` uint8 each): both less the setup patch's mean colour, and their
    difference, ``(n, PATCH_PX, PATCH_PX, 9)`` float32 (channels last)."""
    a = now.astype(np.float32) / np.float32(255)
    b = then.astype(np.float32) / np.float32(255)
    mean = b.mean(axis=(1, 2), keepdims=True)
    return np.concatenate([a - mean, b - mean, a - b], axis=3)


class Answers(NamedTuple):
    """The network's probabilities for ``n`` slot patches."""

    counts: Floats
    """``(n, len(COLOURS), 3)``: none, one or two canoes of each colour on the slot."""
    discs: Floats
    """``(n, 2)``: no disc, a disc."""
    hidden: Floats
    """``(n, 2)``: the slot clear, or hidden (a hand, a canoe between slots, glare over
    it), where the other answers mean nothing."""
    gems: Floats
    """``(n, len(COLOURS), len(GEMS))``: the gem of the one canoe of each colour there
    (meaningful only where there is one)."""


def answers(logits: Floats) -> Answers:
    """The probabilities from the network's raw outputs (``(n, OUTPUTS)``)."""
    k = 3 * len(COLOURS)
    n = len(logits)
    return Answers(_softmax(logits[:, :k].reshape(n, len(COLOURS), 3)),
                   _softmax(logits[:, k:k + 2]), _softmax(logits[:, k + 2:k + 4]),
                   _softmax(logits[:, k + 4:].reshape(n, len(COLOURS), len(GEMS))))


@dataclass(frozen=True)
class SlotReader:
    """The trained network's weights, and its forward pass in NumPy."""

    convs: tuple[tuple[Floats, Floats], ...]
    """Per convolution, its ``(3, 3, in, out)`` weights and ``(out,)`` bias (batch norm
    folded in); each second one followed by a 2x2 max pool."""
    hidden: tuple[Floats, Floats]
    """The fully connected layer: ``(in, 128)`` weights (inputs in channels-last order)
    and bias."""
    out: tuple[Floats, Floats]
    """The output layer: ``(128, OUTPUTS)`` weights and bias."""

    @staticmethod
    @cache
    def load(path: Path = WEIGHTS) -> SlotReader:
        """The weights file (``benchmarks/vision_learned.py --export``).

        :raises FileNotFoundError: the file is missing (the package is incomplete).
        """
        if not Path(path).is_file():
            raise FileNotFoundError(f"the learned slot reader's weights {path} are missing: "
                                    "the vision package is incomplete; install it again")
        with np.load(path) as f:
            n = int(f["convs"])
            convs = tuple((f[f"conv{i}_w"].astype(np.float32), f[f"conv{i}_b"].astype(
                np.float32)) for i in range(n))
            return SlotReader(convs, (f["fc1_w"].astype(np.float32),
                                      f["fc1_b"].astype(np.float32)),
                              (f["fc2_w"].astype(np.float32), f["fc2_b"].astype(np.float32)))

    def logits(self, x: Floats) -> Floats:
        """The raw outputs for ``network_input`` rows (within :func:`one_frame`, rows
        already answered there are not run again)."""
        memo = _FRAME.get()
        if memo is None or not len(x):
            return self._logits(x)
        # (Keyed by the input's bytes themselves: an exact match, and Python hashes them
        # five times as fast as a digest would.)
        keys = [(id(self), row.tobytes()) for row in x]
        todo: dict[tuple[int, bytes], int] = {}
        for n, key in enumerate(keys):
            if key not in memo:
                todo.setdefault(key, n)
        if todo:
            # (All rows new, as most often: the same batch as without the memo.)
            rows = list(todo.values())
            got = self._logits(x if len(rows) == len(x) else x[rows])
            memo.update(zip(todo, got, strict=True))
        return np.stack([memo[key] for key in keys])

    def _logits(self, x: Floats) -> Floats:
        """The forward pass."""
        for i, (w, b) in enumerate(self.convs):
            x = _conv3x3(x, w, b)
            if i % 2 == 1:
                n, h, wd, c = x.shape
                x = x.reshape(n, h // 2, 2, wd // 2, 2, c).max(axis=(2, 4))
        x = x.reshape(len(x), -1)
        x = np.maximum(x @ self.hidden[0] + self.hidden[1], 0)
        return np.asarray(x @ self.out[0] + self.out[1], np.float32)

    def predict(self, patches: Image, setup: Image | None = None) -> Answers:
        """Per patch, the network's :class:`Answers`. ``patches``: the frame's and the
        setup photo's patches side by side, ``(n, PATCH_PX, PATCH_PX, 6)``, or the
        frame's with ``setup`` the setup photo's."""
        if setup is None:
            patches, setup = patches[..., :3], patches[..., 3:]
        return answers(self.logits(network_input(patches, setup)))


def _conv3x3(x: Floats, w: Floats, b: Floats) -> Floats:
    """A 3x3 convolution, padding 1, then ReLU, channels last: the sum of nine shifted
    matrix products."""
    n, h, wd, c = x.shape
    pad = np.zeros((n, h + 2, wd + 2, c), np.float32)
    pad[:, 1:-1, 1:-1] = x
    out = np.empty((n, h, wd, w.shape[3]), np.float32)
    out[:] = b
    for dy in range(3):
        for dx in range(3):
            out += pad[:, dy:dy + h, dx:dx + wd] @ w[dy, dx]
    return np.maximum(out, 0, out=out)


def _softmax(z: Floats) -> Floats:
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return np.asarray(e / e.sum(axis=-1, keepdims=True), np.float32)


MOVING = ("on its way", "across two positions", "between slots", "between two slots")
"""Words of a reason (``ReadingDebug.why``) that say a canoe on the move may lie over the
slot (caught between two slots, or carried): the network is asked there, but its answer
is kept only where every canoe in play is then seen (:func:`vision.read.learned_slots`).
It tells a slot under a hand or a glare spot hidden itself; a canoe between two slots it
is not sure enough of (reporting 50120072, 50120182, 51120251: a canoe half way from T5
to L1 or R1, seen nowhere, read as not on T5)."""


COVERS = ("covered", "darker than at setup", "hand")
"""Words of a reason that say a hand or a sleeve lies over the position: a canoe may lie
unseen under it."""


def _says(reason: str | None, words: Sequence[str]) -> bool:
    """Whether an unknown position's reason holds any of ``words``."""
    return reason is not None and any(word in reason for word in words)


def covered_by(reason: str | None) -> bool:
    """Whether an unknown position's reason says a hand or a sleeve covers it."""
    return _says(reason, COVERS)


UNCOUNTED = ("canoe-like area unread", "canoe count unclear")
"""Words of a reason that say the rules saw canoes on the slot but could not count them."""


def uncounted_by(reason: str | None) -> bool:
    """Whether an unknown slot's reason says the rules could not count its canoes."""
    return _says(reason, UNCOUNTED)


def moving_by(reason: str | None) -> bool:
    """Whether an unknown slot's reason says a canoe on the move may lie over it."""
    return _says(reason, MOVING)


@dataclass(frozen=True)
class SlotRead:
    """What the learned reader is sure of on one slot: it is sure the slot is clear and of
    how many canoes of each colour stand there (``canoes``, each with its gem: a colour,
    None, or ``UNKNOWN`` where it is less sure of that); ``disc`` None where it is not
    sure of the disc."""

    disc: bool | None
    canoes: tuple[tuple[str, str | None], ...]
    sure: float = field(default=1.0, compare=False)
    """Its least probability among the slot being clear and each colour's count."""
    absent: Mapping[str, float] = field(default_factory=dict, compare=False)
    """Per colour, how likely it says no canoe of that colour stands there."""

    @property
    def colours(self) -> list[str]:
        return sorted(c for c, _ in self.canoes)


def read_learned(rectified: Image, light: Light, geo: Geometry, setup: Image,
                 ask: Sequence[int], confidence: float, gem_confidence: float,
                 clear_confidence: float,
                 disc_confidence: float | None = None) -> dict[int, SlotRead]:
    """The learned reader's answer for the slot indices ``ask`` where it is at least
    ``clear_confidence`` sure that nothing covers the slot and ``confidence`` sure of every
    colour's count; the disc where it is that sure of it too (or ``disc_confidence``) and
    fewer than two canoes stand on it, each lone canoe's gem where it is
    ``gem_confidence`` sure (over 1: no gem; two canoes of one colour: their gems
    ``UNKNOWN``)."""
    if not ask:
        return {}
    got = SlotReader.load().predict(slot_patches(rectified, light, geo, ask),
                                    setup[list(ask)])
    counted = got.counts.max(axis=2).min(axis=1)
    least = np.minimum(counted, got.hidden[:, 0])
    sure = (counted >= confidence) & (got.hidden[:, 0] >= clear_confidence)
    out: dict[int, SlotRead] = {}
    for n, s in enumerate(ask):
        if not sure[n]:
            continue
        canoes: list[tuple[str, str | None]] = []
        for k, colour in enumerate(COLOURS):
            many = int(got.counts[n, k].argmax())
            gem = GEMS[int(got.gems[n, k].argmax())] if many == 1 and float(
                got.gems[n, k].max()) >= gem_confidence else UNKNOWN
            canoes.extend((colour, gem) for _ in range(many))
        # A disc under two canoes is often hidden whole: left to the rules (reporting
        # 50030034, 50070157, 50110260: a gone disc under two canoes read as there).
        disc = bool(got.discs[n].argmax() == 1) if float(
            got.discs[n].max()) >= (confidence if disc_confidence is None else
                                    disc_confidence) and len(canoes) < 2 else None
        out[s] = SlotRead(disc, tuple(canoes), float(least[n]), {
            colour: float(got.counts[n, k, 0]) for k, colour in enumerate(COLOURS)})
    return out


def slot_gems(rectified: Image, light: Light, geo: Geometry, setup: Image,
              gems_at: Mapping[int, Sequence[str]], confidence: float,
              clear_confidence: float) -> dict[int, dict[str, str | None]]:
    """The learned slot reader's gem, per slot index of ``gems_at`` and per colour asked
    there, of that colour's lone canoe, where it is ``confidence`` sure of the gem (None:
    an empty canoe) and ``clear_confidence`` sure that nothing covers the slot, whatever
    it says of the canoes' count (that is the rules' to read). ``setup``: every slot's
    patch at setup."""
    slots = sorted(s for s, colours in gems_at.items() if colours)
    if not slots:
        return {}
    got = SlotReader.load().predict(slot_patches(rectified, light, geo, slots),
                                    setup[slots])
    out: dict[int, dict[str, str | None]] = {}
    for n, s in enumerate(slots):
        if float(got.hidden[n, 0]) < clear_confidence:
            continue
        sure = {c: GEMS[int(p.argmax())] for c in gems_at[s] if c in COLOURS and float(
            (p := got.gems[n, COLOURS.index(c)]).max()) >= confidence}
        if sure:
            out[s] = sure
    return out


def slot_doubts(rectified: Image, light: Light, geo: Geometry, setup: Image,
                named: Mapping[int, Mapping[str, str | None]], confirm: float,
                clear_confidence: float) -> dict[int, set[str]]:
    """Per slot index of ``named`` (per colour asked there, the gem another reader named
    for its lone canoe), the colours whose gem the learned slot reader gives less than
    ``confirm`` of its belief, where it is ``clear_confidence`` sure that nothing covers
    the slot. ``setup``: every slot's patch at setup."""
    slots = sorted(s for s, colours in named.items() if colours)
    if not slots:
        return {}
    got = SlotReader.load().predict(slot_patches(rectified, light, geo, slots),
                                    setup[slots])
    out: dict[int, set[str]] = {}
    for n, s in enumerate(slots):
        if float(got.hidden[n, 0]) < clear_confidence:
            continue
        weak = {c for c, g in named[s].items() if c in COLOURS and g in GEMS and float(
            got.gems[n, COLOURS.index(c), GEMS.index(g)]) < confirm}
        if weak:
            out[s] = weak
    return out


def gem_beliefs(rectified: Image, light: Light, geo: Geometry, setup: Image,
                disc_setup: Image, asked: Mapping[int, Sequence[str]],
                clear_confidence: float) -> dict[int, dict[str, list[dict[str | None, float]]]]:
    """Both learned readers' belief in each gem (``GEMS``; None: an empty canoe) for the
    lone canoe of each colour asked per slot index: ``[slot reader's, gem reader's]``, each
    left out where that reader is under ``clear_confidence`` sure that nothing covers the
    slot. ``setup``: every slot's patch at setup; ``disc_setup``: every slot's disc patch
    (:data:`DISC_PATCH_PX` across, :data:`DISC_WINDOW_MM` of the board)."""
    slots = sorted(s for s, colours in asked.items() if colours)
    if not slots:
        return {}
    got = SlotReader.load().predict(slot_patches(rectified, light, geo, slots),
                                    setup[slots])
    patches = slot_patches(rectified, light, geo, slots, DISC_WINDOW_MM, DISC_PATCH_PX)
    z = SlotReader.load(GEM_WEIGHTS).logits(network_input(patches, disc_setup[slots]))
    clear = _softmax(z[:, 2:4])[:, 0]
    fine = _softmax(z[:, DISC_OUTPUTS:].reshape(len(slots), len(COLOURS), len(GEMS)))
    out: dict[int, dict[str, list[dict[str | None, float]]]] = {}
    for n, s in enumerate(slots):
        for c in asked[s]:
            if c not in COLOURS:
                continue
            said = []
            for sure, p in ((float(got.hidden[n, 0]), got.gems[n, COLOURS.index(c)]),
                            (float(clear[n]), fine[n, COLOURS.index(c)])):
                if sure >= clear_confidence:
                    said.append({g: float(q) for g, q in zip(GEMS, p, strict=True)})
            out.setdefault(s, {})[c] = said
    return out


def slot_counts(rectified: Image, light: Light, geo: Geometry, setup: Image,
                ask: Sequence[int], colours: Sequence[str],
                covered: dict[int, float] | None = None,
                present: dict[int, float] | None = None,
                ) -> dict[int, dict[str, tuple[float, ...]]]:
    """Per slot index of ``ask``, per colour of ``colours`` the learned slot reader
    counts, how likely it says none, one and two canoes of that colour stand there,
    whatever it says of the slot being covered (a glare spot's light over a canoe it still
    sees). ``setup``: every slot's patch at setup. ``covered``, where given, is filled
    with how likely it says something covers each slot asked, ``present`` with how
    likely it says a disc lies there."""
    slots = sorted(set(ask))
    named = [c for c in colours if c in COLOURS]
    if not slots or not named:
        return {}
    got = SlotReader.load().predict(slot_patches(rectified, light, geo, slots),
                                    setup[slots])
    if covered is not None:
        covered.update({s: float(got.hidden[n, 1]) for n, s in enumerate(slots)})
    if present is not None:
        present.update({s: float(got.discs[n, 1]) for n, s in enumerate(slots)})
    return {s: {c: tuple(float(p) for p in got.counts[n, COLOURS.index(c)]) for c in named}
            for n, s in enumerate(slots)}


def slot_discs(rectified: Image, light: Light, geo: Geometry, setup: Image,
               ask: Sequence[int]) -> dict[int, float]:
    """Per slot index of ``ask``, how likely the learned slot reader says a disc lies
    there (whatever it says of the slot being covered). ``setup``: every slot's patch at
    setup."""
    slots = sorted(set(ask))
    if not slots:
        return {}
    got = SlotReader.load().predict(slot_patches(rectified, light, geo, slots),
                                    setup[slots])
    return {s: float(got.discs[n, 1]) for n, s in enumerate(slots)}


def disc_beliefs(rectified: Image, light: Light, geo: Geometry, setup: Image,
                 ask: Sequence[int]) -> dict[int, float]:
    """Per slot index of ``ask``, how likely the fine disc reader (:func:`read_fine`'s)
    says a disc lies there (whatever it says of the slot being covered). ``setup``: every
    slot's disc patch at setup."""
    slots = sorted(set(ask))
    if not slots:
        return {}
    patches = slot_patches(rectified, light, geo, slots, DISC_WINDOW_MM, DISC_PATCH_PX)
    p = _disc_odds(network_input(patches, setup[slots]))
    return {s: float(p[n, 0, 1]) for n, s in enumerate(slots)}


def _disc_odds(x: Floats) -> Floats:
    """The fine disc reader's answers on network inputs ``x``: per input, no disc / a
    disc, then clear / hidden, each pair summing to 1."""
    return _softmax(SlotReader.load(DISC_WEIGHTS).logits(x)[:, :4].reshape(-1, 2, 2))


@dataclass(frozen=True)
class FineRead:
    """What the fine reader is sure of on one slot: its disc (None: not sure), and the
    gem of each asked colour's lone canoe there it is sure of (``None``: no gem); where
    its disc was asked, how sure the disc reader is that nothing covers the slot."""

    disc: bool | None
    gems: dict[str, str | None]
    disc_clear: float | None = field(default=None, compare=False)


def read_fine(rectified: Image, light: Light, geo: Geometry, setup: Image,
              discs_at: Sequence[int], gems_at: Mapping[int, Sequence[str]],
              confidence: float, gem_confidence: float,
              clear_confidence: float, *,
              leans: Mapping[int, Mapping[str, str | None]] | None = None,
              agree_confidence: float = 2.0,
              agree_clear: float = 2.0, veto: bool = False,
              own_agree_confidence: float | None = None,
              present_confidence: float | None = None,
              gone_confidence: Mapping[int, float] | None = None,
              crowd_present: Mapping[int, tuple[float, float]] | None = None,
              ) -> dict[int, FineRead]:
    """The fine readers' answers, at the rectified view's own millimetre a pixel: for the
    slot indices ``discs_at`` the disc reader's, where it is ``confidence`` sure of the
    disc (of a disc there: ``present_confidence``, if given; of a disc gone on a slot of
    ``gone_confidence``: as sure as that gives; on a slot of ``crowd_present``, a disc
    there also where it is the first of the pair sure of it and the second sure that
    nothing covers the slot); for those of ``gems_at``
    (each with the colours whose lone canoe's gem is wanted there) the gem reader's,
    where it is ``gem_confidence`` sure of a gem; each only where that reader is
    ``clear_confidence`` sure that nothing covers the slot.
    Where another reader leans to a gem (``leans``: per slot index, per colour, a gem or
    ``None`` for an empty canoe), the gem reader's answer is also taken where it says the
    same ``agree_confidence`` sure and is ``agree_clear`` sure that nothing covers the
    slot (a gem of the canoe's own colour, a yellow gem in a yellow canoe:
    ``own_agree_confidence`` sure, if given, and no less than ``agree_confidence``); with
    ``veto``, never where it says otherwise (two readers disagree).
    ``setup``: every slot's disc patch at setup (:data:`DISC_PATCH_PX` across,
    :data:`DISC_WINDOW_MM` of the board).

    Both networks (``vision/data/disc_reader.npz`` and ``gem_reader.npz``, by
    ``benchmarks/vision_discs.py --export``) are the slot reader's kind
    (:class:`SlotReader`: three pairs of 3x3 convolutions, here of 16, 32 and 48
    channels, then 64 units) on the same nine input channels (:func:`network_input`): a
    rim showing between two canoes is a pixel or two wide here, a gem a few pixels. Their
    outputs: no disc / a disc, clear / hidden, and the gem reader's then per colour
    (``COLOURS``) the gem of its one canoe on the slot (``GEMS``).

    The answers per slot index: every slot of ``discs_at`` (with how sure the disc reader
    is that nothing covers it, ``FineRead.disc_clear``, whether or not it names the
    disc), and the other slots where a gem is named."""
    slots = sorted({*discs_at, *gems_at})
    if not slots:
        return {}
    present = confidence if present_confidence is None else present_confidence
    patches = slot_patches(rectified, light, geo, slots, DISC_WINDOW_MM, DISC_PATCH_PX)
    x = network_input(patches, setup[slots])
    out = {s: FineRead(None, {}) for s in slots}
    rows = [n for n, s in enumerate(slots) if s in discs_at]
    if rows:
        p = _disc_odds(x[rows])
        gone = gone_confidence or {}
        for n, k in enumerate(rows):
            there, there_clear = (crowd_present or {}).get(slots[k], (2.0, 2.0))
            disc = None
            if p[n, 0, 1] >= there and p[n, 1, 0] >= there_clear:
                disc = True
            elif p[n, 1, 0] >= clear_confidence and (
                    p[n, 0, 0] >= gone.get(slots[k], confidence) or p[n, 0, 1] >= present):
                disc = bool(p[n, 0, 1] > p[n, 0, 0])
            out[slots[k]] = FineRead(disc, {}, float(p[n, 1, 0]))
    rows = [n for n, s in enumerate(slots) if gems_at.get(s)]
    if rows:
        z = SlotReader.load(GEM_WEIGHTS).logits(x[rows])
        clear = _softmax(z[:, 2:4])[:, 0]
        gems = _softmax(z[:, DISC_OUTPUTS:].reshape(len(rows), len(COLOURS), len(GEMS)))
        for n, k in enumerate(rows):
            leaning = (leans or {}).get(slots[k], {})
            named = {}
            for c in gems_at[slots[k]]:
                if c not in COLOURS:
                    continue
                p_c = gems[n, COLOURS.index(c)]
                said, sure = GEMS[int(p_c.argmax())], float(p_c.max())
                if veto and c in leaning and leaning[c] != said:
                    continue
                agree = agree_confidence if own_agree_confidence is None or said != c \
                    else max(agree_confidence, own_agree_confidence)
                if (clear[n] >= clear_confidence and sure >= gem_confidence) or (
                        clear[n] >= agree_clear and sure >= agree
                        and c in leaning and leaning[c] == said):
                    named[c] = said
            out[slots[k]] = replace(out[slots[k]], gems=named)
    return {s: r for s, r in out.items()
            if r.disc is not None or r.gems or r.disc_clear is not None}


def read_pairs(rectified: Image, light: Light, geo: Geometry, setup: Image,
               pairs_at: Mapping[int, Sequence[str]], confidence: float,
               clear_confidence: float, empty: dict[int, dict[str, float]] | None = None,
               lean: float = 0.0) -> dict[int, dict[str, tuple[str | None, ...]]]:
    """The pair reader's answer for the two canoes of one colour on a slot: per slot index
    of ``pairs_at`` (each with the colours that have two canoes there), per colour the
    gems its two canoes carry (None: an empty canoe), where the reader is ``confidence``
    sure how many of them carry each gem, those counts make two canoes, and it is
    ``clear_confidence`` sure that nothing covers the slot. ``setup``: every slot's disc
    patch at setup, as for :func:`read_fine`.

    The slot reader and the gem reader name only a lone canoe's gem; two canoes of one
    colour touching side by side or end to end are one patch of that colour to the rules,
    whose split is a guess where a gem blurs into its hull.

    ``empty``, when given, gets per slot it is that sure is clear, per colour asked, how
    sure it is that both canoes are empty; 1 where it does not lean, ``lean`` sure of
    each gem's count, to two canoes of which one or both carry a gem."""
    slots = sorted(s for s, colours in pairs_at.items() if colours)
    if not slots:
        return {}
    clear, held = _pair_outputs(rectified, light, geo, setup, slots)
    out: dict[int, dict[str, tuple[str | None, ...]]] = {}
    for n, s in enumerate(slots):
        if float(clear[n]) < clear_confidence:
            continue
        if empty is not None:
            empty[s] = {}
            for c in (c for c in pairs_at[s] if c in COLOURS):
                p = held[n, COLOURS.index(c)]
                leans = pair_of(p, lean) or ()
                empty[s][c] = float(p[0, 2]) if any(g is not None for g in leans) else 1.0
        named: dict[str, tuple[str | None, ...]] = {}
        for c in pairs_at[s]:
            if c in COLOURS and (gems := pair_of(held[n, COLOURS.index(c)],
                                                 confidence)) is not None:
                named[c] = gems
        if named:
            out[s] = named
    return out


def _pair_outputs(rectified: Image, light: Light, geo: Geometry, setup: Image,
                  slots: list[int]) -> tuple[Floats, Floats]:
    """The pair reader on ``slots``: how sure it is that nothing covers each, and
    :func:`held_gems`."""
    patches = slot_patches(rectified, light, geo, slots, DISC_WINDOW_MM, DISC_PATCH_PX)
    z = SlotReader.load(PAIR_WEIGHTS).logits(network_input(patches, setup[slots]))
    return _softmax(z[:, 2:4])[:, 0], held_gems(z[:, DISC_OUTPUTS:])


def pair_denies(rectified: Image, light: Light, geo: Geometry, setup: Image,
                named: Mapping[int, Mapping[str, Sequence[str | None]]], confidence: float,
                clear_confidence: float) -> dict[int, dict[str, set[str | None]]]:
    """Per slot index of ``named`` (per colour with two canoes there, the gems named for
    them), the gems named that the pair reader is ``confidence`` sure none of that
    colour's canoes there carries, where it is ``clear_confidence`` sure that nothing
    covers the slot. ``setup``: every slot's disc patch at setup, as for
    :func:`read_fine`."""
    slots = sorted(s for s, colours in named.items() if colours)
    if not slots:
        return {}
    clear, held = _pair_outputs(rectified, light, geo, setup, slots)
    out: dict[int, dict[str, set[str | None]]] = {}
    for n, s in enumerate(slots):
        if float(clear[n]) < clear_confidence:
            continue
        for c, gems in named[s].items():
            if c not in COLOURS:
                continue
            denied = {g for g in gems if g in GEMS and float(
                held[n, COLOURS.index(c), GEMS.index(g), 0]) >= confidence}
            if denied:
                out.setdefault(s, {})[c] = denied
    return out


def held_gems(logits: Floats) -> Floats:
    """The pair reader's probabilities from its outputs after :data:`DISC_OUTPUTS`:
    ``(n, len(COLOURS), len(GEMS), 3)``, that none, one or two of that colour's canoes
    on the slot carry that gem (None: an empty canoe)."""
    return _softmax(logits.reshape(len(logits), len(COLOURS), len(GEMS), 3))


def pair_of(p: Floats, confidence: float) -> tuple[str | None, ...] | None:
    """The gems of a colour's two canoes from the pair reader's ``(len(GEMS), 3)``
    probabilities for that colour (:func:`held_gems`), in ``GEMS`` order, where it is
    ``confidence`` sure of every gem's count and those counts make two canoes; else
    None."""
    counts = p.argmax(axis=-1)
    if int(counts.sum()) != 2 or float(p.max(axis=-1).min()) < confidence:
        return None
    return tuple(GEMS[g] for g in np.flatnonzero(counts) for _ in range(int(counts[g])))
