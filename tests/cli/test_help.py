"""Every subcommand is listed by ``drill --help`` and has a ``--help`` of its own."""

from __future__ import annotations

import argparse

import pytest

from drill.cli import build_parser, main


def _subcommands() -> list[str]:
    parser = build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    (subparsers,) = actions
    return list(subparsers.choices)


def test_the_expected_commands_exist() -> None:
    assert {"calc", "check", "list", "show", "solve", "grade", "stats", "roofline",
            "simulate", "exercise", "new", "schema", "export"} <= set(_subcommands())


def test_top_level_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--help"])
    assert caught.value.code == 0
    out = capsys.readouterr().out
    for name in _subcommands():
        assert f"\n    {name} " in out or f"\n    {name}\n" in out, name


@pytest.mark.parametrize("name", _subcommands())
def test_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main([name, "--help"])
    assert caught.value.code == 0
    assert f"usage: drill {name}" in capsys.readouterr().out
