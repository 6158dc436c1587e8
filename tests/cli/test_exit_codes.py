"""Exit codes a script can rely on: 2 for a setup or usage problem, 1 only for a wrong
answer; and ``drill`` with no terminal says so in one line instead of drawing into a pipe."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from drill.cli import main

PACK = """\
pack: mine
title: Mine
cards:
  - id: one
    title: One
    priority: solid
    scenario: A scenario.
    solver: no-such-solver
    asks:
      - id: t
        question: How long?
        unit: ms
"""


def test_grade_exits_2_for_an_unknown_solver_and_1_for_a_wrong_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mine.yaml").write_text(PACK, encoding="utf-8")
    assert main(["grade", "--packs", str(tmp_path), "mine/one", "t", "5 ms"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "unknown solver 'no-such-solver'" in err
    assert main(["grade", "speed-physics/q1", "decode_floor", "16 GB / 3.35 TB/s"]) == 0
    assert main(["grade", "speed-physics/q1", "decode_floor", "1 s"]) == 1


def test_drill_without_a_terminal_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "drill", "--data", str(tmp_path / "data")],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "terminal" in done.stderr
    assert not (tmp_path / "data").exists()  # nothing opened, nothing written


def test_a_check_process_ends_at_once_with_its_exit_code_and_all_its_output(
        tmp_path: Path) -> None:
    """``drill check`` leaves without tearing the interpreter down: the exit code and
    every line still come out, on a pipe as on a file."""
    from testkit import run_drill

    (tmp_path / "mine.yaml").write_text(PACK, encoding="utf-8")
    cache = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    broken = run_drill(["check", str(tmp_path / "mine.yaml")], env=cache)
    assert broken.returncode == 1
    assert "unknown solver 'no-such-solver'" in broken.stdout
    # The warning says what waits for the solver to be found (its asks, samples...).
    assert "checks-skipped" not in broken.stdout and "wait for the error" in broken.stdout
    assert broken.stdout.endswith("1 pack, 1 card, 1 ask: 1 error, 1 warning\n")
    clean = run_drill(["check"], env=cache)
    assert (clean.returncode, clean.stderr) == (0, "")
    assert clean.stdout.endswith(": 0 errors, 0 warnings\n")
