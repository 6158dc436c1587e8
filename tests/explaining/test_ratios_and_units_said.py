"""A ratio said against what one user gets, a denial of a ratio, working whose operand
says its unit, and a share that names the asked quantity over a form worked from another."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts, wrong_figures


def test_a_ratio_said_against_one_user_is_judged_as_the_gain(library: Library) -> None:
    # q3: 32 users share a step of 16 GB + 4.19 GB of KV, ≈ 6 ms, so the box gives about
    # 25.4× the tokens of one user alone (209 tokens/s), not 32×.
    wrong = said(library, "speed-physics/q3",
                 "All together that's 32 tokens a step, which is about 32 times what one "
                 "user gets.")
    assert verdicts(wrong)["32 times"] == (WRONG, "throughput_gain")
    right = said(library, "speed-physics/q3",
                 "All together it's about 25 times what a single user gets.")
    assert verdicts(right)["25 times"] == (RIGHT, "throughput_gain")


def test_a_ratio_denied_is_no_claim(library: Library) -> None:
    result = said(library, "speed-physics/q3",
                  "Each user isn't 32 times slower: the weights are shared.")
    assert "32 times" not in verdicts(result)
    assert result.all_right


def test_working_held_to_the_unit_its_operand_says(library: Library) -> None:
    # q6: 200 tokens/s for an hour is 200 × 3,600 = 720,000 tokens. Times 60 gives a
    # minute's worth, so "12,000 tokens an hour" is 60× low, however right 200 × 60 is.
    slip = said(library, "speed-physics/q6",
                "At 200 tokens a second, times 60, that's 12,000 tokens an hour.")
    assert verdicts(slip)["12,000 tokens an hour"][0] == WRONG
    hour = said(library, "speed-physics/q6",
                "At 200 tokens a second, times 3,600, that's 720,000 tokens an hour.")
    assert hour.all_right


def test_a_share_naming_the_new_step_is_the_new_step(library: Library) -> None:
    # q7-follow-up: 20% untouched, attention 30% ÷ 3 = 10%, MLP 50% ÷ 2 = 25%: the new
    # step is 55% of the old. 45% is what it saves, which happens to equal one speedup
    # less one; said as the new step's share it is wrong.
    wrong = said(library, "speed-physics/q7-follow-up",
                 "Twenty percent is untouched, attention becomes 10 and the MLP 25, so the "
                 "new step is 45 percent of the old one.")
    assert verdicts(wrong)["45 percent"] == (WRONG, "new_time_fraction")
    right = said(library, "speed-physics/q7-follow-up",
                 "Twenty percent is untouched, attention becomes 10 and the MLP 25, so the "
                 "new step is 55 percent of the old one.")
    assert verdicts(right)["55 percent"] == (RIGHT, "new_time_fraction")


def test_a_multiple_of_the_batch_claims_the_quantity_at_batch_one(library: Library) -> None:
    # q4: a BF16 weight is 2 bytes and does 2 FLOP per token, so decode does 2 × 8 B FLOP
    # per 16 GB read for each sequence: 1 FLOP per byte at batch one, about the batch.
    for said_as in ("The intensity works out to roughly half the batch.",
                    "So the intensity is about 2 times the batch size.",
                    "So the intensity is twice the batch."):
        result = said(library, "speed-physics/q4", said_as)
        assert [f.name for f in result.figures if f.verdict == WRONG] == [
            "batch1_intensity"], said_as
    right = said(library, "speed-physics/q4",
                 "So the intensity is about one times the batch size.")
    assert right.all_right


def test_a_share_of_the_batch_said_of_something_else_is_no_coefficient(
        library: Library) -> None:
    result = said(library, "speed-physics/q4",
                  "Half the batch finishes early, and the rest keeps decoding.")
    assert result.all_right


def test_the_unknowns_letter_names_a_bare_number(library: Library) -> None:
    # ridge-batch: 4096 m ÷ (2 m + 4096) = 295 FLOP/byte gives m ≈ 345.
    for wrong in ("Take 4096 m over 2m plus 4096 and set it to 295: m comes out around 410.",
                  "Set it to the ridge, 295, and m is about 3,450."):
        result = said(library, "serving-math/ridge-batch", wrong)
        assert [f.name for f in result.figures if f.verdict == WRONG] == [
            "batch_at_ridge"], wrong
    right = said(library, "serving-math/ridge-batch",
                 "Set it to the ridge, 295, and m is about 345.")
    assert right.all_right


def test_the_asked_quantitys_name_is_not_thinned_by_its_own_slips(library: Library) -> None:
    # amdahl: 30% made 2× faster: 1 ÷ (0.7 + 0.15) ≈ 1.18× overall; the ceiling is
    # 1 ÷ 0.7 ≈ 1.43×. "The overall speedup ... about 1.5x" names the overall speedup,
    # which the card's two declared slips of it do not make any less clear.
    result = said(library, "serving-math/amdahl",
                  "Only thirty percent gets two times faster, so the overall speedup comes "
                  "out at about 1.5x.")
    assert verdicts(result)["1.5x"] == (WRONG, "overall_speedup")


def test_a_share_of_the_original_step_is_judged_as_the_new_step(library: Library) -> None:
    # q7-follow-up: 10% + 25% = 0.35 leaves out the untouched 20%; the new step is 0.55.
    result = said(library, "speed-physics/q7-follow-up",
                  "Attention drops to 10% and the MLP to 25%, and those add up to 0.35 of "
                  "the original.")
    assert verdicts(result)["0.35"] == (WRONG, "new_time_fraction")


def test_one_whole_head_is_a_count_not_a_factor(library: Library) -> None:
    # tp-kv-heads: 8 KV heads over TP 16 puts each head on two GPUs (2× the cache).
    result = said(library, "parallelism/tp-kv-heads",
                  "With 8 heads and TP 16 each GPU still needs one whole head, so every "
                  "head sits on two GPUs.")
    assert "one" not in {f.text for f in result.figures if f.verdict == WRONG}


def test_flops_worked_from_one_flop_a_weight_are_half(library: Library) -> None:
    # preemption-cost: recomputing 6,000 tokens of an 8.03 B model is 2 × 6,000 × 8.03 B
    # ≈ 96 TFLOP. 6,000 × 8 B = 48 TFLOP is sound arithmetic on one FLOP a weight.
    result = said(library, "serving-engine/preemption-cost",
                  "Recompute is a prefill of 6,000 tokens: 6,000 times 8 billion is about 48 "
                  "teraflops.")
    wrong = [f for f in result.figures if f.verdict == WRONG]
    assert [f.text for f in wrong] == ["48 teraflops"]
    assert "2 FLOPs" in (wrong[0].mistake or "")
    right = said(library, "serving-engine/preemption-cost",
                 "Recompute is a prefill of 6,000 tokens: 2 times 6,000 times 8 billion is "
                 "about 96 teraflops.")
    assert right.all_right


def test_a_power_worked_wrong_is_no_scale_left_unsaid(library: Library) -> None:
    # experts-half: one token misses an expert with 1 − 8 ÷ 256 ≈ 0.969; 64 tokens miss
    # it with 0.969^64 ≈ 13%. "About 3 percent" is no 13 with a scale unsaid.
    result = said(library, "moe-serving/experts-half",
                  "At batch 64 the miss chance is 0.969 to the 64th, about 3 percent.")
    assert wrong_figures(result) == ["3 percent"]
    right = said(library, "moe-serving/experts-half",
                 "At batch 64 the miss chance is 0.969 to the 64th, about 13 percent.")
    assert right.all_right


def test_a_size_at_a_rate_is_worked_by_its_kind(library: Library) -> None:
    # q1: 16 GFLOP a token on 989 TFLOPS takes about 16 µs; 1.6 µs is 10× short.
    wrong = said(library, "speed-physics/q1",
                 "Sixteen gigaflops a token, and on 989 teraflops that's about 1.6 "
                 "microseconds.")
    assert wrong_figures(wrong) == ["1.6 microseconds"]
    # kv-headroom: 4,096 tokens at 128 KiB a token multiply to 537 MB.
    product = said(library, "model-sizing/kv-headroom",
                   "A conversation is 4,096 tokens at 128 KiB, so about 537 MB.")
    assert product.all_right


def test_a_fraction_raised_to_a_power_is_worked_as_said(library: Library) -> None:
    # experts-touched: an expert escapes all 32 tokens with (31/32)^32 ≈ 0.362.
    wrong = said(library, "moe-serving/experts-touched",
                 "Each expert is skipped with 31 over 32 to the 32nd, about a half.")
    assert wrong_figures(wrong) == ["a half"]
    right = said(library, "moe-serving/experts-touched",
                 "Each expert is skipped with 31 over 32 to the 32nd, about 0.36.")
    assert right.all_right


def test_the_stall_alone_is_no_freeze_the_user_saw(library: Library) -> None:
    # tpot-vs-itl: the stalled gap is the usual 20 ms plus the 480 ms the stall adds.
    result = said(library, "benchmarking/tpot-vs-itl",
                  "The stall adds 480 ms to one gap, so the average looks fine, but the user "
                  "saw a 480 millisecond freeze.")
    checks = [(f.text, f.verdict) for f in result.figures]
    assert checks == [("480 ms", RIGHT), ("480 millisecond", WRONG)]
    assert "'extra-only'" in (result.figures[1].mistake or "")


def test_a_bare_share_of_the_old_time_is_the_new_step(library: Library) -> None:
    # q7-follow-up: 0.2 + 0.1 + 0.25 = 0.55 of the old step; 0.45 is one speedup less one.
    result = said(library, "speed-physics/q7-follow-up",
                  "Twenty percent untouched, attention becomes ten and the MLP twenty-five. "
                  "Total is point four five of the old time.")
    assert verdicts(result)["point four five"] == (WRONG, "new_time_fraction")
