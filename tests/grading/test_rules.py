"""The grading rules on hand-built targets: tolerance, bare numbers, counts, dimensions."""

from __future__ import annotations

import json

import pytest

from drill.grading import Target, TargetError, Verdict, grade
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity


def q(text: str) -> Quantity:
    return read(text).value


@pytest.mark.parametrize(
    "answer",
    ["4.78 ms", "≈ 4.8 ms", "4.8", "0.0048 s", "4,780 µs", "16 GB / 3.35 TB/s",
     "16 × 10⁹ B ÷ 3.35 × 10¹² B/s", "about 4.8 milliseconds"],
)
def test_the_reference_in_many_forms_is_correct(decode_floor: Target, answer: str) -> None:
    result = grade(answer, decode_floor)
    assert result.verdict is Verdict.CORRECT, result.message
    assert result.mistakes == ()
    assert result.parsed is not None
    assert result.parsed.unit == "ms"
    assert result.parsed.value == pytest.approx(4.78, rel=0.05)


def test_tolerance_is_per_ask(decode_floor: Target) -> None:
    # 4.9 ms is 2.6% above 16 GB ÷ 3.35 TB/s: inside the default 5%, outside 1%.
    assert grade("4.9 ms", decode_floor).verdict is Verdict.CORRECT
    strict = Target(decode_floor.card, decode_floor.ask, "ms", decode_floor.reference,
                    tolerance=0.01)
    assert grade("4.9 ms", strict).verdict is Verdict.INCORRECT
    assert grade("4.8 ms", strict).verdict is Verdict.CORRECT


def test_estimate_of_a_rate_within_five_percent(tokens_per_s: Target) -> None:
    assert grade("200 tokens/s", tokens_per_s).verdict is Verdict.CORRECT
    assert grade("190 tokens/s", tokens_per_s).verdict is Verdict.INCORRECT


def test_a_bare_number_is_read_in_the_display_unit(decode_floor: Target,
                                                    tokens_per_s: Target) -> None:
    assert grade("4.8", decode_floor).verdict is Verdict.CORRECT
    assert grade("209", tokens_per_s).verdict is Verdict.CORRECT
    # Read in ms, 0.0048 is a millionth of a millisecond too small: not quietly seconds.
    result = grade("0.0048", decode_floor)
    assert result.verdict is Verdict.INCORRECT
    assert "power-of-ten" in result.mistakes


def test_counts_may_be_left_out(tokens_per_s: Target, cost_single: Target) -> None:
    result = grade("1 / 4.8 ms", tokens_per_s)
    assert result.verdict is Verdict.CORRECT, result.message
    assert result.parsed is not None and result.parsed.unit == "tokens/s"
    assert grade("209/s", tokens_per_s).verdict is Verdict.CORRECT
    # "$ per million tokens": a dollar figure takes the million-token scale of the unit.
    assert grade("$4.17", cost_single).verdict is Verdict.CORRECT
    assert grade("$4.17 per million tokens", cost_single).verdict is Verdict.CORRECT
    assert grade("$0.00000417 per token", cost_single).verdict is Verdict.CORRECT
    # The million written without the count: the unit's scale is not applied twice.
    assert grade("$4.17 per million", cost_single).verdict is Verdict.CORRECT
    # Neither reading fits: it is graded in the unit's own scale, where $400 is the
    # reference's digits a hundred times over...
    assert grade("$400", cost_single).mistakes == ("power-of-ten",)
    # ...and $417 is not: its digits are not the reference's $4.00, so no shift is claimed.
    assert "power-of-ten" not in grade("$417", cost_single).mistakes


def test_a_written_count_must_be_the_right_one(tokens_per_s: Target) -> None:
    result = grade("209 requests/s", tokens_per_s)
    assert result.verdict is Verdict.INCORRECT
    assert result.mistakes == ("wrong-dimension",)
    assert "request rate" in result.message and "token rate" in result.message


def test_wrong_dimension_names_both_dimensions(decode_floor: Target) -> None:
    result = grade("16 GB", decode_floor)
    assert result.verdict is Verdict.INCORRECT
    assert result.mistakes == ("wrong-dimension",)
    assert "an amount of data" in result.message
    assert "a time" in result.message
    assert result.parsed is not None and result.parsed.text == "16 GB"


def test_percent_asks(mbu: Target) -> None:
    for answer in ("74.6%", "74.6", "75%", "10.4 / 14", "0.746×", "10.4 ms / 14 ms"):
        assert grade(answer, mbu).verdict is Verdict.CORRECT, answer
    # Plain numbers are weighed as a percent and as a fraction alike, literal or worked:
    # 0.746 and 10.4 / 14 are 74.6%, and so is 10.4 / 14 × 100.
    for answer in ("0.746", "10.4 / 14 * 100", "74.6"):
        result = grade(answer, mbu)
        assert result.verdict is Verdict.CORRECT, answer
    assert "fraction" in grade("0.746", mbu).message
    # Wrong either way: the nearer reading is graded (0.5 as 50%, not 0.5%).
    wrong = grade("0.5", mbu)
    assert wrong.verdict is Verdict.INCORRECT
    assert "power-of-ten" not in wrong.mistakes


