"""Samples and the results of worked equations are held to the figures they are written
with, as plain text is: 10.45 ms may be written 10.4 or 10.5 ms, not 10.6 ms."""

from __future__ import annotations

from pathlib import Path

from drill.checking.checker import check_loaded
from drill.packs.diagnostics import Diagnostic
from drill.packs.loader import load_pack_text

CARD = """\
pack: t
title: Test
cards:
  - id: p1
    title: A read
    priority: solid
    scenario: "Read {size} at {bandwidth}."
    answer:
      - "It takes {size} ÷ {bandwidth} ≈ 10.45 ms, {read_time:10.45 ms}."
    givens:
      size: 20.9 GB
      bandwidth: 2 TB/s
    formulas:
      read_time: size / bandwidth
    asks:
      - id: read_time
        question: How long?
        unit: ms
"""


def check(text: str) -> list[Diagnostic]:
    return list(check_loaded(load_pack_text(text, Path("t.yaml"), "t.yaml")).diagnostics)


def test_figures_rounded_right_pass() -> None:
    # 20.9 GB ÷ 2 TB/s = 10.45 ms: 10.5 and 10.4 are both that to three figures.
    assert check(CARD) == []
    assert check(CARD.replace("{read_time:10.45 ms}", "{read_time:10.5 ms}")) == []
    assert check(CARD.replace("≈ 10.45 ms", "≈ 10.4 ms")) == []


def test_a_sample_rounded_wrong_is_an_error_though_within_the_tolerance() -> None:
    # 10.6 ms is 1.4% off: inside the 5% a sample may stray, but not 10.45 to 3 figures.
    (found,) = check(CARD.replace("{read_time:10.45 ms}", "{read_time:10.6 ms}"))
    assert found.is_error and "to the 3 figures written it is 10.5 ms" in found.message


def test_a_worked_equation_rounded_wrong_is_an_error() -> None:
    (found,) = check(CARD.replace("≈ 10.45 ms", "≈ 10.6 ms"))
    assert found.is_error and "3 figures" in found.message


def test_fewer_figures_keep_the_tolerance() -> None:
    # "≈ 10 ms" is two figures (4.3% off): 5% is its allowance, as before.
    assert [d for d in check(CARD.replace("≈ 10.45 ms", "≈ 10 ms")) if d.is_error] == []
