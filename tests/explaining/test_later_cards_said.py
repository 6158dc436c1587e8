"""What a spoken figure's own words say it is: an asked count said a power of ten off with
the things it counts named, FLOPs written for a rate, one user's share said "per user",
requests that "arrive each second"."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts, wrong_figures


def test_an_asked_count_said_ten_times_low(library: Library) -> None:
    # accuracy-drop: 1.96² × 0.8 × 0.2 ÷ 0.01² ≈ 6,147 questions for ±1 point; a decimal
    # slipped in 0.01² says 615.
    opening = ("The standard error is root of 0.8 times 0.2 over 1,000, about 1.3 percent, so "
               "the 95% margin is roughly 2.5 percent. ")
    slip = said(library, "quantization/accuracy-drop",
                opening + "For plus or minus one percent you'd want about 615 questions.")
    assert verdicts(slip)["615"] == (WRONG, "needed_questions")
    assert not slip.all_right
    right = said(library, "quantization/accuracy-drop",
                 opening + "For plus or minus one percent you'd want about 6,150 questions.")
    assert right.all_right


def test_a_bare_number_that_counts_nothing_is_no_count_slipped(library: Library) -> None:
    # group-scales: one 16-bit scale per 128 weights is 16 ÷ (128 × 4 bits) ≈ 3.1% on top
    # of the weights; "groups of 32" is another group size, no 3.1% said a thousand times
    # high, for it names nothing it counts.
    answer = said(library, "quantization/group-scales",
                  "The 16-bit scale is shared across 128 weights, so it adds 16 over 128, an "
                  "eighth of a bit, per weight: 4.125 bits, about a 3% overhead. If you go to "
                  "groups of 32 you get better accuracy but pay half a bit per weight.")
    assert all(f.verdict != WRONG for f in answer.figures)


def test_teraflops_written_as_a_count_may_be_the_peak_rate(library: Library) -> None:
    # prefill-long: (132 + 17.6) TFLOP ÷ 989 TFLOPS ≈ 151 ms; "the 989 teraFLOPs an H100
    # does" is the peak, written as the plural of FLOP, not the prompt's 149 TFLOP.
    answer = said(library, "transformer-accounting/prefill-long",
                  "Two times 8.03 billion times 8,192 is about 132 teraFLOPs, and causal "
                  "attention adds about 17.6, so about 149 teraFLOPs. Dividing by the 989 "
                  "teraFLOPs an H100 does in dense BF16, I get about 151 milliseconds.")
    assert verdicts(answer)["989 teraFLOPs"][0] == RIGHT
    assert answer.all_right
    slip = said(library, "transformer-accounting/prefill-long",
                "Two times 8.03 billion times 8,192 is about 132 teraFLOPs, and causal "
                "attention adds about 17.6, so about 149 teraFLOPs. Dividing by the 989 "
                "teraFLOPs an H100 does in dense BF16, I get about 15 milliseconds.")
    assert verdicts(slip)["15 milliseconds"] == (WRONG, "prefill_floor")


def test_one_users_cache_said_per_user_is_no_slip(library: Library) -> None:
    # q6-follow-up: 4,096 tokens × 128 KiB ≈ 537 MB a user, 64 × that ≈ 34.4 GB a step;
    # 537 MB is also the slip of one user's cache taken for the batch's.
    answer = said(library, "speed-physics/q6-follow-up",
                  "4,096 tokens at 128 KiB is half a gig per user, and across the batch "
                  "about 3.4 gigs of KV.")
    assert verdicts(answer)["half a gig per user"][0] == RIGHT
    assert verdicts(answer)["3.4 gigs"] == (WRONG, "kv_bytes")
    slip = said(library, "speed-physics/q6-follow-up",
                "The KV the step reads is half a gig, so about 16.6 gigs a step.")
    assert verdicts(slip)["half a gig"][0] == WRONG


def test_requests_that_arrive_each_second_are_the_arrival_rate(library: Library) -> None:
    # little: 20 requests/s × 8 s = 160 in the system; 20 is also the slip that leaves the
    # time out.
    answer = said(library, "serving-math/little",
                  "Twenty requests arrive each second and each stays about eight seconds, so "
                  "about 160 requests are in the system at any time.")
    assert answer.all_right
    slip = said(library, "serving-math/little",
                "Twenty requests arrive each second and each stays about eight seconds, so "
                "about 2.5 requests are in the system at any time.")
    assert verdicts(slip)["2.5 requests"][0] == WRONG
    assert verdicts(slip)["Twenty requests"] == (RIGHT, "arrival_rate")


def test_a_size_said_each_way_is_a_links_rate(library: Library) -> None:
    # link-speeds: 32,768 tokens × 320 KiB = 10 GiB ≈ 10.7 GB; over PCIe Gen5 x16 at
    # 64 GB/s a direction that is about 168 ms.
    answer = said(library, "hardware/link-speeds",
                  "The cache is 32,768 tokens times 320 KiB, about 10.7 gigabytes. PCIe Gen5 "
                  "x16 is 64 gigs each way, so about 168 milliseconds.")
    assert verdicts(answer)["64 gigs"] == (RIGHT, "pcie")
    slip = said(library, "hardware/link-speeds",
                "The cache is 32,768 tokens times 320 KiB, about 10.7 gigabytes. PCIe Gen5 "
                "x16 is 32 gigs each way, so about 335 milliseconds.")
    assert verdicts(slip)["32 gigs"] == (WRONG, "pcie")


def test_the_usual_take_said_before_the_card_s_own_is_no_slip(library: Library) -> None:
    # decode-bytes-streamed: all 16.1 GB over 3.35 TB/s is 4.79 ms, the upper bound; the
    # step streams 16.1 GB less the 1.05 GB input embedding, about 15 GB, 4.48 ms.
    card = "model-sizing/decode-bytes-streamed"
    answer = said(library, card,
                  "The usual floor is sixteen gigs of weights over 3.35 terabytes a second, "
                  "about 4.8 ms. But the embeddings are only a lookup, about two gigs, so the "
                  "step streams about 14 gigs, a floor of about 4.2 milliseconds.")
    # The card's own floor is said wrong (the output head is read in full); the usual
    # take said first is no second slip.
    assert verdicts(answer)["4.2 milliseconds"] == (WRONG, "streamed_floor")
    assert "4.8 ms" not in wrong_figures(answer)
    slip = said(library, card,
                "The step streams sixteen gigs of weights over 3.35 terabytes a second, so the "
                "floor is about 4.8 ms.")
    assert verdicts(slip)["4.8 ms"] == (WRONG, "streamed_floor")


def test_another_design_worked_out_beside_the_card_s_is_no_slip(library: Library) -> None:
    # mha-gqa-mqa: 2 × 80 layers × 8 KV heads × 128 × 2 B = 320 KiB a token for Llama 3
    # 70B; with a KV head for each of the 64 query heads it would be 2,560 KiB.
    card = "model-sizing/mha-gqa-mqa"
    answer = said(library, card,
                  "With full multi-head you'd have all sixty-four heads as KV heads, which "
                  "comes to 2,560 KiB a token. Llama shares eight KV heads, so 320 KiB a token.")
    assert answer.all_right
    slip = said(library, card,
                "Llama 3 70B keeps a key and a value for each of its 64 heads, so it caches "
                "2,560 KiB a token.")
    assert verdicts(slip)["2,560 KiB a token"][0] == WRONG


def test_the_whole_a_part_is_taken_out_of_is_no_result(library: Library) -> None:
    # decode-bytes-streamed: 16.1 GB less the 1.05 GB input embedding table is about 15 GB
    # a step; "16 gigs" there is what the embedding is taken from.
    answer = said(library, "model-sizing/decode-bytes-streamed",
                  "The input embedding is 128,256 by 4,096, about 525 million parameters, so "
                  "about 1.05 GB. Take that off the 16 gigs and the step streams about 15 GB, "
                  "a floor of about 4.48 ms.")
    assert answer.all_right
    # With the part said wrong (one byte a parameter), the whole is still no slip.
    slip = said(library, "model-sizing/decode-bytes-streamed",
                "The input embedding is 128,256 by 4,096, about 525 million parameters, so "
                "about 525 MB. Take that off the 16 gigs and the step streams about 15.5 GB.")
    assert "16 gigs" not in wrong_figures(slip)
    assert verdicts(slip)["15.5 GB"][0] == WRONG


def test_steps_a_senior_answer_says_on_the_way(library: Library) -> None:
    # mla-cache: 512 latent + 64 positional = 576 numbers a layer, × 61 × 2 B ≈ 68.6 KiB.
    mla = said(library, "model-sizing/mla-cache",
               "Each of the 61 layers stores a latent of 512 plus a 64-wide positional key, so "
               "576 numbers, at two bytes about 68.6 KiB per token.")
    assert verdicts(mla)["576"] == (RIGHT, "cached_width")
    # tp-pcie-vs-nvlink: a ring of 4 sends 2 × 3/4 = 1.5 × 33.6 MB ≈ 50 MB per all-reduce.
    ring = said(library, "parallelism/tp-pcie-vs-nvlink",
                "Each all-reduce carries 2,048 times 8,192 times two bytes, about 33.6 MB, and "
                "in a ring of 4 each GPU sends 1.5 times that, about 50 MB.")
    assert verdicts(ring)["50 MB"] == (RIGHT, "sent_per_allreduce")
    # moe-vs-dense: 1.6 billion shared + 7.2 experts × 32 layers × 176 million ≈ 42 billion.
    moe = said(library, "moe-serving/moe-vs-dense",
               "The batch touches about 7.2 of the 8 experts per layer, so a step reads about "
               "42 billion parameters.")
    assert verdicts(moe)["42 billion"] == (RIGHT, "params_read")


def test_what_each_user_misses_said_of_each(library: Library) -> None:
    # head-of-line: 16,000 × 16.06 GFLOP ÷ (50% × 989 TFLOPS) ≈ 520 ms, 52 tokens a user
    # at 10 ms each, 64 users × 52 ≈ 3,330 tokens lost.
    opening = ("The 16,000-token prompt at two times 8 billion FLOPs a token, at half of "
               "989, is about 520 milliseconds. All 64 users freeze, ")
    answer = said(library, "serving-engine/head-of-line",
                  opening + "and at a TPOT of 10 milliseconds each would have got 52 "
                  "tokens, so about 3,300 tokens are lost.")
    assert answer.all_right
    assert verdicts(answer)["52 tokens"][0] == RIGHT


def test_a_slips_own_quantity_named_after_it(library: Library) -> None:
    # reserved-vs-on-demand: $2 ÷ $3.20 = 62.5% of the hours is the break-even; 1 − that,
    # 37.5%, is the discount, right when it is called that.
    answer = said(library, "slo-capacity-cost/reserved-vs-on-demand",
                  "Reserved is $2 against $3.20, a 37.5 percent discount, and reserving wins "
                  "above 2 over 3.20 of the hours, 62.5 percent.")
    assert answer.all_right
    slip = said(library, "slo-capacity-cost/reserved-vs-on-demand",
                "Reserved is $2 against $3.20, so the break-even is 37.5 percent of the "
                "hours.")
    assert verdicts(slip)["37.5 percent"] == (WRONG, "break_even")


def test_a_mean_over_one_run_too_many(library: Library) -> None:
    # warm-up: (8 s + 19 × 500 ms) ÷ 20 = 875 ms; 20 warm runs beside the cold one give
    # (8 + 10) ÷ 20 = 900 ms.
    slip = said(library, "benchmarking/warm-up",
                "8 seconds plus 20 times 500 milliseconds is 18 seconds, over 20 that's about "
                "900 milliseconds.")
    assert verdicts(slip)["900 milliseconds"] == (WRONG, "mean_with_cold")
    right = said(library, "benchmarking/warm-up",
                 "8 seconds plus 19 times 500 milliseconds is 17.5 seconds, over 20 that's "
                 "875 milliseconds.")
    assert right.all_right


def test_a_bare_total_near_two_asked_results_is_the_one_its_words_name(library: Library
                                                                        ) -> None:
    # total-params: 32 × 218 million ≈ 6.98 billion in the blocks, plus two untied
    # 525-million embedding matrices, 8.03 billion; one matrix gives 7.5 billion, near
    # both the blocks' 6.98 and the 8.03 asked, and "the whole model" names the total.
    opening = ("Each layer is 218 million, and times 32 layers that's about 6.98 billion. "
               "Add the embeddings and you're at roughly ")
    slip = said(library, "transformer-accounting/total-params",
                opening + "7.5 billion for the whole model.")
    assert verdicts(slip)["7.5 billion"] == (WRONG, "total_params")
    right = said(library, "transformer-accounting/total-params",
                 opening + "8.03 billion for the whole model.")
    assert verdicts(right)["8.03 billion"] == (RIGHT, "total_params")


def test_gigs_the_answer_goes_on_to_use_as_gigabytes(library: Library) -> None:
    # kv-headroom: 95% of 79.65 GiB is 75.7 GiB, 81.2 GB; less 16 GB of weights and
    # 1.07 GB of activations, 64.2 GB is 119 conversations of 0.537 GB. Taking 75.7 as GB
    # leaves 58.6 GB, 109 conversations.
    card = "model-sizing/kv-headroom"
    slip = said(library, card,
                "Ninety-five percent of 79.65 is about 75.7 gigs; minus 16 of weights and a "
                "gig of activations leaves about 58.6 gigs, so about 109 conversations fit.")
    assert verdicts(slip)["75.7 gigs"] == (WRONG, "usable")
    right = said(library, card,
                 "Ninety-five percent of 79.65 is about 75.7 gigs, which is 81.2 GB; minus 16 "
                 "of weights and a gig of activations leaves about 64.2 gigs, so about 119 "
                 "conversations fit.")
    assert right.all_right
    # Said in GiB, the share is right as said; only what follows from it is wrong.
    named = said(library, card,
                 "Ninety-five percent of 79.65 GiB is about 75.7 GiB; minus 16 of weights and "
                 "a gig of activations leaves about 58.6 gigs, so about 109 conversations fit.")
    assert verdicts(named)["75.7 GiB"][0] == RIGHT


def test_gigs_from_the_datasheet_the_answer_carries_on(library: Library) -> None:
    # gb-vs-gib: the engine takes 90% of the 85.5 GB the driver reports, 77 GB (71.7 GiB);
    # 90% of the sheet's 80 GB is 72 GB, which the datasheet slip carries to ~426,000
    # tokens where 465,000 fit.
    slip = said(library, "hardware/gb-vs-gib",
                "The spec sheet says 80 gigs, so the engine's 90 percent is 72 gigs. Take off "
                "16.1 for the weights; at 128 KiB a token that's about 426 thousand tokens.")
    assert verdicts(slip)["72 gigs"][0] == WRONG
    right = said(library, "hardware/gb-vs-gib",
                 "The driver reports 79.65 GiB, 85.5 GB, so the engine's 90 percent is 77 gigs. "
                 "Take off 16.1 for the weights; at 128 KiB a token that's about 465 thousand "
                 "tokens.")
    assert right.all_right


def test_what_a_claim_would_imply_is_no_claim(library: Library) -> None:
    # q1: 16 GB ÷ 3.35 TB/s ≈ 4.78 ms a step, 209 tokens/s; 2,000 tokens/s would take
    # half a millisecond a step, which is why that benchmark is broken.
    answer = said(library, "speed-physics/q1",
                  "Sixteen gigs over 3.35 terabytes a second is about 4.8 milliseconds a step, "
                  "so about 209 tokens a second. The 2,000 tokens a second benchmark has to be "
                  "broken, because it would imply half a millisecond per step.")
    assert "half a millisecond per step" not in wrong_figures(answer)


def test_half_a_thing_called_useless_is_no_count(library: Library) -> None:
    # kv-headroom: 61 GB ÷ 0.537 GB ≈ 113.6, rounded down to 113 conversations.
    answer = said(library, "model-sizing/kv-headroom",
                  "The engine gets 71.7 GiB, about 77 gigabytes; less 16 gigs of weights is 61. "
                  "That is about 113.5 caches, and you round down to 113, because half a "
                  "conversation is useless.")
    assert "half a conversation" not in wrong_figures(answer)


def test_a_step_some_percent_shorter_is_the_time_saved(library: Library) -> None:
    # q7: attention's 30% made 3× faster leaves 0.7 + 0.1 = 0.8 of the step, 20% shorter,
    # 1.25×; 300 launches × 4 µs = 1.2 ms is 25% of a 4.8 ms step.
    answer = said(library, "speed-physics/q7",
                  "The launches cost 300 times 4 microseconds, 1.2 milliseconds, a quarter of "
                  "the step. Attention's 30 percent drops to 10, so the step gets 20 percent "
                  "shorter, 1.25 times faster.")
    assert "20 percent" not in wrong_figures(answer)


def test_a_batch_said_at_the_ridge_s_number(library: Library) -> None:
    # ridge-per-precision: the FP8 ridge is 1,979 ÷ 3.35 ≈ 591 FLOP/byte, but an FP8
    # weight is one byte, so a batch of ~295 reaches it; a batch of 591 is the slip.
    opening = "In FP8 the ridge is 1,979 over 3.35, about 591. "
    slip = said(library, "hardware/ridge-per-precision",
                opening + "So you'd need a batch of around 591 before the FP8 GEMM turns "
                "compute-bound.")
    wrong = [f for f in slip.figures if f.verdict == WRONG]
    assert [(f.text, f.name) for f in wrong] == [("591", "batch_fp8")]
    assert wrong[0].start > slip.text.index("batch")
    right = said(library, "hardware/ridge-per-precision",
                 opening + "So a batch of around 295 turns the FP8 GEMM compute-bound.")
    assert right.all_right


def test_a_slip_s_value_said_of_the_case_its_clause_names(library: Library) -> None:
    # ridge-per-precision: 989 ÷ 3.35 ≈ 295 FLOP/byte is the BF16 ridge, right as that;
    # the FP8 ridge is 1,979 ÷ 3.35 ≈ 591, and 295 said of FP8 is the slip.
    answer = said(library, "hardware/ridge-per-precision",
                  "In BF16 that's 989 over 3.35, 295 flops per byte, and in FP8 it's 1,979 "
                  "over 3.35, 591.")
    assert answer.all_right
    slip = said(library, "hardware/ridge-per-precision",
                "In FP8 the ridge is about 295 flops per byte.")
    assert verdicts(slip)["295 flops per byte"][0] == WRONG


def test_each_of_the_things_a_size_counts_is_no_user(library: Library) -> None:
    # q3: the step reads every user's cache, 32 × 1,000 tokens × 128 KiB ≈ 4.19 GB; one
    # user's 131 MB said as the step's is the slip, though "each" is said before it.
    slip = said(library, "speed-physics/q3",
                "On top of the weights the step reads the cache: a thousand tokens at 128 KiB "
                "each is about 131 megabytes a step.")
    assert verdicts(slip)["131 megabytes a step"] == (WRONG, "kv_bytes")


def test_a_devices_terabytes_may_be_its_bandwidth(library: Library) -> None:
    # h20-ridge: the H20 reads 4.0 TB/s to the H100's 3.35, so 16.1 GB of weights take
    # about 4 ms a token on it against 4.8 ms.
    answer = said(library, "hardware/h20-ridge",
                  "For batch-1 decode you read 16 gigs of weights, and the H20's 4 terabytes "
                  "beats the H100's 3.35, so about 4 milliseconds versus 4.8.")
    assert "4 terabytes" not in wrong_figures(answer)


def test_a_price_said_after_the_answer_priced_a_million(library: Library) -> None:
    # cost-per-million: $2.50/h over 2,400 × 40% = 960 tokens/s is $0.72 a million; at
    # full load, $2.50/h over 2,400 tokens/s is $0.29 a million.
    opening = ("At 40 percent the GPU averages 960 tokens a second, about 3.46 million an "
               "hour, so about 72 cents per million. The full-load quote would be about ")
    right = said(library, "slo-capacity-cost/cost-per-million", opening + "29 cents.")
    assert verdicts(right)["29 cents"] == (RIGHT, "full_cost")
    assert right.all_right
    slip = said(library, "slo-capacity-cost/cost-per-million", opening + "2.9 cents.")
    assert verdicts(slip)["2.9 cents"][0] == WRONG


def test_steps_of_a_layer_said_on_the_way(library: Library) -> None:
    # mla-cache: 576 numbers × 2 B = 1,152 bytes a layer; tp-stops-paying: two
    # all-reduces in each of 80 layers, 160 a step.
    mla = said(library, "model-sizing/mla-cache",
               "Per layer that's 576 numbers at two bytes, 1,152 bytes, and over 61 layers "
               "about 68.6 KiB per token.")
    assert verdicts(mla)["1,152 bytes"] == (RIGHT, "layer_bytes")
    tp = said(library, "parallelism/tp-stops-paying",
              "The all-reduces don't shrink: there are still 160 per step.")
    assert verdicts(tp)["160 per step"][0] == RIGHT
    assert tp.all_right


def test_a_price_after_a_million_said_to_cost(library: Library) -> None:
    # cost-per-million: "a million tokens costs about 72 cents", then the full-load quote
    # of $2.50/h over 2,400 tokens/s, 29 cents a million.
    answer = said(library, "slo-capacity-cost/cost-per-million",
                  "At 40 percent the GPU averages 960 tokens a second, about 3.46 million an "
                  "hour. So a million tokens costs about 72 cents. The full-load quote would be "
                  "about 29 cents, which is too optimistic.")
    assert verdicts(answer)["29 cents"] == (RIGHT, "full_cost")


def test_a_figure_rounded_just_after_it_is_said_again(library: Library) -> None:
    # q4: 989 TFLOPS ÷ 3.35 TB/s ≈ 295 FLOP/byte, so decode flips at a batch of about 295;
    # "call it three hundred" rounds it, and "call it five hundred" does not.
    opening = ("The ridge is 989 TFLOPS over 3.35 TB/s, about 295, so ignoring KV you flip "
               "to compute-bound around batch 295, call it ")
    right = said(library, "speed-physics/q4", opening + "three hundred.")
    assert verdicts(right)["three hundred"] == (RIGHT, "flip_batch")
    assert right.all_right
    far = said(library, "speed-physics/q4", opening + "five hundred.")
    assert verdicts(far)["five hundred"][0] != RIGHT
