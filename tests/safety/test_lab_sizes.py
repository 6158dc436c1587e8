"""Absurd sizes for the simulations are refused before any work, never run for hours."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from drill.labs import comparisons as c
from testkit import RunCli


class Started(Exception):
    """The simulation began to run (its first progress report)."""


def refuse_to_run(done: int, total: int) -> None:
    raise Started


@pytest.mark.parametrize("job", [
    lambda: c.compare_fan_out([10_000], 20_000, 0, refuse_to_run),  # 200 million draws
    lambda: c.compare_p99([100_000], 0, refuse_to_run),  # a sample, then 500 resamples
    lambda: c.compare_little([1_000_000] * 20, 0, refuse_to_run),
    lambda: c.compare_queue(4_000_000, 0, refuse_to_run),
], ids=["fan-out", "p99", "little", "queue"])
def test_a_job_beyond_the_budget_is_refused_before_it_starts(
        job: Callable[[], object]) -> None:
    with pytest.raises(ValueError, match="random numbers, more than the 30,000,000"):
        job()


def test_the_chapters_own_sizes_fit_the_budget() -> None:
    for check in ("little", "queue", "fan-out"):
        c.check_work(check, [c.DEFAULT_SIZES[check]])
    c.check_work("p99", c.P99_SIZES)
    c.check_work("queue", [1_000_000])  # the largest size the command line takes


def test_the_command_refuses_sizes_that_fit_one_by_one_but_not_together(
        run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(c, "MAX_DRAWS", 1_000)
    code, out, err = run_cli("simulate", "little", "--size", "400", "400")
    assert (code, out) == (2, "")
    assert err == ("drill simulate: error: little at this size would draw 1,600 random "
                   "numbers, more than the 1,000 a run may take: choose a smaller size\n")


def test_a_million_parallel_calls_is_a_usage_error(run_cli: RunCli) -> None:
    code, _out, err = run_cli("simulate", "fan-out", "--calls", "1000000")
    assert code == 2
    assert "20,000,000,000 random numbers" in err
    assert "fewer calls" in err
