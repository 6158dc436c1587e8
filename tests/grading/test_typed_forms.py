"""Answers as people type them: working with its result, a note, a range, decimal commas,
number words, LaTeX. Each right form is graded right, and no wrong one is."""

from __future__ import annotations

import pytest

from drill.grading import Target, Verdict, grade
from drill.quantities.parsing import read


@pytest.mark.parametrize("answer", [
    "16 GB / 3.35 TB/s = 4.78 ms",
    "16/3.35 ≈ 4.78 ms",
    "≈ 16 GB ÷ 3.35 TB/s → 4.8 ms",
    "4.78 ms (memory bound)",
    "~4.8 ms - memory bound",
    "4.78 ms memory bound",
    "4,8 ms",
    "0,00478 s",
    r"\frac{16}{3.35}\,\mathrm{ms}",
    r"$16 \times 10^{9} \mathrm{B} / 3.35 \times 10^{12} \mathrm{B/s}$",
    "4.7-4.9 ms",
    "4.78 millisec",
])
def test_right_forms_are_right(decode_floor: Target, answer: str) -> None:
    result = grade(answer, decode_floor)
    assert result.verdict is Verdict.CORRECT, result.message


def test_a_note_is_said_to_be_kept_not_graded(decode_floor: Target) -> None:
    result = grade("4.78 ms (memory bound)", decode_floor)
    assert "'memory bound' is kept" in result.message and "not graded" in result.message


@pytest.mark.parametrize(("answer", "verdict"), [
    # 16 GB ÷ 3.35 TB/s ≈ 4.78 ms. A note may hold marks and figures of its own; the
    # working ends at the result the note follows.
    ("16 GB / 3.35 TB/s = 4.78 ms, so at most ~209 tok/s for one user", Verdict.CORRECT),
    ("16 GB / 3.35 TB/s = 4.78 ms (bandwidth ~ the bound), so ~209 tok/s", Verdict.CORRECT),
    ("16 GB / 3.35 TB/s = 4.78 ms (memory bound) - under 2 steps of prefill, not 500",
     Verdict.CORRECT),
    ("4.78 ms of weight reads per step - a floor", Verdict.CORRECT),
    ("4.78 ms per token at batch 1", Verdict.CORRECT),
    # A note that ends the answer on a figure of the ask's kind gives the answer.
    ("16 GB / 3.35 TB/s = 4.78 ms, i.e. 48 ms", Verdict.INCORRECT),
    ("16 GB / 3.35 TB/s = 0.00478, i.e. 4.78 ms", Verdict.CORRECT),
    ("4.7 ms, call it 4.8 ms", Verdict.CORRECT),
    ("4.78 ms, rounded up to 6 ms", Verdict.INCORRECT),
    ("4.78 ms, so the floor is about 48 ms", Verdict.INCORRECT),
    ("4.78 ms, so each step is at least 4.8 ms", Verdict.CORRECT),
    # A note's ratio is no time: "16x quicker" says how much faster, not the floor.
    ("4.78 ms, so about 16x quicker than prefill", Verdict.CORRECT),
    ("about 4.8 ms — 4.78 ms to be exact", Verdict.CORRECT),
    # A step of plain numbers may be the figure the next step opens with.
    ("16 x 1e9 = 16 GB / 3.35 TB/s = 4.78 ms", Verdict.CORRECT),
    ("16 x 1e9 = 18 GB / 3.35 TB/s = 4.78 ms", Verdict.INCORRECT),
])
def test_a_note_is_the_notes_and_its_last_figure_of_the_kind_asked_is_the_answer(
        decode_floor: Target, answer: str, verdict: Verdict) -> None:
    result = grade(answer, decode_floor)
    assert result.verdict is verdict, result.message


