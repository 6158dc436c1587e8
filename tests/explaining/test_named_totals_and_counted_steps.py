"""A quantity named with a possessive or a contraction ("the total's about"), the steps of a
slip that count things without a unit (parameters), and the classic slips of the later
packs' cards: one standard error given as the margin, z left unsquared, a count rounded up,
the engine's GiB read as GB across a node."""

from __future__ import annotations

from drill.explaining.explain import AGAIN, RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts, wrong_figures


def test_the_totals_contraction_names_the_total(library: Library) -> None:
    # prefill-long: 2 × 8.03 B × 8,192 ≈ 132 TFLOP is the weights' part alone; with the
    # causal attention term the total is 149 TFLOP.
    slip = said(library, "transformer-accounting/prefill-long", "So the total's about 132 TFLOP.")
    (figure,) = slip.figures
    assert (figure.verdict, figure.name) == (WRONG, "total_flops")
    assert "'no-attention'" in (figure.mistake or "")
    part = said(library, "transformer-accounting/prefill-long",
                "The dense part's about 132 TFLOP.")
    assert part.all_right


def test_two_mlp_matrices_said_bare_is_the_slip(library: Library) -> None:
    # layer-params, Llama 3 8B: a gated MLP is 3 × 4,096 × 14,336 ≈ 176 million; two
    # matrices give 117 million.
    slip = said(library, "transformer-accounting/layer-params",
                "For the MLP it's up and down projections, 4,096 by 14,336 each, so roughly "
                "117 million.")
    assert verdicts(slip)["117 million"] == (WRONG, "mlp_params")
    right = said(library, "transformer-accounting/layer-params",
                 "The MLP has three matrices of 4,096 by 14,336, so roughly 176 million.")
    assert right.all_right


def test_one_standard_error_given_as_the_margin(library: Library) -> None:
    # accuracy-drop: sqrt(0.8 × 0.2 / 1,000) ≈ 1.26%; the 95% margin is 1.96 × that, 2.48%.
    slip = said(library, "quantization/accuracy-drop",
                "The standard error is about 1.26 percent, so the 95% margin is about 1.26% "
                "as well.")
    assert [(f.text, f.verdict) for f in slip.figures if f.verdict == WRONG] == [
        ("1.26%", WRONG)]
    right = said(library, "quantization/accuracy-drop",
                 "The standard error is about 1.26 percent, and the 95% margin is 1.96 times "
                 "that, about 2.48%.")
    assert right.all_right


def test_z_left_unsquared(library: Library) -> None:
    # 1.96 × 0.8 × 0.2 / 0.01² ≈ 3,136 questions; squaring 1.96 gives 6,150.
    slip = said(library, "quantization/accuracy-drop",
                "To pin it to one point you need about 3,100 questions.")
    (figure,) = [f for f in slip.figures if f.text.startswith("3,100")]
    assert (figure.verdict, figure.name) == (WRONG, "needed_questions")
    assert "'unsquared-z'" in (figure.mistake or "")
    right = said(library, "quantization/accuracy-drop",
                 "To pin it to one point you need about 6,150 questions.")
    assert right.all_right


def test_a_count_rounded_up(library: Library) -> None:
    # eight-gpus-405b: 211 GB of room over 4.23 GB a conversation is 49.84: 49 fit.
    slip = said(library, "parallelism/eight-gpus-405b", "So 50 conversations fit at once.")
    (figure,) = slip.figures
    assert (figure.verdict, figure.name) == (WRONG, "sequences")
    assert "'rounded-up'" in (figure.mistake or "")
    right = said(library, "parallelism/eight-gpus-405b",
                 "That is 49.8 of them, so 49 conversations fit at once.")
    assert right.all_right


