"""Hostile pack files: every problem is a diagnostic at its place, and reading stays fast."""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.packs.diagnostics import Diagnostic
from drill.packs.loader import load_pack_text
from testkit import RunCli

CARD = """\
pack: hostile
title: Hostile
description: d
source: s
cards:
  - id: q1
    title: "{title}"
    priority: priority
    scenario: s
    solver: decode-floor
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
      peak_flops: 989 TFLOPS
      params: 8 billion
    asks:
      - id: decode_floor
        question: What is the floor?
        unit: {unit}
"""


def write_pack(folder: Path, text: str) -> Path:
    path = folder / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("sample", ["~inf", "nan ms", "1e999999 ms"])
def test_a_malformed_sample_is_reported_where_it_is_with_the_cards_other_problems(
        run_cli: RunCli, tmp_path: Path, sample: str) -> None:
    text = CARD.replace("{title}", f"Floor {{decode_floor:{sample}}}").replace(
        "{unit}", "lightyears")
    code, out, err = run_cli("check", str(write_pack(tmp_path, text)))
    assert code == 1
    assert "internal error" not in out + err
    # The sample, at its column in the title (line 7), and the ask's unknown unit too.
    assert f"hostile.yaml:7:19: error: hostile/q1: title: {{decode_floor:{sample}}}" in out
    assert "unit 'lightyears' cannot be read" in out


def test_a_malformed_sample_is_reported_in_a_card_without_a_solver(
        run_cli: RunCli, tmp_path: Path) -> None:
    text = ("pack: hostile\ntitle: Hostile\ndescription: d\nsource: s\ncards:\n"
            "  - id: q1\n    title: \"{x:~inf}\"\n    priority: solid\n    scenario: s\n")
    code, out, _ = run_cli("check", str(write_pack(tmp_path, text)))
    assert code == 1
    assert "hostile.yaml:7:13: error: hostile/q1: title: {x:~inf}: the sample '~inf'" in out


def test_many_broken_cards_are_counted_in_linear_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack of thousands of cards with the same id once took hours to load: the loader
    counted every earlier error again after each card."""
    looks = 0
    is_error = Diagnostic.is_error

    def counted(self: Diagnostic) -> bool:
        nonlocal looks
        looks += 1
        return bool(is_error.fget(self))  # type: ignore[attr-defined]

    monkeypatch.setattr(Diagnostic, "is_error", property(counted))
    cards = 3000
    text = ("pack: dup\ntitle: t\ndescription: d\nsource: s\ncards:\n"
            + "  - {id: c, title: t, priority: solid, scenario: s}\n" * cards)
    result = load_pack_text(text, Path("dup.yaml"))
    assert sum(d.is_error for d in result.diagnostics) == cards - 1
    assert looks < 10 * cards  # was about cards² / 2