@pytest.mark.parametrize(("answer", "verdict"), [
    # 1 ÷ (0.7 + 0.3 ÷ 3) = 1.25×: working in the note ends on its result.
    ("new time 0.7 + 0.1 = 0.8, so 1/0.8 = 1.25x overall", Verdict.CORRECT),
    ("0.8 of the time, so 1.25x - not 3x", Verdict.CORRECT),
    ("1/(1-0.3) = 1.43 vs 3, so 1.25x", Verdict.CORRECT),
    ("0.7 + 0.3/3 = 0.8 of the time, so 3x", Verdict.INCORRECT),
])
def test_a_note_ends_on_the_result_of_its_own_working(
        speedup: Target, answer: str, verdict: Verdict) -> None:
    result = grade(answer, speedup)
    assert result.verdict is verdict, result.message


@pytest.mark.parametrize("answer", [
    "16 GB / 3.35 TB/s = 6 ms",  # right working, wrong result
    "16/4 = 4.78 ms",  # the result does not follow from the working
    "5.8 ms (memory bound)",
    "5,8 ms",
    "6-7 ms",
    "one hundred ms",
])
def test_wrong_forms_are_never_right(decode_floor: Target, answer: str) -> None:
    assert grade(answer, decode_floor).verdict is not Verdict.CORRECT


def test_working_that_disagrees_is_named_with_its_column(decode_floor: Target) -> None:
    result = grade("16/4 = 4.78 ms", decode_floor)
    assert result.verdict is Verdict.INCORRECT
    assert "'16/4' (at column 1) comes to 4 ms" in result.message


def test_a_wide_range_that_holds_the_answer_asks_for_one_number(decode_floor: Target) -> None:
    result = grade("4-6 ms", decode_floor)
    assert result.verdict is Verdict.INVALID and "give one number" in result.message


def test_a_range_that_misses_is_wrong(decode_floor: Target) -> None:
    assert grade("6-7 ms", decode_floor).verdict is Verdict.INCORRECT


def test_a_thousands_comma_meant_as_decimal_is_refused_not_guessed(kv_bytes: Target) -> None:
    # 4,194 GB read as thousands is 1,000× too large; 4.194 GB would be right.
    result = grade("4,194 GB", kv_bytes)
    assert result.verdict is Verdict.INVALID
    assert "'4,194' at column 1 reads as 4194" in result.message


@pytest.mark.parametrize(("answer", "verdict"), [
    ("one point two five", Verdict.INVALID),
    ("five quarters", Verdict.CORRECT),
    ("one and a quarter times", Verdict.CORRECT),
    ("1/(0.7+0.1) = 1.25", Verdict.CORRECT),
    ("three times", Verdict.INCORRECT),
])
def test_number_words(speedup: Target, answer: str, verdict: Verdict) -> None:
    assert grade(answer, speedup).verdict is verdict


def test_percentile_and_percent_of(mbu: Target) -> None:
    assert grade("P75", mbu).verdict is Verdict.CORRECT
    assert grade("75% of 1", mbu).verdict is Verdict.CORRECT


def _amdahl(reference: str) -> Target:
    from drill.quantities.parsing import read

    return Target(card="hand/amdahl", ask="overall", unit="×", reference=read(reference).value)


@pytest.mark.parametrize(("answer", "verdict"), [
    ("1.18×", Verdict.CORRECT),
    ("1.2×", Verdict.CORRECT),  # rounded to the figures typed
    ("18% faster", Verdict.CORRECT),
    ("1.12×", Verdict.INCORRECT),  # within 5% as a ratio, but a 12% gain for 18%
    ("1.23×", Verdict.INCORRECT),
])
def test_a_speedup_near_one_is_judged_on_its_gain(answer: str, verdict: Verdict) -> None:
    # A reference of 1.18× keeps the test about the rule, not about a card's working.
    result = grade(answer, _amdahl("1.18"))
    assert result.verdict is verdict, result.message


def test_the_gain_is_named_in_the_message() -> None:
    assert "12% gain, against 18% gain" in grade("1.12×", _amdahl("1.18")).message


