"""The learned slot reader: train it (and export its weights for the product), measure it.

It began as a feasibility benchmark (the twenty-fifth session); its network is now the
product's :mod:`vision.stages.learned`, which runs it on the slots the rules leave unknown.
Twenty-odd sessions of hand-made reading rules (``vision/read.py``) hold the accuracy
benchmark at about 95.5 % of clear positions right and 58 % of frames exact, most of
the rest ``unknown``. This script asks how far a small convolutional network, trained on
the synthetic renderer's tuning art families only, reads the same slots of held-out
families: per river slot, the canoe colours (none, one or two of each) and whether the
disc is there, from two 80 mm patches of the rectified, white-balanced view (the frame
and the table's setup photo, which shows every slot with its disc and no canoe).

Scenes are made exactly as ``benchmarks/vision_conditions.py`` makes them (the same
seeds, conditions and caches); slots a hand or a canoe between slots covers, or a glare
spot washes out, are left out, as the issue's "clear" measure leaves them out. For the
test scenes the rules' own reading is scored on the same slots (a table whose setup
photo they refuse is left out for both).

Needs PyTorch, which the project does not depend on: ``.venv/bin/pip install
torch==2.13.0`` (a CPU build lies on this machine's disk). Usage::

    python benchmarks/vision_learned.py [--train 4:160,6:80,5:80] [--test-offset 48]
        [--test-scenes 300] [--epochs 12] [--cache-train DIR] [--cache-test DIR]
        [--data DIR] [--export vision/data/slot_reader.npz] [--no-test]

With its defaults and ``--export vision/data/slot_reader.npz --no-test`` it makes the
weights the product ships (:mod:`vision.stages.learned`; about 35 minutes on this
machine's two cores: 20 to render the tuning scenes in two processes, 12 to train).

(``--train``: tuning seed offsets and scenes a condition, on the tuning families.)
Prints, on the test slots: the network's top-1 rate (colours and disc right), the
rules' clear-right rate, and for confidence thresholds the share answered and the
wrong answers among them (the issue allows ``unknown``, not wrong); per condition and
per art family; then the rules with the network filling only the slots the rules
missed, where it is that confident (the wrong answers that adds), and frames whose
every clear slot is right. Seeded: the same arguments give the same figures on one
machine.
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
    PATCH_PX,
    SlotReader,
    network_input,
    slot_patches,
)
from vision.stages.light import measure_light
from vision.synth import REPORTING_FAMILIES, TUNING_FAMILIES, ground_truth

THRESHOLDS = (0.9, 0.99, 0.999)


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
            rules: bool) -> dict[str, np.ndarray]:
    """Patches and labels of every clear slot of ``scenes`` scenes a condition."""
    x, counts, discs, rules_right, meta, scene_of = [], [], [], [], [], []
    for index, name in enumerate(vc.CONDITIONS):
        for i in range(scenes):
            made = vc.make_scene(name, index, i, offset, families)
            state, faults, scene, det = made.state, made.faults, made.scene, made.detector
            joe = state.joe is not None
            setup_frame, frame = made.frames(cache, name)
            hidden = vc.covered_positions(scene, state, faults) | vc.washed_out(scene)
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
                if slot in hidden:
                    continue
                n = Counter(c.colour for c in truth.canoes_at(slot))
                x.append(np.concatenate([a, b], axis=2))
                counts.append([min(n[c], 2) for c in COLOURS])
                discs.append(int(truth.discs[slot] == "present"))
                rules_right.append(-1 if seen is None else int(vc.read_right(seen, truth, slot)))
                meta.append((index, families.index(made.family)))
                scene_of.append((offset, made.seed))
        print(f"  {name}: {len(x)} slots so far", flush=True)
    return {"x": np.array(x, np.uint8), "counts": np.array(counts, np.int64),
            "discs": np.array(discs, np.int64), "rules": np.array(rules_right, np.int8),
            "meta": np.array(meta, np.int64), "scene": np.array(scene_of, np.int64)}


def build(torch, nn):  # type: ignore[no-untyped-def]
    """The network: three pairs of 3x3 convolutions (24, 48, 64 channels), each pair
    halving the patch, then 128 units; outputs per colour 0/1/2 canoes and the disc."""

    def pair(i: int, o: int):  # type: ignore[no-untyped-def]
        return [nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(),
                nn.Conv2d(o, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2)]

    side = PATCH_PX // 8
    return nn.Sequential(*pair(9, 24), *pair(24, 48), *pair(48, 64), nn.Flatten(),
                         nn.Linear(64 * side * side, 128), nn.ReLU(), nn.Dropout(0.2),
                         nn.Linear(128, len(COLOURS) * 3 + 2))


def inputs(torch, x: np.ndarray):  # type: ignore[no-untyped-def]
    """The product's network input (:func:`vision.stages.learned.network_input`),
    channels first."""
    return torch.from_numpy(network_input(x[..., :3], x[..., 3:])).permute(0, 3, 1, 2)


def export(net, path: Path) -> None:  # type: ignore[no-untyped-def]
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
    side, channels = PATCH_PX // 8, convs[-1][0].out_channels
    w1 = fc1.weight.detach().numpy().reshape(-1, channels, side, side)
    arrays["fc1_w"] = w1.transpose(2, 3, 1, 0).reshape(-1, w1.shape[0]).astype(np.float32)
    arrays["fc1_b"] = fc1.bias.detach().numpy().astype(np.float32)
    arrays["fc2_w"] = fc2.weight.detach().numpy().T.astype(np.float32)
    arrays["fc2_b"] = fc2.bias.detach().numpy().astype(np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)


def predict(torch, net, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # type: ignore[no-untyped-def]
    net.eval()
    counts, discs = [], []
    with torch.no_grad():
        for i in range(0, len(x), 512):
            out = net(inputs(torch, x[i:i + 512]))
            counts.append(torch.softmax(out[:, :-2].reshape(-1, len(COLOURS), 3), -1).numpy())
            discs.append(torch.softmax(out[:, -2:], -1).numpy())
    return np.concatenate(counts), np.concatenate(discs)


def train(torch, nn, data: dict[str, np.ndarray], epochs: int):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(0)
    torch.manual_seed(0)
    net = build(torch, nn)
    x = data["x"]
    counts = torch.from_numpy(data["counts"])
    discs = torch.from_numpy(data["discs"])
    order = rng.permutation(len(x))
    held, fit = order[: len(x) // 10], order[len(x) // 10:]
    batch = 128
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=epochs * (
        len(fit) // batch + 1))
    ce = nn.functional.cross_entropy
    for epoch in range(epochs):
        net.train()
        t0 = time.perf_counter()
        rng.shuffle(fit)
        for i in range(0, len(fit), batch):
            b = fit[i:i + batch]
            xb = inputs(torch, x[b])
            if rng.random() < 0.5:
                xb = torch.flip(xb, [3])  # both patches mirrored alike
            out = net(xb)
            loss = ce(out[:, -2:], discs[b]) + ce(out[:, :-2].reshape(-1, 3),
                                                   counts[b].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        pc, pd = predict(torch, net, x[held])
        right = ((pc.argmax(-1) == data["counts"][held]).all(1)
                 & (pd.argmax(-1) == data["discs"][held]))
        print(f"  epoch {epoch + 1}/{epochs}: tuning slots held back {right.mean():.2%} right "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
    return net


def report(torch, net, data: dict[str, np.ndarray], families: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    pc, pd = predict(torch, net, data["x"])
    right = (pc.argmax(-1) == data["counts"]).all(1) & (pd.argmax(-1) == data["discs"])
    conf = np.minimum(pc.max(-1).min(-1), pd.max(-1))
    rules = data["rules"]

    def line(label: str, sel: np.ndarray) -> str:
        r = rules[sel]
        ruled = f"  rules {np.mean(r == 1):7.2%}" if (r >= 0).all() and len(r) else ""
        answered = conf[sel] >= 0.99
        return (f"  {label:15s} {np.count_nonzero(sel):6d} slots  network {right[sel].mean():7.2%}"
                f"{ruled}  at 0.99: answered {answered.mean():7.2%}, wrong "
                f"{np.count_nonzero(answered & ~right[sel])}")

    for index, name in enumerate(vc.CONDITIONS):
        if np.any(data["meta"][:, 0] == index):
            print(line(name, data["meta"][:, 0] == index))
    for index, family in enumerate(families):
        if np.any(data["meta"][:, 1] == index):
            print(line(f"family {family}", data["meta"][:, 1] == index))
    print(line("overall", np.ones(len(right), bool)))
    for t in THRESHOLDS:
        keep = conf >= t
        print(f"  confidence {t}: answered {keep.mean():.2%}, right {np.mean(keep & right):.2%}"
              f" of all, wrong {np.count_nonzero(keep & ~right)}")
    # The rules first; the network only where they missed (nearly all unknown: the rules
    # read about one slot in 10,000 wrongly).
    missed = rules == 0
    for t in (*THRESHOLDS, 0.9999):
        fill = missed & (conf >= t)
        print(f"  rules, then the network at {t}: {np.mean((rules == 1) | (fill & right)):.2%}"
              f" right (rules alone {np.mean(rules == 1):.2%}); {np.count_nonzero(fill)} of "
              f"{np.count_nonzero(missed)} missed slots answered, {np.count_nonzero(fill & ~right)}"
              " of them wrong")
    frames: dict[tuple[int, int], list[bool]] = {}
    for key, r, ok, c in zip(map(tuple, data["scene"]), rules, right, conf, strict=True):
        f = frames.setdefault(key, [True, True, True])
        f[0] &= bool(r == 1)
        f[1] &= bool(ok)
        f[2] &= bool(r == 1 or (c >= 0.999 and ok))
    rate = np.array(list(frames.values())).mean(axis=0)
    print(f"  frames with every clear slot right ({len(frames)}): rules {rate[0]:.2%}, network "
          f"{rate[1]:.2%}, rules then the network at 0.999 {rate[2]:.2%}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", default="4:160,6:80,5:80", metavar="OFFSET:SCENES,...")
    ap.add_argument("--test-offset", type=int, default=48)
    ap.add_argument("--test-scenes", type=int, default=300)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--cache-train", metavar="DIR")
    ap.add_argument("--cache-test", metavar="DIR")
    ap.add_argument("--data", metavar="DIR", help="keep the patches here (npz) for the next run")
    ap.add_argument("--export", metavar="NPZ", help="write the trained weights for the product "
                    "(vision/data/slot_reader.npz) and check NumPy's forward pass against them")
    ap.add_argument("--no-test", action="store_true", help="train (and export) only")
    args = ap.parse_args(argv)
    try:
        import torch
        from torch import nn
    except ImportError:
        print("this benchmark needs PyTorch: .venv/bin/pip install torch==2.13.0",
              file=sys.stderr)
        return 1
    cv2.setNumThreads(1)
    torch.set_num_threads(2)
    data_dir = Path(args.data) if args.data else None
    try:
        train_sets = [tuple(int(v) for v in part.split(":")) for part in args.train.split(",")]
    except ValueError:
        print(f"--train {args.train!r}: give OFFSET:SCENES pairs, e.g. 4:160,6:80",
              file=sys.stderr)
        return 1
    parts = [("train", o, n, TUNING_FAMILIES, args.cache_train, False) for o, n in train_sets]
    if not args.no_test:
        parts.append(("test", args.test_offset, args.test_scenes, REPORTING_FAMILIES,
                      args.cache_test, True))
    sets: dict[str, list[dict[str, np.ndarray]]] = {"train": [], "test": []}
    for role, offset, scenes, families, cache, rules in parts:
        name = f"{role}-{offset}-{scenes}.npz"
        if data_dir is not None and (data_dir / name).is_file():
            with np.load(data_dir / name) as f:
                sets[role].append({k: f[k] for k in f.files})
            continue
        print(f"{role}: offset {offset}, {scenes} scenes a condition, {', '.join(families)}")
        sets[role].append(collect(offset, scenes, families, Path(cache) if cache else None,
                                  rules))
        if data_dir is not None:
            data_dir.mkdir(parents=True, exist_ok=True)
            np.savez(data_dir / name, **sets[role][-1])
    joined = {role: {k: np.concatenate([p[k] for p in got]) for k in got[0]}
              for role, got in sets.items() if got}
    print(f"training on {len(joined['train']['x'])} tuning slots")
    net = train(torch, nn, joined["train"], args.epochs)
    if args.export:
        export(net, Path(args.export))
        reader = SlotReader.load(Path(args.export))
        probe = joined["train"]["x"][:64]
        with torch.no_grad():
            want = net(inputs(torch, probe)).numpy()
        got = reader.logits(network_input(probe[..., :3], probe[..., 3:]))
        print(f"exported to {args.export}; NumPy's outputs differ from PyTorch's by at most "
              f"{np.abs(got - want).max():.2e}")
    if args.no_test:
        return 0
    print(f"held-out slots (offset {args.test_offset}, {', '.join(REPORTING_FAMILIES)}):")
    report(torch, net, joined["test"], REPORTING_FAMILIES)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
