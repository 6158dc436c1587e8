"""Typed answers to the newer packs' asks, written and worked out by a reviewer who had
seen only each card's scenario and questions (not the cards' answers, formulas or code).

Each line of ``data/blind_answers.jsonl``: card, ask, the answer as typed, the reviewer's
verdict (right or wrong), the value the reviewer worked out and how, and for a wrong answer
the slip it stands for. A right answer must grade correct; a wrong one must never grade
correct (it may be incorrect or, for a slip typed unreadably, refused).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from drill.grading import Verdict, grade
from drill.grading.adapter import TargetBook
from drill.packs.library import load_library
from drill.solving.solve import solve

DATA = Path(__file__).parent / "data" / "blind_answers.jsonl"
ROWS: list[dict[str, Any]] = [json.loads(line) for line in
                              DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
_BOOK = TargetBook.of(load_library().cards, solve)


def _id(row: dict[str, Any]) -> str:
    return f"{row['card']}:{row['ask']}:{row['answer']}"


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_a_blind_answer_gets_the_reviewers_verdict(row: dict[str, Any]) -> None:
    result = grade(row["answer"], _BOOK.target(row["card"], row["ask"]))
    why = f"{row['answer']!r}: reviewer {row['verdict']} ({row['right_value']}); {result.message}"
    if row["verdict"] == "right":
        assert result.verdict is Verdict.CORRECT, why
    else:
        assert result.verdict is not Verdict.CORRECT, why


def test_the_rows_name_real_cards_and_both_verdicts() -> None:
    assert {row["verdict"] for row in ROWS} == {"right", "wrong"}
    for row in ROWS:
        card = _BOOK.card(row["card"])
        assert row["ask"] in {ask.id for ask in card.asks}, _id(row)
