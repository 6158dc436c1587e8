"""A slip said of another case than the one its declared mistake is about (the batched
cost said in a sentence about 64 users), and the words spoken answers put around a figure
that name what it is: a share of pages "slower than a second"."""

from __future__ import annotations

from drill.explaining.explain import AGAIN, WRONG
from drill.packs.library import Library
from testkit import said, verdicts


def test_a_cost_said_of_the_batched_case_is_the_batched_cost(library: Library) -> None:
    # q6: $3/h over 4,300 tokens/s × 3,600 s ≈ 15.5 million tokens an hour is $0.194 per
    # million; a slip to 1.5 million an hour gives about $2, which is also near the single
    # user's divided-by-hours slip ($2.16), but the sentence is about the 64 users.
    opening = ("The GPU is three dollars an hour. One user at 200 tokens a second is 720,000 "
               "tokens an hour, so about $4.17 per million. ")
    slip = said(library, "speed-physics/q6",
                opening + "With 64 users at 4,300 tokens a second, that's about 1.5 million "
                "tokens an hour, so about two dollars per million.")
    assert verdicts(slip)["two dollars per million"] == (WRONG, "cost_batched")
    right = said(library, "speed-physics/q6",
                 opening + "With 64 users at 4,300 tokens a second, that's about 15.5 million "
                 "tokens an hour, so about nineteen cents per million.")
    assert right.all_right


def test_a_share_of_pages_slower_than_a_second(library: Library) -> None:
    # fan-out: 0.99^10 ≈ 90.4% of pages stay within the second, so 9.6% are slower; a slip
    # to 81% within says one page in five.
    slip = said(library, "serving-math/fan-out",
                "0.99 to the tenth is roughly 81 percent, so about one in five pages is "
                "slower than a second.")
    assert verdicts(slip)["one in five"] == (WRONG, "slow_share")
    right = said(library, "serving-math/fan-out",
                 "0.99 to the tenth is roughly 90 percent, so about one in ten pages is "
                 "slower than a second.")
    assert right.all_right


def test_a_sum_of_three_said_wrong(library: Library) -> None:
    # q7-follow-up: 0.2 + 0.3 ÷ 3 + 0.5 ÷ 2 = 0.2 + 0.1 + 0.25 = 0.55 of the old step.
    slip = said(library, "speed-physics/q7-follow-up",
                "So the new step is 0.2 plus 0.1 plus 0.25, that's 0.45 of the old one.")
    assert verdicts(slip)["0.45"][0] == WRONG
    right = said(library, "speed-physics/q7-follow-up",
                 "So the new step is 0.2 plus 0.1 plus 0.25, that's 0.55 of the old one.")
    assert right.all_right


def test_twice_as_cheap_is_a_factor(library: Library) -> None:
    # q6: $4.17 ÷ $0.194 ≈ 21.5 times cheaper batched.
    opening = "One user is about $4.17 a million and batched about $0.194 a million. "
    slip = said(library, "speed-physics/q6", opening + "So batching is about twice as cheap.")
    assert verdicts(slip)["twice"] == (WRONG, "cost_ratio")
    right = said(library, "speed-physics/q6",
                 opening + "So batching is about 21 times as cheap.")
    assert right.all_right


def test_a_factor_of_the_service_time_is_a_claim(library: Library) -> None:
    # queueing: at 95% busy the time in system is 1 ÷ (1 − 0.95) = 20 service times.
    opening = "At 80% that's 5 times the service time, "
    slip = said(library, "serving-math/queueing",
                opening + "at 95% it's 10 times the service time.")
    assert verdicts(slip)["10 times"][0] == WRONG
    right = said(library, "serving-math/queueing",
                 opening + "at 95% it's 20 times the service time.")
    assert right.all_right


