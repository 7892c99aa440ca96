"""``niagara-companion record``: frames from any camera, the synthetic one included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


def test_record_then_replay_a_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "session1"
    assert (
        main(
            [
                "record",
                "--camera",
                "synthetic",
                "--out",
                str(out),
                "--frames",
                "2",
                "--interval",
                "0",
                "--size",
                "160x120",
            ]
        )
        == 0
    )
    assert sorted(p.name for p in out.iterdir()) == [
        "frame_000000.png",
        "frame_000001.png",
        "session.json",
    ]
    session = json.loads((out / "session.json").read_text())
    assert session["camera"] == "synthetic" and session["size"] == [160, 120]
    # replay the recording through the folder camera, and record it again
    again = tmp_path / "session2"
    assert (
        main(
            [
                "record",
                "--camera",
                f"folder:{out}",
                "--out",
                str(again),
                "--frames",
                "5",
                "--interval",
                "0",
                "--size",
                "160x120",
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert "has no more frames" in printed and "Saved 2 frames" in printed
    assert len(list(again.glob("frame_*.png"))) == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--camera", "opencv:7"], "no webcam 7"),
        (["--camera", "webcam"], "unknown camera 'webcam'"),
        (["--size", "big"], "--size must look like 1280x720"),
        (["--frames", "0"], "--frames must be at least 1"),
    ],
)
def test_record_user_errors_are_one_plain_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["record", "--out", str(tmp_path / "x"), *argv]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_record_refuses_to_mix_two_sessions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "frame_000000.png").write_bytes(b"")
    assert main(["record", "--camera", "synthetic", "--out", str(tmp_path)]) == 1
    assert "already holds recorded frames" in capsys.readouterr().err
