"""`drill stats` end to end: packs from a folder, a data folder, text and JSON."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from drill.packs.library import load_library
from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.ratings import Rating, TypedAnswer
from testkit import RunCli

PACK = """\
pack: mine
title: My pack
cards:
  - id: first
    title: The first card
    priority: priority
    scenario: A scenario to talk through.
  - id: second
    title: The second card
    priority: solid
    scenario: Another scenario.
"""


@pytest.fixture
def packs(tmp_path: Path) -> Path:
    folder = tmp_path / "packs"
    folder.mkdir()
    (folder / "mine.yaml").write_text(PACK)
    return folder


def test_json_reports_reviews_progress_mistakes_and_orphans(
    tmp_path: Path, packs: Path, run_cli: RunCli
) -> None:
    data = tmp_path / "data"
    cards = [c for c in load_library([packs]).cards if c.pack == "mine"]
    assert [c.key for c in cards] == ["mine/first", "mine/second"]
    gone = Card(pack="mine", id="gone", title="Removed", priority="solid", scenario="s")
    with ReviewSession.open([*cards, gone], data) as session:
        wrong = TypedAnswer("x", "16 GB / 989 TFLOPS", "incorrect", ("bytes-over-flops",))
        session.rate("mine/first", Rating.AGAIN, 40_000, [wrong])
        session.rate("mine/gone", Rating.GOOD, 30_000)

    code, out, err = run_cli("stats", "--data", str(data), "--packs", str(packs), "--json")
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["reviews_today"] == 2 and report["reviews_total"] == 2
    assert report["streak"] == 1
    mine = next(p for p in report["packs"] if p["pack"] == "mine")
    assert (mine["new"], mine["learning"], mine["review"], mine["suspended"]) == (1, 1, 0, 0)
    assert report["mistakes"] == [
        {"id": "bytes-over-flops", "count": 1, "cards": ["mine/first"]}
    ]
    assert [o["key"] for o in report["orphans"]] == ["mine/gone"]
    assert len(report["forecast"]) == 7


def test_text_report_is_readable(
    tmp_path: Path, packs: Path, run_cli: RunCli
) -> None:
    data = tmp_path / "data"
    cards = [c for c in load_library([packs]).cards if c.pack == "mine"]
    with ReviewSession.open(cards, data) as session:
        session.rate("mine/first", Rating.GOOD, 10_000)
    code, out, _err = run_cli("stats", "--data", str(data), "--packs", str(packs))
    assert code == 0
    assert "streak 1 day" in out
    assert "today 1" in out
    assert "mine" in out


def test_no_database_yet_reports_zeros_and_creates_nothing(
    tmp_path: Path, packs: Path, run_cli: RunCli
) -> None:
    data = tmp_path / "nothing-here"
    code, out, err = run_cli("stats", "--data", str(data), "--packs", str(packs), "--json")
    assert code == 0
    assert json.loads(out)["reviews_total"] == 0
    assert not data.exists()
    # A mistyped --data must not pass for a history of nothing without a word.
    assert f"no review database in {data}" in err


def test_drill_home_is_used_without_data_option(
    tmp_path: Path, packs: Path, run_cli: RunCli,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = tmp_path / "home"
    cards = [c for c in load_library([packs]).cards if c.pack == "mine"]
    with ReviewSession.open(cards, data) as session:
        session.rate("mine/first", Rating.GOOD, 10_000)
    monkeypatch.setenv("DRILL_HOME", str(data))
    code, out, _err = run_cli("stats", "--packs", str(packs), "--json")
    assert code == 0 and json.loads(out)["reviews_total"] == 1


def test_a_corrupt_database_is_named_and_left_alone(
    tmp_path: Path, packs: Path, run_cli: RunCli
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    database = data / "drill.sqlite3"
    database.write_bytes(os.urandom(4096))
    before = hashlib.sha256(database.read_bytes()).hexdigest()
    code, out, err = run_cli("stats", "--data", str(data), "--packs", str(packs))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and str(database) in err
    assert hashlib.sha256(database.read_bytes()).hexdigest() == before


def test_bad_settings_name_the_file_and_key(
    tmp_path: Path, packs: Path, run_cli: RunCli
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text("day_start_hour = 30\n")
    code, _out, err = run_cli("stats", "--data", str(data), "--packs", str(packs))
    assert code == 1
    assert "settings.toml" in err and "day_start_hour" in err and err.count("\n") == 1


def test_missing_packs_folder_is_a_usage_error(
    tmp_path: Path, run_cli: RunCli
) -> None:
    code, _out, err = run_cli("stats", "--data", str(tmp_path), "--packs", str(tmp_path / "nope"))
    assert code == 2 and "nope" in err
