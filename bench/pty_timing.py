"""Time from starting a program in a pseudo-terminal until given text is on screen.

Measured from outside, as a user sees it: the clock starts when the program is forked
and stops when the text has been written to the terminal. On Linux the CPU time the
program used until then (its own and its children's, ended or not) is read from
``/proc`` at the same moment, which is what counts on a loaded machine, where a
second process started to work in parallel gets no second core.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

_ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[PX^_].*?\x1b\\|\x1b.")


def visible_text(raw: bytes) -> str:
    """What a terminal would show, roughly: escape sequences removed."""
    return _ANSI.sub(b"", raw).decode("utf-8", "replace")


@dataclass(frozen=True)
class Timing:
    """Until the text appeared: seconds of wall time, and of CPU (None off Linux)."""

    wall: float
    cpu: float | None


def _stat_fields(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _descendants(pid: int) -> list[int]:
    """The processes ``pid`` started that still run (or wait to be reaped), and theirs."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat_fields(int(entry))) is not None:
            parents.setdefault(int(fields[1]), []).append(int(entry))  # field 1: ppid
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def cpu_seconds(pid: int) -> float | None:
    """User and system time of process ``pid``, of the children it has reaped, and of
    those still running (a start-up child working for the first frame counts)."""
    fields = _stat_fields(pid)
    if fields is None:
        return None
    # After the ")" of the name: state is field 0, utime..cstime are fields 11..14.
    ticks = sum(int(field) for field in fields[11:15])
    for child in _descendants(pid):
        if (child_fields := _stat_fields(child)) is not None:
            ticks += sum(int(field) for field in child_fields[11:13])
    return ticks / os.sysconf("SC_CLK_TCK")


def time_until_text(
    argv: Sequence[str],
    marker: str,
    env: Mapping[str, str] | None = None,
    columns: int = 100,
    rows: int = 30,
    timeout: float = 30.0,
) -> float:
    """Seconds from fork until ``marker`` appears in the program's output."""
    return time_first_frame(argv, marker, env, columns, rows, timeout).wall


def time_first_frame(
    argv: Sequence[str],
    marker: str,
    env: Mapping[str, str] | None = None,
    columns: int = 100,
    rows: int = 30,
    timeout: float = 30.0,
) -> Timing:
    """Wall and CPU time from fork until ``marker`` is in the program's output."""
    return time_markers(argv, [marker], env, columns, rows, timeout)[0]


def time_markers(
    argv: Sequence[str],
    markers: Sequence[str],
    env: Mapping[str, str] | None = None,
    columns: int = 100,
    rows: int = 30,
    timeout: float = 30.0,
) -> list[Timing]:
    """Wall and CPU time from fork until each of ``markers`` is in the program's output
    (one timing per marker, in the order given)."""
    environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(columns),
                   "LINES": str(rows), **(env or {})}
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: become the program
        try:
            os.execvpe(argv[0], list(argv), environment)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    output = b""
    found: dict[str, Timing] = {}
    try:
        while True:
            remaining = timeout - (time.perf_counter() - started)
            if remaining <= 0:
                raise TimeoutError(f"{markers!r} did not appear within {timeout} s: "
                                   f"{visible_text(output)[-300:]!r}")
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise RuntimeError(f"the program ended before {markers!r} appeared: "
                                   f"{visible_text(output)[-300:]!r}")
            output += chunk
            text = visible_text(output).replace("\n", " ")
            seen = [marker for marker in markers if marker not in found and marker in text]
            if seen:
                timing = Timing(time.perf_counter() - started, cpu_seconds(pid))
                found.update(dict.fromkeys(seen, timing))
            if len(found) == len(markers):
                return [found[marker] for marker in markers]
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
