"""``drill check`` on formula cards: every kind of bad formula is one error at the file,
line and column where it is written, and nothing in a formula ever runs.

Each case edits one line of a small formula pack; the expected place is found in the
edited text itself (the line holding the edit, the column of a marker in it).
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drill.checking.checker import check_loaded
from drill.packs.loader import load_pack_text
from drill.packs.model import Card
from drill.solving.solve import SolveError, solve

PACK = """\
pack: f
title: F
formulas:
  shared_floor: weights / bandwidth
cards:
  - id: one
    title: One
    priority: priority
    scenario: A model on a GPU.
    givens:
      params: 8 billion
      weights: params × 2 B
      bandwidth: 3.35 TB/s
    formulas:
      decode_floor: weights / bandwidth
      max_tokens_per_s: 1 token / decode_floor
    asks:
      - id: decode_floor
        question: Floor?
        unit: ms
        mistakes:
          - id: bits
            value: weights / (bandwidth / 8)
            message: Bits are not bytes.
      - id: max_tokens_per_s
        question: Tokens?
        unit: tokens/s
  - id: two
    title: Two
    priority: solid
    scenario: The pack's formula.
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
    asks:
      - id: shared_floor
        question: Floor?
        unit: ms
"""


def check(text: str) -> list[tuple[int, int, str]]:
    report = check_loaded(load_pack_text(text, Path("f.yaml")))
    return [(d.location.line, d.location.column, d.message) for d in report.diagnostics
            if d.is_error]


def place(text: str, line_text: str, marker: str) -> tuple[int, int]:
    """The line holding ``line_text`` (1-based) and the column of ``marker`` in it."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line_text in line:
            return number, line.index(marker) + 1
    raise AssertionError(f"{line_text!r} is not in the pack")


def test_the_pack_itself_checks_clean() -> None:
    assert check(PACK) == []


CASES = [
    # (what, old line, new line, marker of the column, message)
    ("unknown name", "decode_floor: weights / bandwidth", "decode_floor: weights / bandwith",
     "bandwith", "unknown name 'bandwith' (did you mean bandwidth?)"),
    ("function not allowed", "decode_floor: weights / bandwidth",
     "decode_floor: abs(weights) / bandwidth", "abs",
     "'abs' is not a function a formula may use: the functions are min, max, sqrt, log, "
     "exp, ceil, floor, round"),
    ("code", "decode_floor: weights / bandwidth",
     "decode_floor: __import__('os').system('touch ran')", "__import__",
     "'__import__' looks like code"),
    ("code, a dunder", "decode_floor: weights / bandwidth",
     "decode_floor: weights.__class__", ".", "'.' has no place in a formula"),
    ("wrong dimension for the ask's unit", "decode_floor: weights / bandwidth",
     "decode_floor: weights * bandwidth", "weights",
     "the reference 'decode_floor' is bytes²/s"),
    ("division by zero for the card's givens", "bandwidth: 3.35 TB/s", "bandwidth: 0 TB/s",
     None, "division by zero"),
    ("adding unlike things", "decode_floor: weights / bandwidth",
     "decode_floor: weights + bandwidth", "weights",
     "cannot add an amount of data (bytes) to a bandwidth (bytes/s)"),
    ("a number too large", "decode_floor: weights / bandwidth",
     "decode_floor: weights / bandwidth × 9^9^9", "weights", "too large"),
    ("a mistake's formula", "value: weights / (bandwidth / 8)",
     "value: weights / (bandwdth / 8)", "bandwdth",
     "unknown name 'bandwdth' (did you mean bandwidth?)"),
    ("a given's formula", "weights: params × 2 B", "weights: param × 2 B", "param",
     "unknown name 'param' (did you mean params?)"),
    ("a given's formula that divides by zero", "weights: params × 2 B",
     "weights: params × 2 B / (params - params)", "params", "division by zero"),
    ("givens in a circle", "params: 8 billion", "params: weights / 2 B", "weights",
     "the givens go round in a circle (params → weights → params)"),
    ("a result named like a function", "max_tokens_per_s: 1 token / decode_floor",
     "max: 1 token / decode_floor", "1", "'max' is part of a formula's syntax"),
    ("a result named like a given", "max_tokens_per_s: 1 token / decode_floor",
     "weights: 1 token / decode_floor", "1", "'weights' is both a given and a formula"),
    ("an ask's value no formula gives", "- id: max_tokens_per_s\n",
     "- id: max_tokens_per_s\n        value: max_token_per_s\n", "max_token_per_s",
     "'max_token_per_s' is not a result of the card's formulas"),
    ("a pack formula used by a card", "shared_floor: weights / bandwidth",
     "shared_floor: weights / bandwidht", "bandwidht", "unknown name 'bandwidht'"),
]


