"""Standard streams that never end a command over one character.

The locale decides how Python encodes the terminal's text: with a strict UTF-8 locale
(``en_US.UTF-8``), a byte that is not UTF-8 on standard input, or a lone surrogate in an
answer (``"\\ud800"`` is valid JSON) printed back, raised UnicodeError and stopped the
command midway. Input is decoded with replacement characters, which the parser then
names like any other stray character; output escapes what it cannot encode.

Not a subcommand itself (it is not in ``COMMANDS``).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from typing import IO


def tolerant_streams() -> None:
    """Make stdin replace undecodable bytes, and stdout and stderr escape unencodable text."""
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace"),
                           (sys.stderr, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != errors:
            stream.reconfigure(errors=errors)


def bounded_lines(stream: IO[str], limit: int) -> Iterator[str]:
    """The stream's lines, each cut after ``limit + 1`` characters: a file that is one
    endless line (or binary data with no newline) is skipped over, never held in memory."""
    while line := stream.readline(limit + 1):
        if len(line) > limit and not line.endswith("\n"):
            while (rest := stream.readline(limit)) and not rest.endswith("\n"):
                pass  # the rest of the long line
        yield line
