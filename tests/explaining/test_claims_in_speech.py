"""What a spoken figure claims, as people say their working out loud: the kind of quantity
a slip is said as, counts a batch holds, steps of the right working, ranges, loose "gigs",
model names, and the slips the first cards teach."""

from __future__ import annotations

from drill.explaining.explain import (
    RIGHT,
    WRONG,
    Explanation,
    explain,
    worked_card,
    worked_parent,
)
from drill.packs.library import Library
from testkit import said, verdicts


def mistakes(result: Explanation) -> list[str]:
    return [f.mistake or "" for f in result.figures if f.verdict == WRONG]


def test_a_slip_is_judged_in_the_kind_it_is_said_as(library: Library) -> None:
    # little: 20 requests/s ÷ 8 s is "2.5 requests" said aloud, though its units are
    # requests per second squared; the right count is 20 × 8 = 160.
    result = said(library, "serving-math/little",
                  "Twenty a second over eight seconds, about two and a half requests in "
                  "flight.")
    assert any("'rate-over-time'" in m for m in mistakes(result))


def test_a_batch_of_about_295_is_a_batch_not_a_ridge(library: Library) -> None:
    # ridge-batch: 295 FLOP/byte is the ridge; a batch of 295 takes intensity for m (the
    # GEMM's own crossing is 345), whatever unit the figure before it had.
    result = said(library, "serving-math/ridge-batch",
                  "The ridge is around 295 FLOPs per byte, so you cross it at a batch of "
                  "about 295.")
    assert verdicts(result)["295 FLOPs per byte"][0] == RIGHT
    assert any("'intensity-equals-batch'" in m for m in mistakes(result))


def test_a_small_count_of_the_things_one_result_counts_is_that_result(
        library: Library) -> None:
    # kv-capacity: 50 requests/s × 6 s = 300 requests in flight, the only count of
    # requests on the card; "about eight requests" (50 ÷ 6) claims it.
    result = said(library, "serving-math/kv-capacity",
                  "The rate over the time, 50 over 6, so about eight requests.")
    assert verdicts(result)["eight requests"] == (WRONG, "in_flight")


def test_a_count_of_users_is_no_factor(library: Library) -> None:
    # q3: "one user" counts users; it is not the 1× gain of the linear-slowdown slip.
    result = said(library, "speed-physics/q3",
                  "That's slower, but the whole batch still comes out ahead of one user.")
    assert result.all_right


def test_a_step_of_the_right_working_is_not_the_slip_of_stopping_there(
        library: Library) -> None:
    # q6-follow-up: one user's cache, 4,096 × 128 KiB = 537 MB, is a step towards the
    # batch's 64 × 537 MB = 34.4 GB; said as the step's KV it is the one-user-kv slip.
    step = said(library, "speed-physics/q6-follow-up",
                "KV per user is 4,096 tokens at 128 KiB, so half a gig, and 64 users is "
                "about 34.4 gigabytes.")
    assert step.all_right
    carried = said(library, "speed-physics/q3",
                   "128 KiB times a thousand tokens, that's 131 MB, and 32 of those is about "
                   "4.2 gigabytes.")
    assert carried.all_right
    stopped = said(library, "speed-physics/q3",
                   "The KV is 128 KiB times a thousand tokens, 131 MB, and that is what the "
                   "step reads.")
    assert any("'one-user-kv'" in m for m in mistakes(stopped))


def test_a_batch_counts_sequences(library: Library) -> None:
    # q4: the flip comes at a batch of 989 ÷ 3.35 ≈ 295; 590 takes half the batch.
    right = said(library, "speed-physics/q4", "Call it 300 sequences.")
    assert verdicts(right)["300 sequences"] == (RIGHT, "flip_batch")
    wrong = said(library, "speed-physics/q4", "You'd need roughly 590 sequences.")
    assert verdicts(wrong)["590 sequences"] == (WRONG, "flip_batch")


def test_gigs_may_be_binary(library: Library) -> None:
    # kv-headroom: the H100 reports 79.65 GiB; "79.65 gigs" restates it.
    result = said(library, "model-sizing/kv-headroom", "The H100 shows 79.65 gigs.")
    assert result.all_right


def test_a_range_that_holds_the_quantity_is_right(library: Library) -> None:
    # q1-follow-up: MBU is 10.4 ms ÷ 14 ms ≈ 74.6%, inside 70-80% but not 80-90%.
    inside = said(library, "speed-physics/q1-follow-up",
                  "Decode usually sits somewhere around 70 to 80 percent of peak bandwidth.")
    assert inside.all_right
    outside = said(library, "speed-physics/q1-follow-up",
                   "Decode usually sits somewhere around 80 to 90 percent of peak bandwidth.")
    assert not outside.all_right


def test_a_model_named_by_its_size_is_no_count(library: Library) -> None:
    result = said(library, "serving-math/kv-capacity", "It easily fits next to a 7B model.")
    assert result.figures == ()


def test_the_slips_of_speedups_said_aloud(library: Library) -> None:
    # amdahl: 0.3 × 2 + 0.7 = 1.3 averages speedups; the right figure is 1 ÷ 0.85 ≈ 1.18.
    averaged = said(library, "serving-math/amdahl",
                    "0.3 times 2 plus 0.7 is roughly one point three overall.")
    assert any("'averaged-speedups'" in m for m in mistakes(averaged))
    # q7: with attention free, 1 ÷ 0.7 ≈ 1.43×, not 1 + 30% = 1.3×.
    ceiling = said(library, "speed-physics/q7",
                   "If attention took zero time you'd save the whole 30%, so about one point "
                   "three x at most.")
    assert any("'saved-share-as-speedup'" in m for m in mistakes(ceiling))
    # q7-follow-up: the parts' own factors multiplied, 3 × 2 = 6×, for 1.82×.
    multiplied = said(library, "speed-physics/q7-follow-up",
                      "The gains stack: three times two, roughly a six x speedup overall.")
    assert any("'multiplied-factors'" in m for m in mistakes(multiplied))


def test_a_count_rounded_up_does_not_fit(library: Library) -> None:
    # kv-headroom: 64.2 GB ÷ 0.537 GB ≈ 119.5 caches' worth; 119 fit, the 120th does not.
    result = said(library, "model-sizing/kv-headroom",
                  "Divide and that gives 119.5, so call it 120 conversations.")
    assert any("'rounded-up'" in m for m in mistakes(result))
    assert said(library, "model-sizing/kv-headroom", "So 119 conversations fit.").all_right


def test_a_hedged_guess_of_no_result_is_no_claim(library: Library) -> None:
    # q6-follow-up has no 20% anywhere; said as a guess it is left unjudged, said flat it
    # is a figure the card does not know.
    guess = said(library, "speed-physics/q6-follow-up",
                 "It's a ceiling, not a measurement; real kernels land maybe 20% under it.")
    assert guess.figures == ()
    flat = said(library, "speed-physics/q6-follow-up", "Real kernels land 20% under it.")
    assert not flat.all_right


def test_guesses_contrasts_and_powers_are_no_claims(library: Library) -> None:
    # q1 has no MBU; "something like eighty percent" and "maybe seventy, eighty percent"
    # are guesses. q1-follow-up's MBU is 74.6%; "if it were like 40 percent" is a what-if.
    guess = said(library, "speed-physics/q1", "Realistically, at something like eighty "
                 "percent MBU, more like a hundred and seventy tokens a second.")
    assert guess.all_right and "eighty percent" not in verdicts(guess)
    assert said(library, "speed-physics/q1-follow-up",
                "Roughly 75 percent is healthy. If it were like 40 percent I'd worry.").all_right
    # fan-out: 0.99 raised to the tenth is an operand, not the p99-unchanged slip (99%).
    power = said(library, "serving-math/fan-out",
                 "0.99 to the power ten is roughly 90.4 percent of pages.")
    assert power.all_right


def test_a_letter_of_the_formula_names_the_batch(library: Library) -> None:
    # ridge-batch: "m around 295" takes intensity for m (the crossing is at 345).
    result = said(library, "serving-math/ridge-batch",
                  "Set m equal to the ridge, 989 over 3.35, and you get m around 295.")
    assert any("'intensity-equals-batch'" in m for m in mistakes(result))


