"""Pack text is plain text: YAML escapes that write terminal control characters
("\\e[2J", "\\e]52;c;..." to set the clipboard, "\\r" to overwrite a line) or bidi
overrides are refused where they are, and never reach the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import RunCli

PACK = """\
pack: esc
title: Escapes
description: d
source: s
cards:
  - id: q1
    title: {title}
    priority: solid
    scenario: s
"""


def write(tmp_path: Path, title: str) -> Path:
    folder = tmp_path / "packs"
    folder.mkdir()
    (folder / "esc.yaml").write_text(PACK.format(title=title), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("escape", "code"), [
    (r"\e[2J", "U+001B"),                  # clear the screen
    (r"\e]52;c;SGVsbG8=\a", "U+001B"),     # write the clipboard (OSC 52)
    (r"\x9b31m", "U+009B"),                # the one-byte CSI
    (r"ok\rOVERWRITTEN", "U+000D"),
    (r"\N", "U+0085"),                     # next line, a C1 control
    (r"\u202Eevil", "U+202E"),             # right-to-left override
    (r"\0", "U+0000"),
])
def test_a_control_character_in_pack_text_is_refused_where_it_is(
        run_cli: RunCli, tmp_path: Path, escape: str, code: str) -> None:
    folder = write(tmp_path, f'"Title {escape}"')
    status, out, err = run_cli("check", "--packs", str(folder))
    assert status == 1
    assert f"esc.yaml:7:12: error: the text holds a control character ({code})" in out
    status, out, err = run_cli("list", "--packs", str(folder))
    assert "esc/q1" not in out
    assert not any(ch in out + err for ch in "\x1b\x9b\r\x85\u202e\x00")


@pytest.mark.parametrize("raw", ["\u202e", "\u2066"])
def test_a_control_character_written_as_itself_is_refused_too(
        run_cli: RunCli, tmp_path: Path, raw: str) -> None:
    """No escape in the file: the character is in the text as it is."""
    folder = write(tmp_path, f"Title {raw}evil")
    status, out, _err = run_cli("check", "--packs", str(folder))
    assert status == 1
    assert (f"esc.yaml:7:12: error: the text holds a control character "
            f"(U+{ord(raw):04X})") in out


def test_a_control_character_in_a_key_is_refused(run_cli: RunCli, tmp_path: Path) -> None:
    folder = write(tmp_path, "T\n    \"tip\\e[2J\": x")
    _status, out, _err = run_cli("check", "--packs", str(folder))
    assert "esc.yaml:8:5: error: the text holds a control character (U+001B)" in out


def test_tabs_newlines_and_other_scripts_stay_allowed(run_cli: RunCli, tmp_path: Path) -> None:
    folder = write(tmp_path, r'"Tab\there, a new\nline, 日本語 and عربي"')
    status, out, err = run_cli("check", "--packs", str(folder))
    assert status == 0, out + err


def test_a_pack_file_name_with_control_characters_is_shown_escaped(
        run_cli: RunCli, tmp_path: Path) -> None:
    folder = tmp_path / "packs"
    folder.mkdir()
    (folder / "a\x1b]0;title\x07b.yaml").write_text("pack: x\n", encoding="utf-8")
    status, out, err = run_cli("check", "--packs", str(folder))
    assert status == 1
    assert f"{folder}/a\\x1b]0;title\\x07b.yaml:1:1: error:" in out
    assert "\x1b" not in out + err and "\x07" not in out + err
