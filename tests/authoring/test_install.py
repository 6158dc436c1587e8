"""A plain (non-editable) install carries the catalog and the schema along, and the
built-in packs' ``$schema=pack.schema.json`` line still finds the schema."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from testkit import ROOT

pytestmark = pytest.mark.slow


def test_an_install_has_the_catalog_and_the_schema(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    for name in ("drill", "solvers", "packs"):
        shutil.copytree(ROOT / name, source / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--target", str(target), str(source)],
        check=True, capture_output=True, text=True,
    )
    program = (
        "import json\n"
        "from drill.packs.catalog import load_catalog, catalog_dir\n"
        "from drill.packs.schema import schema_path, load_schema\n"
        "catalog = load_catalog()\n"
        "print(json.dumps({'catalog': str(catalog_dir()), 'gpus': len(catalog.gpus),\n"
        "                  'h100': catalog.gpu('h100').name, 'schema': str(schema_path()),\n"
        "                  'title': load_schema()['title']}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, env=env,
                         capture_output=True, text=True, check=True)
    found = json.loads(run.stdout.splitlines()[-1])
    packs = target / "drill" / "builtin_packs"
    assert Path(found["catalog"]) == packs / "catalog"
    assert found["gpus"] >= 6  # H100, H200, A100, H20, B200, MI300X at least
    assert found["h100"] == "H100"
    assert Path(found["schema"]) == packs / "pack.schema.json"
    assert found["title"] == "drill pack"
    first_line = (packs / "01-speed-physics.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first_line.endswith("$schema=pack.schema.json")
