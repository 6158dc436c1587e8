"""The transformer-accounting and quantization packs grade hand-worked answers right and
name the classic slips.

Every expected figure below is worked by hand from the models' config.json figures and the
datasheets the catalog cites (KiB = 1,024 bytes, GiB = 2³⁰ bytes), never from the packs'
formulas: a layer of Llama 3 8B is 2 × 4,096² + 2 × 4,096 × 1,024 + 3 × 4,096 × 14,336
parameters, and so on.
"""

from __future__ import annotations

import pytest

from drill.cli import main

GIB = 2**30

# (card, variant, ask, an answer worked by hand)
RIGHT = [
    # 2 × 4,096² + 2 × 4,096 × 1,024 + 3 × 4,096 × 14,336 = 218,103,808
    ("transformer-accounting/layer-params", "base", "layer_params", "218.1 million"),
    # 28 layers × 233,046,016 + 2 × 152,064 × 3,584 = 7,615,291,392
    ("transformer-accounting/total-params", "qwen-7b", "total_params", "7.615 billion"),
    # 4 × 80 layers × 8,192 tokens × 8,192 wide = 21,474,836,480 FLOPs
    ("transformer-accounting/forward-flops", "llama-70b", "attention_flops", "21.47 GFLOP"),
    # 1.5 × 14,336: six FLOPs per MLP weight against four per context position
    ("transformer-accounting/attention-crossover", "base", "crossover_context",
     "21504 tokens"),
    # (2 × 8.03e9 × 8,192 + 2 × 32 × 4,096 × 8,192²) ÷ 989e12 = 150.8 ms
    ("transformer-accounting/prefill-long", "base", "prefill_floor", "150.8 ms"),
    # 60,000 × 6 × 8.03e9 ÷ (8 × 989e12) = 36.54%
    ("transformer-accounting/mfu", "base", "mfu", "36.5%"),
    # 6 × 8.03e9 × 15e12 ÷ (1,024 × 989e12 × 0.4) = 1.784e6 s
    ("transformer-accounting/gpu-days", "base", "run_days", "20.65 day"),
    # 70.6e9 × 16 bytes ÷ 64 GPUs
    ("transformer-accounting/training-memory", "llama-70b", "per_gpu_state", "17.65 GB"),
    # 45% × 6 ÷ 8: the same model FLOPs over a third more time
    ("transformer-accounting/recompute", "base", "mfu_after", "33.75%"),
    # 79.65 GiB × 0.9 = 76.97 GB; − 70.6e9 × 4.125 ÷ 8 bytes = 40.57 GB; ÷ 327,680 B
    ("quantization/int4-one-gpu", "base", "kv_tokens", "123800 tokens"),
    # 296 TFLOPS ÷ 4 TB/s = 74 FLOP/byte; a one-byte weight does 2 FLOPs per row
    ("quantization/fp8-ridge", "h20", "fp8_compute_batch", "37"),
    # 989e12 ÷ (2 × 3.35e12)
    ("quantization/flip-batch", "base", "flip_batch", "147.6"),
    # 4 + 16 ÷ 32
    ("quantization/group-scales", "group-32", "bits_per_weight", "4.5 bits"),
    # 16 bits ÷ 4.125 bits
    ("quantization/weight-only-decode", "base", "decode_speedup", "3.879"),
    # (16.1e9 + 32 × 4,096 × 131,072 ÷ 2) ÷ 3.35e12
    ("quantization/fp8-kv-step", "base", "step_fp8", "7.37 ms"),
    # 2 × 8.03e9 × 512 ÷ 1,979e12
    ("quantization/large-batch-int4", "base", "w8a8_floor", "4.155 ms"),
    # 1.96² × 0.8 × 0.2 ÷ 0.01²
    ("quantization/accuracy-drop", "base", "needed_questions", "6147"),
]

# (card, variant, ask, the slip's answer worked by hand, the mistake it is named as)
SLIPS = [
    # 2 × 8.03e9 alone: attention over the 8,192 cached tokens left out
    ("transformer-accounting/forward-flops", "base", "total_flops", "16.06 GFLOP",
     "weights-only"),
    # 21,504 tokens: every prompt token taken to see the whole prompt
    ("transformer-accounting/attention-crossover", "base", "prefill_crossover",
     "21504 tokens", "no-causal-average"),
    # 60,000 × 2 × 8.03e9 ÷ (8 × 989e12)
    ("transformer-accounting/mfu", "base", "mfu", "12.2%", "forward-only"),
    # 70.6e9 × 4.125 bytes
    ("quantization/int4-one-gpu", "base", "int4_weights", "291 GB", "bits-as-bytes"),
    # where W4A16 turns compute-bound: 989e12 × 0.5 ÷ (2 × 3.35e12)
    ("quantization/flip-batch", "base", "flip_batch", "73.8", "compute-bound-is-losing"),
    # (140.4 GiB − 70.6 GB) ÷ (8,192 × 327,680 B), rounded down
    ("quantization/does-it-fit", "base", "max_batch", "29", "no-reserve"),
    # 8.03e9 × 4.125 bits ÷ 3.35 TB/s: the small-batch floor
    ("quantization/large-batch-int4", "base", "w4a16_floor", "1.24 ms",
     "still-memory-bound"),
]


@pytest.mark.parametrize("key, variant, ask, answer", RIGHT)
def test_a_hand_worked_answer_is_graded_right(
        key: str, variant: str, ask: str, answer: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["grade", key, ask, answer, "--variant", variant])
    assert status == 0, capsys.readouterr().out


@pytest.mark.parametrize("key, variant, ask, answer, mistake", SLIPS)
def test_a_classic_slip_is_named(key: str, variant: str, ask: str, answer: str,
                                 mistake: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["grade", key, ask, answer, "--variant", variant])
    out = capsys.readouterr().out
    assert status == 1, out
    first = out.splitlines()[0]  # "✗ incorrect: CARD ASK (mistake, ...)"
    assert mistake in first[first.index("("):], out


def test_the_conversations_that_fit_round_down(capsys: pytest.CaptureFixture[str]) -> None:
    # 140.4 GiB × 0.9 − 70.6 GB = 65.08 GB of room; one conversation is 8,192 × 327,680 B
    room = 140.4 * GIB * 0.9 - 70.6e9
    exact = room / (8192 * 327680)
    assert 24 < exact < 25
    card = ["grade", "quantization/does-it-fit", "max_batch"]
    assert main([*card, "24"]) == 0, capsys.readouterr().out
    assert main([*card, "25"]) == 1, capsys.readouterr().out
