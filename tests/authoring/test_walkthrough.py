"""docs/authoring.md works as written: its shell blocks run, in order, in a fresh folder.

``sh`` blocks run as they are and must succeed. ``console`` blocks hold ``$ command`` lines,
each followed by some of its output: every shown line must appear in what the command
prints (so the error messages in the document are real), and the command must exit 0,
or 1 when the shown output is an error (``: error:``) or a wrong answer (``✗``). Commands
run with ``$DRILL_HOME`` set to a fresh data folder, with ``drill`` on the PATH as this
checkout's ``python -m drill``.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests_authoring_helpers import ROOT

from drill.cli import app_arguments

DOC = ROOT / "docs" / "authoring.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Step:
    command: str
    shown: tuple[str, ...]  # output lines the document shows (console blocks)
    checked: bool  # a console command: compare its output and exit code


def steps(text: str) -> list[Step]:
    found: list[Step] = []
    for kind, body in FENCE.findall(text):
        if kind == "sh":
            found.append(Step(body, (), False))
        elif kind == "console":
            command: str | None = None
            shown: list[str] = []
            for line in body.splitlines():
                if line.startswith("$ "):
                    if command is not None:
                        found.append(Step(command, tuple(shown), True))
                    command, shown = line[2:], []
                elif line.strip():
                    shown.append(line)
            if command is not None:
                found.append(Step(command, tuple(shown), True))
    return found


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def test_every_command_of_the_walkthrough_works_as_written(tmp_path: Path) -> None:
    work, data, bin_dir = tmp_path / "work", tmp_path / "data", tmp_path / "bin"
    for folder in (work, data, bin_dir):
        folder.mkdir()
    shim = bin_dir / "drill"
    shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m drill "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "DRILL_HOME": str(data), "PYTHONPATH": str(ROOT),
           "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "100"}
    found = steps(DOC.read_text(encoding="utf-8"))
    assert sum(step.checked for step in found) >= 10
    for step in found:
        run = subprocess.run(["bash", "-e", "-c", step.command], cwd=work, env=env,
                             capture_output=True, text=True, timeout=120)
        output = _squeeze(run.stdout + run.stderr)
        if not step.checked:
            assert run.returncode == 0, f"{step.command}\n{run.stdout}{run.stderr}"
            continue
        failing = any(": error:" in line or line.startswith("✗") for line in step.shown)
        assert run.returncode == (1 if failing else 0), (
            f"$ {step.command} exited {run.returncode}\n{run.stdout}{run.stderr}")
        for line in step.shown:
            assert _squeeze(line) in output, f"$ {step.command}\nmissing: {line}\n{output}"


def test_the_app_command_in_the_prose_is_a_valid_command_line() -> None:
    text = DOC.read_text(encoding="utf-8")
    commands = re.findall(r"`(drill --packs [^`]*)`", text)
    assert commands
    for command in commands:
        args = app_arguments(shlex.split(command)[1:])
        assert args is not None, command
        assert args.packs
