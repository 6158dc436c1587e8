"""A given of the wrong dimension is named at its own line, before the errors it causes;
an ask's unit of the wrong dimension is reported at the unit; ``stated: = X`` claims X.

Each pack is small and written here, its expected findings worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import RunCli

DECODE = """\
pack: mine
title: Mine
cards:
  - id: decode
    title: Decode floor
    priority: solid
    scenario: A model of {{weights}} on a GPU reading {{bandwidth}}.
    givens:
      weights: 16 GB
      bandwidth: {bandwidth}
      memory: {memory}
    formulas:
      step: weights / bandwidth
      rate: 1 token / step
      headroom: memory - weights
    asks:
      - id: step
        question: How short can a step be?
        unit: {step_unit}
      - id: rate
        question: How many tokens per second at most?
        unit: tokens/s
      - id: headroom
        question: How much memory is left?
        unit: GB
{stated}"""


def _check(run_cli: RunCli, tmp_path: Path, **fields: str) -> tuple[list[str], str]:
    values = {"bandwidth": "3.35 TB/s", "memory": "80 GB", "step_unit": "ms", "stated": "",
              **fields}
    text = DECODE.format(**values)
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run_cli("check", str(path))
    errors = [line.removeprefix(f"{path}:") for line in out.splitlines() if ": error: " in line]
    assert (code == 1) == bool(errors), out
    return errors, text


def _line(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(("field", "written", "meant"), [
    ("bandwidth", "3.35 TB", "3.35 TB/s"),  # a bandwidth without its "per second"
    ("memory", "80 GB/s", "80 GB"),  # an amount of memory with one too many
])
def test_a_given_missing_or_adding_a_per_second_is_named_first_at_its_line(
        run_cli: RunCli, tmp_path: Path, field: str, written: str, meant: str) -> None:
    errors, text = _check(run_cli, tmp_path, **{field: written})
    assert len(errors) >= 2  # the given's, then what it broke
    first = errors[0]
    assert first.startswith(f"{_line(text, f'{field}: {written}')}:")
    assert f"given '{field}' is {written}" in first and f"('{meant}')" in first
    assert "root cause" in first


def test_the_given_is_not_blamed_when_the_asks_unit_is_the_slip(
        run_cli: RunCli, tmp_path: Path) -> None:
    # step is a time; asking it in tokens/s is the ask's own slip, and no one given's unit
    # changed by a second would make both asks agree.
    errors, text = _check(run_cli, tmp_path, step_unit="tokens/s")
    assert len(errors) == 1
    unit_line = next(n for n, line in enumerate(text.splitlines(), 1)
                     if line.strip() == "unit: tokens/s")
    assert errors[0].startswith(f"{unit_line}:")
    assert "the reference 'step' is a time" in errors[0]
    assert f"worked out at line {_line(text, 'step: weights / bandwidth')}" in errors[0]
    assert "given '" not in errors[0]


@pytest.mark.parametrize(("stated", "passes"), [
    ("= 63 GB", False),  # 64 GB: 1.6% off, and '=' allows 1%
    ("= 64 GB", True),
    ("≈ 62 GB", True),  # 3.1% off: within the ask's 5%
    ("≈ 60 GB", False),  # 6.3% off
])
def test_a_stated_figure_with_equals_is_held_to_one_percent(
        run_cli: RunCli, tmp_path: Path, stated: str, passes: bool) -> None:
    errors, _ = _check(run_cli, tmp_path, stated=f"        stated: {stated}\n")
    if passes:
        assert errors == []
    else:
        assert len(errors) == 1 and f"stated '{stated}'" in errors[0]
        assert ("'=' allows 1.0%" if stated.startswith("=") else "the ask allows 5.0%") \
            in errors[0]
