"""Who may import whom: the rules engine imports nothing outside itself; hardware opens
cameras and lights and knows nothing of vision or the game (the colour table aside);
vision may use the engine but not the table service, the lights or the web."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ENGINE = ("board", "state", "actions", "rules", "events", "record", "errors", "game", "quick",
          "playout", "frozen", "quick", "text", "forecast", "partner/__init__", "partner/view",
          "partner/evaluate", "partner/search", "partner/words", "partner/players",
          "partner/hints", "partner/review")
"""The engine's modules (``companion/*.py`` minus the command line and the colour table)."""


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth (lazy imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def ours(names: set[str]) -> set[str]:
    return {n for n in names if n.split(".")[0] in ("companion", "vision", "hardware", "web")}


def test_the_engine_imports_only_the_engine() -> None:
    allowed = {f"companion.{m}".replace("/", ".").removesuffix(".__init__") for m in ENGINE} \
        | {"companion"}
    for name in ENGINE:
        outside = ours(imports(ROOT / "companion" / f"{name}.py")) - allowed
        assert not outside, f"companion/{name}.py imports {sorted(outside)}"
    partner = {p.stem for p in (ROOT / "companion" / "partner").glob("*.py")}
    listed = {name.removeprefix("partner/") for name in ENGINE if name.startswith("partner/")}
    assert partner == listed, "list every module of companion/partner in ENGINE"


def test_hardware_knows_nothing_of_vision_or_the_game() -> None:
    for path in (ROOT / "hardware").rglob("*.py"):
        outside = {n for n in ours(imports(path)) if not n.startswith("hardware")}
        assert outside <= {"companion.colours"}, f"{path.name} imports {sorted(outside)}"


def test_vision_uses_the_engine_only() -> None:
    for path in (ROOT / "vision").rglob("*.py"):
        found = ours(imports(path))
        wrong = {n for n in found if n.startswith(("companion.table", "hardware", "web"))}
        assert not wrong, f"vision/{path.name} imports {sorted(wrong)}"


def test_nothing_but_the_web_imports_the_web() -> None:
    for package in ("companion", "vision", "hardware"):
        for path in (ROOT / package).rglob("*.py"):
            assert not {n for n in ours(imports(path)) if n.startswith("web")}, path


def test_no_reaching_into_private_attributes_in_the_web() -> None:
    for path in (ROOT / "web").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("getattr", "hasattr"), f"{path.name}:{node.lineno}"
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                base = node.value
                assert isinstance(base, ast.Name) and base.id in ("self", "cls"), \
                    f"{path.name}:{node.lineno} reaches into .{node.attr}"


def test_the_command_line_starts_without_opencv_or_flask() -> None:
    """``niagara-companion --help`` (building the parser of every command) loads neither
    OpenCV nor Flask: they come when a command that needs them runs."""
    import subprocess
    import sys

    code = ("import sys; from companion.cli import build_parser; build_parser(); "
            "print(sorted(m for m in ('cv2', 'flask', 'waitress') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
