"""The cyclic collector is off while checking, and back on after, unless the process
ends with the command (``drill`` run as its own program): a caller of ``main`` in its own
process, as a test is, gets it back."""

from __future__ import annotations

import gc

import pytest

from drill.checking.parallel import collecting_rarely
from testkit import RunCli


@pytest.mark.parametrize("restore", [True, False])
def test_the_collector_is_off_inside_and_as_asked_after(restore: bool) -> None:
    assert gc.isenabled()
    try:
        with collecting_rarely(restore=restore):
            assert not gc.isenabled()
        assert gc.isenabled() is restore
    finally:
        gc.enable()


def test_a_collector_already_off_stays_off() -> None:
    gc.disable()
    try:
        with collecting_rarely():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_drill_check_called_in_process_leaves_the_collector_on(run_cli: RunCli) -> None:
    result = run_cli("check")
    assert result.code == 0, result.out
    assert gc.isenabled()
