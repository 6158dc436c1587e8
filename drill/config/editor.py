"""The user's text editor, as a command to run: ``$VISUAL``, else ``$EDITOR``, else the
first of a few common editors found on the PATH.

The variable is split into words as a shell would split it (``code --wait``), but no
shell ever runs it: the result is an argument list, the file's path its own last item,
so a file name with spaces or quotes stays one argument.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

#: Tried in order when neither variable is set (as git falls back to vi).
FALLBACK_EDITORS = ("nano", "vi")


class NoEditor(LookupError):
    """No editor is set and none of the usual ones is installed."""


def editor_command(path: Path, environ: Mapping[str, str] | None = None,
                   which: Callable[[str], str | None] = shutil.which) -> list[str]:
    """The argv that opens ``path`` in the user's editor; NoEditor, saying what to set,
    when there is none or the variable cannot be split into words."""
    environ = os.environ if environ is None else environ
    for name in ("VISUAL", "EDITOR"):
        text = environ.get(name, "").strip()
        if not text:
            continue
        try:
            words = shlex.split(text)
        except ValueError as error:
            raise NoEditor(f"${name} cannot be read as a command ({error}): {text}") from None
        if words:
            return [*words, str(path)]
    for editor in FALLBACK_EDITORS:
        found = which(editor)
        if found:
            return [found, str(path)]
    raise NoEditor("no editor found: set $EDITOR (for example EDITOR=nano)")
