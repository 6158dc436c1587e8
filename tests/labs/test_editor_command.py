"""The editor's command line: from $VISUAL or $EDITOR, split into words, never a shell."""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.config.editor import NoEditor, editor_command

FILE = Path("/home/me/my exercises/amdahl's.py")


def nothing_installed(name: str) -> str | None:
    return None


def test_editor_with_arguments_is_split_and_the_file_is_one_argument() -> None:
    command = editor_command(FILE, {"EDITOR": "code --wait"}, nothing_installed)
    assert command == ["code", "--wait", "/home/me/my exercises/amdahl's.py"]


def test_visual_comes_before_editor() -> None:
    command = editor_command(FILE, {"VISUAL": "emacs", "EDITOR": "vi"}, nothing_installed)
    assert command == ["emacs", str(FILE)]


def test_a_blank_visual_falls_back_to_editor() -> None:
    assert editor_command(FILE, {"VISUAL": "  ", "EDITOR": "nano"}, nothing_installed) == \
        ["nano", str(FILE)]


def test_shell_syntax_in_the_variable_is_words_not_commands() -> None:
    # No shell runs it: ";" and "$(...)" are passed to the program as plain words.
    command = editor_command(FILE, {"EDITOR": "vi; rm -rf ~"}, nothing_installed)
    assert command == ["vi;", "rm", "-rf", "~", str(FILE)]


def test_without_a_variable_the_first_installed_editor_is_used() -> None:
    installed = {"vi": "/usr/bin/vi"}
    assert editor_command(FILE, {}, installed.get) == ["/usr/bin/vi", str(FILE)]


def test_no_editor_at_all_says_what_to_set() -> None:
    with pytest.raises(NoEditor, match=r"set \$EDITOR"):
        editor_command(FILE, {}, nothing_installed)


def test_an_unclosed_quote_is_a_clear_error() -> None:
    with pytest.raises(NoEditor, match=r"\$EDITOR cannot be read as a command"):
        editor_command(FILE, {"EDITOR": "vim '-c"}, nothing_installed)