def test_one_byte_a_parameter_in_a_measured_step(library: Library) -> None:
    # q5: 16 GB every 6 ms is 2.67 TB/s, 80% of 3.35; 8 GB gives 1.33 TB/s and 40%.
    result = said(library, "speed-physics/q5",
                  "Eight gigabytes over six milliseconds, one point three terabytes per "
                  "second, around forty percent of the 3.35.")
    assert sum("'params-as-bytes'" in m for m in mistakes(result)) == 2


def test_the_ceiling_over_the_share_that_goes_away(library: Library) -> None:
    # q7: 1 ÷ 0.3 ≈ 3.33× divides by the part that vanishes; the ceiling is 1 ÷ 0.7.
    wrong = said(library, "speed-physics/q7",
                 "The ceiling, if attention went to zero, would be one over 0.3, about three "
                 "point three x.")
    assert any("'ceiling-from-share'" in m for m in mistakes(wrong))
    # "three x faster" is the given factor, not that slip said loosely.
    given = said(library, "speed-physics/q7", "Attention gets three x faster.")
    assert given.all_right


def test_a_saving_is_the_cost_ratio(library: Library) -> None:
    # q6: $4.17 ÷ $0.19 per million ≈ 21.5× cheaper; 64× is the batch, not the saving.
    result = said(library, "speed-physics/q6", "So that's a 64x saving, one per user.")
    assert verdicts(result)["64x"] == (WRONG, "cost_ratio")


def test_a_bare_number_takes_the_unit_its_clause_names(library: Library) -> None:
    # kv-headroom: 16 GB is 14.9 GiB; "in GiB that's about 14.9" restates the weights.
    result = said(library, "model-sizing/kv-headroom",
                  "The weights are 16 gigabytes, so in GiB that's about 14.9.")
    assert verdicts(result)["14.9"] == (RIGHT, "weights")


def test_a_figure_taken_apart_or_named_as_the_usual_one_is_no_claim(library: Library) -> None:
    # decode-bytes-streamed: a step streams the weights less the embedding table (15 GB,
    # 4.48 ms); the whole 16.06 GB and its 4.8 ms are the all-weights slip, but said as
    # what is taken apart, or as the usual figure, they claim nothing.
    result = said(library, "model-sizing/decode-bytes-streamed",
                  "I'd take the full sixteen point oh six gigs and subtract the embedding. "
                  "That's about four point five milliseconds, a bit under the usual four "
                  "point eight.")
    assert result.all_right


def test_a_standard_deviation_is_no_standard_error(library: Library) -> None:
    # ab-repeats: runs vary by 30 tokens/s (a given); the standard error of a difference
    # of single runs is 30 × √2 ≈ 42.4 tokens/s.
    result = said(library, "benchmarking/ab-repeats",
                  "Each run has a standard deviation of about thirty tokens a second, so the "
                  "standard error of the difference between single runs is thirty tokens a "
                  "second.")
    assert [f.verdict for f in result.figures] == [RIGHT, WRONG]


def test_a_share_of_a_figure_is_working_unless_the_unit_slips(library: Library) -> None:
    # preemption-cost: half of 989 TFLOPS is 494.5; kv-headroom: 95% of 79.65 GiB is
    # 75.7 GiB, which said as gigabytes is the GiB-for-GB slip (81.2 GB).
    half = said(library, "serving-engine/preemption-cost",
                "At half of 989, so roughly 495 TFLOPS, the prefill runs at half the peak.")
    assert "495 TFLOPS" in verdicts(half) and verdicts(half)["495 TFLOPS"][0] == RIGHT
    slip = said(library, "model-sizing/kv-headroom",
                "The engine gets ninety-five percent of seventy-nine point six five, so about "
                "seventy-five point seven gigabytes.")
    assert verdicts(slip)["seventy-five point seven gigabytes"][0] == WRONG


def test_what_ifs_corrections_bounds_and_general_ranges(library: Library) -> None:
    # q1: 300 tokens/s × 16 GB = 4.8 TB/s is what a what-if would need, no bandwidth the
    # card claims; 70-80% MBU is general knowledge the card does not hold.
    q1 = said(library, "speed-physics/q1",
              "To actually hit 300 you'd need about 4.8 terabytes a second. Real engines at "
              "70 to 80 percent MBU land more like 150 to 170.")
    assert q1.all_right
    # q4: said as the answer, "you'd need roughly 590" is a claim (the flip is at 295).
    q4 = said(library, "speed-physics/q4", "So you'd need roughly 590 sequences.")
    assert verdicts(q4)["590 sequences"] == (WRONG, "flip_batch")
    # q2: 2 × 8 billion × 500 = 8 TFLOP; the 4 taken back at once is no claim.
    q2 = said(library, "speed-physics/q2",
              "Prefill is 2 times 8 billion times 500, that's 4 teraflop, wait, no, 8 "
              "teraflop with the factor two.")
    assert q2.all_right
    # intensity: 3.35 TFLOPS attainable of 989 is 0.34%, under half a percent, not under
    # a tenth of one.
    under = said(library, "serving-math/intensity",
                 "At batch 1 that's under half a percent of the tensor cores.")
    assert under.all_right
    too_low = said(library, "serving-math/intensity",
                   "At batch 1 that's under 0.1 percent of the tensor cores.")
    assert not too_low.all_right


def test_a_given_restated_the_first_time_is_no_slip_that_shares_its_value(
        library: Library) -> None:
    # q7: attention's 3× is given; the local-speedup slip shares it, but said the first
    # time, of attention, it restates the scenario. Said again of the whole step, it is
    # the slip (the step gains 1.25×).
    first = said(library, "speed-physics/q7",
                 "Attention is 30 percent and goes 3x, so you gain something.")
    assert first.all_right
    again = said(library, "speed-physics/q7",
                 "Attention goes 3x faster, so the whole decode step is 3x faster.")
    assert any("'local-speedup'" in m for m in mistakes(again))


def test_devices_named_by_memory_and_guessed_ranges_are_no_claims(library: Library) -> None:
    # kv-capacity needs 68.8 GB on average: "one 80 gig card's worth" names a device, and
    # "maybe 1.5 to 2x, call it 100 to 140 gigs" is a sizing plan, not the average.
    device = said(library, "serving-math/kv-capacity",
                  "About 68.8 gigabytes, so roughly one 80 gig card's worth of KV.")
    assert device.all_right
    plan = said(library, "serving-math/kv-capacity",
                "That's 68.8 GB on average; for bursts maybe 1.5 to 2x, call it 100 to 140 "
                "gigs.")
    assert plan.all_right
    flat = said(library, "serving-math/kv-capacity", "The cache needs 140 gigs on average.")
    assert not flat.all_right


def test_a_deeper_quantile_named_with_decimals_is_a_share(library: Library) -> None:
    # fan-out: for a page P99 each call must meet 0.99^(1/10) ≈ 99.9%, not 99.99%.
    right = said(library, "serving-math/fan-out", "Each call must be at its P99.9.")
    assert right.all_right
    wrong = said(library, "serving-math/fan-out", "Each call must be at its P99.99.")
    assert not wrong.all_right


def test_a_bare_numbers_noun_stays_in_its_sentence(library: Library) -> None:
    # ridge-batch: "989 over 3.35, which is 295." is the ridge; the next sentence's
    # "batch" is no noun of it (the batch at the ridge is 345).
    result = said(library, "serving-math/ridge-batch",
                  "The ridge on an H100 is 989 over 3.35, which is 295. Batch size is what "
                  "you tune next.")
    assert result.all_right


def test_a_named_gpu_against_the_cards_own(library: Library) -> None:
    # q3-follow-up continues q3 on an H100 at 3.35 TB/s; a B200 reads 8 TB/s (7.7 in the
    # catalog), about 2.3× as fast, not 5×.
    card, solution = worked_card(library.find("speed-physics/q3-follow-up"))

    def check(text: str) -> Explanation:
        return explain(card, solution, text, worked_parent(card, library.card))

    right = check("Even a B200 at 8 terabytes a second would make each step about 2.4x "
                  "faster.")
    assert verdicts(right)["2.4x"][0] == RIGHT
    wrong = check("Even a B200 at 8 terabytes a second would make each step about 5x faster.")
    assert verdicts(wrong)["5x"][0] == WRONG