def test_the_nodes_gib_read_as_gb(library: Library) -> None:
    # dp-vs-tp: 8 × 71.68 GiB is 616 GB; less one 141 GB copy leaves 475 GB. Reading the
    # GiB as GB leaves 573 − 141 ≈ 432 GB.
    slip = said(library, "parallelism/dp-vs-tp",
                "One replica at TP 8 leaves about 432 gigs for the cache.")
    wrong = [f for f in slip.figures if f.verdict == WRONG]
    assert [f.name for f in wrong] == ["kv_room_large"]
    assert "'gib-as-gb'" in (wrong[0].mistake or "")
    right = said(library, "parallelism/dp-vs-tp",
                 "One replica at TP 8 leaves about 475 gigs for the cache.")
    assert all(f.verdict == RIGHT for f in right.figures)


def test_a_speed_said_as_fewer_tokens(library: Library) -> None:
    # q3: the batched step is 26% longer than one user's, so each user gets 1 − 1 ÷ 1.26,
    # about 21% fewer tokens a second.
    right = said(library, "speed-physics/q3",
                 "Each user gets about 166 tokens a second, only about 20 percent fewer than "
                 "alone.")
    assert right.all_right
    slip = said(library, "speed-physics/q3",
                "Each user gets about 166 tokens a second, only about 5 percent fewer than "
                "alone.")
    assert not slip.all_right


def test_a_target_solved_for_is_no_claim(library: Library) -> None:
    # ridge-batch: 295 is the ridge the intensity must reach; the batch is about 345, so
    # a batch of 318 is the one slip here.
    result = said(library, "serving-math/ridge-batch",
                  "The intensity trails m a bit, so solving for where it hits 295 I get a "
                  "batch around 318.")
    assert wrong_figures(result) == ["318"]


def test_a_ranked_place_is_judged(library: Library) -> None:
    # p99-samples: a 95% interval of 1,000 resamples leaves 25 below its lower end.
    slip = said(library, "serving-math/p99-samples",
                "Sort the resamples and the lower end of the 95% interval is the 50th sorted "
                "value.")
    assert verdicts(slip)["50th"][0] == WRONG
    right = said(library, "serving-math/p99-samples",
                 "Sort the 1,000 resampled P99s; a 95% interval runs from the 25th to the "
                 "975th.")
    assert right.all_right


def test_a_power_said_as_repeated_products(library: Library) -> None:
    # fan-out: 0.99^10 ≈ 90.4% of pages, not the 99% of one call.
    slip = said(library, "serving-math/fan-out",
                "With ten calls I multiply point nine nine ten times, which is about "
                "ninety-nine percent.")
    assert not slip.all_right
    right = said(library, "serving-math/fan-out",
                 "With ten calls I multiply point nine nine ten times, which is about "
                 "ninety percent.")
    assert right.all_right


def test_a_share_of_a_plain_number_is_a_product(library: Library) -> None:
    # p99-from-100: 1% of 100 samples is one above the P99 on average.
    result = said(library, "benchmarking/p99-from-100",
                  "On average one sample lies above the true P99, since it's 1% of 100.")
    assert result.all_right
    slip = said(library, "benchmarking/p99-from-100",
                "The chance that none lie above it is 1%.")
    assert not slip.all_right


def test_where_the_times_meet_is_the_flip(library: Library) -> None:
    # flip-batch: W4A16's compute time meets W8A8's memory time at half the ridge, 148.
    slip = said(library, "quantization/flip-batch",
                "W4A16 turns compute-bound at about 74. Its compute time and W8A8's read time "
                "meet at a batch of about 295.")
    wrong = [f for f in slip.figures if f.verdict == WRONG]
    assert [(f.text, f.name) for f in wrong] == [("295", "flip_batch")]


def test_the_cache_stored_over_every_gpu(library: Library) -> None:
    # tp-kv-heads: 16 GPUs keep one of 8 KV heads each, 40 KiB a token, 640 KiB in all;
    # the model's own cache is 320 KiB a token.
    slip = said(library, "parallelism/tp-kv-heads",
                "Across the 16 GPUs that's the same 320 KiB in total, nothing duplicated.")
    assert verdicts(slip)["320 KiB"] == (WRONG, "kv_stored")
    right = said(library, "parallelism/tp-kv-heads",
                 "The model's full cache is 320 KiB a token, but across the 16 GPUs the "
                 "deployment stores 640 KiB in total.")
    assert right.all_right


