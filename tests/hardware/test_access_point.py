"""The access-point script (NetworkManager), in dry runs: the commands it would run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "hardware" / "access-point.sh"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SCRIPT), *args],
                          env={**os.environ, "NIAGARA_AP_DRY_RUN": "1"},
                          capture_output=True, text=True, timeout=20)


def test_on_makes_a_wpa2_access_point_started_at_every_boot() -> None:
    done = run("on", "--ssid", "Niagara table", "--password", "paddle-fast")
    assert done.returncode == 0, done.stderr
    add = next(line for line in done.stdout.splitlines() if "connection add" in line)
    for part in ("mode ap", "ipv4.method shared", "wifi-sec.key-mgmt wpa-psk",
                 "wifi-sec.psk paddle-fast", "autoconnect yes", "ssid Niagara table"):
        assert part in add
    assert "+ nmcli connection up niagara-ap" in done.stdout
    assert "http://10.42.0.1:8000/" in done.stdout


def test_a_bad_password_or_action_is_one_plain_line() -> None:
    short = run("on", "--password", "short")
    assert short.returncode == 1 and "8 to 63 characters" in short.stderr
    bogus = run("sideways")
    assert bogus.returncode == 2 and "say 'on' or 'off'" in bogus.stderr
    assert "nmcli connection delete niagara-ap" in run("off").stdout
