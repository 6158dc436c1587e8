"""The speaker's own working and contrasts: a figure that is the product, sum or gap said
just before it follows from what was said, and a figure set aside ("not 3×", "the 6×
you'd get if") is no claim; neither lets a wrong claim through."""

from __future__ import annotations

from drill.checking.figures import find_figures
from drill.explaining.aside import contrasted
from drill.explaining.explain import RIGHT, WRONG
from drill.explaining.spoken import as_written
from drill.explaining.working import worked_out
from drill.packs.library import Library
from testkit import said


def derived(text: str) -> list[str]:
    written = as_written(text).text
    figures = find_figures(written)
    return [figures[i].text for i in sorted(worked_out(written, figures, 0.05))]


def test_a_spoken_product_gives_the_figure_after_it() -> None:
    # 3 × 250 = 750; 12 GB over 4 s = 3 GB/s; 7.5 billion × 4 = 30 billion.
    assert derived("three times two hundred fifty, so seven hundred fifty tokens") == [
        "750 tokens"]
    assert derived("12 GB over 4 s gives about 3 GB/s") == ["3 GB/s"]
    assert derived("7.5 billion times 4 is 30 billion") == ["30 billion"]


def test_a_unit_said_after_an_operand_counts() -> None:
    # 4 × 256 KiB = 1,048,576 B = 1 MiB; 500 × 64 KiB = 32,768,000 B ≈ 32.8 MB.
    assert derived("four times 256 KiB, exactly one MiB") == ["1 MiB"]
    assert derived("five hundred times 64 KiB is about 32.8 megabytes") == ["32.8 megabytes"]


def test_a_figure_the_product_does_not_give_is_not_derived() -> None:
    # 3 × 250 is 750, not 900; and a product with a sentence in between gives nothing.
    assert derived("three times two hundred fifty, so nine hundred tokens") == []
    assert derived("three times two hundred fifty. Then seven hundred fifty tokens") == []


def test_a_product_worked_aloud_is_right_whatever_it_is_near(library: Library) -> None:
    # 2 × 8 billion × 2,000 = 3.2e13 FLOP: no figure of the card, but the working holds.
    result = said(library, "speed-physics/q2",
                  "A two thousand token prompt costs two times eight billion times two "
                  "thousand, about thirty-two teraFLOPs.")
    last = result.figures[-1]
    assert (last.text, last.verdict) == ("thirty-two teraFLOPs", RIGHT)


def test_a_wrong_product_is_still_wrong(library: Library) -> None:
    # 2 × 8 billion × 500 is 8 TFLOP; sixteen is what a doubled 2 would give, wrong.
    result = said(library, "speed-physics/q2",
                  "Two times eight billion times five hundred is about sixteen teraFLOPs.")
    last = result.figures[-1]
    assert (last.verdict, last.name) == (WRONG, "prefill_flops")


def test_a_figure_set_aside_is_no_claim() -> None:
    text = "it is 1.4x, not 3x, and nowhere near the 6x you'd get by multiplying"
    assert contrasted(text, text.index("3x"), text.index("3x") + 2)
    assert contrasted(text, text.index("6x"), text.index("6x") + 2)
    assert not contrasted(text, text.index("1.4x"), text.index("1.4x") + 4)
    # A comma ends the aside: "instead of fifty, so 1.8x" claims the 1.8x.
    other = "ninety instead of fifty, so about 1.8x longer"
    assert not contrasted(other, other.index("1.8x"), other.index("1.8x") + 4)


def test_a_wrong_figure_said_as_a_claim_is_still_flagged(library: Library) -> None:
    # The floor is 16 GB / 3.35 TB/s = 4.78 ms: 48 ms set aside passes, claimed fails.
    aside = said(library, "speed-physics/q1",
                 "Sixteen gigs over three point three five terabytes a second is four point "
                 "eight milliseconds, not forty-eight milliseconds.")
    assert aside.all_right
    claimed = said(library, "speed-physics/q1",
                   "Sixteen gigs over three point three five terabytes a second is "
                   "forty-eight milliseconds, not four point eight milliseconds.")
    assert [f.text for f in claimed.wrong] == ["forty-eight milliseconds"]