def test_a_rate_that_opens_its_own_clause_is_the_given(library: Library) -> None:
    # head-of-line: 64 users frozen for 520 ms at 10 ms a token lose about 3,330 tokens;
    # the 10 ms is the scenario's step, not the one-step slip for the stall.
    result = said(library, "serving-engine/head-of-line",
                  "Every one of the 64 decoding users freezes for that, and at 10 ms a token "
                  "they collectively miss about 3,330 tokens.")
    assert result.all_right


def test_another_result_said_before_a_slip_does_not_correct_it(library: Library) -> None:
    # chunked-step: compute takes 9.35 ms and the read 4.8 ms; they overlap, so the step
    # is 9.35 ms, and adding them gives the 14.2 ms slip.
    slip = said(library, "serving-engine/chunked-step",
                "The weight read is about 4.8 ms and the compute about 9.35 ms. Add the two "
                "and the step is about 14 milliseconds.")
    wrong = [f for f in slip.figures if f.verdict == WRONG]
    assert [(f.text, f.name) for f in wrong] == [("14 milliseconds", "step")]
    corrected = said(library, "serving-engine/chunked-step",
                     "Adding them gives 14 milliseconds, but they overlap, so the step is "
                     "about 9.35 ms.")
    assert all(f.verdict == RIGHT for f in corrected.figures)


def test_the_datasheet_memory_taken_for_the_device(library: Library) -> None:
    # gb-vs-gib: 90% of the reported 85.5 GB is 77 GB; less 16.1 GB of weights, 60.9 GB,
    # about 465,000 tokens of 128 KiB. From the sheet's 80 GB: 72 − 16.1 = 55.9 GB.
    slip = said(library, "hardware/gb-vs-gib",
                "After 16.1 gigs of weights that leaves about 55.9 gigs, so you fit about "
                "426 thousand tokens.")
    wrong = {f.text: f.mistake or "" for f in slip.figures if f.verdict == WRONG}
    assert set(wrong) == {"55.9 gigs", "426 thousand tokens"}
    assert all("'datasheet'" in why for why in wrong.values())


def test_a_batch_of_requests_counted_in_tokens(library: Library) -> None:
    # input-vs-output: 1,000 requests of 3,000 prompt tokens are 3 million prompt tokens,
    # and of 300 output tokens 300,000; the batch costs about 15 cents.
    result = said(library, "slo-capacity-cost/input-vs-output",
                  "A thousand requests is 3 million prompt tokens, and 300,000 output tokens.")
    assert result.all_right
    slip = said(library, "slo-capacity-cost/input-vs-output",
                "A thousand requests is 30 million prompt tokens.")
    assert verdicts(slip)["30 million prompt tokens"][0] == WRONG


def test_a_what_if_said_as_a_change(library: Library) -> None:
    # little: 20 requests/s × 8 s = 160 in flight; were the latency doubled to 16 s, 320.
    opening = "Twenty a second times eight seconds, so on average 160 requests in there. "
    right = said(library, "serving-math/little",
                 opening + "And if latency doubled to 16 seconds, you'd be holding about 320 "
                 "at once.")
    assert right.all_right
    slip = said(library, "serving-math/little",
                opening + "And if latency doubled to 16 seconds, you'd be holding about 240 "
                "at once.")
    assert wrong_figures(slip) == ["240"]


def test_an_operand_is_no_quantity_of_the_case_named(library: Library) -> None:
    # queueing-rates: service time 100 ms; at 9 requests/s (90% busy) the time in system
    # is 100 ms ÷ 0.1 = 1 s.
    result = said(library, "serving-math/queueing-rates",
                  "The server does 10 a second, so service time is 100 ms. At 9 a second "
                  "you're 90 percent busy, 100 ms over 0.1, that's one second.")
    assert result.all_right


