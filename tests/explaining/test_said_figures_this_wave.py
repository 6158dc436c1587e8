"""Figures held to what their digits say: a round figure covers only what rounds to it, a
given restated is the given rounded, and a count of all but one is a restatement."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts


def test_a_one_digit_figure_covers_only_what_rounds_to_it(library: Library) -> None:
    # q6: batched, $3/h ÷ (4,300 tokens/s × 3,600 s/h) ≈ $0.19 per million tokens. "0.1
    # dollars" covers $0.05 to $0.15; it is not a rounding of $0.19.
    result = said(library, "speed-physics/q6",
                  "Batched, the cost comes to about 0.1 dollars per million tokens.")
    assert verdicts(result)["0.1 dollars per million tokens"] == (WRONG, "cost_batched")
    assert said(library, "speed-physics/q6",
                "Batched, the cost comes to about 0.2 dollars per million tokens.").all_right


def test_a_given_restated_is_the_given_rounded(library: Library) -> None:
    # q1: 1 token ÷ (16 GB ÷ 3.35 TB/s) = 209 tokens/s; the scenario's benchmark is 2,000
    # tokens/s. "2,100 tokens a second" rounds from neither: a 10× slip of the ceiling.
    result = said(library, "speed-physics/q1",
                  "So in principle you could get roughly 2,100 tokens a second.")
    assert verdicts(result)["2,100 tokens a second"] == (WRONG, "max_tokens_per_s")
    right = said(library, "speed-physics/q1",
                 "The colleague's 2,000 tokens a second is a broken benchmark.")
    assert right.all_right


def test_all_but_one_of_a_given_count_restates_it(library: Library) -> None:
    # q3-follow-up: 20 users on a server that runs one request at a time.
    result = said(library, "speed-physics/q3-follow-up",
                  "Nineteen users queue while the twentieth decodes at batch one.")
    assert result.all_right


def test_a_part_of_a_figure_said_next_is_no_share_of_the_card(library: Library) -> None:
    # tp-memory-per-gpu: 141.2 GB of weights over 4 GPUs is 35.3 GB each; "a quarter of
    # the 141.2 GB" multiplies, it is not a size.
    result = said(library, "model-sizing/tp-memory-per-gpu",
                  "Each of the four H100s holds a quarter of the 141.2 GB, so 35.3 GB of "
                  "weights.")
    assert result.all_right


def test_nearly_a_slips_round_figure_is_the_right_figure_under_it(library: Library) -> None:
    # weight-only-decode: 16 bits over 4.125 bits a weight (the group scales included) is
    # 3.88×; the slip of leaving the scales out is 16 ÷ 4 = 4×. "Nearly four times" says
    # under 4×.
    nearly = said(library, "quantization/weight-only-decode",
                  "Going from sixteen gigs to about 4.1 gigs makes decode nearly four times "
                  "faster.")
    assert verdicts(nearly)["four times"] == (RIGHT, "decode_speedup")
    flat = said(library, "quantization/weight-only-decode",
                "Going from sixteen bits to four bits makes decode four times faster.")
    assert verdicts(flat)["four times"][0] == WRONG


def test_a_whole_grown_by_its_parts_is_a_step(library: Library) -> None:
    # tpot-with-speculation: a round is one target step plus 4 drafts at 5% each, 1 + 4 ×
    # 0.05 = 1.2 target steps of 20 ms, so 24 ms.
    result = said(library, "speculative-decoding/tpot-with-speculation",
                  "A round is one check plus four drafter steps at 5% each, so 1.2 target "
                  "steps, 24 ms.")
    assert verdicts(result)["1.2"] == (RIGHT, "1 + k × draft_cost")
    assert result.all_right


def test_a_step_of_the_formula_as_the_card_writes_it_is_right(library: Library) -> None:
    # tp-decode-allreduce: 32 × 8,192 × 2 B = 524 KB a message; the ring sends 2 × 7/8 =
    # 1.75 of it from each GPU, 917 KB, which the solved formula folds into one term.
    result = said(library, "parallelism/tp-decode-allreduce",
                  "Each message is half a megabyte, and the ring sends 1.75× that, about "
                  "0.92 MB, from each GPU.")
    assert result.all_right
    slip = said(library, "parallelism/tp-decode-allreduce",
                "Each message is half a megabyte, and the ring sends 1.75× that, about "
                "1.8 MB, from each GPU.")
    assert not slip.all_right


def test_a_model_named_by_its_size_in_words_is_no_byte_count(library: Library) -> None:
    # active-vs-total: DeepSeek-V3 fires 37 billion of its 671 billion parameters a token.
    result = said(library, "moe-serving/active-vs-total",
                  "It computes like a thirty-seven B dense model but you have to store all "
                  "six seventy-one billion parameters.")
    assert result.all_right
    assert "thirty-seven B" not in verdicts(result)


def test_a_port_named_by_its_rate_is_no_size(library: Library) -> None:
    # disagg-pays: the 2.62 GB cache crosses a 400 Gb/s port; the port's name is no
    # claim about the cache's size.
    result = said(library, "serving-engine/disagg-pays",
                  "In a split design the cache goes over a four hundred gigabit port.")
    assert result.all_right


def test_a_what_if_said_as_a_time_and_then_a_rate_is_one_world(library: Library) -> None:
    # decode-floor-b200: 70.6 GB of FP8 weights over an H100's 3.35 TB/s is 21.1 ms a
    # step, so 1 token ÷ 21.1 ms ≈ 47 tokens/s; the card asks only for the B200's 109.
    result = said(library, "hardware/decode-floor-b200",
                  "On an H100 at three point three five it'd be about twenty-one "
                  "milliseconds, forty-seven tokens a second.")
    assert result.all_right
    slip = said(library, "hardware/decode-floor-b200",
                "On an H100 at three point three five it'd be about twenty-one "
                "milliseconds, ninety tokens a second.")
    assert not slip.all_right


def test_a_counterfactual_with_if_youd_is_set_aside(library: Library) -> None:
    # paged-waste: reserving 8,192 slots for a 1,000-token sequence wastes 7,192, the
    # card's 'reserved-max' slip, said here as what one would have wasted.
    result = said(library, "serving-engine/paged-waste",
                  "If you'd reserved the full eighty-one ninety-two up front, you'd be "
                  "wasting about seven thousand one hundred ninety-two slots.")
    assert result.all_right


def test_a_price_said_without_its_dollars_is_the_price(library: Library) -> None:
    # input-vs-output: the GPU rents at $2.50 an hour; "two fifty an hour" says it.
    result = said(library, "slo-capacity-cost/input-vs-output",
                  "The GPU is two fifty an hour.")
    assert verdicts(result)["two fifty an hour"] == (RIGHT, "price")


def test_a_count_of_gpus_is_no_gain(library: Library) -> None:
    # gpus-for-peak: 40 requests/s × 350 tokens ÷ 2,500 tokens/s = 5.6 GPUs' worth; over a
    # 75% target that is 7.47, so 8 GPUs. "Five GPUs" is not 5.6 − 1, a gain.
    result = said(library, "slo-capacity-cost/gpus-for-peak",
                  "Rounding up I'd provision five GPUs.")
    assert verdicts(result)["five GPUs"] == (WRONG, "gpus")


def test_working_said_to_its_digits_is_held_to_them_not_to_the_cards_tolerance(
        library: Library) -> None:
    # goodput: 2,200 tokens/s × 98% = 2,156 tokens/s; 2,056 is 4.6% off, inside the
    # card's 5% but not a rounding of what the speaker's own operands give.
    result = said(library, "slo-capacity-cost/goodput",
                  "At thirty-two it's twenty-two hundred times ninety-eight percent, about "
                  "two thousand fifty-six.")
    assert not result.all_right
    right = said(library, "slo-capacity-cost/goodput",
                 "At thirty-two it's twenty-two hundred times ninety-eight percent, about "
                 "two thousand one hundred fifty-six.")
    assert right.all_right


def test_a_bit_over_a_figure_is_near_it_not_a_bound(library: Library) -> None:
    # q6: $4.17 ÷ $0.194 per million ≈ 21.5× cheaper batched. "A bit over two times" says
    # about 2×, which 21.5× is not, though it is over 2×.
    result = said(library, "speed-physics/q6",
                  "So batching makes it a bit over two times cheaper per token.")
    assert verdicts(result)["two times"] == (WRONG, "cost_ratio")
    assert said(library, "speed-physics/q6",
                "So batching makes it a bit over twenty times cheaper per token.").all_right


def test_a_share_slower_may_be_the_speed_lost(library: Library) -> None:
    # q3: 32 users' caches make the step (16 + 4.19) ÷ 16 ≈ 1.26× as long, so each user's
    # speed drops by 1 − 1 ÷ 1.26 ≈ 21%: "20 percent slower" and "26 percent longer" are
    # both right; "10 percent slower" is neither.
    right = said(library, "speed-physics/q3",
                 "Each user gets around 166 tokens a second, roughly 20 percent slower than "
                 "solo.")
    assert right.all_right
    assert not said(library, "speed-physics/q3",
                    "Each user gets around 166 tokens a second, roughly 10 percent slower "
                    "than solo.").all_right


def test_a_factor_said_as_better_than_claims_a_ratio(library: Library) -> None:
    # q3: 5,310 tokens/s against one user's 209 is 25.4×; 32 is the batch, no ratio.
    result = said(library, "speed-physics/q3",
                  "Total throughput is about 5,300 tokens a second, roughly 32 times better "
                  "than one user.")
    assert verdicts(result)["32 times"] == (WRONG, "throughput_gain")
    assert said(library, "speed-physics/q3",
                "Total throughput is about 5,300 tokens a second, roughly 25 times better "
                "than one user.").all_right


def test_gigabytes_taken_from_gibibytes_are_named(library: Library) -> None:
    # kv-headroom: 95% of 79.65 GiB is 75.7 GiB (81.2 GB); less the 16 GB of weights and
    # 1.07 GB of activations leaves 64.2 GB. 75.7 − 16 − 1.07 = 58.6 subtracts GB from GiB
    # as if they were one unit, and so the "75.7 gigs" it starts from were taken as GB.
    result = said(library, "model-sizing/kv-headroom",
                  "Ninety-five percent of 79.65 gigs is about 75.7 gigs, minus 16 for weights "
                  "and one point oh seven for activations leaves 58.6.")
    wrong = [f for f in result.figures if f.verdict == WRONG]
    assert [f.text for f in wrong] == ["75.7 gigs", "58.6"]
    # The card declares this slip, so its own words name it.
    assert all("'gib-as-gb' mistake" in (f.mistake or "") for f in wrong)
    right = said(library, "model-sizing/kv-headroom",
                 "Ninety-five percent of 79.65 GiB is about 81.2 GB, minus 16 for weights "
                 "and one point oh seven for activations leaves 64.2.")
    assert right.all_right


def test_a_sum_the_worked_formula_regroups_is_no_step(library: Library) -> None:
    # q7: the step becomes 0.7 + 0.3 ÷ 3 = 0.8 of itself, a 1.25× speedup. The solver's
    # form groups 1 + 0.3 ÷ 3 = 1.1, which is no step anyone says: "1.11 times" is wrong.
    result = said(library, "speed-physics/q7",
                  "For the attention change the step becomes 0.9, so about 1.11 times faster "
                  "overall.")
    assert verdicts(result)["1.11 times"][0] == WRONG


def test_a_figure_said_of_another_case_is_judged_as_that_cases(library: Library) -> None:
    # queueing-rates, μ = 10/s: at 9 arriving the time in system is 1 ÷ (10 − 9) = 1 s.
    # 100 ms is the wait at 5 arriving, not anything at 9.
    result = said(library, "serving-math/queueing-rates",
                  "At 9 it's one over 1, so 100 milliseconds.")
    assert verdicts(result)["100 milliseconds"][0] == WRONG
    assert said(library, "serving-math/queueing-rates",
                "At 9 it's one over 1, so 1 second.").all_right
    # tp-stops-paying: the TP 4 step (12.4 ms) set against TP 8's in a later clause.
    both = said(library, "parallelism/tp-stops-paying",
                "At TP 8 it's 5.27 ms plus 1.93 ms, so 7.2 ms, and the speed-up is 12.4 ms "
                "over 7.2 ms.")
    assert both.all_right


def test_a_bare_number_taken_from_a_price_takes_the_prices_unit(library: Library) -> None:
    # q6: $4.17 per million over 64 users' worth of tokens is not 64× cheaper: batching
    # gives 4,300 ÷ 200 = 21.5× the tokens. "64, so about 6.5 cents" is no difference.
    result = said(library, "speed-physics/q6",
                  "With 64 users you divide that by 64, so about six and a half cents per "
                  "million, 64 times cheaper.")
    assert verdicts(result)["64 times"] == (WRONG, "cost_ratio")


def test_gpu_hours_said_as_one_word_are_gpus_times_hours(library: Library) -> None:
    # gpu-days: 6 × 8.03 billion × 15 trillion FLOP over 1,024 × 989 TFLOPS × 40% is 20.6
    # days, and × 1,024 GPUs × 24 h about 507,000 GPU-hours.
    result = said(library, "transformer-accounting/gpu-days",
                  "Multiplied by the GPU count that's about 507 thousand GPU-hours.")
    assert verdicts(result)["507 thousand GPU-hours"] == (RIGHT, "gpu_hours")


def test_a_given_said_to_its_decimals_with_its_unit_left_off(library: Library) -> None:
    # eight-gpus-405b: the engine may use 71.68 GiB on each GPU.
    result = said(library, "parallelism/eight-gpus-405b",
                  "The engine may use 71.68 per GPU.")
    assert result.all_right


def test_working_far_from_every_quantity_of_the_card_is_the_speakers_own(
        library: Library) -> None:
    # tp-memory-per-gpu: 41.7 GB of cache room over 80 KiB a token on each GPU is about
    # 509,000 tokens, 62 times the 8,192-token context: a quantity the card does not state,
    # worked right.
    result = said(library, "model-sizing/tp-memory-per-gpu",
                  "41.7 GB over 80 KiB is about 509 thousand tokens.")
    assert result.all_right
    slip = said(library, "model-sizing/tp-memory-per-gpu",
                "41.7 GB over 80 KiB is about 309 thousand tokens.")
    assert not slip.all_right


def test_a_given_restated_is_not_overruled_by_a_fact_near_it(library: Library) -> None:
    # dense-vs-sparse: the datasheet's sparse headline is 2 × 989 = 1,978 TFLOPS; the
    # H100's FP8 dense figure (1,979) is near it, and "BF16" points at the dense 989. The
    # headline is right; dividing by it is the card's 'sparse-peak' slip (66.5 ms).
    result = said(library, "hardware/dense-vs-sparse",
                  "The H100 headline is about 1,978 teraflops of BF16, so the floor is about "
                  "66 milliseconds.")
    assert verdicts(result)["1,978 teraflops"][0] == RIGHT
    assert verdicts(result)["66 milliseconds"][0] == WRONG


def test_a_figure_per_thing_a_power_of_ten_off_is_a_unit_slip(library: Library) -> None:
    # prefix-sharing: one copy of a 2,000-token prompt at 128 KiB a token is 262 MB.
    result = said(library, "serving-engine/prefix-sharing",
                  "At a hundred twenty-eight KiB per token that's about two point six gigs per "
                  "copy.")
    assert not result.all_right
    assert said(library, "serving-engine/prefix-sharing",
                "At a hundred twenty-eight KiB per token that's about two hundred sixty-two "
                "megs per copy.").all_right


def test_a_slips_working_as_the_card_writes_it_is_the_slip(library: Library) -> None:
    # latency-frontier: 15 ms over each sequence's 78 µs of cache reading is 192, the
    # card's 'no-weight-read' slip: the 4.8 ms weight read comes first, leaving room for
    # about 130.
    result = said(library, "slo-capacity-cost/latency-frontier",
                  "Fifteen milliseconds over seventy-eight microseconds is about a hundred "
                  "ninety-two sequences.")
    assert not result.all_right


def test_a_coefficient_set_equal_to_a_figure_is_part_of_a_formula(library: Library) -> None:
    # ridge-per-precision: FP8 weights are one byte, so intensity is 2 × batch FLOP per
    # byte; set equal to the 591 FP8 ridge it gives a batch of about 295.
    result = said(library, "hardware/ridge-per-precision",
                  "Setting two times batch equal to 591 gives a batch of about 295.")
    assert result.all_right


def test_a_given_count_said_per_step_restates_the_given(library: Library) -> None:
    # token-budget: the engine caps each step at 2,048 tokens.
    result = said(library, "serving-engine/token-budget",
                  "The budget is 2,048 tokens a step.")
    assert result.all_right


def test_a_wrong_figure_is_named_in_a_line_however_long_the_working(
        library: Library) -> None:
    # best-draft-length: the best draft is searched over lengths 1 to 8, a working of
    # thousands of characters; the learner hears the right value instead.
    result = said(library, "speculative-decoding/best-draft-length",
                  "So I'd draft about 3.2 tokens' worth, call it 3.2×.")
    wrong = [f for f in result.figures if f.verdict == WRONG]
    assert wrong
    assert all(len(f.mistake or "") < 300 for f in wrong)


def test_nothing_like_a_figure_sets_it_aside(library: Library) -> None:
    # q3: batching 32 users does not make each 32 times slower.
    result = said(library, "speed-physics/q3",
                  "So each user is slower than alone but nothing like 32 times slower.")
    assert result.all_right


def test_a_figure_said_to_be_no_thing_is_no_claim(library: Library) -> None:
    # kv-headroom: 119.5 conversations fit on paper; half a conversation holds nothing.
    result = said(library, "model-sizing/kv-headroom",
                  "You round down to 119 because half a conversation is no conversation.")
    assert result.all_right


def test_something_taking_a_share_would_is_a_what_if(library: Library) -> None:
    # amdahl: the card's attention is 30% of the time; a part taking 80% would cap the
    # speedup at 1 ÷ (1 − 0.8) = 5×, and never at 1.43×.
    result = said(library, "serving-math/amdahl",
                  "Something taking 80% of the runtime would be a much better target, with "
                  "a ceiling of 5x.")
    assert result.all_right
    slip = said(library, "serving-math/amdahl",
                "Something taking 80% of the runtime would be a much better target, with a "
                "ceiling of 8x.")
    assert not slip.all_right


def test_a_figure_said_like_a_right_one_claims_a_quantity_of_its_kind(
        library: Library) -> None:
    # queueing: time in system is 1 ÷ (1 − ρ) service times: 5 at 80% busy, 20 at 95%.
    result = said(library, "serving-math/queueing",
                  "At 80% that's 5 service times, at 95% it's 10 service times.")
    assert verdicts(result)["10"] == (WRONG, "high_time_factor")
    assert said(library, "serving-math/queueing",
                "At 80% that's 5 service times, at 95% it's 20 service times.").all_right


def test_the_words_after_which_are_about_what_comes_next(library: Library) -> None:
    # gpu-days: the run takes 20.6 days; "which in GPU-hours is ..." turns to the next
    # figure, and does not make 20.6 days the 'wall-clock' slip of the GPU-hours.
    result = said(library, "transformer-accounting/gpu-days",
                  "Dividing, that's roughly 20.6 days, which in GPU-hours is about 507 "
                  "thousand.")
    assert verdicts(result)["20.6 days"] == (RIGHT, "run_days")


def test_a_figure_set_against_another_gpus_is_that_gpus(library: Library) -> None:
    # h20-ridge: 16.1 GB at the H20's 4 TB/s is 4 ms a step; at the H100's 3.35 TB/s it
    # is 4.8 ms, the card's reference.
    result = said(library, "hardware/h20-ridge",
                  "At 4 TB/s that's about 4 ms, actually a bit faster than the H100's 4.8.")
    assert result.all_right
