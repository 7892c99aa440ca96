"""The learned slot reader: train it (and export its weights for the product), measure it.

It began as a feasibility benchmark (the twenty-fifth session); its network is now the
product's :mod:`vision.stages.learned`, which runs it where the rules leave a slot, or a
slot's disc or gem, unknown. This script trains a small convolutional network on the
synthetic renderer's tuning art families only and scores it on held-out families: per
river slot, whether something hides it (a hand's own pixels within 30 mm of its centre,
``benchmarks/vision_conditions.hand_over``, a canoe drawn between it and the next slot, or
a glare spot washing it out),
the canoe colours (none, one or two of each), whether the disc is there and each lone
canoe's gem, from two 80 mm patches of the rectified, white-balanced view (the frame and
the table's setup photo, which shows every slot with its disc and no canoe).

Scenes are made exactly as ``benchmarks/vision_conditions.py`` makes them (the same
seeds, conditions and caches). A hidden slot teaches only that it is hidden. For the
test scenes the rules' own reading is scored on the same clear slots (a table whose
setup photo they refuse is left out for both).

Needs PyTorch, which the project does not depend on: ``.venv/bin/pip install
torch==2.13.0`` (a CPU build lies on this machine's disk). Usage::

    python benchmarks/vision_learned.py [--train 4:160,6:80,5:80] [--hiding 8:100,9:100]
        [--test-offset 48] [--test-scenes 300] [--epochs 12] [--gem-weight 0.25]
        [--hidden-weight 0.5] [--threads 2] [--cache-train DIR] [--cache-test DIR]
        [--data DIR] [--export vision/data/slot_reader.npz] [--no-test]
        [--glare OFFSET:SCENES,...] [--glare-hidden LEVEL] [--collect-only]

With its defaults and ``--export vision/data/slot_reader.npz --no-test`` it makes the
weights the product ships (about 50 minutes on this machine's two cores: 35 to render
the tuning scenes in two processes, 12 to train).

(``--train``: tuning seed offsets and scenes a condition, on the tuning families;
``--hiding``: more, of the glare, motion and between conditions only; ``--glare``: more,
of the glare condition alone;
``--glare-hidden``: a slot counts hidden by a glare spot only where the spot adds that
share of white over its disc on average, so that slots it washes in part are learned
with their canoes and disc; ``--collect-only``: keep the patches in ``--data`` and stop,
so that two runs given different sets render them in parallel.) Prints, on the
test slots: the network's top-1 rate on clear slots (colours and disc right), the
rules' clear-right rate, and for confidence thresholds the share answered and the
wrong answers among them (the issue allows ``unknown``, not wrong), and the hidden
slots it answered; per condition and per art family; then the rules with the network
filling only the slots the rules missed, where it is that confident (the wrong answers
that adds), its gems, and frames whose every clear slot is right. Seeded: the same
arguments give the same figures on one machine.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchmarks.vision_conditions as vc
from companion.board import SLOTS
from vision.detector import ColourLearningError, Detector, canoes_in_play
from vision.locate import rectify
from vision.stages.geometry import geometry
from vision.stages.learned import (
    COLOURS,
    GEMS,
    OUTPUTS,
    PATCH_PX,
    Answers,
    SlotReader,
    answers,
    network_input,
    slot_patches,
)
from vision.stages.light import measure_light
from vision.synth import REPORTING_FAMILIES, TUNING_FAMILIES, ground_truth

THRESHOLDS = (0.9, 0.99, 0.999)
GLARE = "glare+flicker"
HIDING = (GLARE, "motion", "between")
"""The conditions where a glare spot, a hand or a canoe between slots hides slots."""


def slot_views(det: Detector, frame: np.ndarray) -> np.ndarray:
    """Every river slot's patch of ``frame``, as the product cuts it
    (:func:`vision.stages.learned.slot_patches`: the rectified view balanced to the
    markers' white)."""
    pose = det.locate(frame)
    top = rectify(frame, pose, det.layout, det.config)
    geo = geometry(det.layout, det.config)
    light = measure_light(top.reshape(-1, 3), geo, pose.markers)
    return slot_patches(top, light, geo, range(len(SLOTS)))


def collect(offset: int, scenes: int, families: tuple[str, ...], cache: Path | None,
            rules: bool, conditions: tuple[str, ...] | None = None) -> dict[str, np.ndarray]:
    """Patches and labels of every river slot of ``scenes`` scenes a condition (of
    ``conditions``, or all): ``hidden`` 1 where a hand's own pixels lie over the slot
    (``vc.hand_over``: not every slot a hand comes near, as the benchmark's "covered"
    counts), a canoe is drawn between it and the next, or a glare spot washes it out (its
    other labels then are not learned), canoe
    counts per colour, the disc, and per colour with exactly one canoe there its gem
    (``GEMS`` index; -1: no single canoe of that colour)."""
    x, counts, discs, gems, hidden_, rules_right, meta, scene_of = ([] for _ in range(8))
    covered_, glare_ = [], []
    for index, name in enumerate(vc.CONDITIONS):
        if conditions is not None and name not in conditions:
            continue
        for i in range(scenes):
            made = vc.make_scene(name, index, i, offset, families)
            state, faults, scene, det = made.state, made.faults, made.scene, made.detector
            joe = state.joe is not None
            setup_frame, frame = made.frames(cache, name)
            covered = vc.hand_over(scene) | vc.between_positions(scene, state, faults)
            hidden = covered | vc.washed_out(scene)
            glare = vc.glare_over_slots(scene)
            truth = ground_truth(state, faults=faults)
            seen = None
            if rules:
                try:
                    vc.learn(det, setup_frame, state.players, joe)
                except (ColourLearningError, ValueError):
                    continue  # (the product asks for another photo: read by neither)
                seen = det.analyse(frame, in_play=canoes_in_play(state))
            try:
                now, then = slot_views(det, frame), slot_views(det, setup_frame)
            except ValueError:
                continue  # the board not found
            for s, (a, b) in enumerate(zip(now, then, strict=True)):
                slot = SLOTS[s]
                on = truth.canoes_at(slot)
                n = Counter(c.colour for c in on)
                x.append(np.concatenate([a, b], axis=2))
                counts.append([min(n[c], 2) for c in COLOURS])
                discs.append(int(truth.discs[slot] == "present"))
                gems.append([GEMS.index(next(k.gem for k in on if k.colour == c))
                             if n[c] == 1 else -1 for c in COLOURS])
                hidden_.append(int(slot in hidden))
                covered_.append(int(slot in covered))
                glare_.append(glare[s])
                rules_right.append(-1 if seen is None else int(vc.read_right(seen, truth, slot)))
                meta.append((index, families.index(made.family)))
                scene_of.append((offset, made.seed))
        print(f"  {name}: {len(x)} slots so far", flush=True)
    return {"x": np.array(x, np.uint8), "counts": np.array(counts, np.int64),
            "discs": np.array(discs, np.int64), "gems": np.array(gems, np.int64),
            "hidden": np.array(hidden_, np.int64), "rules": np.array(rules_right, np.int8),
            "meta": np.array(meta, np.int64), "scene": np.array(scene_of, np.int64),
            "covered": np.array(covered_, np.int64), "glare": np.array(glare_, np.float32)}


def glare_hidden(data: dict[str, np.ndarray], level: float) -> dict[str, np.ndarray]:
    """``data`` with ``hidden`` labelled anew: where a hand or a canoe between slots
    covers the slot (``covered``), or a glare spot adds ``level`` of white or more over
    its disc on average (``glare``, ``vc.glare_over_slots``), rather than wherever the
    spot washes any pixel of the disc (``vc.washed_out``, as collected). A slot the spot
    washes only in part is then learned with its canoes and disc."""
    if "glare" not in data:
        raise ValueError("these patches were kept before the glare over each slot was: "
                         "collect them again (remove the --data files)")
    return {**data, "hidden": ((data["covered"] == 1)
                               | (data["glare"] >= level)).astype(np.int64)}


def network(nn, channels: tuple[int, int, int], units: int, patch_px: int,  # type: ignore[no-untyped-def]
            outputs: int):
    """Three pairs of 3x3 convolutions of ``channels`` on the nine input channels, each
    pair halving the ``patch_px`` patch, then ``units`` units and ``outputs``: the kind
    of network :class:`vision.stages.learned.SlotReader` runs."""

    def pair(i: int, o: int):  # type: ignore[no-untyped-def]
        return [nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(),
                nn.Conv2d(o, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2)]

    a, b, c = channels
    side = patch_px // 8
    return nn.Sequential(*pair(9, a), *pair(a, b), *pair(b, c), nn.Flatten(),
                         nn.Linear(c * side * side, units), nn.ReLU(), nn.Dropout(0.2),
                         nn.Linear(units, outputs))


def build(torch, nn):  # type: ignore[no-untyped-def]
    """The network: three pairs of 3x3 convolutions (24, 48, 64 channels), each pair
    halving the patch, then 128 units; outputs (:data:`vision.stages.learned.OUTPUTS`) per
    colour 0/1/2 canoes, the disc, whether the slot is hidden, per colour the gem."""
    return network(nn, (24, 48, 64), 128, PATCH_PX, OUTPUTS)


def inputs(torch, x: np.ndarray):  # type: ignore[no-untyped-def]
    """The product's network input (:func:`vision.stages.learned.network_input`),
    channels first."""
    return torch.from_numpy(network_input(x[..., :3], x[..., 3:])).permute(0, 3, 1, 2)


def export(net, path: Path, patch_px: int = PATCH_PX) -> None:  # type: ignore[no-untyped-def]
    """The trained weights as :class:`vision.stages.learned.SlotReader` reads them: each
    batch norm folded into the convolution before it, channels last."""
    layers = list(net)
    convs = [(c, bn) for c, bn in itertools.pairwise(layers)
             if type(c).__name__ == "Conv2d"]
    arrays: dict[str, np.ndarray] = {"convs": np.array(len(convs))}
    for i, (c, bn) in enumerate(convs):
        scale = (bn.weight / (bn.running_var + bn.eps).sqrt()).detach().numpy()
        w = c.weight.detach().numpy() * scale[:, None, None, None]
        b = (c.bias.detach().numpy() - bn.running_mean.detach().numpy()) * scale \
            + bn.bias.detach().numpy()
        arrays[f"conv{i}_w"] = w.transpose(2, 3, 1, 0).astype(np.float32)
        arrays[f"conv{i}_b"] = b.astype(np.float32)
    fc1, fc2 = [m for m in layers if type(m).__name__ == "Linear"]
    side, channels = patch_px // 8, convs[-1][0].out_channels
    w1 = fc1.weight.detach().numpy().reshape(-1, channels, side, side)
    arrays["fc1_w"] = w1.transpose(2, 3, 1, 0).reshape(-1, w1.shape[0]).astype(np.float32)
    arrays["fc1_b"] = fc1.bias.detach().numpy().astype(np.float32)
    arrays["fc2_w"] = fc2.weight.detach().numpy().T.astype(np.float32)
    arrays["fc2_b"] = fc2.bias.detach().numpy().astype(np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)


def export_checked(torch, net, path: Path, probe: np.ndarray,  # type: ignore[no-untyped-def]
                   patch_px: int = PATCH_PX) -> None:
    """:func:`export`, then the product's NumPy forward pass on ``probe`` (patch pairs)
    checked against PyTorch's: prints how far they differ."""
    export(net, path, patch_px)
    reader = SlotReader.load(path)
    net.eval()
    with torch.no_grad():
        want = net(inputs(torch, probe)).numpy()
    got = reader.logits(network_input(probe[..., :3], probe[..., 3:]))
    print(f"exported to {path}; NumPy's outputs differ from PyTorch's by at most "
          f"{np.abs(got - want).max():.2e}")


def predict(torch, net, x: np.ndarray) -> Answers:  # type: ignore[no-untyped-def]
    net.eval()
    parts = []
    with torch.no_grad():
        for i in range(0, len(x), 512):
            parts.append(net(inputs(torch, x[i:i + 512])).numpy())
    return answers(np.concatenate(parts))


BATCH = 128
"""Training patches a step."""


def schedule(torch, net, rng: np.random.Generator, n: int,  # type: ignore[no-untyped-def]
             epochs: int):
    """A tenth of ``n`` rows held back (the rest fitted), and the optimiser and its
    learning-rate schedule over ``epochs`` passes: ``held, fit, opt, sched``."""
    order = rng.permutation(n)
    held, fit = order[: n // 10], order[n // 10:]
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=epochs * (
        len(fit) // BATCH + 1))
    return held, fit, opt, sched


def batches(torch, x: np.ndarray, fit: np.ndarray, rng: np.random.Generator,  # type: ignore[no-untyped-def]
            flips: tuple[int, ...]):
    """One pass over the rows ``fit`` (shuffled in place), ``BATCH`` at a time: each
    batch's row indices and network input, mirrored along each axis of ``flips`` (3
    across, 2 down) half the time, both patches alike."""
    rng.shuffle(fit)
    for i in range(0, len(fit), BATCH):
        b = fit[i:i + BATCH]
        xb = inputs(torch, x[b])
        for axis in flips:
            if rng.random() < 0.5:
                xb = torch.flip(xb, [axis])
        yield b, xb


GEM_WEIGHT = 0.25
"""How much the gems count in the training loss beside the canoe counts and the disc."""
HIDDEN_WEIGHT = 0.5
"""How much telling a hidden slot counts in the training loss."""


def train(torch, nn, data: dict[str, np.ndarray], epochs: int,  # type: ignore[no-untyped-def]
          gem_weight: float = GEM_WEIGHT, hidden_weight: float = HIDDEN_WEIGHT):
    rng = np.random.default_rng(0)
    torch.manual_seed(0)
    net = build(torch, nn)
    x = data["x"]
    clear = data["hidden"] == 0
    # A hidden slot's canoes, disc and gems are not learned (-1: ignored).
    counts = torch.from_numpy(np.where(clear[:, None], data["counts"], -1))
    discs = torch.from_numpy(np.where(clear, data["discs"], -1))
    gems = torch.from_numpy(np.where(clear[:, None], data["gems"], -1))
    hidden = torch.from_numpy(data["hidden"])
    held, fit, opt, sched = schedule(torch, net, rng, len(x), epochs)

    def ce(z, y):  # type: ignore[no-untyped-def]
        return nn.functional.cross_entropy(z, y, ignore_index=-1) if (y >= 0).any() \
            else z.sum() * 0

    n = len(COLOURS)
    for epoch in range(epochs):
        net.train()
        t0 = time.perf_counter()
        for b, xb in batches(torch, x, fit, rng, (3,)):
            out = net(xb)
            loss = (ce(out[:, :3 * n].reshape(-1, 3), counts[b].reshape(-1))
                    + ce(out[:, 3 * n:3 * n + 2], discs[b])
                    + hidden_weight * ce(out[:, 3 * n + 2:3 * n + 4], hidden[b])
                    + gem_weight * ce(out[:, 3 * n + 4:].reshape(-1, len(GEMS)),
                                      gems[b].reshape(-1)))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        got = predict(torch, net, x[held])
        c = clear[held]
        right = slot_right(got, data, held)
        print(f"  epoch {epoch + 1}/{epochs}: tuning slots held back: clear ones "
              f"{right[c].mean():.2%} right, clear or hidden told right on "
              f"{(got.hidden.argmax(-1) == data['hidden'][held]).mean():.2%} "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
    return net


def slot_right(got: Answers, data: dict[str, np.ndarray], rows: np.ndarray | slice) -> np.ndarray:
    """Per row, whether the network's top answer has every colour's count and the disc
    right."""
    return np.asarray((got.counts.argmax(-1) == data["counts"][rows]).all(1)
                      & (got.discs.argmax(-1) == data["discs"][rows]))


def gems_right(got: Answers, data: dict[str, np.ndarray], rows: np.ndarray | slice) -> np.ndarray:
    """Per row, whether every single canoe's gem is right (rows without one: True)."""
    want = data["gems"][rows]
    return np.asarray(((got.gems.argmax(-1) == want) | (want < 0)).all(1))


def confidence(got: Answers) -> np.ndarray:
    """Per row, how sure the network is of its whole answer: the least of its top
    probabilities for every colour's count and the disc, and its probability that the
    slot is clear."""
    return np.asarray(np.minimum(np.minimum(got.counts.max(-1).min(-1), got.discs.max(-1)),
                                 got.hidden[:, 0]))


def report(torch, net, data: dict[str, np.ndarray], families: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    got = predict(torch, net, data["x"])
    clear = data["hidden"] == 0
    right = slot_right(got, data, slice(None))
    gem_ok = gems_right(got, data, slice(None))
    conf = confidence(got)
    rules = data["rules"]

    def line(label: str, sel: np.ndarray) -> str:
        c = sel & clear
        r = rules[c]
        ruled = f"  rules {np.mean(r == 1):7.2%}" if (r >= 0).all() and len(r) else ""
        answered = conf >= 0.99
        return (f"  {label:15s} {np.count_nonzero(c):6d} clear slots  network "
                f"{right[c].mean():7.2%}{ruled}  at 0.99: answered {answered[c].mean():7.2%},"
                f" wrong {np.count_nonzero(answered & c & ~right)}; hidden "
                f"{np.count_nonzero(sel & ~clear)}, answered "
                f"{np.count_nonzero(answered & sel & ~clear)}")

    for index, name in enumerate(vc.CONDITIONS):
        if np.any(data["meta"][:, 0] == index):
            print(line(name, data["meta"][:, 0] == index))
    for index, family in enumerate(families):
        if np.any(data["meta"][:, 1] == index):
            print(line(f"family {family}", data["meta"][:, 1] == index))
    print(line("overall", np.ones(len(right), bool)))
    for t in THRESHOLDS:
        keep = conf >= t
        print(f"  confidence {t}: clear slots answered {keep[clear].mean():.2%}, right "
              f"{np.mean((keep & right)[clear]):.2%} of them all, wrong "
              f"{np.count_nonzero(keep & ~right & clear)}; hidden slots answered "
              f"{np.count_nonzero(keep & ~clear)} of {np.count_nonzero(~clear)}")
    # The rules first; the network only where they missed (nearly all unknown: the rules
    # read about one slot in 10,000 wrongly).
    missed = (rules == 0) & clear
    for t in (*THRESHOLDS, 0.9999):
        fill = missed & (conf >= t)
        now = np.mean(((rules == 1) | (fill & right))[clear])
        print(f"  rules, then the network at {t}: {now:.2%}"
              f" right (rules alone {np.mean(rules[clear] == 1):.2%}); {np.count_nonzero(fill)} of "
              f"{np.count_nonzero(missed)} missed slots answered, {np.count_nonzero(fill & ~right)}"
              f" of them wrong; {np.count_nonzero((conf >= t) & ~clear)} hidden slots answered")
    single = clear & right & (data["gems"] >= 0).any(1)
    gem_conf = np.where(data["gems"] >= 0, got.gems.max(-1), 1).min(1)
    for t in THRESHOLDS:
        keep = single & (gem_conf >= t)
        print(f"  gems at {t}: {keep.sum() / max(single.sum(), 1):.2%} of {single.sum()} read "
              f"slots with a single canoe answered, {np.count_nonzero(keep & ~gem_ok)} wrong")
    frames: dict[tuple[int, int], list[bool]] = {}
    for key, r, ok, c, cl in zip(map(tuple, data["scene"]), rules, right, conf, clear,
                                 strict=True):
        if not cl:
            continue
        f = frames.setdefault(key, [True, True, True])
        f[0] &= bool(r == 1)
        f[1] &= bool(ok)
        f[2] &= bool(r == 1 or (c >= 0.999 and ok))
    rate = np.array(list(frames.values())).mean(axis=0)
    print(f"  frames with every clear slot right ({len(frames)}): rules {rate[0]:.2%}, network "
          f"{rate[1]:.2%}, rules then the network at 0.999 {rate[2]:.2%}")


def pytorch():  # type: ignore[no-untyped-def]
    """``(torch, torch.nn)``, or None having said how to install PyTorch (the project does
    not depend on it)."""
    try:
        import torch
        from torch import nn
    except ImportError:
        print("this benchmark needs PyTorch: .venv/bin/pip install torch==2.13.0",
              file=sys.stderr)
        return None
    return torch, nn


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", default="4:160,6:80,5:80", metavar="OFFSET:SCENES,...")
    ap.add_argument("--hiding", default="8:100,9:100", metavar="OFFSET:SCENES,...",
                    help="more tuning scenes of the conditions where something covers slots "
                    f"({', '.join(HIDING)}), for the network to learn a hidden slot")
    ap.add_argument("--glare", default="", metavar="OFFSET:SCENES,...",
                    help="more tuning scenes of the glare condition only, for the network to "
                    "learn slots a glare spot washes in part (with --glare-hidden)")
    ap.add_argument("--test-offset", type=int, default=48)
    ap.add_argument("--test-scenes", type=int, default=300)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--cache-train", metavar="DIR")
    ap.add_argument("--cache-test", metavar="DIR")
    ap.add_argument("--data", metavar="DIR", help="keep the patches here (npz) for the next run")
    ap.add_argument("--export", metavar="NPZ", help="write the trained weights for the product "
                    "(vision/data/slot_reader.npz) and check NumPy's forward pass against them")
    ap.add_argument("--no-test", action="store_true", help="train (and export) only")
    ap.add_argument("--gem-weight", type=float, default=GEM_WEIGHT)
    ap.add_argument("--hidden-weight", type=float, default=HIDDEN_WEIGHT)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--glare-hidden", type=float, metavar="LEVEL",
                    help="train with a slot hidden by a glare spot only where the spot adds "
                    "this share of white over its disc on average (e.g. 0.75), not wherever "
                    "it washes out any of the disc (the test slots keep the benchmark's label)")
    ap.add_argument("--collect-only", action="store_true",
                    help="render the scenes and keep their patches in --data, no training "
                    "(two such runs with different sets fill one --data directory in parallel)")
    args = ap.parse_args(argv)
    if args.collect_only and not args.data:
        print("--collect-only keeps the patches in --data DIR: give one", file=sys.stderr)
        return 1
    # (Rendering and keeping the patches needs no PyTorch.)
    found = (None, None) if args.collect_only else pytorch()
    if found is None:
        return 1
    torch, nn = found
    cv2.setNumThreads(1)
    if torch is not None:
        torch.set_num_threads(args.threads)
    data_dir = Path(args.data) if args.data else None
    try:
        train_sets = [tuple(int(v) for v in part.split(":"))
                      for part in args.train.split(",") if part]
        hiding_sets = [tuple(int(v) for v in part.split(":"))
                       for part in args.hiding.split(",") if part]
        glare_sets = [tuple(int(v) for v in part.split(":"))
                      for part in args.glare.split(",") if part]
    except ValueError:
        print(f"--train {args.train!r} --hiding {args.hiding!r} --glare {args.glare!r}: give "
              "OFFSET:SCENES pairs, e.g. 4:160,6:80", file=sys.stderr)
        return 1
    parts: list[tuple[str, int, int, tuple[str, ...], str | None, bool,
                      tuple[str, ...] | None]] = [
        ("train", o, n, TUNING_FAMILIES, args.cache_train, False, None) for o, n in train_sets]
    parts += [("train", o, n, TUNING_FAMILIES, args.cache_train, False, HIDING)
              for o, n in hiding_sets]
    parts += [("train", o, n, TUNING_FAMILIES, args.cache_train, False, (GLARE,))
              for o, n in glare_sets]
    if not args.no_test:
        parts.append(("test", args.test_offset, args.test_scenes, REPORTING_FAMILIES,
                      args.cache_test, True, None))
    sets: dict[str, list[dict[str, np.ndarray]]] = {"train": [], "test": []}
    for role, offset, scenes, families, cache, rules, conditions in parts:
        kind = "" if conditions is None else "-glare" if conditions == (GLARE,) else "-hid"
        name = f"{role}-{offset}-{scenes}{kind}.npz"
        if data_dir is not None and (data_dir / name).is_file():
            with np.load(data_dir / name) as f:
                sets[role].append({k: f[k] for k in f.files})
            continue
        print(f"{role}: offset {offset}, {scenes} scenes a condition, {', '.join(families)}")
        sets[role].append(collect(offset, scenes, families, Path(cache) if cache else None,
                                  rules, conditions))
        if data_dir is not None:
            data_dir.mkdir(parents=True, exist_ok=True)
            np.savez(data_dir / name, **sets[role][-1])
    if args.collect_only:
        return 0
    joined = {role: {k: np.concatenate([p[k] for p in got]) for k in got[0]}
              for role, got in sets.items() if got}
    if args.glare_hidden is not None:
        try:
            joined["train"] = glare_hidden(joined["train"], args.glare_hidden)
        except ValueError as e:
            print(f"--glare-hidden: {e}", file=sys.stderr)
            return 1
    print(f"training on {len(joined['train']['x'])} tuning slots")
    net = train(torch, nn, joined["train"], args.epochs, args.gem_weight, args.hidden_weight)
    if args.export:
        export_checked(torch, net, Path(args.export), joined["train"]["x"][:64])
    if args.no_test:
        return 0
    print(f"held-out slots (offset {args.test_offset}, {', '.join(REPORTING_FAMILIES)}):")
    report(torch, net, joined["test"], REPORTING_FAMILIES)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
