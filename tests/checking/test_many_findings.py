"""Thousands of findings in one text: each at its own line and column.

A text's walk from its YAML source to its value is done once and shared by its findings
(it was once redone for each, so 4,000 findings took a quarter of a minute).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

Run = Callable[..., tuple[int, str, str]]


def test_every_bad_placeholder_of_a_long_text_is_reported_where_it_is(
        run_cli: Run, tmp_path: Path) -> None:
    count = 1500
    words = [f"{{nope{i}}}" for i in range(count)]
    lines = [" ".join(words[i : i + 8]) for i in range(0, count, 8)]  # a folded scalar
    body = "\n".join(f"      {line}" for line in lines)
    text = ("pack: many\ntitle: Many\ncards:\n  - id: a\n    title: A card\n"
            "    priority: solid\n    scenario: >-\n" + body + "\n")
    path = tmp_path / "many.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run_cli("check", str(path))
    assert code == 1
    errors = [line for line in out.splitlines() if ": error: " in line]
    assert len(errors) == count
    expected = set()
    for number, line in enumerate(text.splitlines(), start=1):
        at = line.find("{nope")
        while at >= 0:
            expected.add(f"{path}:{number}:{at + 1}:")
            at = line.find("{nope", at + 1)
    assert {e.split(" error:")[0] for e in errors} == expected
