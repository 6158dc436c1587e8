"""A plain (non-editable) install carries the catalog and the schema along, and the
built-in packs' ``$schema=pack.schema.json`` line still finds the schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


@pytest.mark.xdist_group("plain-install")
def test_an_install_has_the_catalog_and_the_schema(tmp_path: Path, plain_install: Path) -> None:
    target = plain_install
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