def test_a_loose_figure_does_not_excuse_a_slip(library: Library) -> None:
    # amdahl: "1x" said of the untouched 70% is no statement of the 1.18× overall, so the
    # averaged speedups (0.3 × 2 + 0.7 × 1 = 1.3×) stay the slip.
    result = said(library, "serving-math/amdahl",
                  "Thirty percent goes 2x faster and seventy percent stays at 1x. Weighted, "
                  "that's point three times two plus point seven times one, about 1.3x overall.")
    assert any("'averaged-speedups'" in m for m in mistakes(result))


def test_a_count_of_conversations_claims_the_conversations_that_fit(
        library: Library) -> None:
    # kv-headroom: 113 fit; 128 is also the KV per token in KiB and a head's width, but
    # "128 conversations" claims the count (the whole 80 GB less 16 GB over 0.5 GiB).
    result = said(library, "model-sizing/kv-headroom",
                  "Take off the sixteen for weights and divide by half a gig, so about a "
                  "hundred and twenty-eight conversations.")
    assert verdicts(result)["a hundred and twenty-eight conversations"] == (
        WRONG, "max_sequences")


def test_operands_rates_per_user_and_what_a_figure_would_need(library: Library) -> None:
    # q7: "0.7 plus 0.1" adds the untouched share and attention's new one; 0.7 is no
    # ceiling said as a share.
    adding = said(library, "speed-physics/q7", "The step goes to 0.7 plus 0.1, 0.8 of the "
                  "original, so 1.25x.")
    assert adding.all_right
    # q6-follow-up: 3.35 TB/s ÷ 50.4 GB ≈ 66.5 tokens/s per user; 97 per user is wrong.
    per_user = said(library, "speed-physics/q6-follow-up",
                    "So about ninety-seven tokens a second per user.")
    assert verdicts(per_user)["ninety-seven tokens a second per user"][0] == WRONG
    # q1: 2,000 tokens/s would need a 0.5 ms step: what the claim needs, not the floor.
    need = said(library, "speed-physics/q1", "And 2,000 tok/s would need a 0.5 ms step.")
    assert need.all_right


def test_an_fp8_peak_said_for_a_bf16_card(library: Library) -> None:
    # q4-follow-up continues q4, in BF16 (989 TFLOPS on an H100); 1,979 TFLOPS is the
    # H100's FP8 peak, said here as the compute roof with no format named.
    card, solution = worked_card(library.find("speed-physics/q4-follow-up"))
    result = explain(card, solution, "Throughput is pinned at the compute roof, around 1,979 "
                     "teraflops dense on an H100, so every step gets longer.",
                     worked_parent(card, library.card))
    assert verdicts(result)["1,979 teraflops"] == (WRONG, "peak_flops")


def test_a_comparison_point_and_a_range_said_in_passing(library: Library) -> None:
    # amdahl: "less than the 2x on attention" names the local speedup as what the overall
    # one falls short of, not as the overall one.
    less = said(library, "serving-math/amdahl",
                "About 1.18x overall, a lot less than the 2x on attention itself.")
    assert less.all_right
    # q1-follow-up: MBU 74.6% lies in "seventy, eighty percent", not in "eighty, ninety".
    inside = said(library, "speed-physics/q1-follow-up",
                  "I'd expect seventy, eighty percent for a tuned engine.")
    assert inside.all_right
    outside = said(library, "speed-physics/q1-follow-up",
                   "I'd expect eighty or ninety percent for a tuned engine.")
    assert not outside.all_right


def test_working_that_changes_the_kind_of_quantity_is_the_slip(library: Library) -> None:
    # little: 20 requests/s × 8 s = 160 requests in flight; said as 160 requests per
    # second the arithmetic holds but the unit is the arrival rate's, 8× off.
    rate = said(library, "serving-math/little",
                "Twenty a second times eight seconds is 160 requests per second on average.")
    assert not rate.all_right
    count = said(library, "serving-math/little",
                 "Twenty a second times eight seconds is 160 requests on average.")
    assert count.all_right
    # q4: 989 teraflops over 3.35 TB/s is 295 flops per byte, in lower case.
    ridge = said(library, "speed-physics/q4",
                 "The ridge is nine eighty-nine teraflops over three point three five "
                 "terabytes a second, about two hundred ninety-five flops per byte.")
    assert ridge.all_right


def test_a_figure_called_wrong_is_no_claim(library: Library) -> None:
    # q3: "the 32x intuition is wrong" names the fear, not the gain (25.4×).
    called = said(library, "speed-physics/q3", "The 32x intuition is wrong because the weights "
                  "are read once per step no matter how many users are in the batch.")
    assert called.all_right


def test_and_a_half_is_said_to_the_half(library: Library) -> None:
    # kv-headroom: 64.2 GB ÷ 0.537 GB ≈ 119.53 caches' worth; "119 and a half" says that to
    # the half, and is no count of conversations near 119.
    result = said(library, "model-sizing/kv-headroom",
                  "Sixty-four over that is about 119 and a half, round down, so 119 "
                  "conversations.")
    assert verdicts(result)["119 and a half"] == (RIGHT, "caches_that_fit")
    assert result.all_right


def test_where_a_change_starts_is_no_claim(library: Library) -> None:
    # q3: one user alone gets 1 token per 4.78 ms ≈ 209 tokens/s, the value of the
    # one-user-kv slip too; "down from 209" is where the change starts, the claim is 166.
    result = said(library, "speed-physics/q3",
                  "So each user sees about 166 tokens a second, down from 209 alone.")
    assert "209" not in verdicts(result)
    assert result.all_right
    # 166 is the claim: said wrong, the start of the change does not excuse it, and the
    # 209 it starts from is still no claim.
    wrong = said(library, "speed-physics/q3",
                 "So each user sees about 137 tokens a second, down from 209.")
    assert verdicts(wrong)["137 tokens a second"][0] == WRONG
    assert "209" not in verdicts(wrong)


def test_a_bare_count_is_judged_by_what_its_words_name(library: Library) -> None:
    # little: 20 requests/s × 8 s = 160 in flight; "1,600 in flight" is ten times that,
    # though the slips of the card share the words "in flight" with it.
    result = said(library, "serving-math/little",
                  "Twenty requests a second for eight seconds, that's about 1,600 in flight.")
    assert verdicts(result)["1,600"] == (WRONG, "in_flight")
    assert any("off by 10×" in m for m in mistakes(result))


def test_a_bare_number_takes_the_unit_said_before_it_each_way(library: Library) -> None:
    # intensity: 2mnk ÷ 2(mk + kn + mn) at n = k = 4096 is 62.1 FLOP/byte at batch 64;
    # "124" carries the "flops per byte" said before it (read as FLOP or FLOP/s) and is
    # the elements-not-bytes slip, twice the right figure.
    result = said(library, "serving-math/intensity",
                  "At batch one that's about 1 flop per byte, at batch 64 about 124.")
    assert verdicts(result)["124"] == (WRONG, "large_batch_intensity")
    # ridge-batch: "set it to 295" sets the formula's value, the ridge: no batch of 295.
    formula = said(library, "serving-math/ridge-batch",
                   "Set it to 295, and m comes out about 345, a bit above 295.")
    assert formula.all_right
    # q3: 32 users × 166 tokens/s ≈ 5,310 tokens/s in all; "53,000 in total" is ten times it.
    total = said(library, "speed-physics/q3",
                 "Each user gets about 166 tokens a second, and the box does roughly 53,000 "
                 "in total.")
    assert verdicts(total)["53,000"] == (WRONG, "total_tokens_per_s")


def test_a_step_of_a_right_formula_is_right(library: Library) -> None:
    # autoscaling-lag: the backlog is (45 − 36) requests/s × 240 s; the 9 requests a second
    # that pile up is a step of it, not a drain rate (48 − 45 = 3) said wrong.
    result = said(library, "slo-capacity-cost/autoscaling-lag",
                  "Only the excess piles up: 45 minus 36 is 9 requests a second for 240 "
                  "seconds, 2,160 requests.")
    assert verdicts(result)["9 requests a second"][0] == RIGHT
    assert result.all_right
    # e2e-latency: 200 ms + 30 ms × (16 − 1) tokens; the 450 ms of the fifteen later tokens
    # is a step of it.
    e2e = said(library, "slo-capacity-cost/e2e-latency",
               "The first token comes with the TTFT, 200 ms, then fifteen more at 30 ms each, "
               "450 ms, so 650 ms in all.")
    assert verdicts(e2e)["450 ms"][0] == RIGHT
    # A step of a slip's own working is no step of a right result: the whole memory less
    # the weights (79.65 GiB − 16 GB ≈ 69.5 GB) is the whole-memory slip's.
    slip = said(library, "model-sizing/kv-headroom",
                "Minus the sixteen gigs of weights, that's about 69.5 gigabytes left, so "
                "about 129 conversations fit.")
    assert verdicts(slip)["129 conversations"][0] == WRONG