def _count(reference: float) -> Target:
    from drill.quantities.quantity import Quantity

    return Target(card="hand/fit", ask="how_many", unit="", reference=Quantity(reference),
                  tolerance=0.001)


@pytest.mark.parametrize("answer", ["119", "119.2", "(80 - 16) / 0.537", "ans"])
def test_a_whole_count_rounds_decimals_and_ans_as_it_rounds_working(answer: str) -> None:
    from drill.quantities.quantity import Quantity

    result = grade(answer, _count(119), last=Quantity(119.209))
    assert result.verdict is Verdict.CORRECT, result.message


def test_a_typed_whole_number_claims_itself() -> None:
    assert grade("120", _count(119)).verdict is Verdict.INCORRECT


@pytest.mark.parametrize(("unit", "answer"), [("million", "218 million"),
                                              ("million", "218"),
                                              ("million tokens", "218 million"),
                                              ("million", "218M")])
def test_a_scale_word_in_the_unit_is_not_applied_twice(unit: str, answer: str) -> None:
    from drill.quantities.parsing import read

    target = Target(card="hand/scale", ask="count", unit=unit,
                    reference=read(f"218 {unit}").value)
    assert grade(answer, target).verdict is Verdict.CORRECT


def test_a_percent_on_a_speedup_ask_is_a_gain(speedup: Target) -> None:
    result = grade("25%", speedup)
    assert result.verdict is Verdict.CORRECT and "read as a gain" in result.message
    assert grade("52%", speedup).verdict is Verdict.INCORRECT


def test_plain_rate_arithmetic_may_be_in_the_base_unit(decode_floor: Target) -> None:
    # 16 GB ÷ 3.35 TB/s worked in plain numbers: 16 ÷ 3350 = 0.00478, seconds.
    result = grade("16 / 3350", decode_floor)
    assert result.verdict is Verdict.CORRECT and "read in s" in result.message
    # A bare number still claims the box's unit: 0.00478 ms is no 4.78 ms.
    assert grade("0.00478", decode_floor).verdict is Verdict.INCORRECT


def test_a_right_method_on_a_wrong_earlier_figure_is_named(tokens_per_s: Target) -> None:
    from drill.grading import Earlier
    from drill.quantities.parsing import read

    # Ask 1 was answered 4.18 ms (the floor is 16 GB ÷ 3.35 TB/s ≈ 4.78 ms); ask 2's
    # working 1 token ÷ 4.18 ms is the right method on that figure.
    ask1 = Earlier("ask 1", read("4.18 ms").value, read("16 GB / 3.35 TB/s").value, "ms")
    result = grade("1 token / 4.18 ms", tokens_per_s, earlier=[ask1])
    assert result.verdict is Verdict.INCORRECT
    assert result.message.startswith("Right method: it carries your 4.18 ms from ask 1")
    assert "carries-earlier-figure" in result.mistakes
    # Plain figures in the earlier ask's unit are recognised too.
    assert "carries your" in grade("1000 / 4.18", tokens_per_s, earlier=[ask1]).message
    # A wrong method on the same figure is not called right.
    assert "carries" not in grade("2 tokens / 4.18 ms", tokens_per_s, earlier=[ask1]).message
    # With no earlier slip there is nothing to carry.
    right1 = Earlier("ask 1", read("4.78 ms").value, read("16 GB / 3.35 TB/s").value, "ms")
    assert "carries" not in grade("1 token / 4.18 ms", tokens_per_s, earlier=[right1]).message


def test_a_count_typed_without_its_flop_is_read_with_it(prefill_time: Target) -> None:
    result = grade("2 * 8e9 * 500 / 989 TFLOPS", prefill_time)
    assert result.verdict is Verdict.CORRECT and "read as FLOP" in result.message
    # A working wrong either way keeps its dimension message.
    wrong = grade("2 * 8e9 / 989 TFLOPS", prefill_time)
    assert wrong.verdict is Verdict.INCORRECT and "wrong-dimension" in wrong.mistakes


