"""Figures said the loose way people say them in a minute: a share as a fraction in words
("a third of the time") is held to the rounding those words carry."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts

_P99_OPENING = ("Out of 100 samples you'd expect just one above the true P99. Nothing lands "
                "above it with probability 0.99 to the hundredth, ")


def test_a_third_said_for_a_share_near_it_is_right(library: Library) -> None:
    # p99-from-100: 0.99^100 ≈ 36.6%; "a third" is 33.3%, 9% under it, as a person rounds.
    answer = said(library, "benchmarking/p99-from-100",
                  _P99_OPENING + "so a third of the time the slowest sample is still under it.")
    assert verdicts(answer)["a third"][0] == RIGHT
    assert answer.all_right


def test_a_fraction_in_words_far_from_the_share_is_wrong(library: Library) -> None:
    # A quarter (25%) and two thirds (66.7%) are not a rounding of 36.6%.
    for words in ("a quarter", "two thirds"):
        answer = said(library, "benchmarking/p99-from-100",
                      _P99_OPENING + f"so {words} of the time the slowest sample is under it.")
        assert verdicts(answer)[words] == (WRONG, "none_above"), words
        assert not answer.all_right


_LAUNCHES = "Three hundred kernels times four microseconds is "


def test_a_factor_carried_from_a_slipped_figure_is_its_share_said_wrong(
        library: Library) -> None:
    # q7: 300 × 4 µs = 1.2 ms of launches, 25% of the 4.8 ms step. Said 10× high as 12 ms,
    # "two and a half times the step" is that share carried, 10× high too.
    for said_of in ("the 4.8 ms step", "the whole step"):
        answer = said(library, "speed-physics/q7",
                      _LAUNCHES + f"12 milliseconds of CPU, that's two and a half times "
                      f"{said_of}, so launches would dominate.")
        assert verdicts(answer)["two and a half times"] == (WRONG, "launch_fraction"), said_of


def test_a_bound_on_the_factor_holds_or_not_by_the_right_figures(library: Library) -> None:
    # "More than twice the step" of 12 ms is the same slip; "less than 0.3 times" of the
    # right 1.2 ms holds, as 25% is under it.
    slip = said(library, "speed-physics/q7",
                _LAUNCHES + "12 milliseconds, which is more than twice the 4.8 ms step.")
    assert verdicts(slip)["twice"] == (WRONG, "launch_fraction")
    right = said(library, "speed-physics/q7",
                 _LAUNCHES + "1.2 milliseconds, which is under 0.3 times the 4.8 ms step.")
    assert verdicts(right)["0.3 times"] == (RIGHT, "launch_fraction")
    assert right.all_right


_FAN_OUT = "All ten calls inside their P99 is 0.99 to the tenth, about 90 percent, "


def test_a_share_said_as_odds_of_pages_is_the_share_of_pages(library: Library) -> None:
    # fan-out: 1 − 0.99^10 ≈ 9.6% of pages are slow; "one in a hundred pages" is that share
    # said 10× low (the 1% is a call's), "one in five pages" twice too high.
    for odds in ("one in a hundred", "one in five"):
        answer = said(library, "serving-math/fan-out",
                      _FAN_OUT + f"so about {odds} pages breaks the line.")
        assert verdicts(answer)[odds] == (WRONG, "slow_share"), odds
    right = said(library, "serving-math/fan-out",
                 _FAN_OUT + "so about one in ten pages breaks the line.")
    assert verdicts(right)["one in ten"] == (RIGHT, "slow_share")


def test_the_calls_own_share_said_as_odds_of_calls_is_right(library: Library) -> None:
    # One in a hundred calls is slow: the given P99 restated, said of calls.
    answer = said(library, "serving-math/fan-out",
                  _FAN_OUT + "so though only one in a hundred calls is slow, about one in "
                  "ten pages breaks the line.")
    assert verdicts(answer)["one in a hundred calls"][0] == RIGHT
    assert answer.all_right


def test_a_port_said_in_gigabit_and_again_in_gigabytes_is_the_link(library: Library) -> None:
    # ep-all-to-all: 1.28 GB a step through a 400 Gb/s port (50 GB/s) is 25.5 ms; "a 400
    # gigabit port" is the port's rate, and "which is 50 gigabytes" the same rate again.
    answer = said(library, "moe-serving/ep-all-to-all",
                  "A GPU moves 1.28 gigabytes a step through a 400 gigabit NDR port, which is "
                  "50 gigabytes, so about 25.5 milliseconds.")
    assert verdicts(answer)["400 gigabit"] == (RIGHT, "link")
    assert verdicts(answer)["50 gigabytes"] == (RIGHT, "link")
    assert answer.all_right
    slip = said(library, "moe-serving/ep-all-to-all",
                "A GPU moves 1.28 gigabytes a step through a 400 gigabit NDR port, which is "
                "400 gigabytes, so about 3.2 milliseconds.")
    # Bits taken for bytes: no restatement of the port, so no right figure.
    assert verdicts(slip)["400 gigabytes"][0] != RIGHT
    assert not slip.all_right


def test_a_links_rate_said_a_second_with_its_size_left_off(library: Library) -> None:
    # link-speeds: NVLink 4 moves 450 GB/s each way; "450 a second each way" is that rate.
    answer = said(library, "hardware/link-speeds",
                  "The cache is 32,768 tokens times 320 KiB, about 10.7 gigs. NVLink 4 does "
                  "450 a second each way, so about 24 ms.")
    assert verdicts(answer)["450 a second"] == (RIGHT, "nvlink")
    assert answer.all_right


def test_a_flop_count_said_as_a_peak_is_the_peak_rate(library: Library) -> None:
    # chunk-from-tpot: "15 ms of the 989 teraflop peak" names the H100's 989 TFLOPS, no
    # step's 8.9 TFLOP of work.
    answer = said(library, "serving-engine/chunk-from-tpot",
                  "The TPOT target sets a budget: 15 milliseconds of the 989 teraflop peak, "
                  "divided by 2 times 8.03 billion, about 16 gigaflops a token.")
    assert verdicts(answer)["989 teraflop"] == (RIGHT, "peak_flops")


def test_a_count_noun_that_describes_the_next_noun_counts_nothing_of_its_own(
        library: Library) -> None:
    # moe-vs-dense: batch 8 × top-2 is 16 picks per layer; "16 expert picks" is no claim
    # of 16 experts (Mixtral has 8).
    answer = said(library, "moe-serving/moe-vs-dense",
                  "Mixtral at batch 8 with top-2 is 16 expert picks per layer.")
    assert all(f.verdict != WRONG for f in answer.figures)
    slip = said(library, "moe-serving/moe-vs-dense",
                "Mixtral at batch 8 with top-2 touches 16 experts per layer.")
    assert any(f.verdict == WRONG for f in slip.figures)


def test_steps_a_full_answer_says_are_the_cards_own(library: Library) -> None:
    # reserved-vs-on-demand: 24 − 10 = 14 idle hours a reservation still bills.
    idle = said(library, "slo-capacity-cost/reserved-vs-on-demand",
                "On demand is 10 times 3.20, $32 a day, against $48 reserved. So on demand, "
                "unless you can fill the other 14 hours.")
    assert verdicts(idle)["14 hours"] == (RIGHT, "idle_hours")
    # chunk-from-tpot: ceil(10,000 ÷ 490) = 21 steps of 15 ms, 315 ms to the first token.
    ttft = said(library, "serving-engine/chunk-from-tpot",
                "The 10,000-token prompt then needs about 21 steps, so a bit over 300 ms "
                "before its first token.")
    assert verdicts(ttft)["300 ms"] == (RIGHT, "prompt_ttft")


def test_the_shares_of_a_correlated_tail_swapped_is_the_named_slip(library: Library) -> None:
    # hedged-requests: 5% × (40% + 60% × 5%) = 2.15%; the 60% of slow calls slow on
    # their own are 3% of calls. Swapping the shares gives 5% × (60% + 40% × 5%) = 3.1%.
    right = said(library, "slo-capacity-cost/hedged-requests",
                 "If 40 percent of slow calls share a cause, those 2 percent stay slow, and "
                 "only the other 3 percent benefit, so about 2.15 percent stay slow.")
    assert right.all_right
    slip = said(library, "slo-capacity-cost/hedged-requests",
                "If 40 percent of slow calls share a cause, about 3.1 percent stay slow.")
    assert verdicts(slip)["3.1 percent"] == (WRONG, "correlated_slow")
    assert any(f.mistake and "shares-swapped" in f.mistake for f in slip.figures)


def test_the_dispatch_leg_alone_said_as_such_is_right(library: Library) -> None:
    # ep-all-to-all: 8 copies × 7,168 values × 1 byte = 57.3 KB out per layer; with the
    # 2-byte combine leg back, 172 KB. Said as the leg out, 57 KB is right.
    answer = said(library, "moe-serving/ep-all-to-all",
                  "Per layer a token's 7,168 values go to 8 experts at one byte each, about 57 "
                  "kilobytes out, and twice that comes back, so about 172 KB per layer.")
    assert verdicts(answer)["57 kilobytes"] == (RIGHT, "dispatch_per_layer")
    assert answer.all_right


def test_a_factor_is_no_count_a_unit_slipped(library: Library) -> None:
    # samples-for-p999: 10 ÷ 0.1% = 10,000 requests; "each extra nine is ten times more"
    # says how the count grows, no 10,000 said a thousand times low.
    answer = said(library, "benchmarking/samples-for-p999",
                  "To get 10 samples beyond the P99.9, divide by the tail share, 0.1 percent, "
                  "so 10,000 requests. Each additional nine is ten times more.")
    assert answer.all_right
    slip = said(library, "benchmarking/samples-for-p999",
                "To get 10 samples beyond the P99.9, divide by the tail share, 0.1 percent, "
                "so 1,000 requests.")
    assert verdicts(slip)["1,000 requests"] == (WRONG, "samples")


def test_a_right_figure_said_again_in_other_units_is_that_quantity(library: Library) -> None:
    # gpu-days: 7.2e23 FLOP ÷ 405 PFLOP/s ≈ 1.78 million seconds, 20.6 days of wall
    # clock. "Roughly 20.6 days" right after it is that time again, not the GPU-hours slip.
    answer = said(library, "transformer-accounting/gpu-days",
                  "Divide and you get about 1.78 million seconds, roughly 20.6 days, and in "
                  "GPU-hours that's 20.6 days times 24 times 1,024, about 507,000.")
    assert verdicts(answer)["20.6 days"][0] == RIGHT
    assert answer.all_right
    slip = said(library, "transformer-accounting/gpu-days",
                "Divide and you get about 1.78 million seconds, roughly 20.6 days, and that's "
                "the GPU-hours: about 494 hours.")
    assert any(f.verdict == WRONG for f in slip.figures)


def test_a_bound_said_with_an_article_holds_as_a_bound(library: Library) -> None:
    # fp8-kv-step: (16.1 + 17.2) ÷ (16.1 + 8.6) ≈ 1.35×, "well under a 2x gain" holds.
    answer = said(library, "quantization/fp8-kv-step",
                  "FP8 halves only the KV part, so the step drops to around 7.4 ms, well "
                  "under a 2x gain.")
    assert verdicts(answer)["2x"][0] == RIGHT
    slip = said(library, "quantization/fp8-kv-step",
                "FP8 halves only the KV part, so the step drops to around 7.4 ms, a 2x gain.")
    assert verdicts(slip)["2x"][0] == WRONG


def test_one_sequences_cache_is_a_step_of_the_cards_that_sum_it(library: Library) -> None:
    # kv-blocks: 4,000 tokens × 128 KiB ≈ 524 MB a sequence; fp8-kv-step: 4,096 × 128 KiB
    # ≈ 537 MB a sequence, 32 of them 17.2 GB.
    blocks = said(library, "serving-engine/kv-blocks",
                  "Each 4,000-token sequence needs about 524 megabytes of cache, 250 blocks.")
    assert verdicts(blocks)["524 megabytes"] == (RIGHT, "seq_bytes")
    step = said(library, "quantization/fp8-kv-step",
                "Each sequence is 4,096 times 128 KiB, 537 MB, times 32 is 17.2 GB.")
    assert verdicts(step)["537 MB"] == (RIGHT, "kv_per_seq")
    assert step.all_right


def test_a_count_whose_noun_comes_a_word_later_is_judged_by_that_noun(
        library: Library) -> None:
    # experts-touched: 256 × (1 − (31/32)^32) ≈ 163 distinct experts; "call it 189
    # distinct experts" is that count said 16% high, though 189 is near nothing asked.
    slip = said(library, "moe-serving/experts-touched",
                "The layer reads about three quarters of its experts, call it 189 distinct "
                "experts.")
    assert verdicts(slip)["189"] == (WRONG, "touched")
    right = said(library, "moe-serving/experts-touched",
                 "So the layer reads about 163 distinct experts.")
    assert verdicts(right)["163"] == (RIGHT, "touched")


def test_a_percentile_defined_by_the_odds_above_it(library: Library) -> None:
    # The P99 leaves 1% above it, one request in a hundred; one in a thousand is P99.9's.
    slip = said(library, "speed-physics/q5-follow-up",
                "Report TTFT and TPOT as percentiles, especially the P99, which is the "
                "slowest one in a thousand requests.")
    assert verdicts(slip)["one in a thousand requests"][0] == WRONG
    assert not slip.all_right
    right = said(library, "speed-physics/q5-follow-up",
                 "Report TTFT and TPOT as percentiles, especially the P99, which is the "
                 "slowest one in a hundred requests.")
    assert verdicts(right)["one in a hundred requests"][0] == RIGHT
    deeper = said(library, "speed-physics/q5-follow-up",
                  "Watch the 99.9th percentile, the slowest one in a thousand.")
    assert verdicts(deeper)["one in a thousand"][0] == RIGHT


def test_a_fraction_of_a_unit_is_held_to_the_rounding_of_its_words(library: Library) -> None:
    # chunk-from-tpot: 21 steps of 15 ms, 315 ms; "about a third of a second" rounds it,
    # "a quarter of a second" (250 ms) does not.
    opening = "A 10,000-token prompt then needs around 21 steps, so its TTFT stretches to "
    right = said(library, "serving-engine/chunk-from-tpot",
                 opening + "about a third of a second.")
    assert verdicts(right)["a third of a second"] == (RIGHT, "prompt_ttft")
    slip = said(library, "serving-engine/chunk-from-tpot",
                opening + "about a quarter of a second.")
    assert verdicts(slip)["a quarter of a second"] == (WRONG, "prompt_ttft")


def test_a_coefficient_of_a_root_or_of_the_parameters_is_part_of_a_formula(
        library: Library) -> None:
    # ab-repeats: 30 × √(2 ÷ n) ≤ 20 gives n ≥ 4.5, so 5 runs each; the 30 multiplies a
    # root, no factor of 30 claimed.
    answer = said(library, "benchmarking/ab-repeats",
                  "To get the gap to two standard errors you need 30 times the square root "
                  "of 2 over n to be at most 20, so n at least 4.5, so 5 runs of each.")
    assert all(f.verdict != WRONG for f in answer.figures)
    mfu = said(library, "transformer-accounting/mfu",
               "For the model FLOPs I take six times the parameters per token.")
    assert all(f.verdict != WRONG for f in mfu.figures)


def test_a_whole_count_the_card_rounds_up_to_is_that_count(library: Library) -> None:
    # weights-by-precision: 141 GB ÷ 77 GB ≈ 1.83 H100s, rounded up to 2. Taking 71.7 GiB
    # for GB gives 1.97, the named slip; "so two GPUs" is still the right count.
    answer = said(library, "model-sizing/weights-by-precision",
                  "The engine gets ninety percent of 79.65 GiB, roughly 71.7 GiB, and 141 over "
                  "that is about 1.97 H100s' worth, so two GPUs just for the weights.")
    assert verdicts(answer)["1.97"][0] == WRONG
    assert verdicts(answer)["two GPUs"] == (RIGHT, "gpus_bf16")
    slip = said(library, "model-sizing/weights-by-precision",
                "141 over 71.7 is about 1.97 H100s' worth, so three GPUs just for the weights.")
    assert verdicts(slip)["three GPUs"][0] == WRONG


def test_the_quotient_before_a_count_is_rounded_up_is_right(library: Library) -> None:
    # moe-memory: 671 GB of FP8 weights over 126.4 GiB (135.7 GB) usable per H200 is 4.94
    # GPUs' worth, rounded up to 5 GPUs. Said to its digits, 4.94 is the quotient, not a
    # count of GPUs 1% low.
    answer = said(library, "moe-serving/moe-memory",
                  "Total parameters decide memory: 671 gigs in FP8. Divided by about 135.7 "
                  "gigs usable per H200 that's 4.94, so five GPUs just for weights.")
    assert verdicts(answer)["4.94"] == (RIGHT, "gpus_exact")
    assert answer.all_right


def test_a_time_counted_in_service_times_claims_the_factor(library: Library) -> None:
    # queueing: at 95% busy a request spends 1 ÷ (1 − 0.95) = 20 service times in the
    # system; 40 is twice that.
    wrong = said(library, "serving-math/queueing",
                 "Near full load, at 95 percent, a request spends about 40 service times in "
                 "the system.")
    assert verdicts(wrong)["40"] == (WRONG, "high_time_factor")
    right = said(library, "serving-math/queueing",
                 "Near full load, at 95 percent, a request spends about 20 service times in "
                 "the system.")
    assert right.all_right


def test_more_than_doubles_is_a_bound(library: Library) -> None:
    # queueing: in M/M/1 the P99 is ln 100 ≈ 4.61 times the mean, well more than double.
    for verb in ("doubles", "doubled"):
        answer = said(library, "serving-math/queueing",
                      f"The tail is heavier than the mean, so the P99 more than {verb}.")
        assert answer.all_right, verb


def test_two_places_said_together_are_both_ranks(library: Library) -> None:
    # p99-samples: of 1,000 sorted resamples a 95% interval runs from the 25th to the 975th.
    for joined in ("the 25th and the 975th", "the 25th and 975th"):
        answer = said(library, "serving-math/p99-samples",
                      f"Resample a thousand times, sort them, and take {joined} as a 95 "
                      "percent interval.")
        assert verdicts(answer)["975th"] == (RIGHT, "upper_rank"), joined
        assert verdicts(answer)["25th"] == (RIGHT, "below_interval"), joined


def test_a_share_of_a_figure_said_of_a_quantity_claims_their_ratio(library: Library) -> None:
    # q5: the GPU draws 350 W of its 700 W cap, half of it; "a quarter" is 50% low.
    wrong = said(library, "speed-physics/q5",
                 "The power draw is only a quarter of the 700-watt cap.")
    assert verdicts(wrong)["a quarter"][0] == WRONG
    assert verdicts(wrong)["700-watt"] == (RIGHT, "power_cap")
    right = said(library, "speed-physics/q5", "The power draw is about half of the 700 W cap.")
    assert WRONG not in {verdict for verdict, _ in verdicts(right).values()}


def test_a_scale_said_without_its_unit_takes_the_unit_said_before(library: Library) -> None:
    # context-parallel: the causal attention term is 2 × 4,096 × 32 × 131,072² ≈ 4.5 PFLOP;
    # 2.25 drops the 2.
    text = "The linear part is about 2.1 petaFLOPs; attention is about {} peta."
    assert said(library, "parallelism/context-parallel", text.format("4.5")).all_right
    wrong = said(library, "parallelism/context-parallel", text.format("2.25"))
    assert verdicts(wrong)["2.25 peta"] == (WRONG, "attention_flop")
