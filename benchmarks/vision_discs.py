"""The fine readers (disc, gems): train them (and export their weights), measure them.

The reading rules leave a disc ``unknown`` wherever its rim barely shows, above all under
two or three canoes (the largest single cause of clear positions not read right on the
reporting offsets: the learned slot reader sees a slot at 2 mm a pixel, where such a
rim is under a pixel wide, and is left out there). This script trains a second small
network, for the disc alone, on each slot's 56 mm square of the rectified view at its
own millimetre a pixel (:data:`vision.stages.learned.DISC_PATCH_PX`) beside the same
square of the setup photo (every disc there), on the synthetic renderer's tuning art
families only, with more discs taken away than a game's scenes have (a disc gone from
under canoes is rare in play, and the reader must know it when it sees it).

Scenes are made as ``benchmarks/vision_conditions.py`` makes them (the same conditions),
at tuning seed offsets of their own (``--train``, default 92 and 93, never used before),
each with up to three more discs taken away (mostly from under canoes). The readers
shipped were trained on those two: the accuracy benchmark's scenes of those seeds hold
the same game positions (in other art), so it reports on neither. A slot a hand,
a canoe between slots or a glare spot hides teaches only that it is hidden.

With ``--gems WEIGHT`` the network also learns, per canoe colour, the gem of its one
canoe on the slot (as the slot reader's gem outputs, at 1 px/mm): that is the gem
reader. Learnt together, the gems made the disc answers less sure (on offsets 50-51 the
disc filled 683 of 848 gaps at 0.999, against 772 alone), so the product runs two
networks on the same patches: the disc reader (``--export
vision/data/disc_reader.npz``, the defaults) and the gem reader (``--gems 2.0 --epochs
20 --threads 1 --export vision/data/gem_reader.npz``), about 13 and 27 minutes of
training here. (With ``--gems 0.5``, 14 passes, the gem outputs named 59.0 % of the lone
canoes of offsets 50-51 at 0.9999; with 2.0 and 20 passes 74.5 %, none wrongly either.)

With ``--pairs WEIGHT`` the network learns instead, per canoe colour and gem (an empty
canoe too), how many of that colour's canoes on the slot carry it (none, one or two),
two canoes of one colour counting ``PAIR_WEIGHT`` times as much: that is the pair reader
(``--pairs 8.0 --epochs 20 --export vision/data/pair_reader.npz``, 20 minutes to train
here on two threads), which names the gems of a colour's two canoes on a slot, where
the other readers name only a lone canoe's. It prints, each pass, how many of the
held-back slots' pairs it names and how many wrongly, per confidence (the counts of
every gem that sure, making two canoes). The training scenes hold about 780 such pairs
on clear slots; the pair reader learns the counts of lone canoes' gems too.

On reporting offsets (``--test``, scenes as the accuracy benchmark makes them, no disc
taken away beyond theirs) it also reads every frame with the product (without the fine
readers) and prints, for confidence thresholds, what the disc outputs would add where
the product reads a slot's canoes but not its disc, and what they would say where the
product reads the disc; with ``--gems``, how often the gem outputs name a lone canoe's
gem, and wrongly.

Needs PyTorch, which the project does not depend on: ``.venv/bin/pip install
torch==2.13.0``. Usage::

    python benchmarks/vision_discs.py [--train 92:200,93:200] [--test 50:300,51:300]
        [--epochs 14] [--threads 2] [--jobs 2] [--data DIR] [--cache-test DIR]
        [--gems WEIGHT | --pairs WEIGHT] [--export vision/data/disc_reader.npz]
        [--no-test] [--glare OFFSET:SCENES,...] [--glare-hidden LEVEL] [--collect-only]

(``--glare``: more tuning scenes of the glare condition alone; ``--glare-hidden``: a slot
counts hidden by a glare spot only where it adds that share of white over the disc on
average, as ``benchmarks/vision_learned.py``'s; ``--collect-only``: keep the training
patches in ``--data`` and stop, needing no PyTorch.)

Seeded: the same arguments give the same figures on one machine (the thread count
changes PyTorch's sums in the last bits).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchmarks.vision_conditions as vc
from benchmarks.vision_learned import (
    GLARE,
    batches,
    export_checked,
    glare_hidden,
    inputs,
    network,
    pytorch,
    schedule,
)
from companion.board import SLOTS
from vision.config import VisionConfig
from vision.detector import ColourLearningError, Detector, canoes_in_play
from vision.locate import rectify
from vision.observation import ABSENT, PRESENT, UNKNOWN
from vision.stages.geometry import geometry
from vision.stages.learned import (
    COLOURS,
    DISC_OUTPUTS,
    DISC_PATCH_PX,
    DISC_WINDOW_MM,
    GEMS,
    held_gems,
    pair_of,
    slot_patches,
)
from vision.stages.light import measure_light
from vision.synth import REPORTING_FAMILIES, TUNING_FAMILIES, ground_truth

THRESHOLDS = (0.99, 0.999, 0.9999, 0.99999)
READ = {ABSENT: 0, PRESENT: 1, UNKNOWN: 2}
"""The product's disc reading as stored: 0 absent, 1 present, 2 unknown, 3 its position
unknown, -1 not read (setup refused)."""


def disc_views(det: Detector, frame: np.ndarray) -> np.ndarray:
    """Every river slot's disc patch of ``frame``, as the product cuts it."""
    pose = det.locate(frame)
    top = rectify(frame, pose, det.layout, det.config)
    geo = geometry(det.layout, det.config)
    light = measure_light(top.reshape(-1, 3), geo, pose.markers)
    return slot_patches(top, light, geo, range(len(SLOTS)), DISC_WINDOW_MM, DISC_PATCH_PX)