def test_a_whole_count_mistake_is_one_number() -> None:
    from drill.grading import TargetMistake
    from drill.quantities.quantity import Quantity

    # 1,000 samples, a 95% interval: 25 lie below it, 950 inside (worked by hand).
    target = Target(card="hand/p99", ask="below", unit="", reference=Quantity(25.0),
                    mistakes=(TargetMistake("inside-not-below", "Card words: inside.",
                                            Quantity(950.0)),))
    assert grade("950", target).mistakes == ("inside-not-below",)
    assert grade("975", target).mistakes == ()  # 1,000 - 25: not the inside count


def test_the_cards_formula_with_units_and_its_scale_is_right(cost_single: Target) -> None:
    # $3/h over 1 token per 4.8 ms is $4.00 per million tokens; "× 1e6" puts it there.
    result = grade("$3/h / (1 token / 4.8 ms) × 1e6", cost_single)
    assert result.verdict is Verdict.CORRECT and "'× 1e6' is read as" in result.message
    # Another factor is no scale: a slip by 10⁶ stays one.
    assert grade("$3/h / (1 token / 4.8 ms) × 1e12", cost_single).verdict is Verdict.INCORRECT


# One token of multi-query attention over 80 layers, 128 wide, in BF16:
# 2 × 80 × 128 × 2 B = 40,960 B = 40 KiB. Six FLOPs per parameter per trained token,
# 8.03 billion parameters, 60,000 tokens/s over 8 GPUs: 3.61 × 10¹⁴ FLOP/s per GPU.
_MQA = Target(card="hand/mqa", ask="mqa_per_token", unit="KiB/token",
              reference=read("2 × 80 × 128 × 2 B/token").value)
_PER_GPU = Target(card="hand/mfu", ask="achieved_per_gpu", unit="TFLOPS",
                  reference=read("6 FLOP × 8.03e9 × 60000 / s / 8").value)


@pytest.mark.parametrize(("answer", "target"), [
    ("2*80*128*2 = 40960 B", _MQA),
    ("2*80*128*2 = 40 KiB", _MQA),
    ("2*80*128*2/1024 = 40 KiB", _MQA),
    ("6*8.03e9*60000/8 ≈ 361 TFLOPS", _PER_GPU),
])
def test_plain_working_takes_the_unit_written_after_it(answer: str, target: Target) -> None:
    result = grade(answer, target)
    assert result.verdict is Verdict.CORRECT, result.message
    assert "Your working agrees" in result.message


@pytest.mark.parametrize(("answer", "target", "came_to"), [
    ("2*80*128 = 40960 B", _MQA, "20,480 B"),  # the 2 bytes of BF16 left out
    ("2*8.03e9*60000/8 ≈ 361 TFLOPS", _PER_GPU, "120 TFLOPS"),  # 2N, not 6N
    ("16e9/4e12 = 4.78 ms", None, "4 ms"),  # plain seconds, shown in the unit written
])
def test_plain_working_that_disagrees_names_its_value_in_that_unit(
        answer: str, target: Target | None, came_to: str, decode_floor: Target) -> None:
    result = grade(answer, target or decode_floor)
    assert result.verdict is Verdict.INCORRECT
    assert f"comes to {came_to}, not" in result.message


def test_a_wrong_result_is_not_blamed_on_a_working_that_agrees_with_it() -> None:
    # 2 × 80 × 128 × 2 = 40,960 B is a right product: the result is wrong for a 128 KiB
    # ask, but the working is not its slip.
    kv = Target(card="hand/kv", ask="kv_per_token", unit="KiB/token",
                reference=read("2 × 32 × 8 × 128 × 2 B/token").value)
    result = grade("2*80*128*2 = 40960 B", kv)
    assert result.verdict is Verdict.INCORRECT
    assert "Your working" not in result.message