def test_a_share_near_the_whole_is_held_to_what_it_leaves_out(library: Library) -> None:
    # fan-out: all ten calls under their P99 is 0.99¹⁰ ≈ 90.4%; 95% is within 5% of it
    # but leaves out half as much, and is named as that share, not as the 99% given.
    result = said(library, "serving-math/fan-out",
                  "All ten beating it is 0.99 to the tenth, which is about 95 percent.")
    assert verdicts(result)["95 percent"] == (WRONG, "all_within_p99")
    right = said(library, "serving-math/fan-out",
                 "All ten beating it is 0.99 to the tenth, which is about 90 percent.")
    assert verdicts(right)["90 percent"] == (RIGHT, "all_within_p99")


def test_a_share_of_the_whole_turns_a_factor_over(library: Library) -> None:
    # weight-only-decode: 16 bits down to 4.125 is a 3.88× smaller read; weights "a
    # quarter the size" say the same factor turned over, not a speedup of 0.25×.
    result = said(library, "quantization/weight-only-decode",
                  "With the weights a quarter the size, decode gets about 3.9 times faster.")
    assert verdicts(result)["a quarter"] == (RIGHT, "decode_speedup")


def test_a_slip_said_as_what_a_quantity_comes_down_to_is_claimed(library: Library) -> None:
    # weight-only-decode: prefill is compute-bound, 2 × params × 4,096 ÷ 989 TFLOPS ≈ 66.5
    # ms in BF16 and INT4 alike; "come down to around 17 ms" claims the bytes slip, though
    # the right 66.5 ms was said first.
    result = said(library, "quantization/weight-only-decode",
                  "Prefill in BF16 is 66.5 ms, and with the weights a quarter the size it "
                  "should come down to around 17 ms.")
    assert verdicts(result)["17 ms"][0] == WRONG
    assert not result.all_right


def test_a_wrong_formula_over_the_cards_numbers_is_wrong(library: Library) -> None:
    # q2: the prefill costs 2 FLOP per parameter per token, 2 × 8 billion × 500 = 8 TFLOP;
    # "eight billion times 500, four teraflops" is right arithmetic over the card's own
    # givens with the 2 left out, so the figure is the prefill's FLOPs said wrong.
    result = said(library, "speed-physics/q2",
                  "It's parameters times tokens, eight billion times 500, that's four "
                  "teraflops of work.")
    assert verdicts(result)["four teraflops"][0] == WRONG
    # Working from a number of the speaker's own is about something else: right.
    own = said(library, "speed-physics/q2",
               "A slower card at 7 ms times 3 is 21 ms.")
    assert own.all_right


def test_so_many_times_a_quantity_named_in_words_is_a_factor(library: Library) -> None:
    # q3: the batch makes 3.35 TB/s × 32 ÷ 20.2 GB ≈ 5,310 tokens/s, 25.4× one user's
    # 209; "254 times a single user" is that factor ten times over, not an operand.
    result = said(library, "speed-physics/q3",
                  "That's about 5,300 tokens a second, which is about 254 times a single "
                  "user.")
    assert verdicts(result)["254 times"] == (WRONG, "throughput_gain")
    # queueing: an M/M/1 P99 is ln(100) ≈ 4.61 times the mean.
    p99 = said(library, "serving-math/queueing", "The P99 is about 2.3 times the mean.")
    assert verdicts(p99)["2.3 times"] == (WRONG, "p99_over_mean")
    right = said(library, "serving-math/queueing", "The P99 is about 4.6 times the mean.")
    assert right.all_right


def test_a_share_said_faster_is_a_gain(library: Library) -> None:
    # amdahl: 1 ÷ (0.7 + 0.3 ÷ 2) ≈ 1.18×, 18% faster; the 15% of the time saved is no
    # gain, though the card's working holds it.
    result = said(library, "serving-math/amdahl",
                  "The new runtime is 0.7 plus 0.15, 0.85. So it's about 15 percent faster "
                  "overall.")
    assert verdicts(result)["15 percent"] == (WRONG, "overall_speedup − 1")
    right = said(library, "serving-math/amdahl",
                 "The new runtime is 0.85 of the old, about 18 percent faster overall, and "
                 "15 percent less time.")
    assert right.all_right


def test_a_bare_count_of_what_a_result_is_named_claims_it(library: Library) -> None:
    # kv-blocks: (79.65 GiB × 90% − 16.1 GB) ÷ (16 × 128 KiB) ≈ 29,025 blocks; "about
    # 30,435 blocks" counts the blocks by the card's own name for them, 5% high.
    result = said(library, "serving-engine/kv-blocks",
                  "Each block is sixteen times 128 KiB, call it 2 MB, so about 30,435 blocks.")
    assert verdicts(result)["30,435"] == (WRONG, "blocks")
    right = said(library, "serving-engine/kv-blocks",
                 "Each block is sixteen times 128 KiB, so about 29,000 blocks.")
    assert right.all_right


def test_a_price_per_million_is_per_million_tokens(library: Library) -> None:
    # q6: $3/h ÷ (200 tokens/s × 3,600 s/h) ≈ $4.17 per million tokens; "$250 per million"
    # (200 × 60 tokens an hour) is a price per million tokens said 60 times too high.
    result = said(library, "speed-physics/q6",
                  "Three dollars over 200 times 60 tokens an hour, times a million, is $250 "
                  "per million.")
    assert verdicts(result)["$250 per million"] == (WRONG, "cost_single")
    right = said(library, "speed-physics/q6", "One user alone costs about $4.17 per million.")
    assert right.all_right


def test_what_is_left_of_a_quantity_is_in_its_unit(library: Library) -> None:
    # kv-headroom: 79.65 GiB × 95% = 75.7 GiB = 81.2 GB, less 16 GB of weights and 1 GiB
    # (1.07 GB) of activations leaves 64.2 GB; taking 17 from 75.7 mixes GiB and GB and
    # leaves "58.7", said without its unit.
    result = said(library, "model-sizing/kv-headroom",
                  "Ninety-five percent of 79.65 is about 75.7 gigs for the engine. Minus the "
                  "16 gigs of weights and the gig of activations leaves about 58.7 for KV.")
    assert verdicts(result)["58.7"] == (WRONG, "free_memory")
    right = said(library, "model-sizing/kv-headroom",
                 "The engine takes about 81.2 GB. Minus the 16 GB of weights and the gig of "
                 "activations leaves about 64.2 for KV.")
    assert right.all_right


def test_a_figure_said_to_three_digits_is_held_to_them(library: Library) -> None:
    # ridge-batch: 4096m ÷ (2m + 4096) = 295 gives m ≈ 345; "about 354" is said to three
    # digits and misses by nine, inside the ask's 5% but no rounding of 345.
    result = said(library, "serving-math/ridge-batch",
                  "With the full formula set equal to 295, you get m of about 354.")
    assert verdicts(result)["354"] == (WRONG, "batch_at_ridge")
    right = said(library, "serving-math/ridge-batch",
                 "With the full formula set equal to 295, you get m of about 345, call it "
                 "350.")
    assert right.all_right


def test_a_bare_number_named_as_a_quantity_with_a_unit_is_that_quantity(
        library: Library) -> None:
    # ridge-batch: 989 TFLOPS ÷ 3.35 TB/s ≈ 295 FLOP/byte is the ridge; a batch of 295 is
    # the intensity-equals-batch slip. The word just before the number says which.
    result = said(library, "serving-math/ridge-batch",
                  "Naively intensity is just m, so the ridge at 295 would mean batch 295. "
                  "Set it to the ridge, 295, and solve.")
    assert result.all_right
    slip = said(library, "serving-math/ridge-batch",
                "So you cross the ridge at a batch of about 295.")
    assert any("'intensity-equals-batch'" in m for m in mistakes(slip))
    # The value a formula is set equal to is part of the formula; a batch said equal to
    # it is the slip.
    formula = said(library, "serving-math/ridge-batch",
                   "Set it equal to 295 and solve, and m is about 345.")
    assert formula.all_right
    assert not said(library, "serving-math/ridge-batch", "So the batch equals 295.").all_right