def test_a_factor_claims_the_factor_its_words_name(library: Library) -> None:
    # 32 users each need their own cache, so the step grows and the gain is 25.4×, short
    # of the batch: "32×" said of the gain equals the batch of 32 but claims the gain.
    result = said(library, "speed-physics/q3",
                  "Thirty-two users share one weight read, so the ratio of batched to solo "
                  "throughput is a thirty-two x gain.")
    assert [(f.text, f.name) for f in result.wrong] == [("thirty-two x", "throughput_gain")]
    short = said(library, "speed-physics/q3",
                 "The throughput gain is about twenty-five x, short of thirty-two x.")
    assert short.all_right


def test_the_growth_of_a_given_said_as_a_share_is_a_restatement(library: Library) -> None:
    # The card's arrivals go from 5 to 9 requests/s: 9 ÷ 5 − 1 = 0.8, "80% more".
    right = said(library, "serving-math/queueing-rates",
                 "Going from five to nine requests a second is eighty percent more load.")
    assert right.all_right
    wrong = said(library, "serving-math/queueing-rates",
                 "Going from five to nine requests a second is forty percent more load.")
    assert [f.text for f in wrong.wrong] == ["forty percent"]


def test_a_count_noun_a_word_later_makes_a_count(library: Library) -> None:
    # The paste's prefill (129 ms) spans 129 ms ÷ 4.78 ms ≈ 27 decode steps.
    right = said(library, "speed-physics/q2",
                 "Everyone else waits through about twenty-seven decode steps meanwhile.")
    assert [(f.text, f.verdict, f.name) for f in right.figures] == [
        ("twenty-seven", RIGHT, "frozen_steps")]
    wrong = said(library, "speed-physics/q2",
                 "Everyone else waits through about forty decode steps meanwhile.")
    assert [(f.text, f.name) for f in wrong.wrong] == [("forty", "frozen_steps")]


def test_a_number_carrying_a_rate_is_judged_as_that_rate(library: Library) -> None:
    # 32 users × 166 tokens/s ≈ 5,310 tokens/s in all: 3,200 is that total said wrong,
    # not a claim about the batch of 32 its digits start with.
    result = said(library, "speed-physics/q3",
                  "Each user gets about a hundred sixty-six tokens a second and about "
                  "thirty-two hundred in all.")
    assert [(f.text, f.name) for f in result.wrong] == [
        ("thirty-two hundred", "total_tokens_per_s")]


def test_a_figure_that_opens_a_formula_is_an_operand(library: Library) -> None:
    # "2B over 3.35 TB/s" names the bytes of B parameters: a formula, not a claim of 2.
    result = said(library, "speed-physics/q1",
                  "With B parameters in BF16 the floor is 2B over 3.35 TB/s, which is "
                  "4.78 ms for Llama 3 8B.")
    assert result.all_right


def test_flops_said_in_lower_case_may_be_a_count(library: Library) -> None:
    # Attention over 8,192 cached tokens: 4 × 8,192 × 4,096 × 32 ≈ 4.29 GFLOP per token,
    # a count; "gigaflops" said aloud does not tell a count from a rate.
    right = said(library, "transformer-accounting/forward-flops",
                 "Attention over the whole cache adds about four point three gigaflops.")
    assert [(f.verdict, f.name) for f in right.figures] == [(RIGHT, "attention_flops")]
    wrong = said(library, "transformer-accounting/forward-flops",
                 "Attention over the whole cache adds about three gigaflops.")
    assert [(f.verdict, f.name) for f in wrong.figures] == [(WRONG, "attention_flops")]


def test_a_mistake_said_exactly_beats_a_loose_reading(library: Library) -> None:
    # 10,000 prompt tokens over the 1,848 a step leaves is 5.41, so 6 steps; "five" is
    # the whole-budget slip (10,000 ÷ 2,048 ≈ 4.9 → 5), not 5.41 said loosely.
    result = said(library, "serving-engine/token-budget",
                  "The prompt needs five steps, since each step takes 2,048 of its tokens.")
    [slip] = result.wrong
    assert slip.text == "five steps" and "whole-budget" in (slip.mistake or "")


def test_a_figure_before_times_and_a_number_is_an_operand(library: Library) -> None:
    # 7 ms × 3 = 21 ms: neither is the card's 4.78 ms floor said wrong.
    result = said(library, "speed-physics/q1", "A slower card at 7 ms times 3 is 21 ms.")
    assert result.all_right


