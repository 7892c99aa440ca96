"""The ``serve`` command: its options and the addresses it prints (nothing is served)."""

from __future__ import annotations

import pytest

from companion.cli import build_parser
from web.cli import run_serve, urls


def test_serve_options_and_defaults() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.camera, args.gpio, args.db) == (
        "0.0.0.0", 8000, "synthetic", "mock", None)
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "9000",
                                      "--camera", "opencv:0", "--gpio", "auto", "--db", "x.db"])
    assert (args.host, args.port, args.camera, args.gpio, args.db) == (
        "127.0.0.1", 9000, "opencv:0", "auto", "x.db")
    assert args.func is run_serve


def test_urls_list_lan_addresses_then_localhost() -> None:
    assert urls("127.0.0.1", 8000) == ["http://127.0.0.1:8000/"]
    every = urls("0.0.0.0", 8000)
    assert every[-1] == "http://localhost:8000/"
    assert all(u.startswith("http://") and u.endswith(":8000/") for u in every)


def test_bad_port_and_camera_are_plain_errors(tmp_path, capsys: pytest.CaptureFixture) -> None:
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "70000"])
    assert run_serve(args) == 2
    assert "--port must be 1..65535" in capsys.readouterr().err
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--camera", "nonsense",
                                      "--gpio", "none", "--db", str(tmp_path / "g.db")])
    assert run_serve(args) == 1
    assert "nonsense" in capsys.readouterr().err
