"""The checker finds each planted error, at the line and column where it was planted.

Each case edits the (correct) demo pack; the expected position is found in the edited
text itself, independently of the checker.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import RunCli


def _position(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of ``needle``'s first occurrence."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(f"{needle!r} is not in the pack")


def _check(run_cli: RunCli, tmp_path: Path, text: str) -> tuple[int, list[str]]:
    path = tmp_path / "planted.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli("check", str(path))
    assert "Traceback" not in out + err
    return code, out.splitlines()


def _assert_error_at(lines: list[str], path: Path, line: int, column: int | None,
                     *words: str) -> None:
    prefix = f"{path}:{line}:" + (f"{column}:" if column is not None else "")
    matching = [entry for entry in lines if entry.startswith(prefix) and ": error: " in entry]
    assert matching, f"no error at {prefix} in:\n" + "\n".join(lines)
    assert any(all(word in entry for word in words) for entry in matching), matching


def test_the_demo_pack_is_clean(run_cli: RunCli, tmp_path: Path, demo_text: str) -> None:
    code, lines = _check(run_cli, tmp_path, demo_text)
    assert code == 0, lines
    assert lines == ["1 pack, 4 cards, 6 asks: 0 errors, 0 warnings"]


# (what to replace, by what, the text at the error's position, words in the message)
PROSE_CASES = {
    "prose number off by 20% (plain list item)": (
        "16 GB ÷ 3.35 TB/s ≈ 4.8 ms.", "16 GB ÷ 3.35 TB/s ≈ 5.8 ms.", "16 GB ÷ 3.35 TB/s ≈ 5.8",
        ("answer[0]", "off", "5.8 ms")),
    "prose number off by 20% (quoted)": (
        "16 GB ÷ 6.7 TB/s ≈ 2.4 ms", "16 GB ÷ 6.7 TB/s ≈ 2.9 ms", "16 GB ÷ 6.7 TB/s ≈ 2.9",
        ("scenario",)),
    "prose number off by 20% (literal block)": (
        "0.7 + 0.3 ÷ 3 = 0.8 of", "0.7 + 0.3 ÷ 3 = 0.96 of", "0.7 + 0.3 ÷ 3 = 0.96",
        ("'=' allows 1%",)),
    "prose number off by 20% (folded block, mid-line)": (
        "16 GB + 32 × 131 MB ≈ 20.2 GB.", "16 GB + 32 × 131 MB ≈ 24.2 GB.",
        "16 GB + 32 × 131 MB ≈ 24.2", ("scenario",)),
    "wrong unit in prose": (
        "1 ÷ 4.78 ms ≈ 209 tokens/s", "1 ÷ 4.78 ms ≈ 209 ms", "1 ÷ 4.78 ms ≈ 209 ms",
        ("a time",)),
    "bytes over FLOPS in an equation": (
        "tip: Bytes go over bandwidth, FLOPs over FLOPS.",
        "tip: Never write 16 GB ÷ 989 TFLOPS ≈ 16 ms.", "16 GB ÷ 989 TFLOPS",
        ("tip", "bytes·s/FLOP", "bytes ÷ FLOP/s is not a time")),
}


@pytest.mark.parametrize("case", sorted(PROSE_CASES))
def test_planted_prose_errors(run_cli: RunCli, tmp_path: Path, demo_text: str, case: str) -> None:
    old, new, at, words = PROSE_CASES[case]
    assert old in demo_text
    text = demo_text.replace(old, new, 1)
    code, lines = _check(run_cli, tmp_path, text)
    assert code == 1
    line, column = _position(text, at)
    _assert_error_at(lines, tmp_path / "planted.yaml", line, column, *words)


def test_prose_error_in_folded_text_wrapped_across_lines(run_cli: RunCli, tmp_path: Path,
                                                        demo_text: str) -> None:
    old = "      16 GB + 32 × 131 MB ≈ 20.2 GB.\n"
    new = "      and reads 16 GB\n      + 32 × 131 MB ≈ 30 GB.\n"
    assert old in demo_text
    text = demo_text.replace(old, new)
    code, lines = _check(run_cli, tmp_path, text)
    assert code == 1
    line, column = _position(text, "reads 16 GB")
    _assert_error_at(lines, tmp_path / "planted.yaml", line, column + len("reads "), "30 GB")


# (what to replace, by what, the text on the error's line, words in the message)
SCHEMA_CASES = {
    "wrong display unit": ("        unit: ms\n        stated", "        unit: tokens/s\n"
                           "        stated", "unit: tokens/s", ("a time", "token rate")),
    "missing field": ("    title: How much faster is the step?\n", "", "- id: amdahl",
                      ("missing 'title'",)),
    "duplicate id": ("- id: amdahl", "- id: floor  # twice", "- id: floor  # twice",
                     ("already used",)),
    "unknown solver": ("solver: sample-amdahl", "solver: sample-amdhal",
                       "solver: sample-amdhal", ("unknown solver", "sample-amdahl")),
    "dangling follow-up": ("follow_up: floor-doubled", "follow_up: floor-tripled",
                           "follow_up: floor-tripled", ("names no card", "floor-doubled")),
    "broken YAML": ("    title: How much faster is the step?",
                    "    title: How much: faster is the step?", "How much: faster",
                    ("YAML syntax",)),
    "given of the wrong dimension": ("bandwidth: 6.7 TB/s", "bandwidth: 6.7 TB",
                                     "bandwidth: 6.7 TB", ("needs a bandwidth",)),
    "negative given": ("bandwidth: 6.7 TB/s", "bandwidth: -6.7 TB/s",
                       "bandwidth: -6.7 TB/s", ("is negative",)),
    "stated figure off": ("stated: ≈ 4.8 ms", "stated: ≈ 6 ms", "stated: ≈ 6 ms",
                          ("off the reference 4.78 ms",)),
    "mistake value not a result": ("value: weights_over_peak_flops", "value: weights_per_flops",
                                   "value: weights_per_flops", ("not a result",)),
}


@pytest.mark.parametrize("case", sorted(SCHEMA_CASES))
def test_planted_schema_errors(run_cli: RunCli, tmp_path: Path, demo_text: str, case: str) -> None:
    old, new, at, words = SCHEMA_CASES[case]
    assert old in demo_text
    text = demo_text.replace(old, new, 1)
    code, lines = _check(run_cli, tmp_path, text)
    assert code == 1
    line, _ = _position(text, at)
    _assert_error_at(lines, tmp_path / "planted.yaml", line, None, *words)