def test_a_small_count_is_no_guess_at_a_ratio(library: Library) -> None:
    # Three tokens at the 4.78 ms floor: 14.3 ms. "Three tokens" counts tokens; the
    # card's 1.43 (claim over ceiling) counts nothing, so it is not what was meant.
    result = said(library, "speed-physics/q1",
                  "Three tokens at the floor would take 4.78 ms times 3, about 14.3 ms.")
    assert result.all_right


def test_a_link_said_in_bits_is_a_rate(library: Library) -> None:
    # InfiniBand NDR is 400 Gb/s = 50 GB/s; "400 gigabits" leaves off the per second.
    result = said(library, "hardware/link-speeds",
                  "InfiniBand NDR moves four hundred gigabits, which is fifty gigabytes a "
                  "second.")
    assert result.all_right
    assert [f.name for f in result.figures] == ["ib", "ib"]


def test_a_small_count_said_of_a_result_claims_it(library: Library) -> None:
    # 50 requests/s × 6 s = 300 requests in flight; 50 ÷ 6 ≈ 8 divides where Little's law
    # multiplies, and "8 requests in flight" claims the count in flight.
    wrong = said(library, "serving-math/kv-capacity",
                 "Fifty requests a second over six seconds leaves about eight requests in "
                 "flight.")
    assert [(f.text, f.name) for f in wrong.wrong] == [("eight requests", "in_flight")]
    right = said(library, "serving-math/kv-capacity",
                 "Fifty requests a second times six seconds is three hundred requests in "
                 "flight.")
    assert right.all_right


def test_a_small_factor_claims_the_factor_its_words_name(library: Library) -> None:
    # 3× on 30% and 2× on 50%: 1 ÷ (0.2 + 0.1 + 0.25) ≈ 1.82× in all, not 3 × 2 = 6×.
    result = said(library, "speed-physics/q7-follow-up",
                  "Attention gets three x and the MLP two x, so together they give six x.")
    assert [(f.text, f.name) for f in result.wrong] == [("six x", "combined_speedup")]


def test_a_model_name_with_an_x_is_no_factor(library: Library) -> None:
    result = said(library, "speed-physics/q7-follow-up",
                  "On a 8x7B mixture the same two factors give about 1.82x.")
    assert result.all_right


def test_a_factor_said_as_a_change_scales_the_figure_before_it() -> None:
    # 40% made 4× faster is 10%; 20 ms made 2× slower is 40 ms; 20% would not follow.
    assert derived("it was forty percent, four x faster leaves it ten percent") == ["10%"]
    assert derived("a 20 ms step, 2x slower becomes 40 ms") == ["40 ms"]
    assert derived("it was forty percent, four x faster leaves it twenty percent") == []


def test_a_share_scaled_aloud_is_the_speakers_working(library: Library) -> None:
    # q7: attention's 30% made 3× faster is 10% of the old step, 70% + 10% = 80%.
    result = said(library, "speed-physics/q7",
                  "Attention's thirty percent, three x faster, becomes ten percent, so the "
                  "step shrinks to eighty percent of what it was.")
    assert result.all_right


def test_a_share_scaled_with_a_digit_factor_stays_working_whatever_follows(
        library: Library) -> None:
    # 30% made 3× faster is 10%, said with "3x" and then a clause about the step: the
    # step's words do not make the 10% a claim of the launch share (25%).
    for factor in ("3x", "three x", "three times"):
        result = said(library, "speed-physics/q7",
                      f"Attention is 30%, {factor} faster takes it to 10%, so the step is at "
                      "0.8 of what it was.")
        assert result.all_right, factor
    # 30% made 3× faster is not 15%: a wrong new share is still judged.
    wrong = said(library, "speed-physics/q7",
                 "Attention is 30%, 3x faster takes it to 15%, so the step is at 0.85.")
    assert not wrong.all_right


def test_key_points_said_in_common_words(library: Library) -> None:
    # What GPU util measures (a kernel ran in the sample) and a flat throughput past the
    # flip are the points, in the words people use for them.
    util = said(library, "speed-physics/q5",
                "The util counter only tells you that any kernel was running when it looked.")
    assert util.points[0].covered
    flat = said(library, "speed-physics/q4-follow-up",
                "Once compute sets the step, tokens per second go flat as the batch grows.")
    assert flat.points[0].covered


