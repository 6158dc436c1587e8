"""The ``points:`` of a card: loaded with their words and figures, refused when they show
nothing, validated by the JSON Schema as by the loader, and checked by ``drill check``."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import jsonschema
import yaml

from drill.checking.checker import check_loaded
from drill.packs.loader import LoadResult, load_pack_text
from drill.packs.model import KeyPoint

SCHEMA = Path(__file__).resolve().parents[2] / "packs" / "pack.schema.json"
CARD = """\
pack: tiny
title: Tiny
cards:
  - id: floor
    title: The floor
    priority: priority
    scenario: One user, 16 GB of weights, 3.35 TB/s.
    answer:
      - The step is memory-bound, 16 GB ÷ 3.35 TB/s ≈ 4.78 ms.
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
    points:
{points}
"""


def pack_text(points: str) -> str:
    return CARD.format(points=textwrap.indent(textwrap.dedent(points), "      "))


def load(points: str) -> LoadResult:
    return load_pack_text(pack_text(points), Path("tiny.yaml"))


def schema_errors(points: str) -> list[str]:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    document = yaml.safe_load(pack_text(points))
    return [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(document)]


def test_points_load_with_their_words_and_figures() -> None:
    result = load("""\
        - text: "Memory bandwidth sets the floor"
          words: [memory-bound, "  bandwidth   bound "]
          figures: [weights]
        - {text: The weights are read once, words: [once]}
        """)
    assert result.ok, result.diagnostics
    assert result.pack is not None
    card = result.pack.cards[0]
    assert card.points[0] == KeyPoint("Memory bandwidth sets the floor",
                                      ("memory-bound", "bandwidth bound"), ("weights",),
                                      card.points[0].where)
    assert card.points[1].figures == ()
    assert card.points[0].where.line == 14  # the line after "points:"
    assert schema_errors("- {text: a, words: [b]}") == []


def test_a_point_that_shows_nothing_is_an_error_in_loader_and_schema() -> None:
    result = load("- text: Memory bandwidth sets the floor\n")
    messages = [d.message for d in result.diagnostics if d.is_error]
    assert messages == ["a key point needs 'words' or 'figures' that show it was made"]
    assert schema_errors("- text: Memory bandwidth sets the floor\n")


def test_an_unknown_key_in_a_point_is_an_error() -> None:
    result = load("- {text: a, word: [b]}\n")
    assert any("unknown key 'word'" in d.message for d in result.diagnostics)
    assert schema_errors("- {text: a, word: [b]}\n")


def test_drill_check_names_a_point_figure_the_card_does_not_have() -> None:
    report = check_loaded(load("- {text: The floor, figures: [weight]}\n"))
    messages = [d.message for d in report.diagnostics if d.is_error]
    assert messages == ["key point figure 'weight' is neither a given nor a result of the "
                        "card; did you mean weights?"]


def test_drill_check_wants_a_point_text_free_of_figures() -> None:
    report = check_loaded(load("- {text: The floor is 4.78 ms, words: [floor]}\n"))
    messages = [d.message for d in report.diagnostics if d.is_error]
    assert len(messages) == 1 and "'4.78 ms'" in messages[0]
