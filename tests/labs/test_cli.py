"""``drill roofline``, ``drill simulate`` and ``drill exercise`` from the command line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from drill.cli.progress import TerminalProgress
from drill.labs.exercises import find_exercise
from testkit import RunCli


# -- roofline --------------------------------------------------------------------------
def test_roofline_prints_the_chapters_table(run_cli: RunCli) -> None:
    code, out, err = run_cli("roofline")
    assert code == 0 and err == ""
    assert "ridge point: 295 FLOP/byte" in out
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert [row[0] for row in rows] == ["1", "8", "64", "256", "4,096"]
    assert [row[1] for row in rows] == ["1.0", "8.0", "62.1", "227.6", "1,365.3"]
    assert [row[-1] for row in rows] == ["memory"] * 4 + ["compute"]


def test_roofline_json_and_other_shapes(run_cli: RunCli) -> None:
    code, out, _ = run_cli("roofline", "--gpu", "h20", "--m", "1", "64", "--k", "8192",
                         "--n", "1024", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["gpu"]["name"] == "H20"
    assert [row["m"] for row in data["rows"]] == [1, 64]
    assert {(row["k"], row["n"]) for row in data["rows"]} == {(8192, 1024)}
    first = data["rows"][0]
    assert first["flops"] == 2 * 1 * 8192 * 1024
    assert first["bytes"] == 2 * (8192 + 8192 * 1024 + 1024)


def test_roofline_takes_a_precision(run_cli: RunCli) -> None:
    code, out, _ = run_cli("roofline", "--precision", "int4", "--m", "1", "--k", "8192",
                           "--n", "1024", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["precision"], data["weight_bytes"], data["activation_bytes"]) == ("int4", 0.5, 2)
    assert data["element_bytes"] is None
    # Half a byte per weight, two per input and output value.
    assert data["rows"][0]["bytes"] == 0.5 * 8192 * 1024 + 2 * (8192 + 1024)
    code, out, _ = run_cli("roofline", "--precision", "FP8")
    assert code == 0 and out.startswith("FP8 (W8A8) GEMM") and "ridge point: 591" in out


@pytest.mark.parametrize("argv", [
    ("roofline", "--precision", "fp8", "--gpu", "A100"),  # no FP8 tensor cores
    ("roofline", "--precision", "fp4"),
    ("roofline", "--gpu", "H2000"),
    ("roofline", "--gpu", ""),  # not the default GPU in silence
    ("roofline", "--m", "0"),
    ("roofline", "--m", "three"),
    ("roofline", "--k", "-5"),
])
def test_roofline_usage_errors_exit_2_in_one_line(run_cli: RunCli, argv: tuple[str, ...]) -> None:
    code, _, err = run_cli(*argv)
    assert code == 2
    assert "Traceback" not in err and err.strip()


def test_an_unknown_gpu_suggests_close_names(run_cli: RunCli) -> None:
    _, _, err = run_cli("roofline", "--gpu", "H2000")
    assert "H200" in err


# -- simulate --------------------------------------------------------------------------
@pytest.mark.parametrize(("check", "size", "words"), [
    ("little", "3000", "λ × W"),
    ("queue", "400", "1 ÷ (μ − λ)"),
    ("fan-out", "500", "1 − 0.99^k"),
    ("p99", "300", "bootstrap interval"),
    ("experts", "200", "E(1 − (1 − k/E)^B)"),
])
def test_simulate_prints_formula_beside_simulation(run_cli: RunCli, check: str, size: str,
                                                   words: str) -> None:
    code, out, err = run_cli("simulate", check, "--size", size, "--seed", "3")
    assert code == 0
    assert words in out
    assert err == ""  # no progress text when stderr is not a terminal


def test_simulate_is_reproducible_with_a_seed(run_cli: RunCli) -> None:
    first = run_cli("simulate", "fan-out", "--calls", "10", "--size", "800", "--json")
    again = run_cli("simulate", "fan-out", "--calls", "10", "--size", "800", "--json")
    other = run_cli("simulate", "fan-out", "--calls", "10", "--size", "800", "--json",
                  "--seed", "1")
    assert first == again
    assert first[1] != other[1]


def test_simulate_json_has_a_run_per_size(run_cli: RunCli) -> None:
    code, out, _ = run_cli("simulate", "p99", "--size", "100", "400", "--json")
    assert code == 0
    runs = json.loads(out)["runs"]
    assert [run["size"] for run in runs] == [100, 400]
    assert all(run["low_ms"] <= run["estimate_ms"] <= run["high_ms"] for run in runs)


def test_simulate_experts_reads_the_catalogs_moe_layer(run_cli: RunCli) -> None:
    code, out, _ = run_cli("simulate", "experts", "--batches", "1", "32", "--size", "300",
                           "--json")
    assert code == 0
    (run,) = json.loads(out)["runs"]
    assert run["model"] == "DeepSeek-V3"
    one, thirty_two = run["rows"]
    # One token reads exactly its own 8 experts; 32 tokens read 256 × (1 − (31/32)^32).
    assert one["simulated_touched"] == one["formula_touched"] == 8
    assert thirty_two["formula_touched"] == pytest.approx(256 * (1 - (31 / 32) ** 32))
    assert thirty_two["batch_times_k"] == 256


@pytest.mark.parametrize("argv", [
    ("simulate", "lottery"),
    ("simulate", "queue", "--batches", "4"),
    ("simulate", "little", "--size", "0"),
    ("simulate", "queue", "--size", "10"),
    ("simulate", "little", "--calls", "3"),
    ("simulate", "p99", "--seed", "x"),
])
def test_simulate_usage_errors_exit_2(run_cli: RunCli, argv: tuple[str, ...]) -> None:
    code, _, err = run_cli(*argv)
    assert code == 2
    assert "Traceback" not in err and err.strip()


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_only_on_a_terminal_and_only_after_a_second() -> None:
    now = [0.0]
    terminal = FakeTerminal()
    with TerminalProgress("simulating", terminal, clock=lambda: now[0]) as progress:
        progress(10, 100)
        assert terminal.getvalue() == ""  # under a second: nothing
        now[0] = 1.5
        progress(50, 100)
        assert "50%" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r")  # wiped at the end
    piped = io.StringIO()
    later = TerminalProgress("simulating", piped, clock=lambda: now[0] + 10)
    later(50, 100)
    later.close()
    assert piped.getvalue() == ""


# -- exercise --------------------------------------------------------------------------
def test_exercise_list_names_both(run_cli: RunCli) -> None:
    code, out, _ = run_cli("exercise", "list")
    assert code == 0
    assert "amdahl" in out and "roofline" in out


def test_exercise_start_writes_once_and_force_overwrites(run_cli: RunCli, tmp_path: Path) -> None:
    folder = tmp_path / "work"
    code, out, _ = run_cli("exercise", "start", "amdahl", str(folder))
    assert "drill exercise check amdahl" in out
    target = folder / "amdahl.py"
    assert code == 0 and target.is_file()
    assert "def overall_speedup(parts: list[list[float]]) -> float:" in target.read_text()
    target.write_text("# my work\n")
    code, _, err = run_cli("exercise", "start", "amdahl", str(folder))
    assert code == 1 and "already exists" in err
    assert target.read_text() == "# my work\n"  # untouched
    code, _, _ = run_cli("exercise", "start", "amdahl", str(folder), "--force")
    assert code == 0 and "overall_speedup" in target.read_text()


def test_exercise_check_exit_codes(run_cli: RunCli, solutions: Path) -> None:
    code, out, _ = run_cli("exercise", "check", "amdahl", str(solutions / "amdahl_reference.py"))
    count = len(find_exercise("amdahl").cases())
    assert code == 0 and f"All {count} cases pass." in out
    code, out, _ = run_cli("exercise", "check", "amdahl",
                         str(solutions / "amdahl_added_speedups.py"))
    assert code == 1
    assert "FAIL" in out and "expected  1.818" in out and "got       5.0" in out
    assert "speedups do not add" in out


@pytest.mark.parametrize("argv", [
    ("exercise", "check", "amdahl", "no-such-file.py"),
    ("exercise", "check", "fibonacci", "x.py"),
    ("exercise", "start", "fibonacci"),
    ("exercise", "check", "amdahl", "x.py", "--timeout", "0"),
    ("exercise",),
])
def test_exercise_usage_errors_exit_2(run_cli: RunCli, argv: tuple[str, ...]) -> None:
    code, _, err = run_cli(*argv)
    assert code == 2
    assert "Traceback" not in err


def test_listing_and_starting_never_run_a_solution(run_cli: RunCli, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    (tmp_path / "amdahl.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('x')\n")
    run_cli("exercise", "list")
    run_cli("exercise", "start", "roofline", str(tmp_path))
    assert not marker.exists()
    run_cli("exercise", "check", "amdahl", str(tmp_path / "amdahl.py"))
    assert marker.exists()  # only when asked
