"""Time from starting a program in a pseudo-terminal until given text is on screen."""

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

_ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[PX^_].*?\x1b\\|\x1b.")


def visible_text(raw: bytes) -> str:
    """What a terminal would show, roughly: escape sequences removed."""
    return _ANSI.sub(b"", raw).decode("utf-8", "replace")


def time_until_text(
    argv: Sequence[str],
    marker: str,
    env: Mapping[str, str] | None = None,
    columns: int = 100,
    rows: int = 30,
    timeout: float = 30.0,
) -> float:
    """Seconds from fork until ``marker`` appears in the program's output."""
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
    try:
        while True:
            remaining = timeout - (time.perf_counter() - started)
            if remaining <= 0:
                raise TimeoutError(f"{marker!r} did not appear within {timeout} s: "
                                   f"{visible_text(output)[-300:]!r}")
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise RuntimeError(f"the program ended before {marker!r} appeared: "
                                   f"{visible_text(output)[-300:]!r}")
            output += chunk
            if marker in visible_text(output).replace("\n", " "):
                return time.perf_counter() - started
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