def test_a_share_said_each_is_ones_own(library: Library) -> None:
    # q6-follow-up: 4,096 tokens × 128 KiB is 0.54 GB a user; 64 users read 34.4 GB.
    result = said(library, "speed-physics/q6-follow-up",
                  "KV is per user: 4,096 tokens at 128 KiB is about 0.54 gigs each, so for "
                  "64 users about 17 gigs.")
    assert wrong_figures(result) == ["17 gigs"]


def test_the_next_case_in_its_own_clause(library: Library) -> None:
    # weight-intensity: at batch 24, 48 FLOPs per weight: 48 FLOP/byte in FP8, 96 in INT4.
    result = said(library, "quantization/weight-intensity",
                  "With FP8 at one byte that's 48 FLOPs per byte, and with INT4 at half a "
                  "byte it's 96.")
    assert result.all_right


def test_the_weight_read_said_as_such(library: Library) -> None:
    # tp-stops-paying: TP 8 halves the weight read per GPU to 5.27 ms; with the
    # all-reduces the step is 7.19 ms.
    right = said(library, "parallelism/tp-stops-paying",
                 "Going to TP 8 halves the weight read per GPU, from about 10.5 to about "
                 "5.3 ms.")
    assert right.all_right
    slip = said(library, "parallelism/tp-stops-paying",
                "At TP 8 the decode step takes about 5.3 ms.")
    assert [f.verdict for f in slip.figures if f.text.startswith("5.3")] == [WRONG]


def test_a_small_count_of_the_things_an_ask_counts(library: Library) -> None:
    # ab-repeats: σ√(2/n) ≤ 20 with σ = 30 needs n ≥ 4.5, so 5 runs; one arm's noise
    # alone gives 3.
    slip = said(library, "benchmarking/ab-repeats", "So you need 3 runs each.")
    assert verdicts(slip)["3"] == (WRONG, "runs_needed")
    right = said(library, "benchmarking/ab-repeats", "So you need 5 runs each.")
    assert verdicts(right)["5"] == (RIGHT, "runs_needed")


def test_one_binary_unit_said_in_the_other(library: Library) -> None:
    result = said(library, "hardware/gb-vs-gib",
                  "One GiB is 1.074 GB, so the 79.65 GiB the driver reports is about 85.5 "
                  "gigabytes.")
    assert result.all_right


def test_another_device_supposed(library: Library) -> None:
    # decode-floor-b200: 70.6 GB over 3.35 TB/s is 21 ms, 47 tokens a second, on an H100.
    result = said(library, "hardware/decode-floor-b200",
                  "An H100 at 3.35 TB/s would take about 21 ms, around 47 tokens a second.")
    assert result.all_right
    slip = said(library, "hardware/decode-floor-b200",
                "An H100 at 3.35 TB/s would take about 21 ms, around 90 tokens a second.")
    assert not slip.all_right


def test_a_figure_per_thing_named_by_its_words(library: Library) -> None:
    # training-memory: BF16 weights and grads, an FP32 master copy and two FP32 Adam
    # moments are 2 + 2 + 4 + 8 = 16 B a parameter; leaving the gradients out gives 12.
    slip = said(library, "transformer-accounting/training-memory",
                "With mixed-precision Adam I count 12 bytes per parameter: the BF16 weights, "
                "the FP32 master copy and the two Adam moments.")
    assert verdicts(slip)["12 bytes"] == (WRONG, "state_per_param")
    right = said(library, "transformer-accounting/training-memory",
                 "With mixed-precision Adam I count 16 bytes per parameter: the BF16 weights "
                 "and grads, the FP32 master copy and the two Adam moments.")
    assert right.all_right


def test_a_bare_number_named_by_the_words_after_it(library: Library) -> None:
    # ridge-per-precision: 1,979 TFLOPS ÷ 3.35 TB/s ≈ 591 FLOP/byte, the FP8 ridge; a
    # batch of 591 would be the batch-as-ridge slip.
    result = said(library, "hardware/ridge-per-precision",
                  "989 over 3.35 TB/s gives roughly 295 FLOP per byte in BF16, and 1,979 over "
                  "3.35 is about 591 in FP8.")
    assert result.all_right