def test_a_bare_number_is_the_result_its_subject_names(library: Library) -> None:
    # q4: the ridge is 989 TFLOPS ÷ 3.35 TB/s ≈ 295 FLOP/byte; "29.5" is ten times low.
    slip = said(library, "speed-physics/q4", "The ridge is 989 over 3.35, about 29.5.")
    assert verdicts(slip)["29.5"] == (WRONG, "ridge_point")
    right = said(library, "speed-physics/q4", "The ridge is 989 over 3.35, about 295.")
    assert right.all_right
    # p99-samples: 1% of 200 requests is 2 above the P99; "about 20" is ten times high.
    tail = said(library, "serving-math/p99-samples",
                "Out of 200 requests only about 20 are above the P99, so it's noisy.")
    assert [f.verdict for f in tail.figures if f.text.endswith("20")] == [WRONG]
    two = said(library, "serving-math/p99-samples",
               "Out of 200 requests only about 2 are above the P99, so it's noisy.")
    assert two.all_right


def test_a_share_said_of_a_whole_is_worked(library: Library) -> None:
    # q5: 350 W of a 700 W cap is half of it.
    slip = said(library, "speed-physics/q5", "350 watts is about a quarter of the cap.")
    (figure,) = [f for f in slip.figures if f.text == "a quarter"]
    assert (figure.verdict, figure.expected) == (WRONG, "0.5")
    right = said(library, "speed-physics/q5", "350 watts is about half of the 700 W cap.")
    assert right.all_right
    # int4-one-gpu: 36.4 GB ÷ 141 GB ≈ 0.26, a quarter as said.
    quarter = said(library, "quantization/int4-one-gpu",
                   "70.6 billion weights is about 36.4 GB, about a quarter of the 141 GB "
                   "in BF16.")
    assert quarter.all_right


def test_a_factor_said_as_double_or_twice_the_latency(library: Library) -> None:
    # queueing: 5 service times at 80% busy, 20 at 95%, so latency grows 4×.
    opening = "At 80 percent that's five service times and at 95 percent twenty, "
    for slip_words in ("so only double.", "so about twice the latency."):
        slip = said(library, "serving-math/queueing", opening + slip_words)
        assert [f.verdict for f in slip.figures if f.text in ("double", "twice")] == [WRONG]
    right = said(library, "serving-math/queueing", opening + "so about four times the latency.")
    assert right.all_right
    # "double the batch" is a verb, no factor said.
    verb = said(library, "speed-physics/q4-follow-up",
                "If you double the batch there, each step takes twice as long.")
    assert not [f for f in verb.figures if f.text == "double"]


def test_a_sum_with_a_quotient_is_worked_term_by_term(library: Library) -> None:
    # q7: 0.7 + 0.3 ÷ 3 = 0.8 of the old step, a 1.25× speedup.
    slip = said(library, "speed-physics/q7",
                "Only the attention share shrinks: 0.7 plus 0.3 over 3 is 0.9.")
    assert verdicts(slip)["0.9"][0] == WRONG
    right = said(library, "speed-physics/q7",
                 "Only the attention share shrinks: 0.7 plus 0.3 over 3 is 0.8.")
    assert right.all_right
    # intensity: 64 × 4096 ÷ (4096 + 128) ≈ 62 at batch 64; a sum said after the
    # quotient may be its divisor.
    divisor = said(library, "serving-math/intensity",
                   "At batch 64 it's 64 times 4096 over 4096 plus 128, about 62.")
    assert divisor.all_right


def test_a_share_of_a_bare_whole_and_a_slip_called_off(library: Library) -> None:
    # q5: 2.67 TB/s ÷ 3.35 TB/s ≈ 79.6% of the peak.
    slip = said(library, "speed-physics/q5",
                "That's about 2.67 terabytes a second, and that's about 90 percent of the "
                "3.35 peak.")
    assert verdicts(slip)["90 percent"] == (WRONG, "mbu")
    # q7-follow-up: the multiplied speedups, called off, are no claim.
    aside = said(library, "speed-physics/q7-follow-up",
                 "The new step is 0.55 of the old one, about 1.82 times faster. Multiplying "
                 "the speedups to get 6x would be way off.")
    assert aside.all_right


