"""Mock interviews: the draw, the scorecard, saving, drill stats, and no rescheduling."""

from __future__ import annotations

import io
import random
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from drill.cli import main
from drill.explaining.explain import explain, worked_card
from drill.explaining.interview import explanation_row, pick, score, weight
from drill.packs.library import load_library
from drill.storage.interviews import InterviewSummary


def test_the_draw_is_distinct_weighted_and_leaves_follow_ups_to_their_parents() -> None:
    cards = load_library().cards
    drawn = pick(cards, {}, 8, random.Random(1))
    keys = [q.card.key for q in drawn]
    assert len(keys) == len(set(keys)) == 8
    assert all(q.card.parent is None for q in drawn)
    assert all(q.variant is None or q.card.variant_named(q.variant) for q in drawn)
    # The same seed draws the same interview.
    assert [q.card.key for q in pick(cards, {}, 8, random.Random(1))] == keys


def test_weak_spots_weigh_in() -> None:
    card = load_library().find("speed-physics/q4")  # a "solid" card
    assert weight(card, {}) == 1.0
    assert weight(card, {card.key: 3}) == 4.0
    cards = [c for c in load_library().cards if c.parent is None]
    # A card with many lapses is drawn first nearly always: its shares are ten times all
    # the others' together (at most two each), whatever the size of the library.
    lapses = 20 * len(cards)
    firsts = [pick(cards, {card.key: lapses}, 1, random.Random(seed))[0].card.key
              for seed in range(20)]
    assert firsts.count(card.key) >= 15


def test_an_interview_runs_on_standard_input_and_is_saved(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    answers = "The floor is 16 GB ÷ 3.35 TB/s ≈ 48 ms, memory-bound.\n\n" * 6
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["--data", str(tmp_path), "interview", "-n", "2", "--seed", "4"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.count("(60 s: type your answer") >= 2
    assert "Scorecard" in out and "To review" in out
    assert "Saved as interview 1" in out
    with sqlite3.connect(tmp_path / "drill.sqlite3") as conn:
        texts = [row[0] for row in conn.execute("SELECT text FROM explanations")]
        assert texts and texts[0].startswith("The floor is 16 GB")
        assert conn.execute("SELECT COUNT(*) FROM revlog").fetchone() == (0,)
        assert conn.execute("SELECT COUNT(*) FROM cards WHERE reps > 0").fetchone() == (0,)
    assert main(["--data", str(tmp_path), "stats"]) == 0
    stats = capsys.readouterr().out
    assert "Mock interviews" in stats
    assert f"{len(texts)} cards" in stats


def test_n_out_of_range_is_a_usage_error(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data", str(tmp_path), "interview", "-n", "0"]) == 2
    assert "between 1 and 50" in capsys.readouterr().err


def test_drill_stats_lists_each_interview_with_its_score(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from drill.storage.database import open_database
    from drill.storage.interviews import ExplanationRow, save_interview

    rows = [ExplanationRow("speed-physics/q1", None, "one", 30_000, 4, 1, 3, 4, (), 2, 1),
            ExplanationRow("speed-physics/q6", None, "two", 50_000, 2, 1, 2, 4, ())]
    with open_database(tmp_path / "drill.sqlite3") as database:
        database.write(lambda conn: save_interview(conn, 1_000, 81_000, rows))
    assert main(["--data", str(tmp_path), "stats"]) == 0
    out = capsys.readouterr().out
    # 6 figures right and 2 wrong, 2 of 3 asks, 5 of 8 points: (6 + 2 + 5) / (8 + 3 + 8)
    assert ("score  68%  2 cards, figures 6 right 2 wrong, asks 2/3 right, points 5/8"
            in out)
    assert main(["--data", str(tmp_path), "stats", "--json"]) == 0
    [listed] = json.loads(capsys.readouterr().out)["interviews"]
    assert listed["score"] == pytest.approx(13 / 19)
    assert (listed["asks_right"], listed["asks_wrong"]) == (2, 1)


def test_an_interview_fits_an_80_column_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    answers = ("The floor is 16 GB ÷ 3.35 TB/s ≈ 48 ms, memory-bound, and each user sees "
               "about twenty tokens a second from the whole batch of them.\n\n") * 6
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["--data", str(tmp_path), "interview", "-n", "2", "--seed", "4"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= 80


def test_unanswered_asks_count_as_not_right_in_the_stats() -> None:
    card, solution = worked_card(load_library().find("speed-physics/q1"))
    result = explain(card, solution, "The floor is 16 GB ÷ 3.35 TB/s ≈ 4.78 ms.")
    # Two asks on the card, one answered right and one left blank: 1 of 2 right.
    scored = replace(score(result, 30.0), asks=2, asks_right=1, asks_wrong=0)
    row = explanation_row(card, result, 30.0, scored)
    assert (row.asks_right, row.asks_wrong) == (1, 1)
    summary = InterviewSummary(1, 0, 1, 1, row.figures_right, row.figures_wrong,
                               row.points_covered, row.points_total, row.asks_right,
                               row.asks_wrong)
    counted = scored.right + scored.wrong + 2 + scored.points
    assert summary.score == (scored.right + 1 + scored.covered) / counted
