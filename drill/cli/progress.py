"""Progress on stderr for long runs: shown only on a terminal, only after a second.

Not a subcommand (it is not in ``COMMANDS``). Piped or redirected output, and runs that
finish quickly, get no progress text at all.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

#: Runs shorter than this show nothing.
DELAY_S = 1.0
BAR_CELLS = 24


class TerminalProgress:
    """A ``progress(done, total)`` callback drawing one updating line on ``stream``."""

    def __init__(self, label: str, stream: TextIO | None = None, *, delay: float = DELAY_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.clock = clock
        self.started = clock()
        self.enabled = _is_terminal(self.stream)
        self.width = 0  # of the last line drawn; 0 when nothing is on screen

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or self.clock() - self.started < self.delay:
            return
        share = min(1.0, max(0.0, done / total)) if total > 0 else 0.0
        filled = round(share * BAR_CELLS)
        line = f"{self.label} [{'#' * filled}{'.' * (BAR_CELLS - filled)}] {share:4.0%}"
        self.stream.write("\r" + line)
        self.stream.flush()
        self.width = len(line)

    def close(self) -> None:
        """Wipe the progress line, so results print on a clean line."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0

    def __enter__(self) -> TerminalProgress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or fake stream
        return False
