#!/usr/bin/env python3
"""Set up .venv and run drill, its tests or its linters.

    python3 dev.py [ARGS...]     open drill on the built-in packs (ARGS go to drill)
    python3 dev.py test [ARGS]   run the test suite (ARGS go to pytest)
    python3 dev.py lint          ruff, mypy and lint-imports

Needs only Python 3.11+. The first run creates .venv and installs drill into it
(editable, with its test tools), by uv when uv is on the PATH, else by pip; later runs
install again only when pyproject.toml or setup.py changed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def install_commands(uv: str | None) -> list[str]:
    """The command that installs drill, editable, with its test tools, into .venv
    (byte-compiled, as pip does: uv does not by default)."""
    if uv is not None:
        return [uv, "pip", "install", "--compile-bytecode", "--python", str(PYTHON), "-e",
                ".[test]"]
    return [str(PYTHON), "-m", "pip", "install", "-e", ".[test]"]


#: drill's distribution name before it took one free on the package index: an environment
#: installed under it loses it first (both would claim the `drill` command).
OLD_NAME = "drill"


def uninstall_commands(uv: str | None) -> list[str]:
    """The command that removes the distribution installed under ``OLD_NAME``."""
    if uv is not None:
        return [uv, "pip", "uninstall", "--python", str(PYTHON), OLD_NAME]
    return [str(PYTHON), "-m", "pip", "uninstall", "--yes", OLD_NAME]


def setup_stamp() -> str:
    """What the installed environment follows from: the two files that declare it."""
    return hashlib.sha256(b"".join((ROOT / name).read_bytes()
                                   for name in ("pyproject.toml", "setup.py"))).hexdigest()


def ensure_environment() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"drill needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = setup_stamp()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not PYTHON.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    has_old = subprocess.run([str(PYTHON), "-c", "import importlib.metadata as m; "
                              f"m.distribution({OLD_NAME!r})"], capture_output=True)
    if has_old.returncode == 0:
        subprocess.run(uninstall_commands(shutil.which("uv")), cwd=ROOT, check=True)
    subprocess.run(install_commands(shutil.which("uv")), cwd=ROOT, check=True)
    STAMP.write_text(wanted)


def command(argv: list[str]) -> list[str]:
    """What ``python3 dev.py ARGV`` runs once .venv is ready (lint: the first of three)."""
    if argv[:1] == ["test"]:
        return [str(PYTHON), "-m", "pytest", *argv[1:]]
    return [str(PYTHON), "-m", "drill", *argv]


def main(argv: list[str]) -> int:
    ensure_environment()
    if argv == ["lint"]:
        tools = (["ruff", "check", "."], ["mypy"], ["lint-imports"])
        return max(subprocess.run([str(BIN / tool[0]), *tool[1:]], cwd=ROOT).returncode
                   for tool in tools)
    try:  # drill runs where it is called from, so a pack path given to it reads as typed
        return subprocess.run(command(argv), cwd=ROOT if argv[:1] == ["test"] else None
                              ).returncode
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
