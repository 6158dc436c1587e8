"""Opening a pack file in the user's own editor at a card's line: the command to run.

The editor is ``$VISUAL``, else ``$EDITOR``, as git and most terminal programs read them.
That setting is the one text split into words (with ``shlex``, as a shell would split
it: ``EDITOR="code --wait"``); the file goes in as one more argument, never through a
shell, and always as an absolute path, so a pack file's name can never be read as an
option or a command. Editors that take a line get it in their own form: ``+LINE FILE``
(vi, vim, nvim, nano, emacs, micro, kak ...), ``-g FILE:LINE`` (VS Code and its kin),
``FILE:LINE`` (Helix, Sublime Text, Zed); any other editor opens the file at its top.
Editors that open a window and return at once are told to wait, so drill reloads the
pack only once the file is closed.

Pure, apart from :func:`edit_problem`, which looks at the file.
"""

from __future__ import annotations

import os
import shlex
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

#: Editors that read ``+LINE`` before the file.
PLUS_LINE = frozenset({
    "vi", "vim", "nvim", "gvim", "mvim", "view", "vis", "nano", "pico", "emacs",
    "emacsclient", "micro", "kak", "joe", "jed", "ne", "mg", "gedit",
})
#: Editors that read ``-g FILE:LINE`` (VS Code's family).
GOTO_FLAG = frozenset({"code", "code-insiders", "codium", "vscodium", "cursor"})
#: Editors that read ``FILE:LINE``.
COLON_LINE = frozenset({"hx", "helix", "subl", "sublime_text", "zed"})
#: Editors that open a window and return at once unless told to wait, and how to tell them.
WAIT_FLAGS = {name: ("--wait", "-w") for name in (*GOTO_FLAG, "subl", "sublime_text", "zed")}


@dataclass(frozen=True, slots=True)
class EditorCommand:
    """What to run: the argument list, and whether the editor was given the line."""

    argv: tuple[str, ...]
    at_line: bool

    @property
    def program(self) -> str:
        return program_name(self.argv[0])


@dataclass(frozen=True, slots=True)
class NoEditor:
    """Why no editor can be run; one line for the user."""

    reason: str


def editor_setting(environ: Mapping[str, str]) -> str:
    """The user's editor setting: ``$VISUAL``, else ``$EDITOR`` ("" when neither is set)."""
    return (environ.get("VISUAL") or "").strip() or (environ.get("EDITOR") or "").strip()


#: Tried in order when neither variable is set, by a screen with nothing else to offer (the
#: Exercises screen: a card's ``e`` shows its file and line instead), as git falls back to vi.
FALLBACK_EDITORS = ("nano", "vi")


def installed_editor(which: Callable[[str], str | None] = shutil.which) -> str:
    """The first of :data:`FALLBACK_EDITORS` on the PATH, as a setting ("" when none is)."""
    for editor in FALLBACK_EDITORS:
        found = which(editor)
        if found:
            return shlex.quote(found)
    return ""


def program_name(word: str) -> str:
    """An editor's name without its folder or a Windows suffix: ``/usr/bin/vim`` is vim."""
    name = Path(word).name.lower()
    for suffix in (".exe", ".cmd", ".bat"):
        name = name.removesuffix(suffix)
    return name


def editor_command(setting: str, path: Path, line: int | None) -> EditorCommand | NoEditor:
    """The argument list that opens ``path`` at ``line`` (1-based; None: the top) in the
    editor ``setting`` names (see :func:`editor_setting`)."""
    if not setting.strip():
        return NoEditor("no editor set: set $EDITOR (or $VISUAL), e.g. export EDITOR=vim")
    try:
        words = shlex.split(setting)
    except ValueError as error:  # an unclosed quote
        return NoEditor(f"cannot read $EDITOR ({setting!r}): {error}")
    if not words:
        return NoEditor("no editor set: set $EDITOR (or $VISUAL), e.g. export EDITOR=vim")
    name = program_name(words[0])
    file = str(path.absolute())  # starts with the root: never an option or a +command
    waits = WAIT_FLAGS.get(name)
    if waits is not None and not any(word in waits for word in words[1:]):
        words.append(waits[0])
    if line is None or line < 1:
        return EditorCommand((*words, file), at_line=False)
    if name in PLUS_LINE:
        return EditorCommand((*words, f"+{line}", file), at_line=True)
    if name in GOTO_FLAG:
        return EditorCommand((*words, "-g", f"{file}:{line}"), at_line=True)
    if name in COLON_LINE:
        return EditorCommand((*words, f"{file}:{line}"), at_line=True)
    return EditorCommand((*words, file), at_line=False)


def edit_problem(path: Path, installed_packs: Path | None = None) -> str | None:
    """Why ``path`` should not be opened for editing, or None. A file in the installed
    package's own pack folder (``installed_packs``) counts as read-only even where the
    system would allow a write: an upgrade replaces it, and the change would be lost."""
    try:
        resolved = path.resolve()
        if installed_packs is not None and resolved.is_relative_to(installed_packs.resolve()):
            return (f"{path} is part of the installed drill (read-only): copy it into your "
                    "packs folder to change it")
        if not resolved.is_file():
            return f"{path}: no such file"
        if not os.access(resolved, os.W_OK):
            return f"{path} is read-only for you"
    except OSError as error:
        return f"{path}: {error.strerror or error}"
    return None
