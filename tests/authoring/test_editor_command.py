"""The command that opens a pack file in the user's editor at a card's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.authoring.editor import (
    EditorCommand,
    NoEditor,
    edit_problem,
    editor_command,
    editor_setting,
    installed_editor,
)

PACK = Path("/home/me/packs/serving.yaml")


@pytest.mark.parametrize(("setting", "argv"), [
    ("vi", ["vi", "+12", str(PACK)]),
    ("vim", ["vim", "+12", str(PACK)]),
    ("/usr/local/bin/nvim", ["/usr/local/bin/nvim", "+12", str(PACK)]),
    ("nano", ["nano", "+12", str(PACK)]),
    ("emacs -nw", ["emacs", "-nw", "+12", str(PACK)]),
    ("emacsclient -t", ["emacsclient", "-t", "+12", str(PACK)]),
    # window editors return at once unless told to wait
    ("code", ["code", "--wait", "-g", f"{PACK}:12"]),
    ("code --wait", ["code", "--wait", "-g", f"{PACK}:12"]),
    ("subl -w", ["subl", "-w", f"{PACK}:12"]),
    ("hx", ["hx", f"{PACK}:12"]),
    # a quoted program path with a space, as a shell would read it
    ("'/opt/My Editors/vim' -u NONE", ["/opt/My Editors/vim", "-u", "NONE", "+12", str(PACK)]),
])
def test_each_editor_gets_the_line_in_its_own_form(setting: str, argv: list[str]) -> None:
    assert editor_command(setting, PACK, 12) == EditorCommand(tuple(argv), at_line=True)


def test_an_editor_not_known_to_take_a_line_opens_the_file_at_the_top() -> None:
    assert editor_command("ed", PACK, 12) == EditorCommand(("ed", str(PACK)), at_line=False)
    assert editor_command("vim", PACK, None) == EditorCommand(("vim", str(PACK)), at_line=False)


def test_the_file_is_one_absolute_argument_whatever_its_name() -> None:
    # A pack file named like an option or a shell command stays a file name.
    hostile = Path("-c") / "; rm -rf ~ $(reboot).yaml"
    command = editor_command("vim", hostile, 3)
    assert isinstance(command, EditorCommand)
    assert command.argv[:2] == ("vim", "+3")
    assert command.argv[2] == str(hostile.absolute()) and command.argv[2].startswith("/")
    assert len(command.argv) == 3


@pytest.mark.parametrize(("environ", "setting"), [
    ({}, ""),
    ({"EDITOR": "nano"}, "nano"),
    ({"EDITOR": "nano", "VISUAL": "code --wait"}, "code --wait"),  # VISUAL first, as git
    ({"EDITOR": "nano", "VISUAL": "  "}, "nano"),
])
def test_the_setting_is_visual_then_editor(environ: dict[str, str], setting: str) -> None:
    assert editor_setting(environ) == setting


@pytest.mark.parametrize("setting", ["", "   "])
def test_no_editor_says_how_to_set_one(setting: str) -> None:
    assert editor_command(setting, PACK, 1) == NoEditor(
        "no editor set: set $EDITOR (or $VISUAL), e.g. export EDITOR=vim")


def test_an_unreadable_setting_is_one_line() -> None:
    result = editor_command("vim '-u", PACK, 1)
    assert isinstance(result, NoEditor)
    assert result.reason.startswith("cannot read $EDITOR (\"vim '-u\"): ")
    assert "\n" not in result.reason


def test_a_file_of_the_installed_package_is_read_only(tmp_path: Path) -> None:
    installed = tmp_path / "site-packages" / "drill" / "builtin_packs"
    installed.mkdir(parents=True)
    pack = installed / "speed-physics.yaml"
    pack.write_text("pack: speed-physics\n")
    assert edit_problem(pack, installed) == (
        f"{pack} is part of the installed drill (read-only): copy it into your packs folder "
        "to change it")
    mine = tmp_path / "packs" / "mine.yaml"
    mine.parent.mkdir()
    mine.write_text("pack: mine\n")
    assert edit_problem(mine, installed) is None
    gone = tmp_path / "gone.yaml"
    assert edit_problem(gone, installed) == f"{gone}: no such file"


def test_without_a_setting_the_first_installed_editor_is_offered() -> None:
    installed = {"vi": "/usr/bin/vi", "nano": "/opt/my tools/nano"}
    assert installed_editor(installed.get) == "'/opt/my tools/nano'"
    assert installed_editor({"vi": "/usr/bin/vi"}.get) == "/usr/bin/vi"
    assert installed_editor(lambda name: None) == ""
    found = editor_command(installed_editor(installed.get), PACK, None)
    assert isinstance(found, EditorCommand)
    assert found.argv == ("/opt/my tools/nano", str(PACK))  # quoted, then split back whole


def test_shell_syntax_in_the_setting_is_words_not_commands() -> None:
    # No shell runs it: ";" and "rm" are handed to the program as plain words.
    found = editor_command("vi; rm -rf ~", PACK, None)
    assert isinstance(found, EditorCommand)
    assert found.argv == ("vi;", "rm", "-rf", "~", str(PACK))