def more_gone(made: vc.Scene, rng: np.random.Generator) -> tuple:
    """The scene's faults with up to three more discs taken away, three times in four
    from a slot with canoes on it."""
    gone = {f[1] for f in made.faults if f[0] == "missing_disc"}
    load = Counter(c.at for pair in made.state.canoes.values() for c in pair)
    if made.state.joe is not None:
        load[made.state.joe.at] += 1
    extra: list[tuple[str, str]] = []
    for _ in range(int(rng.choice([0, 1, 2, 3], p=[0.25, 0.35, 0.25, 0.15]))):
        crowded = [s for s in SLOTS if load[s] and s not in gone]
        pool = crowded if crowded and rng.random() < 0.75 else [
            s for s in SLOTS if s not in gone]
        if not pool:
            break
        slot = str(rng.choice(pool))
        gone.add(slot)
        extra.append(("missing_disc", slot))
    return (*made.faults, *extra)


def gem_labels(made: vc.Scene, faults: tuple) -> list[list[int]]:
    """Per river slot, per canoe colour (``COLOURS``), the ``GEMS`` index of the gem of
    that colour's one canoe there (-1: none or two of that colour)."""
    truth = ground_truth(made.state, faults=faults)
    out = []
    for slot in SLOTS:
        on = truth.canoes_at(slot)
        n = Counter(c.colour for c in on)
        out.append([GEMS.index(next(k.gem for k in on if k.colour == c)) if n[c] == 1
                    else -1 for c in COLOURS])
    return out


def gem_counts(made: vc.Scene, faults: tuple) -> list[list[list[int]]]:
    """Per river slot, per canoe colour (``COLOURS``), per gem (``GEMS``, None: an empty
    canoe), how many of that colour's canoes there carry that gem (0, 1 or 2)."""
    truth = ground_truth(made.state, faults=faults)
    out = []
    for slot in SLOTS:
        on = Counter((c.colour, c.gem) for c in truth.canoes_at(slot))
        out.append([[on[c, g] for g in GEMS] for c in COLOURS])
    return out


def relabel(part: dict[str, np.ndarray], families: tuple[str, ...], test: bool
            ) -> np.ndarray:
    """The ``gems`` labels of slots kept before they were collected, from their scenes'
    seeds (nine rows a scene, in slot order)."""
    gems = np.full((len(part["scene"]), len(COLOURS)), -1, np.int64)
    for row in range(0, len(gems), len(SLOTS)):
        seed = int(part["scene"][row])
        offset, index, i = seed // 1_000_000, seed % 1_000_000 // 10_000, seed % 10_000
        made = vc.make_scene(list(vc.CONDITIONS)[index], index, i, offset, families)
        faults = made.faults if test else more_gone(made, np.random.default_rng(
            [made.seed, 0xD15C]))
        gems[row:row + len(SLOTS)] = gem_labels(made, faults)
    return gems


