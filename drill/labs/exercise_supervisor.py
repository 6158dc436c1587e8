"""The parent of an exercise check: runs the harness, then ends every process it left.

Run as ``python -I -B exercise_supervisor.py HARNESS``, with the harness's standard
input, output and error as its own (it imports nothing of drill). The user's code may
start processes, in sessions of their own (``setsid``) and faster than they can be
killed (a fork bomb). So, on Linux:

- the supervisor is a "child subreaper": a process whose parent dies is handed to it,
  not to init, so every process the check started stays below it, and only those;
- the harness may run at most :data:`EXTRA_PROCESSES` more processes than the user had
  (``RLIMIT_NPROC``, in the harness before it starts; root is not held by it);
- when the harness ends, or on SIGTERM from the runner (its time is up), every process
  below the supervisor is stopped (SIGSTOP: a stopped process forks no more) until no new
  one appears, then killed. Nothing else is touched: not the runner's other children,
  such as the editor the app opened.

Elsewhere it kills the harness's process group, as before. It exits as the harness did
(its code, or the signal that ended it).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

PR_SET_CHILD_SUBREAPER = 36
EXTRA_PROCESSES = 64
SWEEP_SECONDS = 5.0


class _TimeUp(Exception):
    """The runner's SIGTERM: the check's time is up."""


def main() -> None:
    linux = sys.platform.startswith("linux")
    if linux:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)

    def time_up(signum: int, frame: FrameType | None) -> None:
        raise _TimeUp

    signal.signal(signal.SIGTERM, time_up)
    limit = _process_limit() if linux else None
    harness = subprocess.Popen(
        [sys.executable, "-I", "-B", sys.argv[1]], start_new_session=True,
        preexec_fn=(lambda: _limit_processes(limit)) if limit is not None else None)
    code: int | None = None
    with contextlib.suppress(_TimeUp):
        code = harness.wait()
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the sweep is not cut short
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(harness.pid, signal.SIGKILL)
    if linux:
        _sweep()
    if code is None or code < 0:
        ending = signal.SIGKILL if code is None else -code
        with contextlib.suppress(OSError, ValueError):  # SIGKILL has no handler to reset
            signal.signal(ending, signal.SIG_DFL)
        os.kill(os.getpid(), ending)
    sys.exit(code)


def _sweep() -> None:
    """Stop every process below this one until no new one appears, then kill them all;
    reap what is handed over."""
    deadline = time.monotonic() + SWEEP_SECONDS
    while time.monotonic() < deadline:
        living = _below(os.getpid())
        if not living:
            break
        _signal_all(living, signal.SIGSTOP)
        again = _below(os.getpid())
        if again <= living:  # none forked meanwhile: all are stopped
            _signal_all(again, signal.SIGKILL)
        _reap()
    _reap()


def _below(root: int) -> set[int]:
    """The living processes descended from ``root`` (zombies left out), from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text(encoding="ascii", errors="replace")
        except OSError:  # it ended while we looked
            continue
        # "pid (name) state ppid ...": the name may hold spaces and parentheses.
        fields = text[text.rfind(")") + 2:].split()
        if len(fields) > 1 and fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: set[int] = set()
    waiting = [root]
    while waiting:
        for child in children.get(waiting.pop(), []):
            if child not in found:
                found.add(child)
                waiting.append(child)
    return found


def _signal_all(pids: set[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signum)


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _process_limit() -> int | None:
    """RLIMIT_NPROC for the harness: the threads this user runs now (the limit counts
    every thread of every process of the user), and :data:`EXTRA_PROCESSES` more."""
    uid = str(os.getuid())
    running = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            lines = status.read_text(encoding="ascii", errors="replace").splitlines()
        except OSError:
            continue
        fields = {line.split(":", 1)[0]: line.split()[1:] for line in lines if ":" in line}
        if fields.get("Uid", [""])[:1] == [uid] and fields.get("Threads", ["x"])[0].isdigit():
            running += int(fields["Threads"][0])
    return running + EXTRA_PROCESSES if running else None


def _limit_processes(limit: int | None) -> None:
    try:
        import resource
    except ImportError:
        return
    if limit is None:
        return
    with contextlib.suppress(ValueError, OSError):
        _, hard = resource.getrlimit(resource.RLIMIT_NPROC)
        value = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
        resource.setrlimit(resource.RLIMIT_NPROC, (value, value))


if __name__ == "__main__":
    main()