def test_a_count_by_the_results_own_name_may_be_far_off(library: Library) -> None:
    # kv-capacity: 50 requests/s × 6 s = 300 in flight; "fifty in flight" takes the rate
    # for the count, six times low, and names the count by its own name.
    result = said(library, "serving-math/kv-capacity",
                  "So fifty in flight times 229 megs each.")
    assert verdicts(result)["fifty"] == (WRONG, "in_flight")


def test_money_said_of_a_million_is_a_price_per_million_tokens(library: Library) -> None:
    # q6: batched, $3/h ÷ (4,300 tokens/s × 3,600 s/h) ≈ $0.194 per million tokens; "six
    # and a half cents" for "each million" divides by the 64 users instead, 66% low, and
    # is the batched price, the nearer of the two the words name alike.
    result = said(library, "speed-physics/q6",
                  "Batched, each million costs 64 times less, about six and a half cents.")
    assert verdicts(result)["six and a half cents"] == (WRONG, "cost_batched")
    a_million = said(library, "speed-physics/q6",
                     "With 64 users it's about six and a half cents a million.")
    assert verdicts(a_million)["six and a half cents a million"] == (WRONG, "cost_batched")
    right = said(library, "speed-physics/q6",
                 "Batched, each million costs about nineteen cents.")
    assert right.all_right


def test_a_figures_digits_said_in_groups_are_that_figure(library: Library) -> None:
    # kv-headroom: the device reports 79.65 GiB; "seventy-nine sixty-five GiB" says its
    # digits without the point. "Twelve milliseconds" for q7's 1.2 ms of launches is a
    # slip all the same: one word is no digits said in groups.
    result = said(library, "model-sizing/kv-headroom",
                  "The device reports seventy-nine sixty-five GiB, and the engine takes "
                  "ninety percent.")
    assert verdicts(result)["seventy-nine sixty-five GiB"] == (RIGHT, "memory")
    slip = said(library, "speed-physics/q7",
                "Three hundred launches at four microseconds is twelve milliseconds.")
    assert verdicts(slip)["twelve milliseconds"][0] == WRONG


def test_so_many_times_longer_is_a_ratio_of_times(library: Library) -> None:
    # queueing-rates: 1 ÷ (10 − 9) against 1 ÷ (10 − 5) is 5× longer; "1.8 times longer"
    # scales the time with the load (9 ÷ 5), the linear slip. The load going up 1.8 times
    # is the givens restated.
    slip = said(library, "serving-math/queueing-rates",
                "At nine it scales with the load, so about one point eight times longer.")
    assert any("'linear-in-utilization'" in m for m in mistakes(slip))
    right = said(library, "serving-math/queueing-rates",
                 "At nine a second it's five times longer, though the load only went up 1.8 "
                 "times.")
    assert right.all_right


def test_a_result_said_to_its_last_digit_is_that_result(library: Library) -> None:
    # paged-waste: reserving 8,192 slots for a 1,000-token sequence wastes 8,192 − 1,000 =
    # 7,192 tokens; the words "reserving up front" are the 8,192's, but the figure is
    # the waste to the digit.
    result = said(library, "serving-engine/paged-waste",
                  "Reserving 8,192 up front would waste 7,192 tokens.")
    assert verdicts(result)["7,192 tokens"][0] == RIGHT


def test_so_many_times_a_step_is_a_share_of_it(library: Library) -> None:
    # q7: 300 kernels × 4 µs = 1.2 ms, 25% of the 4.8 ms step; with 12 ms of launches
    # "two and a half times the ideal step" is that share, ten times over.
    result = said(library, "speed-physics/q7",
                  "That's 12 milliseconds per step, which would be two and a half times the "
                  "ideal step.")
    assert verdicts(result)["two and a half times"] == (WRONG, "launch_fraction")
    # amdahl: "it becomes 15" restates the 30% share halved: no given said wrong.
    share = said(library, "serving-math/amdahl",
                 "Only the 30 percent gets faster, it becomes 15, the other 70 stays as is.")
    assert share.all_right


def test_a_what_if_is_worked_in_its_own_world(library: Library) -> None:
    # amdahl: were attention 80% of the time, the ceiling would be 1 ÷ (1 − 0.8) = 5×,
    # not the card's 1.43×; "about 1.8x" for it, infinitely fast, is wrong in any world.
    right = said(library, "serving-math/amdahl",
                 "If attention were 80 percent, the ceiling would be five times.")
    assert right.all_right
    wrong = said(library, "serving-math/amdahl",
                 "Even if attention were 80 percent of runtime and you made it infinitely "
                 "fast, you'd only get about 1.8x.")
    assert verdicts(wrong)["1.8x"][0] == WRONG


def test_a_factor_said_as_a_verb_is_judged(library: Library) -> None:
    # queueing: 1 ÷ (1 − 0.95) = 20 service times against 5 at 80%, four times longer;
    # "it roughly doubles" says 2×.
    result = said(library, "serving-math/queueing",
                  "At 95 percent it's about twenty service times, so it roughly doubles.")
    assert verdicts(result)["doubles"][0] == WRONG


def test_a_slips_value_said_as_a_bound_the_quantity_keeps_is_right(
        library: Library) -> None:
    # ridge-batch: the GEMM reaches the ridge at m ≈ 345; 295 is the slip's batch, but
    # "above 295" is true of 345, and "under 295" is not.
    result = said(library, "serving-math/ridge-batch",
                  "It comes out above 295 because the intensity trails m.")
    assert result.all_right
    wrong = said(library, "serving-math/ridge-batch", "So it crosses at a batch under 295.")
    assert not wrong.all_right


def test_a_given_said_again_is_said_as_the_scenario_says_it(library: Library) -> None:
    # queueing-rates: one server doing 10 requests/s serves each in a tenth of a second;
    # said of the service time, that is the given turned over, not the service-time-only
    # slip for the time in the system.
    result = said(library, "serving-math/queueing-rates",
                  "Service time is a tenth of a second, so at 5 requests a second the time in "
                  "system is 200 milliseconds.")
    assert result.all_right
    # q7-follow-up: 0.2 + 0.3 ÷ 3 + 0.5 ÷ 2 = 0.55 of the step, 1.82× faster; "2.9 times
    # faster overall" is no restatement of attention's 3×.
    loose = said(library, "speed-physics/q7-follow-up",
                 "That's 0.35 of the original, so about 2.9 times faster overall.")
    assert verdicts(loose)["2.9 times"][0] == WRONG
    # q2: "about four point eight" after the memory time is the 4.78 ms step, unit unsaid.
    bare = said(library, "speed-physics/q2",
                "Memory time for the weights is only about four point eight, so compute wins.")
    assert bare.all_right


def test_a_total_after_a_rate_per_user_is_no_longer_per_user(library: Library) -> None:
    # q6-follow-up: 64 users at 3.35 TB/s ÷ (64 × 537 MB + 16 GB) ≈ 66.5 tokens/s each,
    # 4,260 tokens/s in all; "around 6,200 in total" after a rate per user is a total.
    result = said(library, "speed-physics/q6-follow-up",
                  "So about 97 tokens a second per user and around 6,200 in total.")
    assert verdicts(result)["6,200"] == (WRONG, "total_tokens_per_s")


def test_a_slip_clearly_nearer_than_the_right_figure_it_also_equals_is_the_slip(
        library: Library) -> None:
    # q6-follow-up: with one user's 537 MB of cache the step is 16.5 GB ÷ 3.35 TB/s ≈ 4.94
    # ms, the one-user-kv slip; "about 4.9 milliseconds" for the batched step is that
    # slip, not the 4.78 ms floor it is also near.
    result = said(library, "speed-physics/q6-follow-up",
                  "The step is 16.5 gigs over 3.35 terabytes a second, about 4.9 "
                  "milliseconds.")
    assert verdicts(result)["4.9 milliseconds"] == (WRONG, "step_time")


