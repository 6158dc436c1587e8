"""What a sentence sets aside (what not to do, a past-tense what-if, a part that does not
fit), bounds said as comparisons, a bare number that is a right size in another unit,
and a price said before a new amount."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts, wrong_figures


def test_what_not_to_do_is_no_claim(library: Library) -> None:
    # q7-follow-up: multiplying 3× by 2× gives the 6× slip; the step is 0.55 of the old.
    result = said(library, "speed-physics/q7-follow-up",
                  "Don't multiply the speedups, that gives 6x. The step becomes 0.55 of the "
                  "old one.")
    assert result.all_right
    slip = said(library, "speed-physics/q7-follow-up", "Multiply them: 6x overall.")
    assert not slip.all_right


def test_a_past_tense_what_if_is_no_claim(library: Library) -> None:
    # paged-waste: 1,000 tokens in 16-token blocks wastes 8 slots; reserving 8,192 up
    # front would leave 7,192 empty.
    result = said(library, "serving-engine/paged-waste",
                  "Blocks waste only 8 slots. If you reserved all 8,192 up front you'd leave "
                  "7,192 of them empty.")
    assert result.all_right


def test_a_part_that_does_not_fit_is_no_count(library: Library) -> None:
    result = said(library, "model-sizing/kv-headroom",
                  "That is 119.5 caches' worth; round down to 119, since half a conversation "
                  "doesn't fit.")
    assert result.all_right


def test_bigger_than_is_a_bound(library: Library) -> None:
    # ridge-batch: m ≈ 345 is bigger than the ridge's 295.
    result = said(library, "serving-math/ridge-batch",
                  "Solving gives m of about 345. It's bigger than 295, since the intensity "
                  "lags m.")
    assert result.all_right


def test_set_to_the_ridge_is_an_operand(library: Library) -> None:
    result = said(library, "serving-math/ridge-batch",
                  "Take 4096 m over 2m plus 4096, set it to the 295 ridge and solve: about "
                  "345.")
    assert result.all_right


def test_a_bare_size_right_in_another_unit_is_no_slip(library: Library) -> None:
    # gb-vs-gib: 90% of 79.65 GiB is 71.7 GiB (77 GB). Said bare, 71.7 is that share in
    # GiB; the slip is the 55.6 GB left after taking 16.1 GB from it.
    result = said(library, "hardware/gb-vs-gib",
                  "The device reports 79.65, so 90 percent for the engine is about 71.7, and "
                  "minus the 16.1 gigs of weights that leaves about 55.6 GB.")
    assert wrong_figures(result) == ["55.6 GB"]


def test_a_price_per_hour_then_a_million_tokens(library: Library) -> None:
    # q6: $3/h over 720,000 tokens/h is $4.17 per million tokens.
    result = said(library, "speed-physics/q6",
                  "So at three dollars an hour a million tokens costs about $4.17.")
    assert verdicts(result)["three dollars an hour"] == (RIGHT, "gpu_price")
    assert verdicts(result)["$4.17"] == (RIGHT, "cost_single")


def test_what_you_cant_do_is_no_claim(library: Library) -> None:
    result = said(library, "speed-physics/q7-follow-up",
                  "The step becomes 0.55 of the old one. You can't multiply 3 and 2 to get "
                  "6x.")
    assert result.all_right


def test_a_count_shared_over_another_count(library: Library) -> None:
    # tp-memory-per-gpu: 8 KV heads over TP 4 is 2 heads per GPU.
    result = said(library, "model-sizing/tp-memory-per-gpu",
                  "With TP 4 the 8 KV heads split two per GPU, so each keeps 80 KiB a token.")
    assert result.all_right


def test_a_slip_is_set_against_only_the_right_figure_said_to_its_digits(
        library: Library) -> None:
    # latency-frontier: (15 ms − 4.8 ms) ÷ 78 µs ≈ 130 sequences; 15 ms ÷ 78 µs ≈ 192
    # leaves the weight read out. A head size of 128 said on the way is no 130.
    result = said(library, "slo-capacity-cost/latency-frontier",
                  "Each sequence's 2,000 tokens times 128 KiB is 262 megs, 78 microseconds. "
                  "Dividing the 15 ms target by 78 microseconds gives a batch of about 191.")
    assert verdicts(result)["191"] == (WRONG, "max_batch")


def test_a_rate_said_as_one_hyphenated_word(library: Library) -> None:
    # disagg-pays: 8 GPUs each send over a 50 GB/s port, 400 GB/s in all.
    result = said(library, "serving-engine/disagg-pays",
                  "Each GPU sends its shard over its own 50 gigabyte-a-second port, 400 gigs a "
                  "second in all.")
    assert result.all_right


def test_how_long_a_million_tokens_take_restates_the_rate(library: Library) -> None:
    # input-vs-output: prefill runs at ≈ 30,800 tokens/s, so 10⁶ tokens take ≈ 32.5 s;
    # decode at 2,500 tokens/s takes 400 s for a million.
    result = said(library, "slo-capacity-cost/input-vs-output",
                  "Prefill runs about 30,800 tokens a second, so a million prompt tokens take "
                  "about 32 seconds; decode at 2,500 tokens a second takes 400 seconds.")
    assert result.all_right
    assert verdicts(result)["32 seconds"][0] == RIGHT


def test_how_much_bigger_a_gib_is(library: Library) -> None:
    # 2³⁰ ÷ 10⁹ ≈ 1.074: a GiB is about 7% bigger than a GB.
    result = said(library, "quantization/int4-one-gpu",
                  "90% of 79.65 GiB is 71.7 GiB, about 77 GB, since a GiB is about 7% bigger "
                  "than a GB.")
    assert result.all_right
    decimal = said(library, "quantization/int4-one-gpu",
                   "The weights come to about 36.4 GB, about 7% of the total.")
    assert not decimal.all_right


def test_the_load_restated_as_a_ratio_is_no_slip(library: Library) -> None:
    # queueing-rates: 9 ÷ 5 requests/s is 1.8× the load; the time grows 5×, not 1.8×.
    result = said(library, "serving-math/queueing-rates",
                  "At five a second it's one over five, 200 milliseconds. With nine arriving, "
                  "the load is 1.8 times higher, so the time in system is 1.8 times "
                  "longer.")
    checks = [f for f in result.figures if f.text == "1.8 times"]
    assert [f.verdict for f in checks] == [RIGHT, WRONG]


def test_the_quick_answer_is_a_naive_take(library: Library) -> None:
    result = said(library, "serving-math/ridge-batch",
                  "The quick answer is intensity is about m, so batch 295. The exact formula "
                  "lands a bit above that, since intensity trails m.")
    assert result.all_right


def test_solving_for_the_unknown_names_a_bare_number(library: Library) -> None:
    # ridge-batch: 4096 m ÷ (2 m + 4096) = 295 gives m ≈ 345, not 310.
    result = said(library, "serving-math/ridge-batch",
                  "The exact formula is 4096 m over 2m plus 4096, and solving that against "
                  "295 gives around 310.")
    assert wrong_figures(result) == ["310"]


def test_a_size_in_decimal_gigabytes_and_a_power_said_in_words(library: Library) -> None:
    sizes = said(library, "model-sizing/kv-headroom",
                 "The H100 reports 79.65 GiB, which in decimal gigabytes is about 85.5.")
    assert sizes.all_right
    # fan-out: each call must meet 0.99 to the one-tenth, about the 99.9th percentile.
    power = said(library, "serving-math/fan-out",
                 "Each call needs to hit the 0.99 to the one-tenth quantile, roughly 99.9.")
    assert power.all_right


def test_trillion_flops_said_in_lower_case_is_a_count_too(library: Library) -> None:
    # q2: the 8,000-token paste is 2 × 8 B × 8,000 = 128 TFLOP of work.
    result = said(library, "speed-physics/q2",
                  "The 8,000-token paste is 128 trillion flops, which takes about 129 "
                  "milliseconds.")
    assert verdicts(result)["128 trillion flops"] == (RIGHT, "paste_flops")


def test_a_wrong_figure_of_a_past_what_if_is_still_wrong(library: Library) -> None:
    # paged-waste: reserving 8,192 slots for 1,000 tokens wastes 7,192 × 128 KiB ≈ 899 MiB;
    # "close to nine gigs" is 10× that, what-if or not.
    result = said(library, "serving-engine/paged-waste",
                  "Blocks waste only 8 slots. If you reserved 8,192 up front you'd waste "
                  "7,192 slots, close to nine gigs.")
    assert wrong_figures(result) == ["nine gigs"]


def test_what_you_would_do_if_you_need_more_is_no_claim(library: Library) -> None:
    result = said(library, "model-sizing/longest-context",
                  "If you need more, you'd go to two GPUs or an FP8 cache.")
    assert result.all_right


def test_an_operand_with_its_own_word_before_the_operator(library: Library) -> None:
    # q7: 0.7 untouched + 0.3 ÷ 3 = 0.8, a 1.25× speedup; 0.7 is no ceiling said as a share.
    result = said(library, "speed-physics/q7",
                  "For attention it's Amdahl: 0.7 untouched plus 0.3 over three, so 0.8 and a "
                  "1.25x speedup.")
    assert result.all_right


def test_a_coefficient_of_the_letter_is_no_value_of_it(library: Library) -> None:
    # ridge-batch: 4096 m − 590 m = 3,506 m, so m ≈ 1.21 million ÷ 3,506 ≈ 345.
    result = said(library, "serving-math/ridge-batch",
                  "Set that equal to 295 and solve: 4096 m minus 590 m is 3,506 m, which "
                  "equals 295 times 4096, so m is about 345.")
    assert result.all_right


def test_what_you_definitely_cant_do_is_no_claim(library: Library) -> None:
    result = said(library, "speed-physics/q7-follow-up",
                  "The new step is 0.55 of the old. You definitely can't multiply three and "
                  "two and claim 6x.")
    assert result.all_right
