"""``drill calc`` from the command line: output, exit codes, JSON."""

from __future__ import annotations

import json

import pytest

from drill.cli import main
from testkit import RunCli


def test_calc_prints_value_dimension_and_echo(run_cli: RunCli) -> None:
    code, out, _ = run_cli("calc", "16 GB / 3.35 TB/s")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "4.78 ms"
    assert "a time" in out
    assert "16 GB ÷ (3.35 TB/s)" in out


def test_calc_to_unit(run_cli: RunCli) -> None:
    code, out, _ = run_cli("calc", "16 GB / 3.35 TB/s", "--to", "µs")
    assert code == 0
    assert out.splitlines()[0] == "4,780 µs"


def test_calc_bytes_over_flops_to_a_time_explains(run_cli: RunCli) -> None:
    code, out, err = run_cli("calc", "16 GB / 989 TFLOPS", "--to", "ms")
    assert code == 1
    assert out == ""
    assert "bytes·s/FLOP" in err
    assert "not a time" in err
    assert "Traceback" not in err


def test_calc_unknown_unit_is_exit_1_with_suggestion(run_cli: RunCli) -> None:
    code, _, err = run_cli("calc", "3 zorks")
    assert code == 1
    assert "unknown unit 'zorks'" in err
    assert "did you mean" in err


def test_calc_json(run_cli: RunCli) -> None:
    code, out, _ = run_cli("calc", "989 TFLOPS / 3.35 TB/s", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["text"] == "295 FLOP/byte"
    assert data["value"] == pytest.approx(989 / 3.35)
    assert data["echo"] == "989 TFLOPS ÷ (3.35 TB/s)"
    assert data["ok"] is True


def test_calc_usage_error_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["calc", "1", "--bogus"])
    assert caught.value.code == 2


def test_calc_reads_lines_from_stdin(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("70 GB / 6.7 TB/s\n\n2 zorks\n"))
    code, out, _ = run_cli("calc")
    assert "10.4 ms" in out
    assert "unknown unit" in out
    assert code == 1


def test_calc_json_from_stdin_prints_one_object_per_line(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("70 GB / 6.7 TB/s\n\n2 zorks\n"))
    code, out, _ = run_cli("calc", "--json", "--to", "ms")
    results = [json.loads(line) for line in out.splitlines()]
    # Every line gets its answer, a blank one too, so a caller waiting for one never hangs.
    assert [r["expression"] for r in results] == ["70 GB / 6.7 TB/s", "", "2 zorks"]
    assert results[0]["ok"] and results[0]["text"] == "10.4 ms"
    assert not results[1]["ok"] and "nothing to read" in results[1]["error"]
    assert not results[2]["ok"] and "unknown unit" in results[2]["error"]
    assert results[2]["column"] == 2
    assert code == 1


def test_calc_json_answers_a_whitespace_only_line(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("   \n"))
    code, out, _ = run_cli("calc", "--json")
    assert len(out.splitlines()) == 1 and not json.loads(out)["ok"]
    assert code == 0  # a blank line is answered, not counted as a failure


@pytest.mark.parametrize("command", [[], ["calc"]])
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main([*command, "--help"])
    assert caught.value.code == 0
    assert "usage: drill" in capsys.readouterr().out


def test_an_unexpected_failure_is_one_line_not_a_traceback(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(expression: str, to: str | None = None) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("drill.quantities.calculator.calculate", explode)
    monkeypatch.delenv("DRILL_DEBUG", raising=False)
    code, _, err = run_cli("calc", "1 + 1")
    assert code == 1
    assert "boom" in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("unit", ["2 GB", "1000 tokens", "0.5 s"])
def test_calc_to_an_amount_is_refused(unit: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "16 GB", "--to", unit]) == 1
    err = capsys.readouterr().err
    assert "not an amount" in err and unit in err


def test_calc_to_a_per_unit_written_with_1_still_converts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["calc", "200 / 4 s", "--to", "1/s"]) == 0
    assert capsys.readouterr().out.startswith("50")


def test_piped_lines_can_use_the_line_befores_result(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("16 GB / 3.35 TB/s\n1 / ans\n"))
    assert main(["calc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("4.78 ms") and lines[1].startswith("209/s")
