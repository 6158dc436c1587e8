"""``drill grade`` on the built-in packs, run as a real process where safety is the point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from testkit import RunCli

ROOT = Path(__file__).resolve().parents[2]


def drill(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "drill", *argv], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_the_issue_example(run_cli: RunCli) -> None:
    code, out, _ = run_cli("grade", "speed-physics/q1", "decode_floor",
                       "16 GB / 989 TFLOPS", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["verdict"] == "incorrect"
    assert data["mistakes"] == ["bytes-over-flops", "wrong-dimension"]
    assert data["expected"]["unit"] == "ms"
    assert data["expected"]["value"] == pytest.approx(16e9 / 3.35e12 * 1e3)
    assert data["parsed"]["echo"] == "16 GB ÷ 989 TFLOPS"


@pytest.mark.parametrize(("answer", "mistake"), [
    ("61,800 tokens/s", "compute-ceiling"),
    ("2090 tokens/s", "power-of-ten"),
    ("16 GB", "wrong-dimension"),
])
def test_classic_slips_on_q1(run_cli: RunCli, answer: str,
                             mistake: str) -> None:
    code, out, _ = run_cli("grade", "q1", "max_tokens_per_s", answer, "--json")
    assert code == 1
    assert mistake in json.loads(out)["mistakes"]


def test_the_issue_estimates_are_correct(run_cli: RunCli) -> None:
    for card, ask, answer in [("q1", "decode_floor", "≈ 4.8 ms"),
                              ("q1", "max_tokens_per_s", "200 tokens/s"),
                              ("q1", "max_tokens_per_s", "1 / 4.8 ms"),
                              ("q6", "cost_single", "$4.17"),
                              ("q7", "attention_speedup", "1 / 0.8")]:
        code, out, _ = run_cli("grade", card, ask, answer)
        assert code == 0, out


HOSTILE = [
    "__import__('os').system(\"touch {marker}\")",
    "9**9**9**9",
    "7" * 100_000,
    "4.8 ms\x07\x1b[2J",
    "(" * 5000,
    "lambda: __import__('os').system('touch {marker}')",
    "().__class__.__mro__[1].__subclasses__()",
    "open('{marker}', 'w')",
]


@pytest.mark.parametrize("template", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_answers_from_the_command_line(template: str, tmp_path: Path,
                                               run_cli: RunCli) -> None:
    # In this process; the batch test below sends the same answers to a real one.
    marker = tmp_path / "pwned"
    answer = template.replace("{marker}", str(marker))
    done = run_cli("grade", "speed-physics/q1", "decode_floor", answer, "--json")
    assert done.code == 1, done.err
    assert "Traceback" not in done.err
    data = json.loads(done.out)
    assert data["verdict"] == "invalid"
    assert data["message"]
    assert not marker.exists()


@pytest.mark.slow
def test_hostile_batch_from_stdin(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    lines = [json.dumps({"card": "speed-physics/q1", "ask": "decode_floor",
                         "answer": t.replace("{marker}", str(marker))}) for t in HOSTILE]
    lines.insert(3, "{not json")
    lines.append(json.dumps({"card": "speed-physics/q1", "ask": "decode_floor",
                             "answer": "4.8 ms"}))
    done = drill("grade", "--batch", "-", "--json", stdin="\n".join(lines) + "\n")
    assert "Traceback" not in done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(lines)
    assert [r["verdict"] for r in results] == ["invalid"] * (len(lines) - 1) + ["correct"]
    assert not marker.exists()


def test_batch_of_builtin_cards_keeps_order(run_cli: RunCli,
                                            tmp_path: Path) -> None:
    requests = [
        ("speed-physics/q3", "kv_bytes", "4.2 GB", "correct"),
        ("speed-physics/q3", "kv_bytes", "131 MB", "incorrect"),
        ("serving-math/little", "in_flight", "160", "correct"),
        ("serving-math/nothing", "in_flight", "160", "invalid"),
        ("speed-physics/q7-follow-up", "combined_speedup", "5x", "incorrect"),
        ("serving-math/fan-out", "all_within_p99", "0.99^10", "correct"),
    ]
    path = tmp_path / "answers.jsonl"
    path.write_text("".join(json.dumps({"card": c, "ask": a, "answer": t}) + "\n"
                            for c, a, t, _ in requests), encoding="utf-8")
    code, out, _ = run_cli("grade", "--batch", str(path), "--json")
    assert code == 1
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["verdict"] for r in results] == [v for *_, v in requests]
    assert [r["answer"] for r in results[:3]] == ["4.2 GB", "131 MB", "160"]
    assert results[1]["mistakes"] == ["one-user-kv"]
    assert results[4]["mistakes"] == ["added-speedups"]


USER_PACK = """\
pack: my-pack
title: Mine
cards:
  - id: h200
    title: The decode floor on an H200
    priority: solid
    scenario: Llama 3 8B in BF16, one H200 at 4.8 TB/s, one user.
    solver: decode-floor
    givens:
      weights: 16 GB
      bandwidth: 4.8 TB/s
      peak_flops: 989 TFLOPS
      params: 8 billion
    asks:
      - id: decode_floor
        question: The shortest decode step?
        unit: ms
"""


def test_a_user_pack_with_a_builtin_solver(run_cli: RunCli,
                                           tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(USER_PACK, encoding="utf-8")
    code, out, _ = run_cli("grade", "my-pack/h200", "decode_floor", "16 GB / 4.8 TB/s",
                       "--packs", str(tmp_path))
    assert code == 0, out
    code, _, err = run_cli("grade", "my-pack/h200", "decode_floor", "3.3 ms",
                       "--packs", str(tmp_path / "missing"))
    assert code == 2
    assert "missing" in err


def test_unknown_builtin_card_suggests_close_ones(run_cli: RunCli) -> None:
    code, out, err = run_cli("grade", "speed-physics/q11", "decode_floor", "4.8 ms")
    assert code == 2
    assert out == ""
    assert "speed-physics/q1" in err
