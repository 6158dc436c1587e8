"""Numbers as people say them: number words, "point", halves and quarters, ordinals,
"nines", "gigs", "k", "a second", "x" and "times", "percent", dollars and cents; and every
position of the written form taken back to what was said."""

from __future__ import annotations

import pytest

from drill.explaining.spoken import as_written
from drill.explaining.text_guard import MAX_CHARACTERS


@pytest.mark.parametrize(("said", "written"), [
    ("four point eight milliseconds", "4.8 milliseconds"),
    ("three point three five terabytes a second", "3.35 terabytes per second"),
    ("sixteen gigs", "16 GB"),
    ("half a gig", "0.5 GB"),
    ("two hundred tokens a second", "200 tokens per second"),
    ("two hundred and nine tokens", "209 tokens"),
    ("a hundred twenty-eight conversations", "128 conversations"),
    ("ten and a half milliseconds", "10.5 milliseconds"),
    ("a quarter of the step", "0.25 of the step"),
    ("three quarters of peak", "0.75 of peak"),
    ("point one three seconds", "0.13 seconds"),
    ("nine eighty-nine teraFLOPS", "989 TFLOPS"),
    ("nineteen seventy-nine teraFLOPS", "1979 TFLOPS"),
    ("sixteen gigaFLOPs per token", "16 GFLOPs per token"),
    ("sixty-six hundred tokens", "6600 tokens"),
    ("two oh nine", "209"),
    ("three-fifty out of seven hundred watts", "350 out of 700 watts"),
    ("twenty times root three", "20 × root 3"),
    ("eight billion parameters", "8 billion parameters"),
    ("seven hundred twenty thousand an hour", "720000 per hour"),
    ("sixty k tokens", "60k tokens"),
    ("four dollars seventeen per million", "$4.17 per million"),
    ("six and a half cents per million", "6.5 cents per million"),
    ("four nines", "99.99%"),
    ("two nines", "99%"),
    ("seventy-five percent", "75%"),
    ("twenty a second", "20 per second"),
    ("thirty-six dollars a day", "$36 per day"),
    ("twenty-five x what one user gets", "25× what 1 user gets"),
    ("four times the batch", "4 × the batch"),
    ("nine nine", "9 9"),
    ("sixty-four times cheaper", "64× cheaper"),
    ("eight billion times five hundred", "8 billion × 500"),
    ("thirty-two times that", "32 × that"),
    ("the fiftieth percentile", "the 50th percentile"),
    ("the ninety-ninth", "the 99th"),
    # Fractions in words; "a third GPU" and "the third request" are ordinals.
    ("a third of the step", "0.333333 of the step"),
    ("two thirds of the time", "0.667 of the time"),
    ("six tenths.", "0.6."),
    ("one fifth of it", "0.2 of it"),
    ("a third GPU", "a third GPU"),
    ("the tenth request", "the 10th request"),
    # A place in a ranking counts the ones before it; a power or a percentile stays.
    ("the 25th sorted value", "the 25 sorted value"),
    ("the twenty-fifth from the bottom", "the 25 from the bottom"),
    ("from the 25th sorted value to the 975th.", "from the 25 sorted value to the 975."),
    ("0.99 to the 100th", "0.99 ^100"),
    ("the 99th percentile", "the 99th percentile"),
    ("the 3rd sorted value", "the 3rd sorted value"),
    # A number multiplied by itself is a power.
    ("multiply point nine nine ten times, which is", "multiply 0.99 ^10, which is"),
    ("0.99 multiplied ten times", "0.99 ^10"),
    ("multiply 0.99 by itself ten times", "multiply 0.99 ^10"),
    # Dollars and cents with "and"; "and" before something that is not cents stays.
    ("four dollars and seventeen cents per million", "$4.17 per million"),
    ("five dollars and two GPUs", "$5 and 2 GPUs"),
    ("nineteen cents a million", "19 cents per million"),
    ("an hour and a half", "1.5 hours"),
    ("about an hour and twenty-three minutes", "about 83 minutes"),
    ("two hours and ten minutes", "130 minutes"),
    ("a minute and a half later", "1.5 minutes later"),
    ("four point seven eight millis", "4.78 ms"),
    ("twelve micros", "12 µs"),
    ("the p ninety-nine is", "the P99 is"),
    ("each call at its P99.99, so", "each call at its 99.99%, so"),
    ("its 99.99th percentile", "its 99.99%"),
    ("about a quarter of a gigabyte.", "about 0.25 gigabyte."),
    ("0.6 of a conversation", "0.6 of a conversation"),
    ("ten to the fifteenth FLOPs", "1e15 FLOPs"),
    ("10 to the 15 FLOPs", "1e15 FLOPs"),
    # A quantile said bare after "the" is a share, but not a figure with a unit.
    ("each call must hit the ninety-nine point nine nine, so", "each call must hit the "
                                                             "99.99%, so"),
    ("the 99.5 ms budget", "the 99.5 ms budget"),
    # A formula's letters after "times" make a product, not a factor.
    ("bytes 2 times mk plus kn", "bytes 2 × mk plus kn"),
    # "x" before a number multiplies; before anything else it is a factor.
    ("32 x 166, about 5.3k", "32 × 166, about 5.3k"),
    ("one and a half x the throughput", "1.5× the throughput"),
    # A number times a power of ten is one number; a dollar said as "a dollar".
    ("four times ten to the twelve FLOPs", "4 × 10¹² FLOPs"),
    ("about a dollar ninety-four per million", "about $1.94 per million"),
    # A factor said as a verb of the subject; not when it says how another thing goes.
    ("so the mean roughly doubles.", "so the mean roughly goes 2×."),
    ("doubling the batch doubles the step time", "doubling the batch doubles the step time"),
    # Odds: "one in twenty" is a share; a year is no odds.
    ("one page in twenty takes longer", "0.05 takes longer"),
    ("one GPU in 2025", "1 GPU in 2025"),
])
def test_spoken_numbers_are_written_out(said: str, written: str) -> None:
    assert as_written(said).text == written


def test_words_that_are_not_numbers_stay() -> None:
    said = "A second look: one of the GPUs is a bottleneck, so the first step is to profile."
    assert as_written(said).text == said.replace("one of", "1 of")


def test_written_figures_are_left_as_they_are() -> None:
    said = "16 GB ÷ 3.35 TB/s ≈ 4.78 ms, 2 × 8 × 10⁹ × 500 = 8 × 10¹² FLOP"
    assert as_written(said).text == said


def test_every_position_goes_back_to_what_was_said() -> None:
    said = "so about four point eight milliseconds per step"
    rewrite = as_written(said)
    start = rewrite.text.index("4.8")
    end = rewrite.text.index(" per")
    assert rewrite.span(start, end) == (said.index("four"), said.index(" per"))
    assert said[slice(*rewrite.span(start, end))] == "four point eight milliseconds"


@pytest.mark.parametrize("word", ["nine", "point", "hundred", "oh", "a", "and"])
def test_a_long_run_of_number_words_is_read_whole(word: str) -> None:
    said = (f"{word} " * MAX_CHARACTERS)[:MAX_CHARACTERS]
    rewrite = as_written(said)
    assert len(rewrite.origin) == len(rewrite.text)
    assert rewrite.span(0, len(rewrite.text))[1] <= len(said)
