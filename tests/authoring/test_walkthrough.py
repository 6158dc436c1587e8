"""docs/authoring.md: the app command its prose names is a valid command line.

Its shell blocks are run, in order, by tests/project/test_docs_examples.py, with every
other example of the documents.
"""

from __future__ import annotations

import re
import shlex

from drill.cli import app_arguments
from testkit import ROOT

DOC = ROOT / "docs" / "authoring.md"


def test_the_app_command_in_the_prose_is_a_valid_command_line() -> None:
    text = DOC.read_text(encoding="utf-8")
    commands = re.findall(r"`(drill --packs [^`]*)`", text)
    assert commands
    for command in commands:
        args = app_arguments(shlex.split(command)[1:])
        assert args is not None, command
        assert args.packs
