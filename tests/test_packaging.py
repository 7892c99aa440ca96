"""The install ships every package: a directory of Python modules left out of
``pyproject.toml``'s package list works in the editable install of development and
breaks the Raspberry Pi's (``make install-pi``) with an ImportError."""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent
TOP = ("companion", "vision", "hardware", "web")


def test_every_folder_of_modules_is_a_package_the_install_ships() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    shipped = set(find_packages(where=str(ROOT), include=include))
    folders = {".".join(path.parent.relative_to(ROOT).parts)
               for top in TOP for path in (ROOT / top).rglob("*.py")
               if "__pycache__" not in path.parts}
    missing_init = sorted(f for f in folders
                          if not (ROOT / f.replace(".", "/") / "__init__.py").exists())
    assert missing_init == [], f"folders of modules without __init__.py: {missing_init}"
    assert folders - shipped == set()
    assert {"companion.table", "vision.synth"} <= shipped
    assert not any(p.startswith("tests") for p in shipped)