@pytest.mark.parametrize(("old", "new", "marker", "message"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_bad_formula_is_an_error_at_its_line_and_column(
        old: str, new: str, marker: str | None, message: str) -> None:
    assert old in PACK
    text = PACK.replace(old, new, 1)
    found = [error for error in check(text) if message in error[2]]
    assert found, check(text)
    if marker is None:  # the given is fine; the formula that divides by it fails
        line, column = place(text, "decode_floor: weights / bandwidth", "weights")
    else:
        edited = next(row for row in new.splitlines() if marker in row)
        line, column = place(text, edited, marker)
    assert (line, column) in [(f[0], f[1]) for f in found], found


def test_formulas_in_a_circle_point_into_the_circle() -> None:
    text = PACK.replace("      max_tokens_per_s: 1 token / decode_floor\n",
                        "      max_tokens_per_s: 1 token / decode_floor\n"
                        "      loop_a: 2 × loop_b\n      loop_b: loop_a / 2\n")
    found = check(text)
    assert len(found) == 1 and "the formulas go round in a circle" in found[0][2]
    assert found[0][:2] in {place(text, "loop_a: 2", "loop_b"), place(text, "loop_b: loop_a",
                                                                         "loop_a")}


def test_a_card_with_a_solver_and_formulas_is_refused_at_its_formulas() -> None:
    text = PACK.replace("    formulas:\n      decode_floor",
                        "    solver: decode-floor\n    formulas:\n      decode_floor")
    line = text.splitlines().index("    solver: decode-floor") + 2
    assert (line, 5, "a card has either a 'solver' or 'formulas', not both") in check(text)


def test_nothing_in_a_formula_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = PACK.replace("decode_floor: weights / bandwidth",
                        "decode_floor: __import__('os').system('touch ran')")
    assert check(text)
    assert not (tmp_path / "ran").exists()


# -- fuzz: random text as a formula, through the whole solve ---------------------------
def _card() -> Card:
    loaded = load_pack_text(PACK, Path("f.yaml"))
    assert loaded.pack is not None
    return loaded.pack.cards[0]


BASE = _card()
BITS = st.sampled_from(
    ["weights", "bandwidth", "params", "decode_floor", "max_tokens_per_s", "min", "max",
     "sqrt", "log", "exp", "ceil", "floor", "round", "(", ")", ",", "+", "-", "*", "/", "^",
     "×", "GB", "TB/s", "ms", "token", "per", "0", "2", "0.5", "1e300", "10^300", "9^9^9",
     "__import__", "'os'", ".", "system", "[", "]", "%", "$", "e", "1,000", "²", "⁻¹"])


def _solves_or_refuses(text: str) -> None:
    card = dataclasses.replace(BASE, formulas={"decode_floor": text,
                                               "max_tokens_per_s": "1 token / decode_floor"})
    # CPU time, not the wall clock: a worker sharing a busy core can be paused for
    # seconds without doing any work, and the point is "never a hang".
    started = time.process_time()
    try:
        solution = solve(card)
    except SolveError as error:
        assert error.message and "Traceback" not in error.message
    else:
        for result in solution.results.values():
            assert result.working  # the working can always be written
    assert time.process_time() - started < 2.0  # "never a hang", not a speed target


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=120))
def test_any_text_as_a_formula_solves_or_is_refused(text: str) -> None:
    _solves_or_refuses(text)


@settings(max_examples=250, deadline=None)
@given(st.lists(BITS, max_size=30).map(" ".join))
def test_formula_like_text_solves_or_is_refused(text: str) -> None:
    _solves_or_refuses(text)


def test_a_superscript_power_in_a_formula_is_worked_out() -> None:
    # "2¹" once crashed the solver: a superscript's exponent came through as an int,
    # which has no is_integer before Python 3.12 (found by the fuzz above).
    card = dataclasses.replace(BASE, formulas={"decode_floor": "weights / bandwidth × 2¹",
                                               "max_tokens_per_s": "1 token / decode_floor"})
    result = solve(card).results["decode_floor"]
    # 2 × 16 GB ÷ 3.35 TB/s = 9.552 ms, in base units (seconds)
    assert result.value.value == pytest.approx(2 * 16e9 / 3.35e12)
