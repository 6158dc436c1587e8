"""``ans`` in the calculator: the last result, as on a pocket calculator."""

from __future__ import annotations

import pytest

from drill.quantities.calculator import Scratchpad, calculate
from drill.quantities.parsing import ParseError, read


def test_ans_stands_for_the_last_result_and_keeps_its_units() -> None:
    pad = Scratchpad()
    first = pad.enter("32 * 1000 * 128 KiB")
    assert first.value is not None and not first.error
    second = pad.enter("(16 GB + ans) / 3.35 TB/s")
    assert not second.error, second.error
    assert second.echo.startswith("(16 GB + ans)")
    assert second.text == "6.03 ms"  # 20.19 GB ÷ 3.35 TB/s, the q3 step time
    assert pad.enter("2 ans").text == "12.1 ms"  # the newest result, side by side


def test_ans_skips_lines_that_failed() -> None:
    pad = Scratchpad()
    pad.enter("4 ms")
    assert pad.enter("zorks").error
    assert pad.enter("ans * 2").text == "8 ms"


def test_ans_before_any_result_says_so() -> None:
    result = Scratchpad().enter("ans + 1 ms")
    assert "no value yet" in result.error


def test_typing_ans_does_not_change_the_history() -> None:
    pad = Scratchpad()
    pad.enter("1 s")
    pad.calculate("ans * 3")  # the live echo while typing
    assert len(pad.history) == 1 and pad.last is not None and pad.last.value == 1.0


def test_the_plain_reader_has_no_ans() -> None:
    # The plain reader (a pack's prose, the checker) has no "last result": the word stays
    # unknown. The grader reads it only when given the calculator's value.
    with pytest.raises(ParseError, match="unknown unit 'ans'"):
        read("ans / 2")
    assert calculate("ans / 2").error  # no last value given

