#!/usr/bin/env python3
"""Set up a private virtual environment and run drill or its tests.

    python3 dev.py [ARGS...]     install drill into .venv and open it (ARGS go to drill)
    python3 dev.py test [ARGS]   install drill with its test tools and run the whole suite
    python3 dev.py lint          ruff and mypy

Needs nothing but Python 3.11+. The environment is rebuilt only when pyproject.toml or
setup.py change, so the second run starts at once.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def _fingerprint(extras: str) -> str:
    digest = hashlib.sha256(extras.encode())
    for name in ("pyproject.toml", "setup.py"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def ensure_environment(extras: str) -> None:
    """Create .venv and install drill (editable) with the given extras, if not done yet."""
    if sys.version_info < (3, 11):
        sys.exit(f"drill needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    stamp = VENV / f".drill-installed-{extras or 'app'}"
    wanted = _fingerprint(extras)
    if stamp.exists() and stamp.read_text() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("Creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{extras}]" if extras else "."
    first = not any(VENV.glob(".drill-installed-*"))
    print(f"Installing drill{'[' + extras + ']' if extras else ''} into .venv"
          + (" (the first time takes a minute or two; pip says what it fetches)" if first
             else "") + " ...", file=sys.stderr)
    # pip's own lines, one per package it collects, downloads and installs: a long first
    # install must not look like a hang.
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check",
         "--progress-bar", "on", "-e", target],
        cwd=ROOT,
        check=True,
    )
    print("drill is installed in .venv", file=sys.stderr)
    stamp.write_text(wanted)


def main(argv: list[str]) -> int:
    if argv[:1] == ["test"]:
        ensure_environment("test")
        return subprocess.run([str(PYTHON), "-m", "pytest", *argv[1:]], cwd=ROOT).returncode
    if argv[:1] == ["lint"]:
        ensure_environment("dev")
        ruff = subprocess.run([str(BIN / "ruff"), "check", "."], cwd=ROOT).returncode
        mypy = subprocess.run([str(BIN / "mypy")], cwd=ROOT).returncode
        return ruff or mypy
    ensure_environment("")
    drill = BIN / ("drill.exe" if os.name == "nt" else "drill")
    if os.name == "nt":
        return subprocess.run([str(drill), *argv]).returncode
    os.execv(drill, [str(drill), *argv])
    return 0  # not reached: execv replaces this process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