def collect(job: tuple[str, int, int, int, tuple[str, ...], bool, str | None]
            ) -> dict[str, np.ndarray]:
    """Disc patches and labels of every river slot of ``scenes`` scenes of one condition:
    ``hidden`` (as ``benchmarks/vision_learned.py`` labels it), ``disc``, ``load`` (canoes
    on the slot); on test scenes (``rules``) also the product's reading of the slot."""
    name, index, offset, scenes, families, test, cache = job
    cv2.setNumThreads(1)
    if cache:
        Path(cache).mkdir(parents=True, exist_ok=True)
    # (The product without the fine readers.)
    config = VisionConfig(disc_confidence=2.0, fine_gem_confidence=2.0)
    out: dict[str, list] = {k: [] for k in ("x", "disc", "hidden", "load", "read",
                                            "canoes_right", "cond", "scene", "gems",
                                            "gem_counts", "covered", "glare")}
    for i in range(scenes):
        made = vc.make_scene(name, index, i, offset, families)
        if not test:
            made = replace(made, faults=more_gone(made, np.random.default_rng(
                [made.seed, 0xD15C])))
        state, faults, scene, det = made.state, made.faults, made.scene, made.detector
        det = Detector(colours=det.colours, camera=det.camera, config=config)
        setup_frame, frame = made.frames(Path(cache) if cache else None, name)
        covered = vc.hand_over(scene) | vc.between_positions(scene, state, faults)
        hidden = covered | vc.washed_out(scene)
        glare = vc.glare_over_slots(scene)
        truth = ground_truth(state, faults=faults)
        read = [-1] * len(SLOTS)
        right = [False] * len(SLOTS)
        if test:
            try:
                vc.learn(det, setup_frame, state.players, state.joe is not None)
            except (ColourLearningError, ValueError):
                continue  # (the product asks for another photo: read by neither)
            seen = det.analyse(frame, in_play=canoes_in_play(state))
            if seen.board_found:
                for s, slot in enumerate(SLOTS):
                    read[s] = 3 if slot in seen.unknown else READ[seen.discs[slot]]
                    right[s] = slot not in seen.unknown and sorted(
                        c.colour for c in seen.canoes_at(slot)) == sorted(
                        c.colour for c in truth.canoes_at(slot))
        try:
            now, then = disc_views(det, frame), disc_views(det, setup_frame)
        except ValueError:
            continue  # the board not found
        gems, held = gem_labels(made, faults), gem_counts(made, faults)
        for s, slot in enumerate(SLOTS):
            out["gems"].append(gems[s])
            out["gem_counts"].append(held[s])
            out["x"].append(np.concatenate([now[s], then[s]], axis=2))
            out["disc"].append(int(truth.discs[slot] == PRESENT))
            out["hidden"].append(int(slot in hidden))
            out["covered"].append(int(slot in covered))
            out["glare"].append(float(glare[s]))
            out["load"].append(len(truth.canoes_at(slot)))
            out["read"].append(read[s])
            out["canoes_right"].append(right[s])
            out["cond"].append(index)
            out["scene"].append(made.seed)
    print(f"  {name} offset {offset}: {len(out['x'])} slots", flush=True)
    return {k: np.array(v, np.uint8 if k == "x" else np.float32 if k == "glare" else np.int64)
            for k, v in out.items()}


def gather(sets: list[tuple[int, int]], families: tuple[str, ...], test: bool,
           cache: str | None, jobs: int, data: Path | None, role: str,
           only: str | None = None) -> dict[str, np.ndarray]:
    """Every condition's slots of the ``(offset, scenes)`` sets (or condition ``only``'s),
    from ``data`` when kept."""
    parts = []
    for offset, scenes in sets:
        kind = "" if only is None else f"-{only.split('+')[0]}"
        name = data / f"discs-{role}-{offset}-{scenes}{kind}.npz" if data else None
        if name is not None and name.is_file():
            with np.load(name) as f:
                parts.append({k: f[k] for k in f.files})
            if "gems" not in parts[-1]:  # (kept before gems were labelled)
                parts[-1]["gems"] = relabel(parts[-1], families, test)
                np.savez(name, **parts[-1])
            continue
        work = [(c, i, offset, scenes, families, test,
                 None if cache is None else f"{cache}/{offset}")
                for i, c in enumerate(vc.CONDITIONS) if only is None or c == only]
        with multiprocessing.get_context("fork").Pool(max(1, jobs)) as pool:
            got = pool.map(collect, work, chunksize=1)
        part = {k: np.concatenate([g[k] for g in got]) for k in got[0]}
        if name is not None:
            name.parent.mkdir(parents=True, exist_ok=True)
            np.savez(name, **part)
        parts.append(part)
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def build(torch, nn, outputs: int = DISC_OUTPUTS):  # type: ignore[no-untyped-def]
    """Three pairs of 3x3 convolutions (16, 32, 48 channels), each pair halving the
    patch, then 64 units; outputs no disc / a disc, clear / hidden (and with ``outputs``
    more, per colour the gem of its one canoe there)."""
    return network(nn, (16, 32, 48), 64, DISC_PATCH_PX, outputs)


