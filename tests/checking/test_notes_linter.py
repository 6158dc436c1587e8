"""``drill check NOTES.md``: the worked equations in notes of our own, with planted slips.

Each planted slip is worked out here by hand; every other equation in the notes holds, so
the linter must report the planted ones, where they are, and nothing else.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drill.checking.notes import blank_markup, check_notes_text
from testkit import RunCli

NOTES = """\
# Serving notes

- **Decode floor**: 16 GB ÷ 3.35 TB/s ≈ 4.8 ms per step.
- Prefill of a 500-token prompt: 2 × 8e9 × 500 FLOP ÷ 989 TFLOPS ≈ 8.1 ms.
- Tensor parallel: 70 GB ÷ 6.7 TB/s = 12.4 ms, which is the slip planted on this line.
- A byte count over a FLOP rate: 16 GB ÷ 989 TFLOPS ≈ 16 ms is the slip on this one.

| case | working |
|------|---------|
| KV per token | `2 × 32 × 8 × 128 × 2 B = 128 KiB` |

In LaTeX: \\(L = \\lambda W = 20 \\times 8 = 170\\) requests, a third slip.
A power in code: `2**10 B = 1024 B`.
"""


def test_only_the_planted_slips_are_reported_with_line_and_column() -> None:
    found = check_notes_text(NOTES, "notes.md")
    where = [(d.location.line, d.location.column, d.severity) for d in found]
    # 70 GB ÷ 6.7 TB/s is 10.4 ms; bytes ÷ FLOP/s is no time; 20 × 8 is 160.
    assert where == [(5, 20, "error"), (6, 34, "error"), (12, 29, "error")]
    assert "10.4 ms" in found[0].message
    assert "not a time" in found[1].message
    assert "the left side is 160" in found[2].message


def test_a_correspondence_is_not_working() -> None:
    assert check_notes_text("Check it against batch 1 (4.8 ms ≈ 200).", "n.md") == []


def test_a_count_left_without_its_unit_is_a_warning_when_the_value_holds() -> None:
    found = check_notes_text("so 8 × 10¹² ÷ 989 TFLOPS ≈ 8 ms here", "n.md")
    assert [(d.severity, d.location.column) for d in found] == [("warning", 4)]
    assert "(FLOP)" in found[0].message


def test_markdown_marks_keep_their_columns_and_a_power_stays_a_power() -> None:
    assert blank_markup("**2 GB**") == "  2 GB  "
    assert blank_markup("2**10 B") == "2**10 B"


def test_the_command_reports_as_for_packs(run_cli: RunCli, tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    code, out, _ = run_cli("check", str(notes))
    assert code == 1
    assert out.splitlines()[0].startswith(f"{notes}:5:20: error: ")
    assert out.splitlines()[-1] == "1 notes file: 3 errors, 0 warnings"
    code, out, _ = run_cli("check", str(notes), "--json")
    data = json.loads(out)
    assert [f["line"] for f in data["findings"]] == [5, 6, 12]
    assert data["summary"]["errors"] == 3


@pytest.mark.parametrize("content", [b"\xff\xfe not text", b""])
def test_unreadable_or_empty_notes_never_raise(run_cli: RunCli, tmp_path: Path,
                                               content: bytes) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(content)
    code, out, _ = run_cli("check", str(notes))
    assert code == (1 if content else 0)
    assert "Traceback" not in out
