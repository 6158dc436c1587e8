"""``python3 dev.py test`` runs pytest on every core unless told otherwise."""

from __future__ import annotations

import pytest

from testkit import ROOT, load_module

dev = load_module(ROOT / "dev.py", "drill_dev_script")


@pytest.mark.parametrize(("given", "passed"), [
    ([], ["-n", "auto", "--dist", "loadgroup"]),
    (["-x", "tests/grading"], ["-n", "auto", "--dist", "loadgroup", "-x", "tests/grading"]),
    (["-n", "0"], ["-n", "0"]),
    (["-n2", "-q"], ["-n2", "-q"]),
    (["--numprocesses=3"], ["--numprocesses=3"]),
    (["--co", "-q"], ["--co", "-q"]),
])
def test_pytest_gets_a_worker_per_core_unless_the_caller_chose(
        given: list[str], passed: list[str]) -> None:
    assert dev._parallel(given) == passed