def test_a_wrong_figure_said_again_is_one_slip(library: Library) -> None:
    # q1: 8 billion BF16 parameters are 16 GB; "eight gigs" twice is one slip.
    result = said(library, "speed-physics/q1",
                  "I'll call it one byte a parameter, so about eight gigs of weights. It's "
                  "eight gigs over three point three five terabytes a second.")
    marks = [(f.text, f.verdict) for f in result.figures if f.verdict != RIGHT]
    assert marks == [("eight gigs", WRONG), ("eight gigs", AGAIN)]
    assert not result.all_right
    assert len(result.wrong) == 1


def test_a_product_said_wrong_is_named_by_what_it_works_out(library: Library) -> None:
    # q3: 32 users × 1,000 tokens × 128 KiB is the batch's 4.19 GB of cache; 0.4 GB is
    # that, off by 10×, not one user's 131 MB.
    result = said(library, "speed-physics/q3",
                  "The KV cache is per user: thirty-two users times a thousand tokens times "
                  "128 KiB, which I make about 0.4 gigs.")
    assert verdicts(result)["0.4 gigs"] == (WRONG, "kv_bytes")
    (wrong,) = result.wrong
    assert "off by 10×" in (wrong.mistake or "")


def test_a_ceiling_seldom_passed_is_a_bound(library: Library) -> None:
    # q1-follow-up: the MBU is 74.6%; "rarely past 80%" keeps to it, "rarely past 60%"
    # does not.
    right = said(library, "speed-physics/q1-follow-up",
                 "The MBU is about seventy-five percent. You rarely get much past eighty "
                 "percent in practice.")
    assert right.all_right
    slip = said(library, "speed-physics/q1-follow-up",
                "The MBU is about seventy-five percent. You rarely get much past sixty "
                "percent in practice.")
    assert wrong_figures(slip) == ["sixty percent"]


def test_a_figure_plus_that_is_an_operand(library: Library) -> None:
    # q3: the step reads the 16 GB of weights plus the 4.19 GB of cache.
    result = said(library, "speed-physics/q3",
                  "The KV cache is thirty-two users times a thousand tokens times 128 KiB, "
                  "about 0.4 gigs. So the step is sixteen gigs plus that, over three point "
                  "three five terabytes a second, about 4.9 milliseconds.")
    assert "sixteen gigs" not in wrong_figures(result)


def test_another_device_named_with_its_rate(library: Library) -> None:
    # decode-floor-b200: on an H100's 3.35 TB/s, 70.6 GB takes 21 ms, 47 tokens a second.
    result = said(library, "hardware/decode-floor-b200",
                  "On an H100 at 3.35 that's about 21 milliseconds, 47 tokens a second.")
    assert result.all_right


def test_the_weight_read_of_a_compute_bound_step(library: Library) -> None:
    # large-batch-int4: W8A8's 8 GB read takes 2.4 ms; its math at 1,979 TFLOPS, 4.15 ms,
    # sets the floor.
    result = said(library, "quantization/large-batch-int4",
                  "W8A8 does the math at 1,979 TFLOPS, so about 4.15 ms, and its 8 GB weight "
                  "read is only 2.4 ms.")
    assert result.all_right


def test_a_document_so_many_times_longer(library: Library) -> None:
    # q2: the 8,000-token paste is 16 times the 500-token prompt; its prefill takes 129 ms.
    result = said(library, "speed-physics/q2",
                  "The pasted document is sixteen times longer, about a hundred and "
                  "twenty-nine milliseconds.")
    assert verdicts(result)["sixteen times"][0] == RIGHT


def test_the_last_share_is_what_is_left(library: Library) -> None:
    # q5: an MBU of 79.6% leaves about 20% of the bandwidth unused.
    result = said(library, "speed-physics/q5",
                  "The MBU is about eighty percent; the last twenty percent of bandwidth is "
                  "hard to get.")
    assert result.all_right