def test_a_figure_its_own_working_does_not_give_is_wrong(library: Library) -> None:
    # queueing: 1 ÷ (1 − 0.95) = 20 service times; "one over 0.05 is ten" is an
    # arithmetic slip in the speaker's own working, whatever the card holds.
    result = said(library, "serving-math/queueing", "At 95, one over 0.05 is ten service times.")
    assert verdicts(result)["ten"][0] == WRONG
    assert any("gives 20" in m for m in mistakes(result))
    # Working that holds, or gives the answer in a unit said only after it, is right.
    right = said(library, "serving-math/queueing", "At 95, one over 0.05 is twenty service times.")
    assert right.all_right
    unit = said(library, "speed-physics/q3",
                "Step time is twenty point two over three point three five, about six point "
                "oh three milliseconds.")
    assert unit.all_right


def test_a_bare_number_said_at_another_batch_takes_the_unit_before_it(
        library: Library) -> None:
    # intensity: 62.1 FLOP/byte at batch 64; "about 124 at batch 64" after "two FLOPs per
    # byte at batch one" is the elements-not-bytes slip.
    result = said(library, "serving-math/intensity",
                  "That's about one FLOP per byte at batch one and about 124 at batch 64.")
    assert verdicts(result)["124"] == (WRONG, "large_batch_intensity")
    # ridge-batch: "set it to 295" sets the formula's value, the ridge: no batch of 295.
    formula = said(library, "serving-math/ridge-batch",
                   "Set it to 295, and m comes out about 345, a bit above 295.")
    assert formula.all_right


def test_two_digits_said_are_held_to_them(library: Library) -> None:
    # kv-capacity: 300 requests × 4,000 tokens × 56 KiB ≈ 68.8 GB; "about sixty-seven
    # gigabytes" carries 56 kB for 56 KiB and is no rounding of 68.8, though within 5%.
    result = said(library, "serving-math/kv-capacity",
                  "Three hundred in flight at two hundred twenty-four megabytes each, so about "
                  "sixty-seven gigabytes.")
    assert verdicts(result)["sixty-seven gigabytes"][0] == WRONG
    right = said(library, "serving-math/kv-capacity",
                 "Three hundred in flight at 229 megabytes each, so about sixty-nine "
                 "gigabytes.")
    assert verdicts(right)["sixty-nine gigabytes"][0] == RIGHT


def test_a_share_with_no_word_of_saving_is_no_share_saved(library: Library) -> None:
    # q7: 1.2 ms of launches is 25% of the 4.8 ms step; "about 20 percent of the step" is
    # that share said wrong, not the 20% of the time that attention's speedup saves.
    result = said(library, "speed-physics/q7",
                  "300 launches at four microseconds is one point two milliseconds, so about "
                  "20 percent of the step.")
    assert verdicts(result)["20 percent"] == (WRONG, "launch_fraction")
    # amdahl: 1 − 0.85 = 15% of the time, said as saved, is right.
    saved = said(library, "serving-math/amdahl",
                 "The new time is 0.85, so we save 15 percent of the time.")
    assert saved.all_right


def test_what_is_set_aside_with_its_neighbour_and_examples_are_no_claims(
        library: Library) -> None:
    # q7-follow-up: 1.82× overall; "not five or six x" sets both slips aside.
    both = said(library, "speed-physics/q7-follow-up",
                "So about 1.82x overall. Definitely not five or six x.")
    assert both.all_right
    # q5-follow-up: "say a forty millisecond TPOT" is an example, not the measured step.
    example = said(library, "speed-physics/q5-follow-up",
                   "Track TPOT too; say a forty millisecond TPOT, that's 25 tokens a second.")
    assert "forty millisecond" not in {t for t, (v, _) in verdicts(example).items() if v == WRONG}
    # q3: "thirty-two times that" multiplies the figure before it: no ratio claimed.
    product = said(library, "speed-physics/q3",
                   "Each user gets about 166 tokens a second, and the GPU gets thirty-two times "
                   "that, around 5,300 tokens a second.")
    assert product.all_right
    # p99-samples: "two or three samples" is a range that holds the 2 above the P99.
    samples = said(library, "serving-math/p99-samples",
                   "One percent is two requests above the P99, so it hangs on two or three "
                   "samples.")
    assert samples.all_right


def test_another_formats_size_with_no_format_said_is_the_cards_own_said_wrong(
        library: Library) -> None:
    # q1: Llama 3 8B's BF16 weights are 8 billion × 2 B = 16 GB; "eight billion parameters,
    # so eight gigabytes" is one byte a parameter, the FP8 size, on a BF16 card.
    result = said(library, "speed-physics/q1",
                  "The model is eight billion parameters, so eight gigabytes.")
    assert verdicts(result)["eight gigabytes"] == (WRONG, "weights")
    fp8 = said(library, "speed-physics/q1",
               "In FP8 the same model would be eight gigabytes, half the reads.")
    assert verdicts(fp8)["eight gigabytes"][0] != WRONG


def test_a_power_worked_aloud_is_held_to_what_it_gives(library: Library) -> None:
    # fan-out: 0.99¹⁰ ≈ 0.904; "about 99 percent" is the 99% quantile restated as if ten
    # calls changed nothing, and is judged by the power said just before it.
    result = said(library, "serving-math/fan-out",
                  "0.99 to the 10th is about 99 percent, so the page looks like one call.")
    wrong = [f for f in result.figures if f.verdict == WRONG]
    assert [(f.text, f.name, f.expected) for f in wrong] == [
        ("99 percent", "all_within_p99", "90.4%")]
    # The product of the chances is the point the slip misses, "independent" or not.
    independent = said(library, "serving-math/fan-out",
                       "They're independent, so 0.99 to the 10th is about 99 percent.")
    assert not next(p for p in independent.points if "product" in p.text).covered
    right = said(library, "serving-math/fan-out",
                 "Point nine nine to the power of ten is about ninety percent.")
    assert right.all_right


def test_working_from_other_quantities_is_not_a_slip_of_equal_value(
        library: Library) -> None:
    # q1: 2 × 8 billion = 16 GFLOP a token, over 989 TFLOPS is 16 µs of compute; the slip
    # 16 GB ÷ 989 TFLOPS has the same number but divides bytes by FLOP/s.
    compute = said(library, "speed-physics/q1",
                   "Two FLOPs per parameter, sixteen gigaflop, over 989 teraflops, that's "
                   "like sixteen microseconds of compute.")
    assert verdicts(compute)["sixteen microseconds"][0] == RIGHT
    slip = said(library, "speed-physics/q1",
                "16 GB over 989 TFLOPS is 16 µs, so the floor is 16 µs.")
    assert any("'bytes-over-flops'" in m for m in mistakes(slip))


def test_a_figure_said_to_one_digit_is_a_round_figure(library: Library) -> None:
    # q6: $4.17 ÷ $0.194 per million is a 21.5× cheaper token; "roughly twenty" rounds it
    # to one digit, while "fifteen" and "18" (two digits, 16% off) miss it.
    assert said(library, "speed-physics/q6", "So roughly twenty times cheaper.").all_right
    for wrong in ("So roughly fifteen times cheaper.", "So about 18 times cheaper."):
        assert not said(library, "speed-physics/q6", wrong).all_right


def test_working_from_a_wrong_figure_gives_a_wrong_figure(library: Library) -> None:
    # kv-capacity: 4,000 × 56 KiB is 229 MB, not 2.29 GB; 300 in flight of those is then
    # 68.8 GB, and "688 gigabytes" is the first slip carried on, sound arithmetic or not.
    result = said(library, "serving-math/kv-capacity",
                  "In flight is 50 times 6, 300. Cache per request is 2.29 gigabytes, and "
                  "2.29 gigabytes times 300 is 688 gigabytes.")
    assert verdicts(result)["688 gigabytes"][0] == WRONG
    right = said(library, "serving-math/kv-capacity",
                 "In flight is 50 times 6, 300. Cache per request is 229 megabytes, and 229 "
                 "megabytes times 300 is 68.8 gigabytes.")
    assert right.all_right


def test_what_a_given_share_leaves_is_the_scenario_restated(library: Library) -> None:
    # q7: attention is 30% of the step; "the other seventy percent" is what it leaves, not
    # a launch overhead of 70% of the step (that is 25%).
    result = said(library, "speed-physics/q7",
                  "Attention was what we touched; the other seventy percent of the step is "
                  "exactly where it was.")
    assert result.all_right