def probabilities(torch, net, x: np.ndarray  # type: ignore[no-untyped-def]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Per row, the probability of a disc and of the slot being clear, and (a network
    with gem outputs) per colour the probabilities of its lone canoe's gem."""
    net.eval()
    parts, gems = [], []
    with torch.no_grad():
        for i in range(0, len(x), 512):
            out = net(inputs(torch, x[i:i + 512]))
            parts.append(torch.softmax(out[:, :4].reshape(-1, 2, 2), -1).numpy())
            if out.shape[1] == DISC_OUTPUTS + len(COLOURS) * len(GEMS):
                gems.append(torch.softmax(out[:, 4:].reshape(-1, len(COLOURS), len(GEMS)),
                                          -1).numpy())
    p = np.concatenate(parts)
    return p[:, 0, 1], p[:, 1, 0], np.concatenate(gems) if gems else None


HIDDEN_WEIGHT = 0.5
"""How much telling a hidden slot counts in the training loss beside the disc."""
CROWD_WEIGHT = 2.0
"""How much more a slot with two or three canoes counts in the training loss."""


GEM_WEIGHT = 0.5
"""How much the gems count in the training loss beside the disc (``--gems``)."""


PAIR_WEIGHT = 16.0
"""How much more a colour with two canoes on the slot counts in the pair reader's loss
(``--pairs``): those are what it is for, and few. (At 4.0 with ``--pairs 4.0`` the
reader was never 0.99 sure of a pair's gems and named 268 of 390 training pairs right
at its best guess; at 16.0 with 8.0, 338.)"""