def test_sums_and_differences_said_aloud_are_working() -> None:
    # 12 × 40 + 300 = 780; 7 − 3 = 4 (a gap between the two figures before it).
    assert derived("twelve times forty plus three hundred, so 780 ms in all") == ["780 ms"]
    assert derived("we take in seven a second but finish three, so four a second queue "
                   "up") == ["4 per second"]
    # 12 × 40 + 300 is not 900, and 7 − 3 is not 5.
    assert derived("twelve times forty plus three hundred, so 900 ms in all") == []
    assert derived("we take in seven a second but finish three, so five a second") == []


def test_a_count_noun_between_operands_keeps_the_run() -> None:
    # 512 requests × 4 replies = 2,048 replies.
    assert derived("five hundred twelve requests times four replies is 2048 replies") == [
        "2048"]


def test_a_declared_mistake_is_not_excused_as_working(library: Library) -> None:
    # e2e-latency: 16 × 30 ms = 480 ms is arithmetic, but it is the card's named slip
    # (the reply's time without the TTFT), so it stays wrong with the card's message.
    result = said(library, "slo-capacity-cost/e2e-latency",
                  "Sixteen times thirty, 480 ms, is what the user waits for the reply.")
    figure = next(f for f in result.figures if f.text == "480 ms")
    assert figure.verdict == WRONG and figure.mistake and "mistake" in figure.mistake


def test_what_one_sees_in_practice_after_the_bound_is_no_claim(library: Library) -> None:
    # q1: the bound is 3.35 TB/s ÷ 16 GB ≈ 209 tokens/s; a lower figure said as what one
    # really sees is left unjudged; said alone, without the bound, it is still wrong.
    both = said(library, "speed-physics/q1",
                "One user tops out near two hundred nine tokens a second; in practice you "
                "would measure more like ninety.")
    assert [f.verdict for f in both.figures] == [RIGHT]
    alone = said(library, "speed-physics/q1",
                 "In practice one user tops out at ninety tokens a second.")
    assert [f.verdict for f in alone.figures] == [WRONG]


def test_a_factor_said_as_a_change_may_take_the_share_somewhere() -> None:
    # 40% made 4× smaller is 10%, whichever verb carries it there.
    assert derived("it is forty percent of the time and gets four x faster, so it drops "
                   "to ten percent") == ["10%"]
    assert derived("forty percent, four x faster takes it to ten percent") == ["10%"]
    assert derived("forty percent, four x faster takes it to twenty percent") == []


def test_a_count_of_things_is_no_claim_of_a_plain_ratio(library: Library) -> None:
    # int4-one-gpu: 2 × 70.6 GB ÷ 77 GB ≈ 1.83 is the BF16-over-usable ratio; "15
    # conversations" counts something else and is not judged against it.
    result = said(library, "quantization/int4-one-gpu",
                  "It fits with room to spare, about fifteen conversations of eight K.")
    figure = next(f for f in result.figures if "conversations" in f.text)
    assert figure.name != "bf16_over_usable" and figure.verdict != WRONG


def test_a_percentile_label_is_a_name_and_a_decimal_percentile_a_share() -> None:
    # "P99.99" names a quantile: neither its 99 nor its .99 is a figure of the text.
    assert [f.text for f in find_figures("so the page needs P99.99 on each call")] == []
    # Said with its decimals, the quantile is a share: 99.95 percentile = 99.95%.
    written = as_written("each call must meet its ninety-nine point nine five percentile").text
    assert [f.text for f in find_figures(written)] == ["99.95%"]
    # An ordinal stays a rank, as before: "the ninety-ninth percentile" holds no figure.
    assert find_figures(as_written("at the ninety-ninth percentile").text) == []


def test_every_is_a_quotient_and_a_round_share_may_be_a_ratios_change() -> None:
    # 16 GB every 4 ms = 4 TB/s; 4.8 ÷ 3.35 ≈ 1.43, about 40% more (said to the nearest
    # ten); 90% would not follow.
    assert derived("sixteen gigabytes every 4 ms is about 4 TB/s") == ["4 TB/s"]
    assert derived("4.8 over 3.35 is about forty percent") == ["40%"]
    assert derived("4.8 over 3.35 is about ninety percent") == []
