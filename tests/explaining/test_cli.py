"""``drill explain``: exit codes, the text report, ``--json``, variants and bad input."""

from __future__ import annotations

import io
import json

import pytest

from drill.cli import main

RIGHT = ("No: one user makes decode memory-bound, every step streams all 16 GB from HBM. "
         "The floor is 16 GB ÷ 3.35 TB/s ≈ 4.78 ms, so the ceiling is 1 token ÷ 4.78 ms ≈ "
         "209 tokens/s. That 2,000 tokens/s figure is a broken benchmark: an unsynchronized timer. "
         "Quantized weights or speculative decoding would help.")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_right_answer_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "speed-physics/q1", RIGHT)
    assert code == 0
    assert "0 wrong" in out and "5 of 5 made" in out


def test_one_wrong_figure_exits_one_and_names_the_floor(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "q1", RIGHT.replace("≈ 4.78 ms, so", "≈ 48 ms, so"))
    assert code == 1
    [line] = [line for line in out.splitlines() if "✗ 48 ms" in line]
    assert "4.78 ms" in line and "off by 10×" in line
    assert line.strip().startswith("1:")


def test_a_slip_said_again_is_counted_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "speed-physics/q1",
                       "About eight gigs of weights, and eight gigs over 3.35 TB/s is 2.4 ms.")
    assert code == 1
    assert "said again" in out.splitlines()[0]
    [again] = [line for line in out.splitlines() if "the same slip as before" in line]
    assert "✗ eight gigs" in again
    code, out, _ = run(capsys, "explain", "--json", "speed-physics/q1",
                       "About eight gigs of weights, and eight gigs over 3.35 TB/s is 2.4 ms.")
    assert [f["verdict"] for f in json.loads(out)["figures"]
            if f["text"] == "eight gigs"] == ["wrong", "again"]


def test_json_lists_figures_and_points_and_a_partial_answer_misses_some(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "q1", "It is bandwidth-bound: 48 ms.", "--json")
    assert code == 1
    data = json.loads(out)
    [figure] = data["figures"]
    assert figure["text"] == "48 ms" and figure["start"] == 23
    assert figure["verdict"] == "wrong" and figure["expected"] == "4.78 ms"
    assert "off by 10×" in figure["mistake"]
    covered = [p for p in data["points"] if p["covered"]]
    assert [p["matched"] for p in covered] == [["bandwidth-bound"]]
    assert len(data["points"]) - len(covered) == 4


def test_text_from_standard_input_and_a_variant(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("The floor is 4.78 ms."))
    code, out, _ = run(capsys, "explain", "q1", "-", "--variant", "h20")
    assert code == 1  # the H20's floor is not the H100's
    assert "✗ 4.78 ms" in out


@pytest.mark.parametrize("argv, says", [
    (["explain", "q1", ""], "empty"),
    (["explain", "q1", "x" * 100_000], "characters"),
    (["explain", "no-such-card", "4.78 ms"], "no-such-card"),
    (["explain", "q1", "4.78 ms", "--variant", "nope"], "nope"),
])
def test_usage_errors_exit_two_with_one_line(capsys: pytest.CaptureFixture[str],
                                             argv: list[str], says: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2, err
    assert out == ""
    assert says in err and err.startswith("drill explain: error:")
    assert len(err.strip().splitlines()) == 1