def test_each_case_named_after_its_figure(library: Library) -> None:
    # queueing: 1 ÷ (1 − ρ) is 5 service times at 80% and 20 at 95%.
    result = said(library, "serving-math/queueing",
                  "W is S over one minus rho. Then, five S at eighty percent, twenty S at "
                  "ninety-five, four times longer.")
    assert result.all_right


def test_a_rate_said_as_requests_coming_in(library: Library) -> None:
    # kv-capacity: 50 requests/s for 6 s is 300 in flight; "fifty requests coming in"
    # restates the rate, and the cache sized for 50 is the one-second slip.
    result = said(library, "serving-math/kv-capacity",
                  "Per request it's about 229 megs, and with fifty requests coming in, that's "
                  "about 11.5 gigabytes of KV.")
    wrong = wrong_figures(result)
    assert wrong == ["11.5 gigabytes"]


def test_a_sum_said_wrong(library: Library) -> None:
    # amdahl: 0.7 untouched plus 0.3 ÷ 2 = 0.15 is 0.85 of the old time.
    slip = said(library, "serving-math/amdahl",
                "Point three over two is point one five, and point seven plus point one five "
                "is 0.75.")
    assert wrong_figures(slip) == ["0.75"]
    right = said(library, "serving-math/amdahl",
                 "Point three over two is point one five, and point seven plus point one "
                 "five is 0.85.")
    assert right.all_right


def test_a_total_said_after_a_rate_each(library: Library) -> None:
    # q6-follow-up: 66.5 tokens/s for each of 64 users is 4,260 tokens/s in all.
    right = said(library, "speed-physics/q6-follow-up",
                 "About sixty-six and a half tokens a second each, so about 4,260 total.")
    assert right.all_right
    slip = said(library, "speed-physics/q6-follow-up",
                "About sixty-six and a half tokens a second each, so about 42,600 total.")
    assert wrong_figures(slip) == ["42,600"]


def test_a_need_said_as_a_ratio_of_the_cards_own(library: Library) -> None:
    # q1: 2,000 tokens/s needs 2,000 × 16 GB = 32 TB/s, 9.55 times the 3.35 TB/s HBM feeds.
    slip = said(library, "speed-physics/q1",
                "The two thousand benchmark would need about three times what the memory "
                "can feed.")
    assert verdicts(slip)["three times"] == (WRONG, "benchmark_over_ceiling")
    right = said(library, "speed-physics/q1",
                 "The two thousand benchmark would need about nine and a half times what the "
                 "memory can feed.")
    assert right.all_right
    # A what-if's own need is still no claim: "to hit 300 you'd need 4.8 TB/s".
    aside = said(library, "speed-physics/q1", "To hit 300 you'd need about 4.8 TB/s.")
    assert not [f for f in aside.figures if f.verdict == WRONG]


def test_a_multiple_of_the_batch_named_by_its_unit(library: Library) -> None:
    # q4: 2 FLOPs over a 2-byte weight is 1 FLOP per byte a sequence: about the batch.
    slip = said(library, "speed-physics/q4",
                "I'd count the weight read plus the activations, so I get about half the "
                "batch size in FLOPs per byte.")
    assert verdicts(slip)["half"] == (WRONG, "batch1_intensity")


def test_what_a_thing_does_not_mean_is_no_claim(library: Library) -> None:
    # q3: 32 users do not make decode 32 times slower; the GPU makes 25.4 times the tokens.
    result = said(library, "speed-physics/q3",
                  "Batching thirty-two users doesn't mean thirty-two x slower: the GPU puts "
                  "out about 25 times the single-user rate.")
    assert result.all_right


def test_a_share_of_pages_said_to_breach(library: Library) -> None:
    # fan-out: 0.99^10 ≈ 90.4% of pages stay within the second, so 9.6% breach it.
    opening = "0.99 to the tenth is about 90 percent. "
    slip = said(library, "serving-math/fan-out",
                opening + "So about one in twenty pages breaches a second.")
    assert verdicts(slip)["one in twenty"] == (WRONG, "slow_share")
    right = said(library, "serving-math/fan-out",
                 opening + "So about one in ten pages breaches a second.")
    assert right.all_right