def test_a_time_cut_said_as_a_speedup_is_the_cards_slip(library: Library) -> None:
    # q7: the step drops to 0.8 of its time, a 1 ÷ 0.8 = 1.25× gain; "1.2x" adds the 20%
    # cut to 1.
    result = said(library, "speed-physics/q7",
                  "The step drops by 20 percent, so I'd call that 1.2x faster.")
    assert any("'time-cut-as-speedup'" in m for m in mistakes(result))
    assert said(library, "speed-physics/q7",
                "The step drops to 0.8 of its time, so about 1.25x faster.").all_right


def test_two_figures_in_a_row_are_a_range_only_when_said_as_one(library: Library) -> None:
    # q2: 8 billion × 500 is 4 TFLOP, half the 2 × 8 billion × 500 = 8 TFLOP of prefill;
    # "500, four teraflop" is an operand and a result, not a range from 500 down to 4.
    result = said(library, "speed-physics/q2",
                  "FLOPs are params times tokens, eight billion times 500, four teraflop.")
    assert verdicts(result)["four teraflop"] == (WRONG, "prefill_flops")
    # kv-per-token: "131,072, 128 KiB" says one figure twice, in bytes and in KiB.
    twice = said(library, "model-sizing/kv-per-token",
                 "2 times 32 layers times 8 KV heads times 128 times 2 bytes, 131,072, 128 KiB.")
    assert twice.all_right


def test_another_formats_peak_in_the_working_is_the_cards_peak_said_wrong(
        library: Library) -> None:
    # q2-follow-up: the ridge is 989 TFLOPS of dense BF16 over 3.35 TB/s; 1,979 TFLOPS is
    # the H100's FP8 peak, wrong as an operand too, and right where FP8 is said.
    result = said(library, "speed-physics/q2-follow-up",
                  "For the H100 that's 1,979 teraflops over 3.35 terabytes per second, so "
                  "roughly 591 FLOP per byte.")
    assert verdicts(result)["1,979 teraflops"] == (WRONG, "peak_flops")
    # The ridge worked from it is as wrong, though 1,979 ÷ 3.35 is 591.
    assert verdicts(result)["591 FLOP per byte"][0] == WRONG
    fp8 = said(library, "speed-physics/q2-follow-up",
               "In FP8 the H100 has 1,979 teraflops, so its ridge would double.")
    assert verdicts(fp8)["1,979 teraflops"][0] == RIGHT


def test_a_coefficient_said_in_a_formula_is_no_factor_claimed(library: Library) -> None:
    # attention-crossover: attention is 4 × context × hidden FLOPs a token, the MLP 6 ×
    # hidden × width; the 4 and the 6 are a formula's, not a factor of the card.
    result = said(library, "transformer-accounting/attention-crossover",
                  "Attention math is about four times context times hidden, and the MLP is "
                  "six times hidden times width.")
    assert result.all_right
    # "a 64x saving" names what its factor is (q6's saving is 21.5×).
    assert not said(library, "speed-physics/q6", "So that's a 64x saving.").all_right


def test_a_share_said_of_two_sizes_side_by_side_is_their_ratio(library: Library) -> None:
    # int4-one-gpu: 36.4 GB of INT4 weights against 141 GB in BF16 is 0.26 of it.
    working = ("70.6 billion times 4.125 over 8 is about 36.4 GB, versus 141 in BF16, so "
               "roughly {}.")
    assert said(library, "quantization/int4-one-gpu", working.format("a quarter")).all_right
    assert not said(library, "quantization/int4-one-gpu", working.format("a half")).all_right


def test_a_unit_for_every_one_of_another_is_a_rate(library: Library) -> None:
    # q2-follow-up: the ridge is 989 TFLOPS ÷ 3.35 TB/s ≈ 295 FLOPs per byte.
    ridge = said(library, "speed-physics/q2-follow-up",
                 "Below about 295 FLOPs for every byte it pulls from HBM, a kernel waits.")
    assert verdicts(ridge)["295 FLOPs for every byte"] == (RIGHT, "ridge_point")
    # weight-intensity: 48 FLOPs a weight over 2 bytes in BF16 is 24 FLOPs a byte.
    intensity = said(library, "quantization/weight-intensity",
                     "Each weight does 48 flops. In BF16, two bytes, so 24 flops a byte.")
    assert verdicts(intensity)["24 flops a byte"] == (RIGHT, "bf16_intensity")


def test_a_count_named_with_a_hyphen_claims_what_it_counts(library: Library) -> None:
    # tp-decode-allreduce: two all-reduces a layer, 2 × 80 = 160; "80 all-reduces" is the
    # one-per-layer slip, not the 80 layers restated.
    result = said(library, "parallelism/tp-decode-allreduce",
                  "One all-reduce per layer, so 80 all-reduces.")
    assert any("'one-per-layer'" in m for m in mistakes(result))


def test_a_large_power_of_ten_said_as_an_ordinal(library: Library) -> None:
    # training-flops: 6 × 8.03e9 × 15e12 ≈ 7.23 × 10²³ FLOP, said in lower-case flops.
    right = said(library, "transformer-accounting/training-flops",
                 "That's about 7.2 times ten to the twenty-third flops.")
    assert right.all_right
    slip = said(library, "transformer-accounting/training-flops",
                "That's about 7.2 times ten to the twenty-second flops.")
    assert [f.name for f in slip.wrong] == ["training_flops"]


def test_a_bare_figure_is_the_asked_result_its_words_name(library: Library) -> None:
    # flip-batch: W4A16 turns compute-bound at a quarter of the 295 ridge, a batch of 73.8;
    # 148 is the flip, to its digits, but the words name W4A16 turning compute-bound.
    result = said(library, "quantization/flip-batch",
                  "The W4A16 one becomes compute-bound at about 148, because the intensity "
                  "doubles relative to BF16.")
    assert verdicts(result)["148"] == (WRONG, "w4_compute_batch")
    flip = said(library, "quantization/flip-batch",
                "W8A8 takes over as the faster one above a batch of about 148.")
    assert flip.all_right


def test_the_figure_a_what_if_supposes_is_no_claim(library: Library) -> None:
    # pipeline-bubble: the card has 8 micro-batches; 32 is supposed, not claimed.
    result = said(library, "parallelism/pipeline-bubble",
                  "If you went to 32 micro-batches, the fill and drain would be a rounding "
                  "error.")
    assert not result.wrong


def test_a_coefficient_of_a_bare_name_is_no_factor_claimed(library: Library) -> None:
    # flip-batch: W4A16's intensity is 2 × batch ÷ 0.5 B = 4 × batch FLOPs a byte.
    result = said(library, "quantization/flip-batch",
                  "W4A16's intensity is 2 times batch over half a byte, four times batch, and "
                  "it's running BF16 math.")
    assert not result.wrong


def test_flops_per_second_said_twice_over_is_a_rate(library: Library) -> None:
    # gpu-days: 1,024 × 989 TFLOPS × 40% ≈ 405 PFLOPS; "petaflops per second" says the
    # word's own second again.
    result = said(library, "transformer-accounting/gpu-days",
                  "The cluster does 1,024 times 989 teraflops at 40 percent, so about 405 "
                  "petaflops per second useful.")
    assert verdicts(result)["405 petaflops per second"] == (RIGHT, "cluster_rate")


def test_the_steps_of_a_ring_are_a_figure_of_the_ring(library: Library) -> None:
    # ring-allreduce: 8 GPUs make 2 × (8 − 1) = 14 steps, each paying a start-up latency.
    assert said(library, "parallelism/ring-allreduce",
                "Each of the 14 ring steps also pays a latency.").all_right
    wrong = said(library, "parallelism/ring-allreduce", "Each of the 16 ring steps pays a latency.")
    assert [f.name for f in wrong.wrong] == ["ring_steps"]


def test_a_wrong_result_said_again_bare_carries_into_the_working(library: Library) -> None:
    # q1-follow-up: 70 GB ÷ 6.7 TB/s is 10.4 ms, so MBU is 10.4 ÷ 14 ≈ 74.6%; "nine" is the
    # wrong floor said again, and 9 ÷ 14 ≈ 64% is as wrong.
    result = said(library, "speed-physics/q1-follow-up",
                  "Seventy over 6.7 is roughly nine milliseconds. We measure 14, so the MBU is "
                  "nine over fourteen, about 64 percent.")
    assert verdicts(result)["64 percent"] == (WRONG, "mbu")


def test_the_top_few_is_a_count(library: Library) -> None:
    # p99-samples: 1% of 200 is 2 requests above the P99; "the top two or three" holds it.
    assert said(library, "serving-math/p99-samples",
                "With 200 samples the P99 is set by the top two or three requests.").all_right


