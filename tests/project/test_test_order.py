"""The order the suite's tests are handed out in (``tests/conftest.py``): the tests that
drive the app spread among the other modules, each of those whole, the quick ones last."""

from __future__ import annotations

import subprocess
import sys

import pytest

from testkit import ROOT, spread


def test_the_few_are_spread_evenly_over_the_first_part_of_the_many() -> None:
    many = list("0123456789")
    # 2 of them over the first 0.8 × 10 = 8: before the 0th and the 4th.
    assert "".join(spread(["a", "b"], many, 0.8)) == "a0123b456789"
    # 4 over the first 5: before the 0th, 1st (1.25), 2nd (2.5 rounds to 2) and 4th (3.75).
    assert "".join(spread(list("abcd"), many, 0.5)) == "a0b1c23d456789"


def test_each_keeps_its_own_order_and_nothing_is_lost_or_repeated() -> None:
    few, many = [f"f{i}" for i in range(7)], [f"m{i}" for i in range(23)]
    merged = spread(few, many, 0.8)
    assert sorted(merged) == sorted(few + many)
    assert [x for x in merged if x in few] == few
    assert [x for x in merged if x in many] == many


def test_more_few_than_many_and_empty_sides() -> None:
    # before the 0th: round(0), round(0.27); round(0.53) = 1 is past the end, so last
    assert spread(["1", "2", "3"], ["x"], 0.8) == ["1", "2", "x", "3"]
    assert spread([], ["x", "y"], 0.8) == ["x", "y"]
    assert spread(["1", "2"], [], 0.8) == ["1", "2"]


@pytest.mark.slow
def test_the_suite_spreads_the_app_tests_and_keeps_other_modules_whole() -> None:
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                             "-p", "no:cacheprovider", "tests/app/test_review_flow.py",
                             "tests/parsing", "tests/scheduling", "tests/storage"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    files = [line.split("::")[0] for line in listed.splitlines() if "::" in line]
    others = [file for file in files if not file.startswith("tests/app/")]
    runs = [file for index, file in enumerate(others) if index == 0 or others[index - 1] != file]
    assert len(runs) == len(set(runs)), "a module that does not drive the app was split up"
    app = [index for index, file in enumerate(files) if file.startswith("tests/app/")]
    assert len(app) > 10
    # review_flow's 22 tests over the first 0.8 of 28 modules: from the start to past the
    # middle, never more than two in a row
    assert app[0] == 0 and app[-1] > len(files) // 2
    assert not any(b - a == c - b == 1 for a, b, c in zip(app, app[1:], app[2:], strict=False))
    assert not files[-1].startswith("tests/app/"), "the run ends on an app test"
