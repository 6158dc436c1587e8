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


def tolerant_streams() -> None:
    """Make stdin replace undecodable bytes, and stdout and stderr escape unencodable text."""
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace"),
                           (sys.stderr, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != errors:
            stream.reconfigure(errors=errors)