def test_a_speedup_said_of_a_share_of_the_time(library: Library) -> None:
    # amdahl: 0.7 + 0.3 ÷ 2 = 0.85 of the time, so 1 ÷ 0.85 ≈ 1.18× overall; 1.5× is
    # near only the 1.43× ceiling.
    opening = "The 70 percent untouched plus 0.3 over 2, so 0.85 of the time, which is about "
    slip = said(library, "serving-math/amdahl", opening + "1.5 times faster overall.")
    assert verdicts(slip)["1.5 times"] == (WRONG, "overall_speedup")
    right = said(library, "serving-math/amdahl", opening + "1.18 times faster overall.")
    assert right.all_right
    # A share of the time that is sped up is no share left: "30% of the time, 2x faster".
    part = said(library, "serving-math/amdahl",
                "Thirty percent of the time, two times faster, so you save half of it.")
    assert not [f for f in part.figures if f.verdict == WRONG]


def test_a_range_of_steps_far_from_the_card_is_judged(library: Library) -> None:
    # q2: the 8,000-token paste takes 129 ms of prefill, 27 decode steps of 4.78 ms.
    slip = said(library, "speed-physics/q2",
                "While it runs the thirty streams lose around 13 or 14 steps.")
    assert [f.verdict for f in slip.figures if f.text.startswith("14")] == [WRONG]
    right = said(library, "speed-physics/q2",
                 "While it runs the thirty streams lose around 26 or 27 steps.")
    assert right.all_right


def test_the_ceiling_taken_from_the_share_sped_up(library: Library) -> None:
    # amdahl: 30% made faster leaves 70%, so the ceiling is 1 ÷ 0.7 ≈ 1.43×; 1 ÷ 0.3 ≈
    # 3.33× divides by the share that shrinks.
    slip = said(library, "serving-math/amdahl",
                "Even if attention went to zero you'd top out at one over 0.3, about 3.3x.")
    (figure,) = [f for f in slip.figures if f.text == "3.3x"]
    assert (figure.verdict, figure.name) == (WRONG, "speedup_ceiling")
    assert "'ceiling-from-share'" in (figure.mistake or "")
    right = said(library, "serving-math/amdahl",
                 "Even if attention went to zero you'd top out at one over 0.7, about 1.43x.")
    assert right.all_right


def test_any_decimal_quantile_is_a_share(library: Library) -> None:
    # fan-out: each call must meet 0.99^(1/10) ≈ 99.9%, a tail of 0.1%.
    slip = said(library, "serving-math/fan-out",
                "For a page P99 you'd need each call to meet its P99.5.")
    (figure,) = slip.figures
    assert (figure.verdict, figure.name) == (WRONG, "call_quantile_for_page")
    assert "a tail of 0.5% where 0.1% is right" in (figure.mistake or "")
    right = said(library, "serving-math/fan-out",
                 "For a page P99 you'd need each call to meet its P99.9.")
    assert right.all_right


def test_a_bare_number_in_a_parallel_clause_is_the_other_case(library: Library) -> None:
    # queueing: 1 ÷ (1 − 0.8) = 5 service times at 80% busy, 1 ÷ (1 − 0.95) = 20 at 95%.
    for joined in (" and", ";"):
        slip = said(library, "serving-math/queueing",
                    f"At 80 percent that's five service times{joined} at 95 percent it's "
                    "about 10, so it grows.")
        assert verdicts(slip)["10"] == (WRONG, "high_time_factor")
        right = said(library, "serving-math/queueing",
                     f"At 80 percent that's five service times{joined} at 95 percent it's "
                     "about 20, so it grows.")
        assert right.all_right
    # A bare number with another result between is no other case: "15 more points".
    points = said(library, "serving-math/queueing",
                  "At 80 percent you wait five service times, at 95 percent twenty service "
                  "times, so 4x worse for only 15 more points of load.")
    assert points.all_right


