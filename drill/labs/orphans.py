"""Processes a solution starts in a session of their own: found and stopped (Linux only).

The harness runs in a process group of its own, and the runner kills that group when a
check ends. A process the user's code starts with ``setsid`` (``start_new_session=True``)
leaves the group and would outlive the check. On Linux the runner makes itself a "child
subreaper" for the check, so such a process is handed to it, not to init, once its
parent dies; it is then among the runner's own children, where it is found and killed.
Elsewhere this does nothing (the group kill still applies).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
PR_GET_CHILD_SUBREAPER = 37
SWEEP_SECONDS = 1.0  # a chain of descendants is handed over one generation at a time


@contextlib.contextmanager
def adopting_orphans() -> Iterator[None]:
    """While inside, descendants whose parents die become ours; on the way out, every
    child that was not ours before is killed and reaped."""
    prctl = _prctl()
    if prctl is None:
        yield
        return
    before = children_of(os.getpid())
    was_reaper = ctypes.c_int(0)
    prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(was_reaper), 0, 0, 0)
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    try:
        yield
    finally:
        try:
            stop_adopted(before)
        finally:
            if not was_reaper.value:
                prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)


def stop_adopted(before: set[int]) -> None:
    """Kill and reap the children that were not there ``before``, until none are left."""
    deadline = time.monotonic() + SWEEP_SECONDS
    while time.monotonic() < deadline:
        adopted = children_of(os.getpid()) - before
        if not adopted:
            return
        for pid in adopted:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        for pid in adopted:
            _reap(pid, deadline)
        time.sleep(0.01)  # their own children are handed over next


def children_of(parent: int) -> set[int]:
    """The processes whose parent is ``parent`` (from /proc; empty where there is none)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text(encoding="ascii", errors="replace")
        except OSError:  # it ended while we looked
            continue
        # "pid (name) state ppid ...": the name may hold spaces and parentheses.
        fields = text[text.rfind(")") + 2:].split()
        if len(fields) > 1 and fields[1] == str(parent):
            found.add(int(stat.parent.name))
    return found


def _reap(pid: int, deadline: float) -> None:
    while True:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # not ours to wait for, or already reaped
            return
        if done or time.monotonic() >= deadline:
            return
        time.sleep(0.005)


def _prctl() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return prctl
