"""The exercise runner ends every process a solution started, in sessions of their own
and many at once, and nothing else: an editor the app opened while a check runs lives on."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from drill.labs.exercise_runner import check_file
from drill.labs.exercise_supervisor import EXTRA_PROCESSES
from drill.labs.exercises import find_exercise

pytestmark = pytest.mark.slow

AMDAHL = find_exercise("amdahl")
REFERENCE_BODY = "1 / ((1 - sum(f for f, _ in parts)) + sum(f / s for f, s in parts))"
#: The tree the solution grows: each process starts two in sessions of their own, so many
#: levels down (2 + 4 + ... + 32 processes).
LEVELS = 5
GROWN = 2 ** (LEVELS + 1) - 2


def write(folder: Path, code: str) -> Path:
    path = folder / "solution.py"
    path.write_text(textwrap.dedent(code), encoding="utf-8")
    return path


def gone(pid: int) -> bool:
    """No such process, or only its exit status left (a zombie)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return text[text.rfind(")") + 2] in "ZX"


def test_a_tree_of_processes_in_sessions_of_their_own_is_ended(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    path = write(tmp_path, f"""
        import os
        import time

        PIDS = {str(pids)!r}

        def grow(level):
            for _ in range(2):
                if os.fork() == 0:
                    os.setsid()  # out of the harness's process group and session
                    with open(PIDS, "a") as out:
                        out.write(f"{{os.getpid()}}\\n")
                    if level < {LEVELS}:
                        grow(level + 1)
                    while True:
                        time.sleep(60)

        def overall_speedup(parts):
            if not os.path.exists(PIDS):
                open(PIDS, "w").close()
                grow(1)
                # Until the whole tree stands (or the check's time is up).
                while len(open(PIDS).read().split()) < {GROWN}:
                    time.sleep(0.01)
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    check_file(AMDAHL, path, timeout=20)
    started = [int(line) for line in pids.read_text().split()]
    assert started  # the tree did grow
    assert [pid for pid in started if not gone(pid)] == []


def test_an_editor_opened_while_a_check_runs_is_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "go"
    os.mkfifo(fifo)
    path = write(tmp_path, f"""
        import os

        def overall_speedup(parts):
            marker = {str(tmp_path / "waited")!r}
            if not os.path.exists(marker):
                open(marker, "w").close()
                open({str(fifo)!r}).read()  # held here until the test says go
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    reports = []
    check = threading.Thread(target=lambda: reports.append(check_file(AMDAHL, path,
                                                                      timeout=60)))
    check.start()
    go = fifo.open("w")  # opens once the solution waits on the other end: it is running
    editor = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                              stdin=subprocess.PIPE)
    try:
        go.close()  # the solution goes on; the check ends
        check.join()
        assert reports and reports[0].passed
        assert editor.poll() is None  # still running: not the check's to end
    finally:
        assert editor.stdin is not None
        editor.stdin.close()
        editor.wait()
    assert editor.returncode == 0


BOMB_CHILD = """
import sys
from pathlib import Path
from drill.labs.exercise_runner import check_file
from drill.labs.exercise_supervisor import EXTRA_PROCESSES
from drill.labs.exercises import find_exercise

report = check_file(find_exercise("amdahl"), Path(sys.argv[1]), timeout=30)
print("checked", len(report.cases))
"""


def test_a_fork_bomb_in_sessions_of_its_own_is_held_to_the_process_limit() -> None:
    """Run as a user the process limit holds (root is not held by it)."""
    folder = Path(tempfile.mkdtemp(prefix="drill-bomb-"))
    try:
        os.chmod(folder, 0o777)
        pids = folder / "pids"
        path = write(folder, f"""
            import os
            import time

            PIDS = {str(pids)!r}

            def overall_speedup(parts):
                if not os.path.exists(PIDS):
                    open(PIDS, "w").close()
                    first = os.getpid()
                    while True:  # every process forks for ever: held only by the limit
                        try:
                            if os.fork() == 0:
                                os.setsid()
                                with open(PIDS, "a") as out:
                                    out.write(f"{{os.getpid()}}\\n")
                        except OSError:  # the limit: no more processes
                            break
                    while os.getpid() != first:  # the copies wait to be ended
                        time.sleep(60)
                return 1.0
        """)
        as_nobody: dict[str, Any] = {"user": 65534, "group": 65534} if os.geteuid() == 0 else {}
        done = subprocess.run([sys.executable, "-c", BOMB_CHILD, str(path)],
                              capture_output=True, text=True, timeout=120, check=False,
                              **as_nobody)
        assert done.returncode == 0, done.stderr
        started = [int(line) for line in pids.read_text().split()]
        assert 0 < len(started) <= EXTRA_PROCESSES
        assert [pid for pid in started if not gone(pid)] == []
    finally:
        shutil.rmtree(folder, ignore_errors=True)
