"""Pointing at a character of a YAML value in its file, whatever the scalar style."""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.packs.loader import load_pack_text
from drill.packs.yaml_positions import SourceText

TARGET = "16 GB ÷ 3.35 TB/s"


def _expected(text: str) -> tuple[int, int]:
    """Line and column of TARGET's first character, found independently in the source."""
    for number, line in enumerate(text.splitlines(), start=1):
        if "16 GB" in line:
            return number, line.index("16 GB") + 1
    raise AssertionError("target not in source")


STYLES = {
    "plain": "    scenario: The floor is {t} per step.\n",
    "plain on two lines": "    scenario: The floor of each decode step\n      is {t} per step.\n",
    "double quoted": '    scenario: "Say \\"floor\\": {t} per step."\n',
    "double quoted escapes": '    scenario: "caf\\u00e9 \\t then {t}."\n',
    "single quoted": "    scenario: 'It''s {t} per step.'\n",
    "literal block": "    scenario: |\n      First line.\n      The floor is {t}.\n",
    "literal block keep": "    scenario: |+\n\n      Blank line first.\n      Then {t}.\n",
    "folded block": "    scenario: >\n      A line that folds\n      into the next, then {t}.\n",
    "folded with paragraph": "    scenario: >-\n      One.\n\n      Two, then {t}.\n",
    "folded wrapped mid-equation": "    scenario: >\n      Floor: 16 GB\n      ÷ 3.35 TB/s.\n",
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_equation_start_is_found_in_every_scalar_style(style: str) -> None:
    text = ("pack: p\ntitle: P\ncards:\n  - id: c\n    title: T\n    priority: solid\n"
            + STYLES[style].format(t=TARGET))
    result = load_pack_text(text, Path("p.yaml"))
    assert result.pack is not None, result.diagnostics
    card = result.pack.cards[0]
    offset = card.scenario.index("16 GB")
    where = SourceText(text).position_in_source(card.text_locations["scenario"], card.scenario,
                                                offset)
    assert (where.line, where.column) == _expected(text)


def test_line_column_round_trip() -> None:
    source = SourceText("ab\ncd\n\nef")
    for index, char in enumerate(source.text):
        line, column = source.line_column(index)
        assert source.index(line, column) == index, char
