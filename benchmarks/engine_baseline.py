"""Another commit's rules engine beside the working tree's, for before/after benchmarks.

``baseline_engine(ref, into)`` extracts that commit's ``companion`` package with
``git archive`` into ``into``, renames it ``companion_baseline`` and rewrites its internal
imports (as ``benchmarks/vision_speed.py`` does for ``vision``), so both engines can be
imported in one process and timed back to back on the same inputs, under the same load.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "companion_baseline"
MODULES = ("actions", "board", "game", "playout", "record", "rules", "state")


def baseline_engine(ref: str, into: Path) -> dict[str, ModuleType]:
    """That commit's engine modules (``state``, ``rules``, ``playout``, ...) by short name."""
    archive = into / "old.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), ref, "companion"],
                   check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    (into / "companion").rename(into / BASELINE)
    for py in (into / BASELINE).rglob("*.py"):
        text = py.read_text(encoding="utf-8")
        text = re.sub(r"\b(from|import) companion\b", rf"\1 {BASELINE}", text)
        py.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(into))
    return {name: importlib.import_module(f"{BASELINE}.{name}") for name in MODULES}


def working_engine() -> dict[str, ModuleType]:
    """The working tree's engine modules, by the same short names."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return {name: importlib.import_module(f"companion.{name}") for name in MODULES}


def load_text() -> str:
    try:
        return "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        return "load average unknown"


def commit_name(ref: str) -> str:
    """``ref`` as a short commit id (for the printed header)."""
    out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", ref],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()
