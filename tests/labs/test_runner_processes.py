"""The exercise runner ends every process a solution started, in sessions of their own
and many at once, and nothing else: an editor the app opened while a check runs lives on."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

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


def test_the_solution_runs_under_a_process_limit(tmp_path: Path) -> None:
    """The harness sets RLIMIT_NPROC before the solution starts: the limit is what holds
    a fork bomb for any user but root (the kernel lets root past it)."""
    seen = tmp_path / "limit"
    path = write(tmp_path, f"""
        import resource

        def overall_speedup(parts):
            soft, hard = resource.getrlimit(resource.RLIMIT_NPROC)
            with open({str(seen)!r}, "w") as out:
                out.write(f"{{soft}} {{hard}}")
            if sum(f for f, _ in parts) > 1 + 1e-9:
                raise ValueError
            return {REFERENCE_BODY}
    """)
    assert check_file(AMDAHL, path, timeout=60).passed
    soft, hard = (int(word) for word in seen.read_text().split())
    assert soft == hard != resource.RLIM_INFINITY
    assert soft >= EXTRA_PROCESSES


def test_a_fork_bomb_in_sessions_of_its_own_is_ended(tmp_path: Path) -> None:
    """Every process forks in a session of its own until the process limit refuses it (or,
    for root, whom the limit does not hold, until the bomb has grown to a few hundred);
    when the check ends, none of them is left."""
    pids = tmp_path / "pids"
    path = write(tmp_path, f"""
        import os
        import time

        PIDS = {str(pids)!r}
        MOST = 300

        def overall_speedup(parts):
            if not os.path.exists(PIDS):
                open(PIDS, "w").close()
                first = os.getpid()
                while True:
                    with open(PIDS) as grown:
                        if len(grown.read().split()) >= MOST:
                            break
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
    report = check_file(AMDAHL, path, timeout=60)
    started = [int(line) for line in pids.read_text().split()]
    assert report.cases
    assert started
    if os.geteuid() != 0:
        assert len(started) <= EXTRA_PROCESSES
    assert [pid for pid in started if not gone(pid)] == []
