"""Each generic diagnosis, and the card's own mistakes, on hand-built targets."""

from __future__ import annotations

import pytest

from drill.grading import GENERIC_IDS, Target, TargetMistake, Verdict, grade
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity


def q(text: str) -> Quantity:
    return read(text).value


def test_bytes_over_flops_by_dimension(decode_floor: Target) -> None:
    plain = Target(decode_floor.card, decode_floor.ask, "ms", decode_floor.reference)
    result = grade("16 GB / 989 TFLOPS", plain)
    assert result.verdict is Verdict.INCORRECT
    assert result.mistakes == ("bytes-over-flops", "wrong-dimension")
    assert "bandwidth" in result.message
    assert "a time" in result.message


def test_bytes_over_flops_inside_an_expression_of_the_right_dimension(
    decode_floor: Target,
) -> None:
    plain = Target(decode_floor.card, decode_floor.ask, "ms", decode_floor.reference)
    # (B ÷ FLOP/s) × FLOP/B is a time, 16 ms here: the division inside is still the slip.
    result = grade("16 GB / 989 TFLOPS × 989 FLOP/B", plain)
    assert result.verdict is Verdict.INCORRECT
    assert result.mistakes[0] == "bytes-over-flops"
    assert "wrong-dimension" not in result.mistakes


def test_flops_over_bandwidth(prefill_time: Target) -> None:
    result = grade("2 × 8 billion × 500 FLOP / 3.35 TB/s", prefill_time)
    assert result.mistakes == ("flops-over-bandwidth", "wrong-dimension")
    assert "FLOPS" in result.message


@pytest.mark.parametrize(("answer", "k"), [("47.8 ms", "10¹"), ("0.478 ms", "10⁻¹"),
                                           ("4.78 s", "10³"), ("4.8 µs", "10⁻³")])
def test_power_of_ten_says_how_many(decode_floor: Target, answer: str, k: str) -> None:
    result = grade(answer, decode_floor)
    assert result.mistakes == ("power-of-ten",)
    assert k in result.message


def test_power_of_ten_respects_the_tolerance(decode_floor: Target) -> None:
    # 60 ms is 12.6× the reference: not "the right digits".
    assert "power-of-ten" not in grade("60 ms", decode_floor).mistakes


@pytest.mark.parametrize("answer", ["16 Gb / 3.35 TB/s", "16 GB / 3.35 Tb/s"])
def test_bits_for_bytes_in_the_working(decode_floor: Target, answer: str) -> None:
    result = grade(answer, decode_floor)
    assert result.mistakes == ("bits-for-bytes",)
    assert "8×" in result.message


def test_bits_for_bytes_on_a_byte_amount(kv_bytes: Target) -> None:
    assert grade("33.5 GB", kv_bytes).mistakes == ("bits-for-bytes",)
    assert grade("0.524 GB", kv_bytes).mistakes == ("bits-for-bytes",)


def test_a_factor_of_eight_without_bytes_is_not_bits(speedup: Target) -> None:
    assert grade("10×", speedup).mistakes == ()


def test_reciprocal_of_a_ratio(speedup: Target) -> None:
    result = grade("0.8", speedup)
    assert result.mistakes == ("reciprocal",)
    assert "inverse" in result.message
    assert grade("0.8×", speedup).mistakes == ("reciprocal",)


def test_reciprocal_by_dimension(ridge: Target, tokens_per_s: Target) -> None:
    result = grade("3.35 TB/s / 989 TFLOPS", ridge)
    assert result.mistakes == ("reciprocal", "wrong-dimension")
    assert "bytes per FLOP" in result.message
    # The time per token where the rate is asked (the token count left out).
    assert grade("4.8 ms", tokens_per_s).mistakes == ("reciprocal", "wrong-dimension")


def test_no_reciprocal_for_a_ratio_near_one() -> None:
    near_one = Target("hand/x", "intensity", "FLOP/byte", q("1 FLOP/B"))
    assert grade("1.02 FLOP/B", near_one).verdict is Verdict.CORRECT
    assert "reciprocal" not in grade("1.5 FLOP/B", near_one).mistakes


