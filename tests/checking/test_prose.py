"""Checking worked equations: values within 1% or the card's tolerance, and dimensions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drill.checking.prose import check_prose


@pytest.mark.parametrize(
    "text",
    [
        "A step needs 16 GB ÷ 3.35 TB/s ≈ 4.8 ms at least.",
        "At most 1 ÷ 4.8 ms ≈ 200 tokens/s for one user.",  # counts may be left out
        "Cache read: 32 × 1,000 tokens × 131 kB ≈ 4.2 GB.",
        "Each step moves 16 + 4.1 ≈ 20.1 GB.",  # a bare number beside a quantity
        "Left alone: 100 − 30 − 50 = 20%.",
        "Alone, 200 × 3,600 = 720,000 tokens an hour.",
        "MBU is 10.4 ÷ 14 ≈ 74%.",
        "It costs $3 ÷ 15.5 ≈ $0.19.",
        "The pass costs 8 × 10¹² FLOP ÷ 989 TFLOPS ≈ 8 ms.",
        "ridge = peak FLOPS ÷ bandwidth ≈ 989 ÷ 3.35 ≈ 295.",
        "forward FLOPs ≈ 2 × parameters × tokens",  # a formula in words: skipped
    ],
)
def test_correct_equations_pass(text: str) -> None:
    assert check_prose(text, 0.05) == []


def test_a_number_off_by_twenty_percent_is_an_error() -> None:
    (problem,) = check_prose("It takes 16 GB ÷ 3.35 TB/s ≈ 5.7 ms.", 0.05)
    assert problem.severity == "error"
    assert problem.offset == len("It takes ")
    assert "5.7 ms" in problem.message and "'≈' allows 5%" in problem.message


def test_equals_allows_one_percent_and_approx_the_tolerance() -> None:
    assert check_prose("1 ÷ 0.55 = 1.8", 0.05) != []  # 1.818: 1% off
    assert check_prose("1 ÷ 0.55 ≈ 1.8", 0.05) == []
    assert check_prose("1 ÷ 0.55 ≈ 1.7", 0.05) != []  # 7% off
    assert check_prose("1 ÷ 0.55 ≈ 1.7", 0.10) == []  # a looser card tolerance


def test_bytes_over_flops_is_a_dimension_error() -> None:
    (problem,) = check_prose("16 GB ÷ 989 TFLOPS ≈ 16 ms", 0.05)
    assert problem.severity == "error"
    assert "bytes·s/FLOP" in problem.message and "a time" in problem.message
    assert "bytes ÷ FLOP/s is not a time" in problem.message


def test_a_chain_checks_every_link() -> None:
    problems = check_prose("x = 16 GB ÷ 3.35 TB/s = 4.78 ms ≈ 9 ms", 0.05)
    assert len(problems) == 1
    assert "'4.78 ms ≈ 9 ms'" in problems[0].message


def test_unreadable_math_is_a_warning() -> None:
    (problem,) = check_prose("so 16 GB ÷ ÷ 3 ≈ 5 GB", 0.05)
    assert problem.severity == "warning"


MATHY = st.sampled_from([
    *"0123456789.,+-−*/^()×÷·⁰¹⁹⁻ =≈$%~'", "GB", "TB/s", "ms", "FLOP", "TFLOPS", "per",
    "million", "tokens", "x", "each", "the", "is", "(", ")", ", ", ". ", "\n",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(MATHY, max_size=60).map(" ".join) | st.text(max_size=200))
def test_any_prose_checks_without_raising(text: str) -> None:
    for problem in check_prose(text, 0.05):
        assert problem.severity in ("error", "warning")
        assert 0 <= problem.offset <= len(text)
        assert problem.message


@pytest.mark.parametrize(
    "text",
    [
        "One in 100 = 1% of requests.",
        "1 in 100 = 1%.",
        "99% of 200 = 198 samples fall under it.",
        "2 out of 200 = 1%.",
        "the tail = 2 of 200 samples",
        "One token every 4.8 ms ≈ 208 tokens/s.",
        "Step time = 4.8 ms (per token).",
    ],
)
def test_numbers_joined_by_words_are_a_phrase_not_a_side(text: str) -> None:
    assert check_prose(text, 0.05) == []


@pytest.mark.parametrize(
    "text",
    [
        "a bandwidth of 3.35 TB/s ≈ 5 TB/s",  # 'of' after a word, not after a number
        "y = 16 GB ÷ 3.35 TB/s ≈ 9 ms in 2024",  # the side ends in a unit, not a number
    ],
)
def test_a_word_like_of_or_in_leaves_other_equations_checked(text: str) -> None:
    assert len(check_prose(text, 0.05)) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Llama 3 70B = 70 billion parameters ≈ 140 GB in BF16.",
        "Forward FLOPs: 2 × 8B = 16 GFLOP per token.",
        "An 8K context = 8192 tokens.",
        "A 128K context ≈ 131,072 tokens.",
    ],
)
def test_model_sizes_in_b_and_context_lengths_in_k_read_as_written(text: str) -> None:
    assert check_prose(text, 0.05) == []


def test_a_size_in_b_still_has_to_be_right() -> None:
    (problem,) = check_prose("Forward FLOPs: 2 × 8B = 20 GFLOP per token.", 0.05)
    assert "20% off" in problem.message  # the value, not bytes against FLOPs


@pytest.mark.parametrize(
    "text",
    [
        "A decode step ≈ 5-6 ms here.",
        "Latency ≈ 4.8–5 ms.",
        "Llama-3-8B = 8B parameters.",
        "FP8 = 8-bit weights.",
    ],
)
def test_ranges_and_hyphenated_names_are_not_subtractions(text: str) -> None:
    assert check_prose(text, 0.05) == []


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("It takes 16 GB ÷ 3.35 TB/s ≈ 4.8 s per step.", "1,000× too big"),
        ("It takes 16 GB ÷ 3.35 TB/s ≈ 48 ms.", "10× too big"),
        ("It takes 16 GB ÷ 3.35 TB/s ≈ 4.8 µs.", "1,000× too small"),
    ],
)
def test_a_slipped_unit_or_decimal_point_is_named(text: str, hint: str) -> None:
    (problem,) = check_prose(text, 0.05)
    assert f"the right side is {hint}: check the unit" in problem.message


def test_a_figure_merely_off_gets_no_unit_hint() -> None:
    (problem,) = check_prose("It takes 16 GB ÷ 3.35 TB/s ≈ 5.8 ms per step.", 0.05)
    assert "too big" not in problem.message
    assert "(5.8 ms per step)" in problem.message  # the right side as written, not in s/step
