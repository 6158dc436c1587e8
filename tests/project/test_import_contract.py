"""Architecture rules that are easy to break by accident: checked in fresh interpreters."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import drill

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
UI_PACKAGES = ("drill.app",)


def _modules_loaded_by(code: str) -> set[str]:
    program = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


def _domain_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(drill.__path__, "drill."):
        if info.name.startswith(UI_PACKAGES) or info.name == "drill.__main__":
            continue
        names.append(info.name)
    return names


def test_import_drill_does_not_load_sympy_or_textual() -> None:
    loaded = _modules_loaded_by("import drill")
    assert "sympy" not in loaded
    assert "textual" not in loaded


def test_help_does_not_load_sympy() -> None:
    code = "from drill.cli import build_parser\nbuild_parser().format_help()"
    loaded = _modules_loaded_by(code)
    assert "sympy" not in loaded


def test_reading_math_does_not_load_sympy() -> None:
    loaded = _modules_loaded_by(
        "from drill.quantities.calculator import calculate\ncalculate('16 GB / 3.35 TB/s')"
    )
    assert "sympy" not in loaded


def test_domain_modules_never_import_textual() -> None:
    modules = _domain_modules()
    assert "drill.quantities.parsing.parser" in modules  # the walk really found the domain
    code = "import importlib\n" + "\n".join(f"importlib.import_module({m!r})" for m in modules)
    code += "\nimport drill.builtin_solvers"
    loaded = _modules_loaded_by(code)
    assert not {m for m in loaded if m == "textual" or m.startswith("textual.")}


def test_drill_help_lists_subcommands_without_sympy() -> None:
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "drill", "--help"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert "calc" in out.stdout
    assert " sympy" not in out.stderr  # -X importtime lists every module imported


def test_the_first_screen_imports_only_textual_and_light_modules() -> None:
    # Home is drawn before the packs and the review data are read (a worker does that
    # after the first frame); anything heavy imported here delays the first frame.
    loaded = _modules_loaded_by(
        "from drill.app.drill_app import DrillApp\n"
        "from drill.app.screens.home import HomeScreen"
    )
    heavy = {"sympy", "fsrs", "yaml", "sqlite3", "drill.solving.variants", "drill.packs.catalog",
             "drill.review.session", "drill.packs.loader", "drill.grading"}
    assert not heavy & loaded