def test_a_case_named_by_a_given_said_as_an_operand(library: Library) -> None:
    # q6: batched, 4,300 tokens/s × 3,600 s ≈ 15.5 million tokens an hour, $0.194 a
    # million; 1.5 million an hour gives about $2, said of the batch.
    opening = "One user at 200 a second is 720k tokens an hour, so $4.17 a million. "
    slip = said(library, "speed-physics/q6",
                opening + "Batched, 4,300 times 3,600 is about 1.5 million tokens an hour, so "
                "about two dollars a million.")
    assert verdicts(slip)["two dollars a million"] == (WRONG, "cost_batched")


def test_a_slip_said_again_against_the_models_own_figure(library: Library) -> None:
    # q1: 8 billion BF16 parameters are 16 GB (the model's 16.1 GB); "eight gigs" twice is
    # one slip, whichever of the two it was held to first.
    slip = said(library, "speed-physics/q1",
                "Eight billion parameters in BF16, so that's about eight gigs of weights. "
                "Eight gigs over 3.35 terabytes a second is roughly 2.4 ms per step.")
    marks = [(f.text, f.verdict) for f in slip.figures if f.text.lower() == "eight gigs"]
    assert marks == [("eight gigs", WRONG), ("Eight gigs", AGAIN)]


def test_a_share_of_nothing_is_no_error(library: Library) -> None:
    # A whole of zero, or a part of zero, gives no share to check, and no crash.
    for text in ("The read is 8 GB, which is 0% of the 0 peak.",
                 "The read is 0 GB, about 50% of the 3.35 peak."):
        result = said(library, "speed-physics/q5", text)
        assert result.refused is None


def test_zeros_and_extremes_in_spoken_working_are_no_error(library: Library) -> None:
    # Said working that no float holds, or that divides by nothing, is judged without a
    # crash: a zero factor "faster", a quotient that underflows, a zero part of a whole.
    for key, text in (("speed-physics/q4", "That's 0.3 of it, 0x faster, so 0.1."),
                      ("transformer-accounting/gpu-days",
                       "It gives 1e308 plus 1e308 over 1e-308 is 5."),
                      ("speed-physics/q5", "The read is 0 GB, about a quarter of the 8 GB."),
                      ("model-sizing/mha-gqa-mqa", "That is 2 times 5e-324 tokens a second."),
                      ("speed-physics/q4", "The ridge is 989 over 3.35, about 1e-320."),
                      ("serving-math/kv-capacity", "It's 1e-320 of the time, so 0x faster.")):
        assert said(library, key, text).refused is None


def test_a_total_for_the_gpu_takes_the_rate_said_before_it(library: Library) -> None:
    # q6-follow-up: 64 users at 66.5 tokens/s each is about 4,260 tokens/s for the GPU.
    opening = "Each user gets about 97 tokens a second, and "
    for total in ("the GPU around 6,200 in total.", "the whole GPU about 6,200, so it's fine.",
                  "the GPU does 6.2k total."):
        slip = said(library, "speed-physics/q6-follow-up", opening + total)
        (figure,) = [f for f in slip.figures if f.text.startswith("6")]
        assert (figure.verdict, figure.name) == (WRONG, "total_tokens_per_s"), total
    right = said(library, "speed-physics/q6-follow-up",
                 "Each user gets about 66.5 tokens a second, and the GPU around 4,260 in total.")
    assert right.all_right


def test_the_cards_one_result_of_a_kind_however_far(library: Library) -> None:
    # q6: 200 tokens/s × 3,600 s = 720,000 tokens an hour, so a million cost $4.17; the
    # per-minute slip (12,000 an hour) gives about $250, 60 times too much.
    slip = said(library, "speed-physics/q6",
                "A single user at 200 tokens a second gives 12,000 tokens an hour, so a "
                "million tokens works out to about $250.")
    assert verdicts(slip)["$250"] == (WRONG, "million_cost_single")
    right = said(library, "speed-physics/q6",
                 "A single user at 200 tokens a second gives 720,000 tokens an hour, so a "
                 "million tokens works out to about $4.17.")
    assert right.all_right
