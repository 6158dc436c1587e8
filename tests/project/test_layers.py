"""The layers of docs/architecture.md, as import-linter contracts in pyproject.toml.

A wrong-way import (the domain importing textual, storage importing the review service,
anything but the sympy bridge and the solvers importing sympy) fails here, in CI.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_import_contract_is_kept() -> None:
    tool = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert tool, "import-linter is a test dependency (pip install -e '.[test]')"
    result = subprocess.run([tool, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_contracts_cover_the_layers_the_architecture_names() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    names = {contract["name"] for contract in config["contracts"]}
    assert any("textual" in name for name in names)
    assert any("sympy" in name for name in names)
    (layers,) = [c for c in config["contracts"] if c.get("containers") == ["drill"]]
    assert layers["exhaustive"] is True  # a new package must be placed in a layer
    doc = (ROOT / "docs" / "architecture.md").read_text()
    for layer in layers["layers"]:
        for package in layer.split("|"):
            assert f"`drill.{package.strip()}`" in doc, package


def test_inside_the_app_no_screen_or_widget_imports_the_app_object() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config.get("exclude_type_checking_imports", False) is False  # they count too
    (app,) = [c for c in config["contracts"] if c.get("containers") == ["drill.app"]]
    assert app["type"] == "layers" and app["exhaustive"] is True
    layers = [{name.strip() for name in layer.replace(":", "|").split("|")}
              for layer in app["layers"]]
    assert layers[0] == {"drill_app"}
    below = set().union(*layers[1:])
    assert {"screens", "widgets", "messages", "backend"} <= below
