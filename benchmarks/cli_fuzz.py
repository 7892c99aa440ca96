"""The command line against malformed input: ``replay`` over mutated game records and
``detect`` over malformed pictures, in this process, seeded.

Counted: runs, exit statuses, tracebacks (an exception escaping the command), hangs (a
run over ``--timeout`` seconds), and the process's peak memory (which bounds every
single run's).

    .venv/bin/python benchmarks/cli_fuzz.py [--records 5000] [--images 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import resource
import struct
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.cli import main as cli

SAMPLE = Path(__file__).resolve().parents[1] / "companion" / "data" / "sample-game.json"


def mutate_value(rng: random.Random, value: Any, depth: int = 0) -> Any:
    """The record with one node somewhere replaced by something strange."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        out = dict(value)
        if rng.random() < 0.1:
            del out[key]
        else:
            out[key] = mutate_value(rng, value[key], depth + 1)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        if rng.random() < 0.1:
            out_list.insert(i, out_list[i])
        else:
            out_list[i] = mutate_value(rng, out_list[i], depth + 1)
        return out_list
    return rng.choice([
        None, True, -1, 0, 7, 10**rng.randint(20, 400), -(10**50), 1e308, "²", "٣",
        "cloud", "down 9", "load ruby", "steal red", "", "x" * 1000, [], {},
        "down " + "9" * rng.randint(3, 50), ["left"] * rng.randint(0, 30), "red",
        [[[[[[[]]]]]]], {"type": "paddle"},
    ])


def mutate_text(rng: random.Random, text: str) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return text[:rng.randrange(len(text))]
    if kind == 1:
        depth = rng.randint(500, 200_000)
        return "[" * depth + "]" * depth
    if kind == 2:
        i = rng.randrange(len(text))
        return text[:i] + "9" * rng.randint(4000, 20000) + text[i:]
    if kind == 3:
        chars = list(text)
        for _ in range(rng.randint(1, 10)):
            chars[rng.randrange(len(chars))] = chr(rng.randrange(32, 0x3000))
        return "".join(chars)
    if kind == 4:
        i = rng.randrange(len(text))
        return text[:i] + "{" * rng.randint(100, 5000) + text[i:]
    return json.dumps(mutate_value(rng, json.loads(text)))


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def malformed_picture(rng: random.Random, good_png: bytes, good_jpg: bytes) -> bytes:
    kind = rng.randrange(8)
    if kind == 0:  # a PNG claiming a huge size, with a valid header checksum
        w, h = rng.choice([(20000, 20000), (1, 10**8), (65535, 65535), (7000, 7000)])
        header = struct.pack(">IIBBBBB", w, h, 8, rng.choice([0, 2, 6]), 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header)
                + png_chunk(b"IDAT", zlib.compress(b"\x00" * rng.randint(10, 100_000)))
                + png_chunk(b"IEND", b""))
    if kind == 1:  # a JPEG whose frame header claims a huge size
        data = bytearray(good_jpg)
        sof = data.find(b"\xff\xc0")
        if sof > 0:
            data[sof + 5:sof + 9] = struct.pack(">HH", 65000, 65000)
        return bytes(data)
    if kind == 2:  # truncated
        data = rng.choice([good_png, good_jpg])
        return data[:rng.randrange(1, len(data))]
    if kind == 3:  # flipped bytes
        data = bytearray(rng.choice([good_png, good_jpg]))
        for _ in range(rng.randint(1, 50)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 4:  # a BMP claiming a huge size
        return (b"BM" + struct.pack("<IHHI", 1000, 0, 0, 54)
                + struct.pack("<IiiHHIIiiII", 40, 30000, 30000, 1, 24, 0, 0, 0, 0, 0, 0)
                + bytes(200))
    if kind == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 5000)))
    if kind == 6:  # a TIFF header claiming a huge size
        return (b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 2)
                + struct.pack("<HHII", 256, 4, 1, 60000) + struct.pack("<HHII", 257, 4, 1, 60000)
                + b"\x00\x00\x00\x00" + bytes(100))
    return b"GIF89a" + struct.pack("<HH", 65535, 65535) + bytes(rng.randrange(50))


def run(argv: list[str], timeout: float) -> tuple[int | None, str, float]:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status: int | None = cli(argv)
    except BaseException as error:  # a traceback: what must never happen
        return None, f"{type(error).__name__}: {error}"[:200], time.perf_counter() - start
    return status, err.getvalue(), time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=5000)
    parser.add_argument("--images", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="niagara-cli-fuzz-"))
    sample = SAMPLE.read_text()
    results: dict[str, dict[str, Any]] = {}
    for name in ("replay", "detect"):
        results[name] = {"runs": 0, "status": {}, "tracebacks": [], "hangs": 0,
                         "slowest": 0.0}
    record = folder / "record.json"
    for i in range(args.records):
        record.write_text(mutate_text(rng, sample))
        status, err, took = run(["replay", str(record), *(["--json"] if i % 2 else [])],
                                args.timeout)
        stats = results["replay"]
        stats["runs"] += 1
        stats["status"][status] = stats["status"].get(status, 0) + 1
        stats["hangs"] += took > args.timeout
        stats["slowest"] = max(stats["slowest"], took)
        if status is None:
            stats["tracebacks"].append(err)
    frame = np.random.default_rng(args.seed).integers(0, 255, (120, 160, 3), dtype=np.uint8)
    good_png = cv2.imencode(".png", frame)[1].tobytes()
    good_jpg = cv2.imencode(".jpg", frame)[1].tobytes()
    picture = folder / "picture.png"
    for _ in range(args.images):
        picture.write_bytes(malformed_picture(rng, good_png, good_jpg))
        status, err, took = run(["detect", str(picture)], args.timeout)
        stats = results["detect"]
        stats["runs"] += 1
        stats["status"][status] = stats["status"].get(status, 0) + 1
        stats["hangs"] += took > args.timeout
        stats["slowest"] = max(stats["slowest"], took)
        if status is None:
            stats["tracebacks"].append(err)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for name, stats in results.items():
        print(f"{name}: {stats['runs']} malformed inputs; exit statuses "
              + ", ".join(f"{s}: {n}" for s, n in sorted(stats["status"].items(),
                                                          key=lambda x: str(x[0])))
              + f"; tracebacks {len(stats['tracebacks'])}; hangs (> {args.timeout:g} s) "
              f"{stats['hangs']}; slowest {stats['slowest']:.2f} s")
        for line in stats["tracebacks"][:5]:
            print("  " + line)
    print(f"peak memory of this process (all runs): {peak:.0f} MB")
    return 1 if any(s["tracebacks"] or s["hangs"] for s in results.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
