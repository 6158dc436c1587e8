"""A plain (non-editable) install carries the built-in packs and the solvers along."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.xdist_group("plain-install")
def test_non_editable_install_finds_builtin_packs_and_solvers(
        tmp_path: Path, plain_install: Path) -> None:
    target = plain_install
    expected = sorted(p.name for p in (ROOT / "packs").glob("*.yaml"))
    assert expected
    program = (
        "import json, drill, drill.builtin_solvers as solvers\n"
        "from drill.packs.locate import builtin_packs_dir, pack_files\n"
        "folder = builtin_packs_dir()\n"
        "print(json.dumps({'drill': drill.__file__, 'solvers': solvers.__file__,\n"
        "                  'folder': str(folder), 'is_dir': folder.is_dir(),\n"
        "                  'packs': [p.name for p in pack_files(folder)],\n"
        "                  'top_level': sorted(p.name for p in __import__('pathlib')\n"
        "                      .Path(drill.__file__).parents[1].iterdir())}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, env=env,
                         capture_output=True, text=True, check=True)
    found = json.loads(run.stdout.splitlines()[-1])
    assert Path(found["drill"]).is_relative_to(target)
    assert Path(found["solvers"]).is_relative_to(target / "drill" / "builtin_solvers")
    # Everything drill installs sits in its own namespace: no bare 'solvers' package.
    assert "solvers" not in found["top_level"]
    assert Path(found["folder"]) == target / "drill" / "builtin_packs"
    assert found["is_dir"]
    assert found["packs"] == expected
