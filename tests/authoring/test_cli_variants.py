"""``--variant`` and ``--seed`` on drill solve, show and grade (a seed in fresh processes,
whose string hashes differ; the rest in this process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from testkit import RunCli, run_drill


def test_solve_shows_the_named_variant(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("solve", "speed-physics/q1", "--variant", "a100", "--json",
                     "--data", str(tmp_path))
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["variant"] == "a100"
    assert data["givens"]["bandwidth"]["text"] == "2,039 GB/s"  # the A100's datasheet
    # 16 GB ÷ 2,039 GB/s = 7.85 ms
    assert abs(data["results"]["decode_floor"]["value"] - 16 / 2039) < 1e-6


@pytest.mark.slow
def test_a_seed_picks_the_same_variant_every_time(tmp_path: Path) -> None:
    runs = [run_drill(["solve", "speed-physics/q1", "--seed", "11", "--data", str(tmp_path)])
            for _ in range(2)]
    assert runs[0].returncode == 0
    assert runs[0].stdout == runs[1].stdout
    assert "variant " in runs[0].stdout


def test_show_renders_the_variants_text(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("show", "speed-physics/q3", "--variant", "b200", "--data",
                     str(tmp_path))
    assert result.code == 0, result.err
    assert "one B200" in result.out and "7.7 TB/s" in result.out
    assert "variant b200" in result.out


def test_grade_grades_against_the_variants_numbers(tmp_path: Path, run_cli: RunCli) -> None:
    common = ["speed-physics/q1", "decode_floor", "16 GB / (4 TB/s)", "--data", str(tmp_path)]
    assert run_cli("grade", *common, "--variant", "h20").code == 0
    assert run_cli("grade", *common).code == 1  # 4 ms is wrong for the H100


def test_unknown_variants_and_conflicting_options_are_usage_errors(
        tmp_path: Path, run_cli: RunCli) -> None:
    unknown = run_cli("solve", "speed-physics/q1", "--variant", "h2", "--data",
                      str(tmp_path))
    assert unknown.code == 2 and "did you mean h20?" in unknown.err
    both = run_cli("solve", "speed-physics/q1", "--variant", "h20", "--seed", "1")
    assert both.code == 2
    none = run_cli("show", "speed-physics/q4-follow-up", "--variant", "x", "--data",
                   str(tmp_path))
    assert none.code == 2 and "has no variants" in none.err


def test_show_all_variants_prints_each_with_its_differences_marked(
        tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("show", "speed-physics/q1", "--all-variants", "--data", str(tmp_path))
    assert result.code == 0, result.err
    out = result.out
    # The base first (no marks), then one section per variant.
    base, _, rest = out.partition("──────── variant ")
    assert "«" not in base
    for variant in ("a100", "h20", "qwen-h100", "mistral-h100-pcie"):
        assert f"variant {variant}: " in out
    # The A100 changes the bandwidth: 16 GB ÷ 2,039 GB/s = 7.85 ms, marked, with the base's.
    assert "«2,039 GB/s» (base 3.35 TB/s)" in rest
    assert "reference «7.85 ms» (base 4.78 ms)" in rest
    assert "Llama 3 8B" in rest and "«Llama 3 8B»" not in rest.partition("variant h20")[0]


def test_show_all_variants_refuses_a_variant_too(tmp_path: Path, run_cli: RunCli) -> None:
    result = run_cli("show", "speed-physics/q1", "--all-variants", "--variant", "a100",
                     "--data", str(tmp_path))
    assert result.code == 2 and "--all-variants" in result.err
