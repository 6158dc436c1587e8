"""``drill grade`` on a hand-built card, so the command's behaviour does not hang on the
built-in packs' content (those are covered card by card in test_builtin_cards.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from drill.cli import main
from drill.grading.adapter import TargetBook
from drill.packs.model import Ask, Card, Mistake
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity
from drill.solving.solve import SolveError

CARD = Card(
    pack="hand",
    id="q1",
    title="Can we advertise 300 tokens/s?",
    priority="priority",
    scenario="Llama 3 8B, BF16, one H100, one user.",
    solver="by-hand",
    givens={"weights": "16 GB", "bandwidth": "3.35 TB/s", "peak_flops": "989 TFLOPS"},
    asks=(
        Ask("decode_floor", "Shortest decode step?", "ms", "decode_floor",
            mistakes=(Mistake("bytes-over-flops", "Weights go over\n bandwidth.",
                              "weights_over_peak_flops"),)),
        Ask("max_tokens_per_s", "Most tokens per second?", "tokens/s", "max_tokens_per_s"),
    ),
)


BROKEN = Card(pack="hand", id="broken", title="A card whose solver fails",
              priority="solid", scenario="-", solver="by-hand",
              asks=(Ask("x", "?", "ms", "x"),))


def solve(card: Card) -> dict[str, Quantity]:
    if card.id == "broken":
        raise SolveError(card.key, "missing given weights")
    g = {name: read(text).value for name, text in card.givens.items()}
    floor = g["weights"] / g["bandwidth"]
    return {
        "decode_floor": floor,
        "max_tokens_per_s": read("1 token").value / floor,
        "weights_over_peak_flops": g["weights"] / g["peak_flops"],
    }


@pytest.fixture(autouse=True)
def hand_book(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("drill.cli.grade.open_book",
                        lambda args: TargetBook.of([CARD, BROKEN], solve))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_correct_answer_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "grade", "hand/q1", "decode_floor", "16 GB / 3.35 TB/s")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("✓ correct")
    assert "4.78 ms" in lines[2] and "16 GB ÷ (3.35 TB/s)" in lines[2]


def test_incorrect_answer_names_the_mistake(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "grade", "hand/q1", "decode_floor", "16 GB / 989 TFLOPS")
    assert code == 1
    assert out.startswith("✗ incorrect")
    assert "bytes-over-flops" in out.splitlines()[0]
    assert "Weights go over bandwidth." in out  # the card's words, YAML folding undone


def test_invalid_answer_exits_one_in_two_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "grade", "hand/q1", "decode_floor", "4.8 zorks")
    assert code == 1
    assert len(out.splitlines()) == 2
    assert "zorks" in out
    assert err == ""


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "grade", "hand/q1", "max_tokens_per_s", "1 / 4.8 ms", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["verdict"] == "correct"
    assert data["card"] == "hand/q1" and data["ask"] == "max_tokens_per_s"
    assert data["parsed"]["unit"] == "tokens/s"


@pytest.mark.parametrize(("argv", "suggestion"), [
    (["hand/q2", "decode_floor", "4.8 ms"], "hand/q1"),
    (["hand/q1", "decode_flor", "4.8 ms"], "decode_floor"),
    (["hand/q1", "nothing_like_it", "4.8 ms"], "max_tokens_per_s"),
])
def test_unknown_card_or_ask_is_a_usage_error_with_suggestions(
    capsys: pytest.CaptureFixture[str], argv: list[str], suggestion: str
) -> None:
    code, out, err = run(capsys, "grade", *argv)
    assert code == 2
    assert out == ""
    assert suggestion in err


def test_missing_arguments_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "grade", "hand/q1")
    assert code == 2
    assert "CARD ASK ANSWER" in err


BATCH = [
    '{"card": "hand/q1", "ask": "decode_floor", "answer": "4.8 ms"}',
    "this is not json",
    '{"card": "hand/q1", "ask": "decode_floor"}',
    '{"card": "hand/q9", "ask": "decode_floor", "answer": "4.8 ms"}',
    '["a", "list"]',
    '{"card": "hand/q1", "ask": "decode_floor", "answer": 4.8}',
    "",
    '{"card": "hand/q1", "ask": "max_tokens_per_s", "answer": "4.8 ms"}',
    '{"card": "hand/q1", "ask": "decode_floor", "answer": "__import__(\'os\')"}',
    '{"card": "hand/q1", "ask": "max_tokens_per_s", "answer": "209"}',
]


def test_batch_keeps_order_and_survives_bad_lines(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(BATCH) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "grade", "--batch", str(path), "--json")
    assert code == 1  # not every answer is correct
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in results] == [
        "correct", "invalid", "invalid", "invalid", "invalid", "invalid", "invalid",
        "incorrect", "invalid", "correct",
    ]
    assert "line 2" in results[1]["message"]
    assert "'answer'" in results[2]["message"]
    assert "hand/q1" in results[3]["message"]  # the unknown card gets a suggestion
    assert results[7]["mistakes"] == ["reciprocal", "wrong-dimension"]
    assert results[9]["ask"] == "max_tokens_per_s"
    for result in results:
        assert set(result) == {"card", "ask", "answer", "verdict", "mistakes", "message",
                               "expected", "parsed"}


def test_batch_from_stdin_readable(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(BATCH[0] + "\n" + BATCH[1] + "\n"))
    code, out, _ = run(capsys, "grade", "--batch", "-")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("1: ✓ correct hand/q1 decode_floor")
    assert lines[1].startswith("2: ✗ invalid: line 2: not a JSON object")


def test_batch_all_correct_exits_zero(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_text(BATCH[0] + "\n" + BATCH[-1] + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "grade", "--batch", str(path), "--json")
    assert code == 0
    assert len(out.splitlines()) == 2


def test_batch_of_a_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    code, _, err = run(capsys, "grade", "--batch", str(tmp_path / "nope.jsonl"))
    assert code == 2
    assert "nope.jsonl" in err


def test_batch_and_positional_together_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "grade", "hand/q1", "--batch", "-")
    assert code == 2
    assert "not both" in err


def test_a_card_id_alone_finds_its_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "grade", "q1", "decode_floor", "4.8 ms", "--json")
    assert code == 0
    assert json.loads(out)["card"] == "hand/q1"


def test_a_card_that_cannot_be_solved_is_a_failure_not_a_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "grade", "hand/broken", "x", "4.8 ms")
    assert code == 2  # a setup problem: 1 is for a wrong answer
    assert "missing given weights" in err
    path = tmp_path / "answers.jsonl"
    line = '{"card": "hand/broken", "ask": "x", "answer": "4.8 ms"}'
    path.write_text(f"{line}\n{line}\n{BATCH[0]}\n", encoding="utf-8")
    code, out, _ = run(capsys, "grade", "--batch", str(path), "--json")
    verdicts = [json.loads(row)["verdict"] for row in out.splitlines()]
    assert verdicts == ["invalid", "invalid", "correct"]