def test_a_range_far_from_the_quantity_is_a_budget_not_a_claim(library: Library) -> None:
    # gpu-days: the MFU is 40%; "ten or twenty percent" for failures is a margin.
    assert said(library, "transformer-accounting/gpu-days",
                "In reality you'd add a margin, maybe ten or twenty percent, for failures."
                ).all_right
    # q1-follow-up: MBU 74.6% is near "eighty or ninety percent", said wrong, not far.
    assert not said(library, "speed-physics/q1-follow-up",
                    "I'd expect eighty or ninety percent for a tuned engine.").all_right


def test_a_factor_of_a_number_said_after_it_is_an_operand(library: Library) -> None:
    # tpot-with-speculation: four drafter steps at 5% make a round 1.2 × 20 ms = 24 ms.
    assert said(library, "speculative-decoding/tpot-with-speculation",
                "Drafter steps are 5% each, so 20% extra: the round costs 1.2 times the 20 ms "
                "step, 24 ms.").all_right


def test_the_standard_estimate_named_as_such_is_a_point_of_reference(
        library: Library) -> None:
    # decode-bytes-streamed: 16.1 GB ÷ 3.35 TB/s = 4.79 ms counts the embedding table; the
    # speaker names it as the usual estimate, an upper bound, not as the floor.
    reference = said(library, "model-sizing/decode-bytes-streamed",
                     "So the standard weights-over-bandwidth estimate of about 4.8 ms is an "
                     "upper bound.")
    assert not reference.wrong
    floor = said(library, "model-sizing/decode-bytes-streamed", "The floor is about 4.8 ms.")
    assert any("'all-weights'" in m for m in mistakes(floor))


def test_the_scale_bits_left_out_of_a_speedup_are_the_cards_slip(library: Library) -> None:
    # weight-only-decode: 16 bits over 4.125 bits is 3.88×; 16 over 4 is 4×.
    result = said(library, "quantization/weight-only-decode",
                  "INT4 is four bits versus sixteen, so decode gets exactly four times faster.")
    assert any("'scales-left-out'" in m for m in mistakes(result))
    # "would go to" says what the prefill becomes: 66.5 ms scaled by the bytes is a slip.
    prefill = said(library, "quantization/weight-only-decode",
                   "So the BF16 prefill of 66.5 milliseconds would go to about 17 milliseconds.")
    assert any("'prefill-by-bytes'" in m for m in mistakes(prefill))


def test_a_quantity_shared_out_over_a_count_said_is_each_ones_share(
        library: Library) -> None:
    # tp-stops-paying: 141 GB of BF16 weights over 4 GPUs is 35.3 GB for each to read.
    shared = said(library, "parallelism/tp-stops-paying",
                  "At TP 4 the weights, about 141 gigabytes, split four ways, each GPU reads "
                  "roughly 35 gigs.")
    assert shared.all_right
    assert not said(library, "parallelism/tp-stops-paying", "The weights are 35 gigs.").all_right


def test_a_comparison_or_a_counterfactual_sentence_sets_its_slips_aside(
        library: Library) -> None:
    # paged-waste: reserving all 8,192 slots up front wastes 7,192, the 'reserved-max'
    # slip, said here as the comparison.
    compared = said(library, "serving-engine/paged-waste",
                    "Compare that with reserving the full 8,192 up front: 7,192 empty slots.")
    assert not compared.wrong
    # token-budget: 10,000 ÷ (2,048 − 200) takes 6 steps; five is the whole budget, which
    # the speaker says is what it would take without the decoders.
    without = said(library, "serving-engine/token-budget",
                   "If the decoders weren't there you'd fit it in five steps cleanly.")
    assert not without.wrong
    assert not said(library, "serving-engine/token-budget", "The prompt takes five steps."
                    ).all_right


def test_two_figures_added_up_aloud_are_the_parts_of_the_total(library: Library) -> None:
    # input-vs-output: 1,000 requests cost $0.151 in all, about 7 cents of prompt and 8 of
    # output; the parts are no batch cost said wrong.
    result = said(library, "slo-capacity-cost/input-vs-output",
                  "The prompts come to about 7 cents, plus about 8 cents of output, so about "
                  "15 cents.")
    assert result.all_right
    assert not said(library, "slo-capacity-cost/input-vs-output",
                    "The batch costs about 7 cents.").all_right


def test_the_time_until_a_surge_is_cleared_is_a_figure_of_the_card(library: Library) -> None:
    # autoscaling-lag: 240 s of boot and 720 s of draining clear the queue 960 s, sixteen
    # minutes, after the surge.
    assert said(library, "slo-capacity-cost/autoscaling-lag",
                "So about sixteen minutes from the surge until the queue is gone.").all_right


def test_an_example_size_is_no_claim_of_the_given(library: Library) -> None:
    # sliding-window-cap: the card's conversation is 32,768 tokens; "a 100K conversation"
    # is a size picked to show the cap, not the context misremembered.
    result = said(library, "model-sizing/sliding-window-cap",
                  "Past the window it stops growing, so a 100K conversation costs the same as "
                  "a 5K one.")
    assert not result.wrong


def test_a_fraction_of_the_whole_turns_a_count_over(library: Library) -> None:
    # pp-decode-latency: four stages each hold a quarter of the 141 GB, 35.3 GB.
    assert said(library, "parallelism/pp-decode-latency",
                "In a pipeline each stage has a quarter of the weights, 35 GB, and reads it "
                "at 3.35 TB/s.").all_right


def test_a_gpu_named_in_the_plural_brings_its_facts(library: Library) -> None:
    # active-vs-total runs on H200s; an H100 has 80 GB, said of "eight H100s".
    assert said(library, "moe-serving/active-vs-total",
                "Eight H100s at 80 gigs each can't even hold the weights.").all_right


def test_a_size_said_at_a_link_is_its_rate(library: Library) -> None:
    # preemption-cost: 790 MB of cache over PCIe at 64 GB/s is 12.3 ms.
    assert said(library, "serving-engine/preemption-cost",
                "Swapping 790 megabytes over PCIe at 64 gigs is 12.3 milliseconds.").all_right


def test_a_figure_that_opens_more_working_is_not_what_the_working_before_gives(
        library: Library) -> None:
    # fan-out: "0.99 to the tenth is about 0.99 minus 0.1" starts a subtraction; the 0.99
    # is its operand, not the power's result said wrong.
    result = said(library, "serving-math/fan-out",
                  "0.99 to the tenth is about 0.99 minus 0.1, so 89 percent.")
    assert "0.99" not in [f.text for f in result.wrong]


def test_a_what_if_on_another_gpu_is_worked_in_its_world(library: Library) -> None:
    # q1: a B200's 8 TB/s reads 16 GB in 2 ms, 500 tokens a second; said of the B200, as
    # a what-if, both are right.
    for what_if in ("If we had a B200 at 8 TB/s it'd be about two milliseconds, around 500 "
                    "tokens a second, but not on this H100.",
                    "Just for fun, on a B200 at 8 TB/s you'd get about 2 milliseconds, so "
                    "around 500 tokens a second."):
        assert said(library, "speed-physics/q1", what_if).all_right
    assert not said(library, "speed-physics/q1",
                    "If we had a B200 at 8 TB/s it'd be about 4 milliseconds.").all_right


def test_a_figure_called_just_wrong_is_set_aside(library: Library) -> None:
    # q7-follow-up: the parts' own factors multiplied, 3 × 2 = 6×, is the card's slip,
    # unless the speaker calls it wrong.
    assert not said(library, "speed-physics/q7-follow-up",
                    "So 6x overall is just wrong: the rest of the step does not change."
                    ).wrong
    assert said(library, "speed-physics/q7-follow-up", "So 6x overall.").wrong


def test_a_quotient_of_operands_said_to_their_digits_is_held_close(library: Library) -> None:
    # ridge-batch: 1.2 million over 3,500 is 343; "around 280" is 18% off it, which two
    # operands said to two digits do not explain.
    slip = said(library, "serving-math/ridge-batch",
                "So m is about 1.2 million over 3,500, around 280.")
    assert [f.text for f in slip.wrong] == ["280"]
    assert said(library, "serving-math/ridge-batch",
                "So m is about 1.2 million over 3,500, around 345.").all_right
