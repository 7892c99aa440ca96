"""The ``serve`` command: its options and the addresses it prints (nothing is served)."""

from __future__ import annotations

from pathlib import Path

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


def test_bad_port_and_camera_are_plain_errors(tmp_path, capsys: pytest.CaptureFixture,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    key_file = tmp_path / "setup-key"
    monkeypatch.setattr("web.setup_key.default_setup_key_path", lambda: key_file)
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "70000"])
    assert run_serve(args) == 2
    assert "--port must be 1..65535" in capsys.readouterr().err
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--camera", "nonsense",
                                      "--gpio", "none", "--db", str(tmp_path / "g.db")])
    assert run_serve(args) == 1
    assert "nonsense" in capsys.readouterr().err
    assert not key_file.exists()  # a start that fails writes no key


def test_the_calibration_link_carries_the_setup_key(tmp_path: Path) -> None:
    from web.cli import calibration_message
    from web.setup_key import SetupKey

    key = SetupKey(path=tmp_path / "setup-key")
    text = calibration_message(["http://10.0.0.2:8000/", "http://localhost:8000/"], key)
    assert f"http://10.0.0.2:8000/calibrate?key={key.value}" in text
    assert f"  http://10.0.0.2:8000/?key={key.value}\n" in text
    assert str(tmp_path / "setup-key") in text and "after a restart" in text
    assert "changes at each start" in calibration_message(["http://x/"], SetupKey())


def test_serve_prints_the_table_and_calibration_links(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import waitress

    class Server:
        def run(self) -> None:
            raise KeyboardInterrupt

        def close(self) -> None:
            pass

    key_file = tmp_path / "config" / "setup-key"
    monkeypatch.setattr("web.setup_key.default_setup_key_path", lambda: key_file)
    monkeypatch.setattr(waitress, "create_server", lambda *a, **k: Server())
    args = build_parser().parse_args([
        "serve", "--host", "127.0.0.1", "--port", "8123", "--camera", "none", "--gpio",
        "none", "--db", str(tmp_path / "g.db"), "--layout", str(tmp_path / "layout.json")])
    assert run_serve(args) == 0
    out = capsys.readouterr().out
    key = key_file.read_text().strip()
    assert "  http://127.0.0.1:8123/\n" in out
    assert f"  http://127.0.0.1:8123/calibrate?key={key}\n" in out
    assert f"  http://127.0.0.1:8123/?key={key}\n" in out
    # The same link after a restart.
    assert run_serve(args) == 0
    assert f"/calibrate?key={key}\n" in capsys.readouterr().out