@pytest.mark.parametrize(("answer", "words"), [
    ("$15,000", "3,600,"),  # ×3,600: the per-second price read as per hour
    ("$0.00116", "3,600,"),  # ÷3,600
    ("$54,000,000", "3,600²"),  # ×3,600², the slip made twice
])
def test_seconds_hours_slip(cost_single: Target, answer: str, words: str) -> None:
    result = grade(answer, cost_single)
    assert result.mistakes == ("seconds-hours-slip",)
    # The card names this slip with its own words, which replace the generic ones.
    assert result.message == "Card words: 3,600 seconds an hour."
    plain = Target(cost_single.card, cost_single.ask, cost_single.unit, cost_single.reference)
    assert words in grade(answer, plain).message


def test_card_mistake_by_value_and_by_expression(tokens_per_s: Target) -> None:
    for answer in ("61,800 tokens/s", "61.8k", "989 TFLOPS / (2 FLOP × 8 billion)"):
        result = grade(answer, tokens_per_s)
        assert result.verdict is Verdict.INCORRECT
        assert result.mistakes[0] == "compute-ceiling", answer
        assert "Card words" in result.message


def test_card_mistake_comes_before_generic_ones(decode_floor: Target) -> None:
    result = grade("16 GB / 989 TFLOPS", decode_floor)
    # The card's bytes-over-flops replaces the generic one (same id, card's words) and is
    # reported first; the dimension slip is reported too.
    assert result.mistakes == ("bytes-over-flops", "wrong-dimension")
    assert result.message.startswith("Card words")


def test_every_applicable_mistake_is_reported() -> None:
    # A card mistake that is also a power-of-ten slip: both are named, the card's first.
    target = Target("hand/x", "y", "ms", q("4.78 ms"),
                    mistakes=(TargetMistake("forgot-the-prefix", "Card words.", q("4780 ms")),))
    assert grade("4780 ms", target).mistakes == ("forgot-the-prefix", "power-of-ten")


def test_an_answer_near_no_mistake_gets_a_plain_hint(decode_floor: Target) -> None:
    result = grade("6 ms", decode_floor)
    assert result.verdict is Verdict.INCORRECT
    assert result.mistakes == ()
    assert "above" in result.message


def test_generic_ids_are_stable() -> None:
    assert set(GENERIC_IDS) == {"wrong-dimension", "bytes-over-flops",
                                "flops-over-bandwidth", "power-of-ten", "bits-for-bytes",
                                "reciprocal", "seconds-hours-slip", "binary-for-decimal"}
    assert GENERIC_IDS[-1] == "wrong-dimension"  # the least specific comes last


def test_a_zero_answer_is_not_called_the_wrong_sign(decode_floor: Target) -> None:
    result = grade("0 ms", decode_floor)
    assert result.verdict is Verdict.INCORRECT
    assert "sign" not in result.message
    assert "zero" in result.message
    assert "4.78 ms" in result.message


def test_against_a_zero_reference_no_ratio_or_sign_is_claimed(decode_floor: Target) -> None:
    zero = Target(decode_floor.card, decode_floor.ask, "ms", q("0 ms"))
    result = grade("3 s", zero)
    assert result.verdict is Verdict.INCORRECT
    assert "sign" not in result.message
    assert "3 s" in result.message or "3,000 ms" in result.message


def test_a_token_rate_for_a_time_is_named_reciprocal() -> None:
    # 209 tokens/s is 1 ÷ 4.78 ms with the token written: upside down, whatever the count.
    from drill.grading import Target, grade
    from drill.quantities.parsing import read

    floor = Target("hand/q1", "decode_floor", "ms", read("16 GB / 3.35 TB/s").value)
    result = grade("209 tokens/s", floor)
    assert "reciprocal" in result.mistakes
    in_flight = Target("hand/little", "in_flight", "requests", read("160 requests").value)
    # A count of the wrong kind is no inverse of a count: only the dimension is wrong.
    assert grade("160 tokens", in_flight).mistakes == ("wrong-dimension",)
