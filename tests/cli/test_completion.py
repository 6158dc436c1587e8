"""``drill completion SHELL`` prints a script for that shell, and the completions it asks
drill for include commands, options and the card keys of the packs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def drill(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "drill", *args], capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})}, check=False)


@pytest.mark.parametrize(("shell", "marker"), [
    ("bash", "complete -o nospace -o default -o bashdefault -F"),
    ("zsh", "#compdef drill"),
    ("fish", "complete --command drill"),
])
def test_completion_prints_a_script_for_each_shell(shell: str, marker: str) -> None:
    done = drill("completion", shell)
    assert done.returncode == 0, done.stderr
    assert marker in done.stdout


def test_an_unknown_shell_is_a_usage_error() -> None:
    done = drill("completion", "tcsh")
    assert done.returncode == 2 and "invalid choice" in done.stderr


def completions(tmp_path: Path, line: str) -> list[str]:
    """What drill answers the completion script for the command line ``line``."""
    out = tmp_path / "completions"
    done = drill(env={"_ARGCOMPLETE": "1", "COMP_LINE": line, "COMP_POINT": str(len(line)),
                      "_ARGCOMPLETE_IFS": "\n", "_ARGCOMPLETE_STDOUT_FILENAME": str(out),
                      "DRILL_HOME": str(tmp_path / "data")})
    assert done.returncode == 0, done.stderr
    return [item.strip() for item in out.read_text().splitlines()]


def test_commands_options_and_card_keys_are_completed(tmp_path: Path) -> None:
    assert completions(tmp_path, "drill sta") == ["stats"]
    assert "--json" in completions(tmp_path, "drill stats --")
    keys = completions(tmp_path, "drill show speed-physics/q1")
    assert keys == ["speed-physics/q1", "speed-physics/q1-follow-up"]
    assert "serving-math/little" in completions(tmp_path, "drill grade serving-math/")
