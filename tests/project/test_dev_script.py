"""``python3 dev.py test`` runs pytest with two workers per core unless told otherwise, after an
install (by uv where there is one, else pip) that byte-compiles only what can be imported
and rewrites the tests' asserts once, where every worker reads them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _pytest.assertion.rewrite import PYC_TAIL

from testkit import ROOT, load_module

dev = load_module(ROOT / "dev.py", "drill_dev_script")


WORKERS = str(2 * (os.cpu_count() or 1))


@pytest.mark.parametrize(("given", "passed"), [
    ([], ["-n", WORKERS, "--dist", "loadgroup"]),
    (["-x", "tests/grading"], ["-n", WORKERS, "--dist", "loadgroup", "-x", "tests/grading"]),
    (["-n", "0"], ["-n", "0"]),
    (["-n2", "-q"], ["-n2", "-q"]),
    (["--numprocesses=3"], ["--numprocesses=3"]),
    (["--co", "-q"], ["--co", "-q"]),
])
def test_pytest_gets_two_workers_per_core_unless_the_caller_chose(
        given: list[str], passed: list[str]) -> None:
    assert dev._parallel(given) == passed


SITE = "/home/u/drill/.venv/lib/python3.11/site-packages"


@pytest.mark.parametrize(("path", "compiled"), [
    (f"{SITE}/sympy/core/add.py", True),
    (f"{SITE}/textual/app.py", True),
    (f"{SITE}/pygments/lexer.py", True),  # rich and textual import pygments itself
    (f"{SITE}/mypy_extensions.py", True),  # a module of its own, not mypy's folder
    (f"{SITE}/pipx/main.py", True),
    (f"{SITE}/sympy/core/tests/test_add.py", False),
    (f"{SITE}/mypy/checker.py", False),
    (f"{SITE}/pip/_internal/main.py", False),
    (f"{SITE}/setuptools/dist.py", False),
    (f"{SITE}/pygments/lexers/python.py", False),
])
def test_the_install_compiles_what_is_imported_and_leaves_out_the_rest(
        path: str, compiled: bool) -> None:
    assert (re.search(dev._NOT_IMPORTED, path) is None) == compiled


def test_uv_installs_when_there_is_one_and_pip_is_tried_after_it() -> None:
    commands = dev.install_commands("/opt/bin/uv", ".[test]")
    assert [command[:3] for command in commands] == [
        ["/opt/bin/uv", "pip", "install"], [str(dev.PYTHON), "-m", "pip"]]
    uv = commands[0]
    # into .venv's Python, with pip beside drill (the plain-install tests run it)
    assert uv[uv.index("--python") + 1] == str(dev.PYTHON)
    assert "pip" in uv[3:] and uv[-2:] == ["-e", ".[test]"]
    assert commands[1][-2:] == ["-e", ".[test]"]


def test_without_uv_pip_installs_alone() -> None:
    assert dev.install_commands(None, ".") == [
        [str(dev.PYTHON), "-m", "pip", "install", "--disable-pip-version-check",
         "--progress-bar", "on", "--no-compile", "-e", "."]]


def test_the_collections_that_rewrite_the_tests_share_the_folders_about_evenly() -> None:
    sizes = {"tests/app": 180, "tests/grading": 95, "tests/scheduling": 85,
             "tests/checking": 84, "tests/units": 12}
    # Dealt largest first, each to the smaller share so far (the first of equals):
    # 180 | 95; 180 | 95 + 85; 180 + 84 | 180; 264 | 180 + 12.
    assert dev.shares(sizes, 2) == [["tests/app", "tests/checking"],
                                    ["tests/grading", "tests/scheduling", "tests/units"]]
    assert dev.shares(sizes, 1) == [sorted(sizes)]
    # Never an empty share: more cores than folders gives one folder each.
    assert dev.shares({"tests/a": 2, "tests/b": 1}, 8) == [["tests/a"], ["tests/b"]]
    assert dev.shares({}, 2) == []


#: The environment with bytecode writing on, as dev.py runs the rewriting.
WRITING = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _rewrite(folder: Path) -> None:
    subprocess.run([sys.executable, "-c", dev._REWRITE_TESTS, "tests"], cwd=folder,
                   env=WRITING, capture_output=True, check=False, timeout=120)


def _kept(folder: Path) -> dict[str, int]:
    """The rewritten modules pytest keeps, by name, with their times of writing."""
    return {path.name.split(".")[0]: path.stat().st_mtime_ns
            for path in folder.rglob(f"*{PYC_TAIL}")}


@pytest.mark.slow
def test_the_tests_asserts_are_rewritten_where_pytest_reads_them_without_rewriting(
        tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "inner").mkdir(parents=True)
    (tests / "conftest.py").write_text("")
    (tests / "inner" / "test_sums.py").write_text(
        "def test_sum():\n    one = 1\n    assert one + 1 == 3\n")
    (tests / "inner" / "helpers.py").write_text("X = 1\n")  # not a test module
    _rewrite(tmp_path)
    kept = _kept(tmp_path)
    assert set(kept) == {"conftest", "test_sums"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests"],
                         cwd=tmp_path, env=WRITING, capture_output=True, text=True,
                         check=False, timeout=120)
    assert "assert (1 + 1) == 3" in run.stdout  # the assert was rewritten: it shows values
    assert _kept(tmp_path) == kept  # and pytest took what was kept, not writing its own


@pytest.mark.slow
def test_where_pytests_own_way_fails_the_tests_are_collected_which_rewrites_them(
        tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_a_broken.py").write_text("def test_(:\n")  # rewriting it raises
    (tests / "test_b_fine.py").write_text("def test_fine():\n    assert True\n")
    _rewrite(tmp_path)
    assert set(_kept(tmp_path)) == {"test_b_fine"}