def test_expected_and_parsed_are_in_the_display_unit(cost_single: Target) -> None:
    result = grade("$4", cost_single)
    assert result.expected.unit == "$ per million tokens"
    assert result.expected.value == pytest.approx(3 / 3600 * 4.8e-3 * 1e6)
    assert result.expected.text.startswith("$4")
    assert result.parsed is not None
    assert result.parsed.value == pytest.approx(4.0)
    assert result.parsed.echo == "$4"


def test_to_dict_is_json_with_the_issue_fields(decode_floor: Target) -> None:
    data = grade("48 ms", decode_floor).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"card", "ask", "answer", "verdict", "mistakes", "message",
                         "expected", "parsed"}
    assert data["verdict"] == "incorrect"
    assert data["mistakes"] == ["power-of-ten"]
    assert set(data["expected"]) == {"value", "unit", "text"}  # type: ignore[arg-type]
    assert set(data["parsed"]) == {"value", "unit", "text", "echo"}  # type: ignore[arg-type]


def test_invalid_grades_have_no_parsed_value_and_no_mistakes(decode_floor: Target) -> None:
    data = grade("4.8 zorks", decode_floor).to_dict()
    assert data["verdict"] == "invalid"
    assert data["mistakes"] == []
    assert data["parsed"] is None
    assert "zorks" in str(data["message"])


def test_a_target_whose_unit_does_not_fit_its_reference_is_refused() -> None:
    with pytest.raises(TargetError, match="a time"):
        Target("hand/x", "y", "GB", q("4.8 ms"))
    with pytest.raises(TargetError, match="zorks"):
        Target("hand/x", "y", "zorks", q("4.8 ms"))
    with pytest.raises(TargetError, match="tolerance"):
        Target("hand/x", "y", "ms", q("4.8 ms"), tolerance=5)


def test_display_units_with_a_lone_ratio_sign() -> None:
    for unit in ("×", "x", "%", "", "1"):
        target = Target("hand/x", "ratio", unit, Quantity(1.25))
        assert grade("1.25×", target).verdict is Verdict.CORRECT, unit
        assert grade("125%", target).verdict is Verdict.CORRECT, unit


def test_a_plain_number_ask_takes_a_labelled_count() -> None:
    batch = Target("hand/q4", "flip_batch", "1", q("989 TFLOPS / 3.35 TB/s") / q("1 FLOP/B"))
    for answer in ("295", "295 users", "≈ 300", "989 / 3.35"):
        assert grade(answer, batch).verdict is Verdict.CORRECT, answer
    assert grade("295 GB", batch).mistakes == ("wrong-dimension",)
    assert grade("295 tokens/s", batch).mistakes == ("wrong-dimension",)


@pytest.mark.parametrize("answer", ["4.78 ms/token", "4.8 ms per token", "4.78 ms/step"])
def test_a_per_count_label_the_unit_lacks_is_read_as_a_label(decode_floor: Target,
                                                              answer: str) -> None:
    # The decode floor is a time per step (one token each): "4.8 ms per token" is how the
    # seed says it, and the ask's "ms" only leaves the count unsaid.
    result = grade(answer, decode_floor)
    assert result.verdict is Verdict.CORRECT, result.message
    assert "label" in result.message


def test_a_per_user_label_on_a_token_rate_is_a_label(tokens_per_s: Target) -> None:
    assert grade("209 tokens/s per user", tokens_per_s).verdict is Verdict.CORRECT
    assert grade("209 tok/s/user", tokens_per_s).verdict is Verdict.CORRECT


def test_a_label_never_stands_in_for_a_missing_or_wrong_count(tokens_per_s: Target) -> None:
    # Dropping "per user" must leave exactly the ask's unit: "209 /s/user" leaves 1/s
    # with the token still missing, and "requests" in the numerator is a wrong count.
    for answer in ("209 requests/s", "209 requests/s per user"):
        result = grade(answer, tokens_per_s)
        assert result.verdict is Verdict.INCORRECT, answer
        assert "wrong-dimension" in result.mistakes


def test_a_near_miss_is_told_to_carry_more_figures(decode_floor: Target) -> None:
    # 4.5 ms is 6% under 4.78 ms: just outside the tolerance, a rounding matter.
    message = grade("4.5 ms", decode_floor).message
    assert "below" in message and "significant figure" in message


@pytest.mark.parametrize(("answer", "words"), [("9.55 ms", "2× too large"),
                                               ("2.39 ms", "2× too small"),
                                               ("7.5 ms", "1.57× too large")])
def test_a_factor_off_is_not_called_a_rounding_matter(decode_floor: Target, answer: str,
                                                      words: str) -> None:
    # Twice 4.776 ms (a lost factor of 2, say 2 FLOPs per parameter) is no rounding slip:
    # "carry one more significant figure" would send the user the wrong way.
    message = grade(answer, decode_floor).message
    assert words in message
    assert "significant figure" not in message