def train(torch, nn, data: dict[str, np.ndarray], epochs: int,  # type: ignore[no-untyped-def]
          gem_weight: float = 0.0, pair_weight: float = 0.0):
    rng = np.random.default_rng(0)
    torch.manual_seed(0)
    net = build(torch, nn, DISC_OUTPUTS + (len(COLOURS) * len(GEMS) * 3 if pair_weight else
                                           len(COLOURS) * len(GEMS) if gem_weight else 0))
    x = data["x"]
    clear = data["hidden"] == 0
    disc = torch.from_numpy(np.where(clear, data["disc"], -1))
    hidden = torch.from_numpy(data["hidden"])
    gem = torch.from_numpy(np.where(clear[:, None], data["gems"], -1))
    if pair_weight:
        held_gems = torch.from_numpy(np.where(clear[:, None, None], data["gem_counts"], -1))
        pairs = data["gem_counts"].sum(-1) == 2
        pair_w = torch.from_numpy(np.where(pairs, PAIR_WEIGHT, 1.0).astype(np.float32))
    weight = torch.from_numpy(np.where(data["load"] >= 2, CROWD_WEIGHT, 1.0).astype(np.float32))
    held, fit, opt, sched = schedule(torch, net, rng, len(x), epochs)
    for epoch in range(epochs):
        net.train()
        t0 = time.perf_counter()
        for b, xb in batches(torch, x, fit, rng, (3, 2)):
            out = net(xb)
            d = nn.functional.cross_entropy(out[:, :2], disc[b], ignore_index=-1,
                                            reduction="none")
            h = nn.functional.cross_entropy(out[:, 2:4], hidden[b], reduction="none")
            loss = ((d + HIDDEN_WEIGHT * h) * weight[b]).mean()
            if pair_weight:
                held_b = held_gems[b]
                ce = nn.functional.cross_entropy(
                    out[:, 4:].reshape(-1, 3), held_b.reshape(-1), ignore_index=-1,
                    reduction="none").reshape(held_b.shape)
                loss = loss + pair_weight * (ce * pair_w[b][:, :, None]).mean()
            elif gem_weight and (gem[b] >= 0).any():
                loss = loss + gem_weight * nn.functional.cross_entropy(
                    out[:, 4:].reshape(-1, len(GEMS)), gem[b].reshape(-1), ignore_index=-1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        p_disc, p_clear, _ = probabilities(torch, net, x[held])
        c = clear[held]
        ok = (p_disc > 0.5) == (data["disc"][held] == 1)
        crowd = c & (data["load"][held] >= 2)
        if pair_weight:
            print("  " + pair_figures(torch, net, x[held], data["gem_counts"][held],
                                      data["hidden"][held] == 0), flush=True)
        print(f"  epoch {epoch + 1}/{epochs}: held-back tuning slots: clear ones' disc "
              f"{ok[c].mean():.2%} right (under 2-3 canoes {ok[crowd].mean():.2%} of "
              f"{crowd.sum()}), clear or hidden told right on "
              f"{((p_clear < 0.5) == (data['hidden'][held] == 1)).mean():.2%} "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
    return net


def pair_figures(torch, net, x: np.ndarray, counts: np.ndarray,  # type: ignore[no-untyped-def]
                 clear: np.ndarray) -> str:
    """How the pair reader names the gems of clear slots' pairs of one colour, per
    confidence: named and wrong."""
    net.eval()
    outs = []
    with torch.no_grad():
        for i in range(0, len(x), 512):
            outs.append(net(inputs(torch, x[i:i + 512])).numpy())
    z = np.concatenate(outs)
    p_clear = np.exp(z[:, 2]) / (np.exp(z[:, 2]) + np.exp(z[:, 3]))
    p = held_gems(z[:, DISC_OUTPUTS:])
    rows, cols = np.nonzero((counts.sum(-1) == 2) & clear[:, None])
    words = [f"pairs {len(rows)}"]
    for t in (0.99, 0.999, 0.9999):
        named = wrong = 0
        for r, c in zip(rows, cols, strict=True):
            got = pair_of(p[r, c], t) if p_clear[r] >= 0.99 else None
            if got is None:
                continue
            named += 1
            want = tuple(GEMS[g] for g in np.flatnonzero(counts[r, c])
                         for _ in range(counts[r, c, g]))  # (in GEMS order, as got)
            wrong += got != want
        words.append(f"at {t}: named {named}, wrong {wrong}")
    return "; ".join(words)


def report(p_disc: np.ndarray, p_clear: np.ndarray, data: dict[str, np.ndarray]) -> None:
    """What the reader would add to the product's reading, per threshold."""
    read, truth, load = data["read"], data["disc"], data["load"]
    clear = data["hidden"] == 0
    known = read >= 0
    conf = np.maximum(p_disc, 1 - p_disc)
    says = (p_disc >= 0.5).astype(np.int64)
    ok = says == truth
    print(f"  slots read by the product: {known.sum()}, clear {(known & clear).sum()}")
    crowd = clear & known & (load >= 2)
    print(f"  network alone, clear slots: disc {ok[clear & known].mean():.2%} right; "
          f"under 2-3 canoes {ok[crowd].mean():.2%} of {crowd.sum()}")
    gap = known & (read == 2) & (data["canoes_right"] == 1)
    wrong_now = known & (read <= 1) & (read != truth)
    print(f"  the product reads the canoes but not the disc on {gap.sum()} slots "
          f"({(gap & clear).sum()} clear; {(gap & (load >= 2)).sum()} under 2-3 canoes); "
          f"it reads {wrong_now.sum()} discs wrongly")
    for t in THRESHOLDS:
        for c in (0.99, 0.999):
            fill = gap & (conf >= t) & (p_clear >= c)
            veto = known & (read <= 1) & (conf >= t) & (p_clear >= c) & (says != read)
            print(f"  at {t} (clear {c}): fills {fill.sum()} ({(fill & clear).sum()} clear), "
                  f"{(fill & ~ok).sum()} wrong; disagrees with {veto.sum()} discs read "
                  f"({(veto & (read != truth)).sum()} of them read wrongly)")
    for cond in np.unique(data["cond"]):
        sel = gap & (data["cond"] == cond)
        fill = sel & (conf >= 0.999) & (p_clear >= 0.99)
        print(f"    {list(vc.CONDITIONS)[cond]:15s} gap {sel.sum():4d}  filled at 0.999 "
              f"{fill.sum():4d}  wrong {(fill & ~ok).sum()}")


def report_gems(p_gems: np.ndarray, p_clear: np.ndarray, data: dict[str, np.ndarray]
                ) -> None:
    """How the gem outputs do on the lone canoes of clear slots the product read."""
    want = data["gems"]
    lone = (want >= 0) & (data["hidden"] == 0)[:, None] & (data["read"] >= 0)[:, None]
    says = p_gems.argmax(-1)
    conf = p_gems.max(-1)
    ok = says == want
    print(f"  gems of {lone.sum()} lone canoes on clear slots: {ok[lone].mean():.2%} right")
    for t in (0.99, 0.999, 0.9999, 0.99999):
        keep = lone & (conf >= t) & (p_clear >= 0.99)[:, None]
        print(f"    at {t}: named {keep.sum()} ({keep.sum() / max(lone.sum(), 1):.2%}), "
              f"{(keep & ~ok).sum()} wrong")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", default="92:200,93:200", metavar="OFFSET:SCENES,...")
    ap.add_argument("--test", default="50:300,51:300", metavar="OFFSET:SCENES,...")
    ap.add_argument("--epochs", type=int, default=14)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--data", metavar="DIR", help="keep the patches here (npz) for the next run")
    ap.add_argument("--cache-test", metavar="DIR", help="the accuracy benchmark's frame cache "
                    "(one folder per offset)")
    ap.add_argument("--export", metavar="NPZ", help="write the trained weights for the product "
                    "(vision/data/disc_reader.npz)")
    ap.add_argument("--no-test", action="store_true", help="train (and export) only")
    ap.add_argument("--gems", type=float, default=0.0, metavar="WEIGHT",
                    help="also learn each colour's lone canoe's gem, with this weight in "
                    f"the loss (e.g. {GEM_WEIGHT}; the shipped gem reader: 2.0, 20 epochs)")
    ap.add_argument("--glare", default="", metavar="OFFSET:SCENES,...",
                    help="more tuning scenes of the glare condition only (with --glare-hidden)")
    ap.add_argument("--glare-hidden", type=float, metavar="LEVEL",
                    help="train with a slot hidden by a glare spot only where the spot adds "
                    "this share of white over its disc on average (as vision_learned.py's)")
    ap.add_argument("--collect-only", action="store_true",
                    help="render the training scenes and keep their patches in --data, no "
                    "training")
    ap.add_argument("--pairs", type=float, default=0.0, metavar="WEIGHT",
                    help="learn instead, per canoe colour and gem, how many of that "
                    "colour's canoes on the slot carry it (the pair reader, "
                    "vision/data/pair_reader.npz), with this weight in the loss")
    args = ap.parse_args(argv)
    # (Rendering and keeping the patches needs no PyTorch.)
    found = (None, None) if args.collect_only else pytorch()
    if found is None:
        return 1
    torch, nn = found
    try:
        train_sets, glare_sets, test_sets = (
            [(int(a), int(b)) for a, b in (p.split(":") for p in text.split(",") if p)]
            for text in (args.train, args.glare, args.test))
    except ValueError:
        print(f"--train {args.train!r} --test {args.test!r} --glare {args.glare!r}: give "
              "OFFSET:SCENES pairs", file=sys.stderr)
        return 1
    if args.collect_only and not args.data:
        print("--collect-only keeps the patches in --data DIR: give one", file=sys.stderr)
        return 1
    data = Path(args.data) if args.data else None
    parts = []
    if train_sets:
        parts.append(gather(train_sets, TUNING_FAMILIES, False, None, args.jobs, data, "train"))
    if glare_sets:
        parts.append(gather(glare_sets, TUNING_FAMILIES, False, None, args.jobs, data, "train",
                            only=GLARE))
    if args.collect_only or not parts:
        return 0
    fit = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    if args.glare_hidden is not None:
        try:
            fit = glare_hidden(fit, args.glare_hidden)
        except ValueError as e:
            print(f"--glare-hidden: {e}", file=sys.stderr)
            return 1
    torch.set_num_threads(args.threads)
    print(f"training on {len(fit['x'])} tuning slots ({(fit['disc'] == 0).sum()} without a "
          f"disc, {((fit['disc'] == 0) & (fit['load'] >= 2)).sum()} of them under 2-3 canoes)")
    net = train(torch, nn, fit, args.epochs, args.gems, args.pairs)
    if args.export:
        export_checked(torch, net, Path(args.export), fit["x"][:64], DISC_PATCH_PX)
    if args.no_test or not test_sets:
        return 0
    test = gather(test_sets, REPORTING_FAMILIES, True, args.cache_test, args.jobs, data, "test")
    p_disc, p_clear, p_gems = probabilities(torch, net, test["x"])
    print(f"reporting offsets {args.test} ({', '.join(REPORTING_FAMILIES)}):")
    report(p_disc, p_clear, test)
    if p_gems is not None:
        report_gems(p_gems, p_clear, test)
    if args.pairs:
        print("  the pair reader, clear slots the product read: " + pair_figures(
            torch, net, test["x"], test["gem_counts"], (test["hidden"] == 0) & (
                test["read"] >= 0)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
