"""Errors as JSON for commands run with ``--json``: a script reads one JSON object on
standard output whatever happened, not an empty stream and a line on stderr.

A command that fails before printing its JSON (too few reviews to fit, an unknown card,
a usage mistake) still says why on stderr as usual; when nothing reached standard output,
``{"error": ..., "exit": N}`` is printed there too. Not a subcommand itself.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from typing import Any, TextIO, cast


class _Watched:
    """A stream passed through, remembering whether anything was written and what."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.text: list[str] = []

    def write(self, text: str) -> int:
        self.text.append(text)
        return self.stream.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


#: How drill's messages start: ``drill optimize: error: ``, ``drill: error: ``.
_PREFIX = re.compile(r"^drill(?: [a-z-]+)?: (?:error: )?")


def error_object(stderr: str, code: int) -> dict[str, object]:
    """The JSON object for a failure that printed ``stderr``: its last message without the
    ``drill COMMAND: error:`` prefix, and the exit status."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    message = lines[-1] if lines else ("interrupted" if code == 130 else "failed")
    return {"error": _PREFIX.sub("", message), "exit": code}


def with_json_errors(run: Callable[[], int]) -> int:
    """``run()``'s exit status; on a failure that printed nothing on standard output, the
    error object is printed there."""
    out, err = _Watched(sys.stdout), _Watched(sys.stderr)
    try:
        with redirect_stdout(cast(TextIO, out)), redirect_stderr(cast(TextIO, err)):
            code = run()
    except SystemExit as exit_:  # argparse's usage errors
        code = exit_.code if isinstance(exit_.code, int) else 2
        if code == 0:
            raise
    if code != 0 and not "".join(out.text).strip():
        print(json.dumps(error_object("".join(err.text), code), ensure_ascii=False))
    return code
