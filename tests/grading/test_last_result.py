"""``ans`` in a graded answer: the calculator's last result, read by the answer parser.

The decode floor of Llama 3 8B BF16 on one H100 is 16 GB ÷ 3.35 TB/s = 4.776 ms; the
values worked out in the calculator below are figures of that card, by hand.
"""

from __future__ import annotations

from drill.grading import Target, Verdict, grade
from drill.quantities.calculator import Scratchpad
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity


def q(text: str) -> Quantity:
    return read(text).value


def test_ans_alone_is_the_calculators_value_with_its_unit(decode_floor: Target) -> None:
    pad = Scratchpad()
    pad.enter("16 GB / 3.35 TB/s")  # 4.776 ms
    result = grade("ans", decode_floor, pad.last)
    assert result.verdict is Verdict.CORRECT
    assert result.answer == "ans"
    assert result.recalled == "ans = 4.77612 ms"  # 16 / 3.35 = 4.776119…
    assert result.recorded_answer == "ans [ans = 4.77612 ms]"


def test_a_bare_number_in_ans_takes_the_unit_typed_after_it(decode_floor: Target) -> None:
    # 16 ÷ 3.35 worked out as plain numbers is 4.776; "ans ms" is 4.776 ms.
    assert grade("ans ms", decode_floor, q("16 / 3.35")).verdict is Verdict.CORRECT
    assert grade("ans s", decode_floor, q("16 / 3.35")).verdict is Verdict.INCORRECT


def test_ans_in_working_is_graded_by_its_value(decode_floor: Target) -> None:
    # The calculator holds twice the floor (32 GB over the same bandwidth: 9.55 ms).
    twice = q("32 GB / 3.35 TB/s")
    assert grade("ans / 2", decode_floor, twice).verdict is Verdict.CORRECT
    wrong = grade("ans", decode_floor, twice)
    assert wrong.verdict is Verdict.INCORRECT
    assert wrong.parsed is not None and wrong.parsed.text == "9.55 ms"


def test_ans_without_a_calculator_result_says_so(decode_floor: Target) -> None:
    result = grade("ans / 2", decode_floor)
    assert result.verdict is Verdict.INVALID
    assert "'ans' has no value yet" in result.message
    assert result.recalled == ""


def test_answers_without_ans_keep_their_text_as_typed(decode_floor: Target) -> None:
    result = grade("16 GB / 3.35 TB/s", decode_floor, q("1 s"))
    assert result.verdict is Verdict.CORRECT
    assert result.recalled == "" and result.recorded_answer == "16 GB / 3.35 TB/s"


def test_ans_is_a_value_never_code(decode_floor: Target) -> None:
    # The word is only a name of the parser's: anything around it is read as math.
    result = grade("ans.__class__", decode_floor, q("4.78 ms"))
    assert result.verdict is Verdict.INVALID
    result = grade("__import__('os') ans", decode_floor, q("4.78 ms"))
    assert result.verdict is Verdict.INVALID
