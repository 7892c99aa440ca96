"""The command line never shows a traceback: ``replay`` on records nested too deeply or
holding numbers too long says so in one line (exit 1); a closed pipe ends quietly;
``detect`` refuses a picture whose header claims too many pixels before decoding it."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from companion.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "companion" / "data" / "sample-game.json"


@pytest.mark.parametrize(("text", "said"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "niagara-record/1", "players": ' + "9" * 5000 + "}", "number too long"),
    ('{"format": "niagara-record/1", "players": ["red", "green", "blue"], "rounds": '
     + "[" * 5000 + "]" * 5000 + "}", "error:"),
])
def test_replay_refuses_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    text: str, said: str) -> None:
    record = tmp_path / "record.json"
    record.write_text(text)
    assert main(["replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_into_a_closed_pipe_ends_quietly() -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written (like `| head` done)
    try:
        done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", str(SAMPLE),
                               "--json"], stdout=write, stderr=subprocess.PIPE, timeout=60,
                              check=False)
    finally:
        os.close(write)
    assert done.returncode == 1
    assert done.stderr == b""


def png_claiming(width: int, height: int) -> bytes:
    """A small PNG whose header claims ``width`` x ``height`` pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 100_000)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("size", [(20000, 20000), (8000, 6000), (1, 50_000_000)])
def test_detect_checks_the_size_before_decoding(tmp_path: Path, size: tuple[int, int],
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import cv2

    def no_decoding(*_args: object) -> None:
        raise AssertionError("decoded before the size was checked")

    monkeypatch.setattr(cv2, "imdecode", no_decoding)
    picture = tmp_path / "huge.png"
    picture.write_bytes(png_claiming(*size))
    assert main(["detect", str(picture)]) == 1
    err = capsys.readouterr().err
    assert "too large" in err and err.count("\n") == 1


@pytest.mark.parametrize("data", [b"\x89PNG\r\n\x1a\n", b"GIF89a" + b"\xff" * 20,
                                  b"\xff\xd8\xff" + b"\x00" * 50, b"hello"])
def test_detect_refuses_malformed_pictures(tmp_path: Path, data: bytes,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "broken.png"
    picture.write_bytes(data)
    assert main(["detect", str(picture)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("niagara-companion detect: ") and err.count("\n") == 1
