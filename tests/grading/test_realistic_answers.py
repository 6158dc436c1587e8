"""Answers as an engineer preparing for an interview types them, for every built-in ask.

Each row: card, ask, the typed answer, the verdict, the mistake id that must be named
(None: none is checked; "" : no mistake may be named), and why, where it is not plain.
The expectations come from the cards' givens worked by hand, not from the grader:

* q1: 16 GB ÷ 3.35 TB/s = 4.776 ms; 1 ÷ that = 209.4 tokens/s; the compute ceiling
  989 TFLOPS ÷ 16 GFLOP = 61,812 tokens/s.
* q1-follow-up: 70 GB ÷ 6.7 TB/s = 10.45 ms; 10.45 ÷ 14 = 74.6%; one GPU: 20.9 ms, 149%.
* q2: 8 TFLOP ÷ 989 TFLOPS = 8.09 ms; 128 TFLOP ÷ 989 TFLOPS = 129.4 ms, 27.1 steps of
  4.776 ms; one token: 16 GFLOP ÷ 989 TFLOPS = 0.0162 ms; FLOPs ÷ bandwidth:
  8 TFLOP ÷ 3.35 TB/s "= 2.39 s". Ridge: 989 ÷ 3.35 = 295 FLOP/byte.
* q3: 32 × 1,000 × 128 KiB = 4.19 GB; (16 + 4.19) GB ÷ 3.35 TB/s = 6.03 ms; 165.9 and
  5,309 tokens/s; gain 25.4×. One user's KV: 131 MB, 4.82 ms, 6,640 tokens/s.
* q5: 16 GB ÷ 6 ms = 2.67 TB/s, MBU 79.6%; power 350 ÷ 700 = 50%.
* q6: $3 ÷ (200 × 3,600 tokens) = $4.17 per million; at 4,300 tokens/s $0.194; 21.5×.
* q6-follow-up: 64 × 4,096 × 128 KiB = 34.4 GB; 50.4 GB ÷ 3.35 TB/s = 15.0 ms; 66.5 and
  4,258 tokens/s; one user's KV 0.537 GB, 4.94 ms, 12,950 tokens/s.
* q7: 300 × 4 µs = 1.2 ms = 25% of 4.8 ms; 1 ÷ (0.7 + 0.3 ÷ 3) = 1.25×; 1 ÷ 0.7 = 1.43×.
  q7-follow-up (±3%): 1 ÷ (0.2 + 0.1 + 0.25) = 1.82×; 3 + 2 = 5×; 1.25 × 1.33 = 1.67×;
  the step 0.2 + 0.1 + 0.25 = 0.55 of its old length (0.35, and 2.86×, with the 0.2 left out).
* serving-math: intensity 1 and 62.1 FLOP/byte; ridge batch 345 (295 if intensity = m);
  Amdahl 1 ÷ 0.85 = 1.18×; Little 20/s × 8 s = 160; 300 × 4,000 × 56 KiB = 68.8 GB;
  queueing 0.2 ÷ 0.05 = 4× (0.95 ÷ 0.8 = 1.19× linear); 0.99¹⁰ = 90.4% (±2%); 2 of 200.
  Little turned round: 256 ÷ 6.4 s = 40/s (256/s reading the count as a rate), 90 ÷ 12/s
  = 7.5 s. M/M/1 at μ = 10/s: 1 ÷ (10 − 5) = 0.2 s (0.1 s service alone), 1 ÷ (10 − 9)
  = 1 s, 5× (0.9 ÷ 0.5 = 1.8× linear). A page P99 over ten calls: 0.99^(1/10) = 99.90%
  (±0.05%). Bootstrap: 2.5% of 1,000 resamples = 25 below a 95% interval (50, 950).
* model-sizing: 2 × 2 B × 128 × 8 × 32 = 128 KiB per token (512 with 32 heads, 64 with
  keys only); × 4,096 = 537 MB; (79.65 GiB × 90% − 16 GB) ÷ 537 MB = 113 (143 forgetting weights).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drill.grading import Verdict, grade
from drill.grading.adapter import TargetBook
from drill.packs.library import load_library
from drill.solving.solve import solve

C, W, X = Verdict.CORRECT, Verdict.INCORRECT, Verdict.INVALID
NONE = ""  # no mistake may be named

# (card, ask, answer, verdict, mistake, reason)
Row = tuple[str, str, str, Verdict, str | None, str]
ROWS: list[Row] = [
    # --- q1 decode_floor: 4.776 ms -------------------------------------------------
    ("q1", "decode_floor", "4.78 ms", C, NONE, ""),
    ("q1", "decode_floor", "4.78ms", C, NONE, ""),
    ("q1", "decode_floor", "4.78 milliseconds", C, NONE, ""),
    ("q1", "decode_floor", "4.78 msec", C, NONE, ""),
    ("q1", "decode_floor", "0.00478 s", C, NONE, ""),
    ("q1", "decode_floor", ".00478 s", C, NONE, ""),
    ("q1", "decode_floor", "4.78e-3 s", C, NONE, ""),
    ("q1", "decode_floor", "4.78 × 10^-3 s", C, NONE, ""),
    ("q1", "decode_floor", "4,780 us", C, NONE, "us is the ASCII µs"),
    ("q1", "decode_floor", "≈4.8 ms", C, NONE, ""),
    ("q1", "decode_floor", "~4.8ms", C, NONE, ""),
    ("q1", "decode_floor", "about 5 ms", C, NONE, "5 is 4.7% above 4.776: inside 5%"),
    ("q1", "decode_floor", "4.8", C, NONE, "a bare number is read in the ask's ms"),
    ("q1", "decode_floor", "16 GB / 3.35 TB/s", C, NONE, ""),
    ("q1", "decode_floor", "16GB/3.35TB/s", C, NONE, ""),
    ("q1", "decode_floor", "16e9 B / 3.35e12 B/s", C, NONE, ""),
    ("q1", "decode_floor", "16 / 3.35", C, NONE, "plain-number math counts in ms"),
    ("q1", "decode_floor", "4.78 ms.", C, NONE, "a sentence's full stop"),
    ("q1", "decode_floor", "4.8 ms per token", C, NONE,
     "the seed's own phrasing: per token is a label on a per-step time"),
    ("q1", "decode_floor", "4.78 ms/step", C, NONE, "per step is a label too"),
    ("q1", "decode_floor", "4.5 ms", W, NONE, "5.8% low: outside 5%, no classic slip"),
    ("q1", "decode_floor", "47.8 ms", W, "power-of-ten", ""),
    ("q1", "decode_floor", "0.478 ms", W, "power-of-ten", ""),
    ("q1", "decode_floor", "4.78 s", W, "power-of-ten", "10³: ms against s"),
    ("q1", "decode_floor", "16 Gb / 3.35 TB/s", W, "bits-for-bytes", "8× small, bits"),
    ("q1", "decode_floor", "16 GB / 3.35 Tb/s", W, "bits-for-bytes", "8× large, bits"),
    ("q1", "decode_floor", "16 GB / 989 TFLOPS", W, "bytes-over-flops", ""),
    ("q1", "decode_floor", "16 GB / 989 TFLOP/s", W, "bytes-over-flops", ""),
    ("q1", "decode_floor", "0.0162 ms", W, "bytes-over-flops",
     "the card's value of that slip: 16 GB over 989 TFLOPS read as seconds"),
    ("q1", "decode_floor", "17.2 s", W, "seconds-hours-slip", "4.776 ms × 3,600"),
    ("q1", "decode_floor", "1.33 µs", W, "seconds-hours-slip", "4.776 ms ÷ 3,600"),
    ("q1", "decode_floor", "209 tokens/s", W, "reciprocal",
     "a rate where a time is asked: the inverse"),
    ("q1", "decode_floor", "3.35 TB/s / 16 GB", W, "reciprocal", ""),
    ("q1", "decode_floor", "16 GB", W, "wrong-dimension", ""),
    ("q1", "decode_floor", "16/3350 s", C, NONE,
     "16 ÷ (3350 s) is a rate, which no time ask means: read as (16 ÷ 3350) s = 4.78 ms"),
    ("q1", "decode_floor", "4.78 zorks", X, None, ""),
    ("q1", "decode_floor", "4.78 mS", X, None, "mS is no time unit; ms is suggested"),
    ("q1", "decode_floor", "", X, None, ""),
    # --- q1 max_tokens_per_s: 209 tokens/s -----------------------------------------
    ("q1", "max_tokens_per_s", "209 tokens/s", C, NONE, ""),
    ("q1", "max_tokens_per_s", "209 tok/s", C, NONE, ""),
    ("q1", "max_tokens_per_s", "209 tokens per second", C, NONE, ""),
    ("q1", "max_tokens_per_s", "209 tokens/sec", C, NONE, ""),
    ("q1", "max_tokens_per_s", "209 token/s", C, NONE, ""),
    ("q1", "max_tokens_per_s", "209/s", C, NONE, "the token count may be left out"),
    ("q1", "max_tokens_per_s", "209 per second", C, NONE, ""),
    ("q1", "max_tokens_per_s", "209 tokens·s⁻¹", C, NONE, ""),
    ("q1", "max_tokens_per_s", "~200", C, NONE, "4.5% under 209.4"),
    ("q1", "max_tokens_per_s", "1/4.78ms", C, NONE, "one token per step"),
    ("q1", "max_tokens_per_s", "1 token / 4.78 ms", C, NONE, ""),
    ("q1", "max_tokens_per_s", "3.35 TB/s / 16 GB", C, NONE, ""),
    ("q1", "max_tokens_per_s", "0.209 tokens/ms", C, NONE, ""),
    ("q1", "max_tokens_per_s", "752k tokens/h", C, NONE, "209 × 3,600 = 754k"),
    ("q1", "max_tokens_per_s", "0.75 million tokens/hour", C, NONE, ""),
    ("q1", "max_tokens_per_s", "209 tok/s/user", C, NONE, "per user is a label"),
    ("q1", "max_tokens_per_s", "61,800 tokens/s", W, "compute-ceiling", ""),
    ("q1", "max_tokens_per_s", "62k tokens/s", W, "compute-ceiling", ""),
    ("q1", "max_tokens_per_s", "61.8k", W, "compute-ceiling", ""),
    ("q1", "max_tokens_per_s", "989 TFLOPS / (2 * 8e9 FLOP)", W, "compute-ceiling", ""),
    ("q1", "max_tokens_per_s", "989 TFLOPS / (2 * 8B FLOP)", W, "compute-ceiling",
     "8B is eight billion parameters here"),
    ("q1", "max_tokens_per_s", "61 800 tokens/s", X, None,
     "space-grouped digits stay an error (a stray digit once hid a wrong answer)"),
    ("q1", "max_tokens_per_s", "2090 tokens/s", W, "power-of-ten", ""),
    ("q1", "max_tokens_per_s", "752,000 tokens/s", W, "seconds-hours-slip",
     "the per-hour count typed as per second"),
    ("q1", "max_tokens_per_s", "4.78 ms", W, "reciprocal", ""),
    ("q1", "max_tokens_per_s", "209 requests/s", W, "wrong-dimension",
     "a written count must be the right one"),
    # --- q1-follow-up: 10.45 ms, 74.6% ---------------------------------------------
    ("q1-follow-up", "tp_floor", "10.4 ms", C, NONE, ""),
    ("q1-follow-up", "tp_floor", "70 GB / (2 * 3.35 TB/s)", C, NONE, ""),
    ("q1-follow-up", "tp_floor", "70GB/(2×3.35TB/s)", C, NONE, ""),
    ("q1-follow-up", "tp_floor", "35 GB / 3.35 TB/s", C, NONE, "each GPU's half"),
    ("q1-follow-up", "tp_floor", "70 GB / 2 / 3.35 TB/s", C, NONE, ""),
    ("q1-follow-up", "tp_floor", "10", C, NONE, "4.3% under, in ms"),
    ("q1-follow-up", "tp_floor", "20.9 ms", W, "single-gpu-bandwidth", ""),
    ("q1-follow-up", "tp_floor", "70 GB / 3.35 TB/s", W, "single-gpu-bandwidth", ""),
    ("q1-follow-up", "tp_floor", "104 ms", W, "power-of-ten", ""),
    ("q1-follow-up", "mbu", "74.6%", C, NONE, ""),
    ("q1-follow-up", "mbu", "74.6 %", C, NONE, ""),
    ("q1-follow-up", "mbu", "75 percent", C, NONE, ""),
    ("q1-follow-up", "mbu", "75 pct", C, NONE, ""),
    ("q1-follow-up", "mbu", "74.6", C, NONE, "a bare number is read in %"),
    ("q1-follow-up", "mbu", "0.75×", C, NONE, "a ratio marked as one"),
    ("q1-follow-up", "mbu", "3/4", C, NONE, "plain-number math for a % ask is a ratio"),
    ("q1-follow-up", "mbu", "10.4 ms / 14 ms", C, NONE, ""),
    ("q1-follow-up", "mbu", "70 GB / 14 ms / 6.7 TB/s", C, NONE, ""),
    ("q1-follow-up", "mbu", "0.746", C, NONE,
     "a fraction on a % ask: 0.746 is 74.6%, as 10.4 / 14 is"),
    ("q1-follow-up", "mbu", "10.4/14*100", C, NONE, "74.3, read in %"),
    ("q1-follow-up", "mbu", "0.5", W, "", "50% either way it is read: no slip to name"),
    ("q1-follow-up", "mbu", "149%", W, "single-gpu-bandwidth", ""),
    ("q1-follow-up", "mbu", "20.9 ms / 14 ms", W, "single-gpu-bandwidth", ""),
    ("q1-follow-up", "mbu", "7.46%", W, "power-of-ten", ""),
    ("q1-follow-up", "mbu", "134%", W, "reciprocal", "14 ÷ 10.45"),
    # --- q2: 8.09 ms, 129 ms, 27 steps -----------------------------------------------
    ("q2", "prefill_time", "8.1 ms", C, NONE, ""),
    ("q2", "prefill_time", "8 ms", C, NONE, "1.1% under"),
    ("q2", "prefill_time", "8 TFLOP / 989 TFLOPS", C, NONE, ""),
    ("q2", "prefill_time", "2 * 8e9 * 500 FLOP / 989 TFLOPS", C, NONE, ""),
    ("q2", "prefill_time", "2 × 8B × 500 FLOP / 989 TFLOPS", C, NONE,
     "as bytes it is no time; 8B as eight billion parameters fits"),
    ("q2", "prefill_time", "8 Tflops / 989 TFLOPS", C, NONE,
     "lower-case flops as the count is the reading that gives a time"),
    ("q2", "prefill_time", "0.0162 ms", W, "prefill-not-scaled", "one token's FLOPs"),
    ("q2", "prefill_time", "16 GB / 989 TFLOPS", W, "bytes-over-flops", ""),
    ("q2", "prefill_time", "8 TFLOP / 3.35 TB/s", W, "flops-over-bandwidth", ""),
    ("q2", "prefill_time", "2.39 s", W, "flops-over-bandwidth", "its value as seconds"),
    ("q2", "prefill_time", "81 ms", W, "power-of-ten", ""),
    ("q2", "paste_prefill_time", "129 ms", C, NONE, ""),
    ("q2", "paste_prefill_time", "0.129 s", C, NONE, ""),
    ("q2", "paste_prefill_time", "130ms", C, NONE, ""),
    ("q2", "paste_prefill_time", "2 * 8 billion * 8,000 FLOP / 989 TFLOPS", C, NONE, ""),
    ("q2", "paste_prefill_time", "38.2 s", W, "flops-over-bandwidth", ""),
    ("q2", "paste_prefill_time", "1.29 s", W, "power-of-ten", ""),
    ("q2", "frozen_steps", "27", C, NONE, ""),
    ("q2", "frozen_steps", "27 steps", C, NONE, ""),
    ("q2", "frozen_steps", "129 ms / 4.78 ms", C, NONE, ""),
    ("q2", "frozen_steps", "26", C, NONE, "4.1% under 27.1"),
    ("q2", "frozen_steps", "270", W, "power-of-ten", ""),
    ("q2", "frozen_steps", "27 tokens", W, "wrong-dimension", "tokens are not steps"),
    # --- q2-follow-up: 295 FLOP/byte -------------------------------------------------
    ("q2-follow-up", "ridge_point", "295 FLOP/byte", C, NONE, ""),
    ("q2-follow-up", "ridge_point", "295 FLOP/B", C, NONE, ""),
    ("q2-follow-up", "ridge_point", "295 FLOPs per byte", C, NONE, ""),
    ("q2-follow-up", "ridge_point", "295 flops/byte", C, NONE,
     "lower-case flops per byte means FLOPs: a rate per byte has no meaning here"),
    ("q2-follow-up", "ridge_point", "~300", C, NONE, "1.6% over"),
    ("q2-follow-up", "ridge_point", "989 TFLOPS / 3.35 TB/s", C, NONE, ""),
    ("q2-follow-up", "ridge_point", "295 FLOPS/byte", W, "wrong-dimension",
     "capital FLOPS is the rate by convention"),
    ("q2-follow-up", "ridge_point", "3.35 TB/s / 989 TFLOPS", W, "reciprocal", ""),
    ("q2-follow-up", "ridge_point", "2950 FLOP/byte", W, "power-of-ten", ""),
    ("q2-follow-up", "ridge_point", "295 FLOP/bit", W, "bits-for-bytes", ""),
    # --- q3 ----------------------------------------------------------------------------
    ("q3", "kv_bytes", "4.19 GB", C, NONE, ""),
    ("q3", "kv_bytes", "4.19e9 B", C, NONE, ""),
    ("q3", "kv_bytes", "4,194,304,000 bytes", C, NONE, ""),
    ("q3", "kv_bytes", "3.9 GiB", C, NONE, "4.19e9 B = 3.91 GiB"),
    ("q3", "kv_bytes", "32 × 1,000 tokens × 128 KiB/token", C, NONE, ""),
    ("q3", "kv_bytes", "32 * 1000 * 128 KB", C, NONE, "KB as 1,000 B: 2.3% under"),
    ("q3", "kv_bytes", "131 MB", W, "one-user-kv", ""),
    ("q3", "kv_bytes", "1000 * 128 KiB", W, "one-user-kv", ""),
    ("q3", "kv_bytes", "4.19 Gb", W, "bits-for-bytes", ""),
    ("q3", "kv_bytes", "33.5 GB", W, "bits-for-bytes", "4.19 × 8"),
    ("q3", "step_time", "6.03 ms", C, NONE, ""),
    ("q3", "step_time", "(16 GB + 4.19 GB) / 3.35 TB/s", C, NONE, ""),
    ("q3", "step_time", "(16 + 4.19) GB / 3.35 TB/s", C, NONE, ""),
    ("q3", "step_time", "6.03 ms/step", C, NONE, "per step is a label"),
    ("q3", "step_time", "4.82 ms", W, "one-user-kv", ""),
    ("q3", "step_time", "(16 GB + 131 MB) / 3.35 TB/s", W, "one-user-kv", ""),
    ("q3", "per_user_tokens_per_s", "166 tok/s", C, NONE, ""),
    ("q3", "per_user_tokens_per_s", "1/6.03 ms", C, NONE, ""),
    ("q3", "per_user_tokens_per_s", "166 tokens/s per user", C, NONE,
     "the ask is per user: saying so is a label"),
    ("q3", "per_user_tokens_per_s", "6.54 tokens/s", W, "linear-slowdown", ""),
    ("q3", "per_user_tokens_per_s", "209 tokens/s / 32", W, "linear-slowdown", ""),
    ("q3", "total_tokens_per_s", "5,300 tokens/s", C, NONE, ""),
    ("q3", "total_tokens_per_s", "5.3k tokens/s", C, NONE, ""),
    ("q3", "total_tokens_per_s", "5.3 k tokens/s", C, NONE, ""),
    ("q3", "total_tokens_per_s", "32 / 6.03 ms", C, NONE, ""),
    ("q3", "total_tokens_per_s", "32 × 166 tokens/s", C, NONE, ""),
    ("q3", "total_tokens_per_s", "6,650 tokens/s", W, "one-user-kv", ""),
    ("q3", "total_tokens_per_s", "32/4.82ms", W, "one-user-kv", ""),
    ("q3", "total_tokens_per_s", "209 tokens/s", W, "linear-slowdown", ""),
    ("q3", "total_tokens_per_s", "5300 requests/s", W, "wrong-dimension", ""),
    ("q3", "throughput_gain", "25×", C, NONE, ""),
    ("q3", "throughput_gain", "25x", C, NONE, ""),
    ("q3", "throughput_gain", "25X", C, NONE, ""),
    ("q3", "throughput_gain", "25 times", C, NONE, ""),
    ("q3", "throughput_gain", "25", C, NONE, ""),
    ("q3", "throughput_gain", "2540%", C, NONE, ""),
    ("q3", "throughput_gain", "5310 tokens/s / 209 tokens/s", C, NONE, ""),
    ("q3", "throughput_gain", "1x", W, "linear-slowdown", ""),
    ("q3", "throughput_gain", "0.0394", W, "reciprocal", "1 ÷ 25.4"),
    ("q3", "throughput_gain", "32x", W, NONE, "26% over, no classic slip"),
    # --- q4: 295 -----------------------------------------------------------------------
    ("q4", "flip_batch", "295", C, NONE, ""),
    ("q4", "flip_batch", "~300", C, NONE, ""),
    ("q4", "flip_batch", "295 users", C, NONE, "a labelled count for a plain number"),
    ("q4", "flip_batch", "989e12 / 3.35e12", C, NONE, ""),
    ("q4", "flip_batch", "2950", W, "power-of-ten", ""),
    ("q4", "flip_batch", "295 FLOP/byte", W, "wrong-dimension",
     "the ridge point, not the batch: the units say so"),
    ("q4", "flip_batch", "590", W, NONE, "twice: no classic id, a 2× message"),
    # --- q5 ----------------------------------------------------------------------------
    ("q5", "achieved_bandwidth", "2.67 TB/s", C, NONE, ""),
    ("q5", "achieved_bandwidth", "2670 GB/s", C, NONE, ""),
    ("q5", "achieved_bandwidth", "2.7 TB/sec", C, NONE, ""),
    ("q5", "achieved_bandwidth", "16 GB / 6 ms", C, NONE, ""),
    ("q5", "achieved_bandwidth", "2.67 TB per second", C, NONE, ""),
    ("q5", "achieved_bandwidth", "2.43 TiB/s", C, NONE, "2.67e12 B/s in TiB/s"),
    ("q5", "achieved_bandwidth", "2.67 Tb/s", W, "bits-for-bytes", ""),
    ("q5", "achieved_bandwidth", "6 ms / 16 GB", W, "reciprocal", ""),
    ("q5", "achieved_bandwidth", "2.67 TB", W, "wrong-dimension", ""),
    ("q5", "mbu", "80%", C, NONE, ""),
    ("q5", "mbu", "2.67 TB/s / 3.35 TB/s", C, NONE, ""),
    ("q5", "mbu", "4.78/6", C, NONE, "floor over measured step"),
    ("q5", "mbu", "50%", W, "power-as-utilization", ""),
    ("q5", "mbu", "350 W / 700 W", W, "power-as-utilization", ""),
    ("q5", "mbu", "6/4.78", W, "reciprocal", ""),
    ("q5", "mbu", "8%", W, "power-of-ten", ""),
    # --- q6: $4.17 and $0.194 per million tokens, 21.5× ------------------------------
    ("q6", "cost_single", "$4.17", C, NONE, "per million tokens is the ask's unit"),
    ("q6", "cost_single", "$4.17 per million tokens", C, NONE, ""),
    ("q6", "cost_single", "4.17 USD", C, NONE, ""),
    ("q6", "cost_single", "4.17 dollars", C, NONE, ""),
    ("q6", "cost_single", "$4.17/Mtok", C, NONE, "the price sheets' spelling"),
    ("q6", "cost_single", "4.17$/Mtok", C, NONE, ""),
    ("q6", "cost_single", "$4.17/M tokens", C, NONE, ""),
    ("q6", "cost_single", "$4.17 per M tokens", C, NONE, ""),
    ("q6", "cost_single", "$4.2/M", C, NONE, "the million written, the tokens left out"),
    ("q6", "cost_single", "$4.17 / 1M tokens", C, NONE, ""),
    ("q6", "cost_single", "$4.17 per million", C, NONE, ""),
    ("q6", "cost_single", "417 cents", C, NONE, ""),
    ("q6", "cost_single", "$4.17e-6/token", C, NONE, ""),
    ("q6", "cost_single", "$0.00417/1k tokens", C, NONE, ""),
    ("q6", "cost_single", "$3/h / (200 tokens/s)", C, NONE, ""),
    ("q6", "cost_single", "$3/h / 720k tokens/h", C, NONE, ""),
    ("q6", "cost_single", "3/(200*3600)*1e6", C, NONE, ""),
    ("q6", "cost_single", "$15,000", W, "seconds-hours-slip", "$3 per second"),
    ("q6", "cost_single", "$0.0012", W, "seconds-hours-slip", "÷ 3,600 once more"),
    ("q6", "cost_single", "$0.417", W, "power-of-ten", ""),
    ("q6", "cost_single", "$41.7", W, "power-of-ten", ""),
    ("q6", "cost_batched", "$0.19", C, NONE, ""),
    ("q6", "cost_batched", "19 cents", C, NONE, ""),
    ("q6", "cost_batched", "$.19", C, NONE, ""),
    ("q6", "cost_batched", "$0.19/Mtok", C, NONE, ""),
    ("q6", "cost_batched", "$0.19 per M tok", C, NONE, ""),
    ("q6", "cost_batched", "$3/h / 4300 tokens/s", C, NONE, ""),
    ("q6", "cost_batched", "$698", W, "seconds-hours-slip", ""),
    ("q6", "cost_batched", "$1.94", W, "power-of-ten", ""),
    ("q6", "cost_ratio", "21.5x", C, NONE, ""),
    ("q6", "cost_ratio", "21.5×", C, NONE, ""),
    ("q6", "cost_ratio", "21.5 times", C, NONE, ""),
    ("q6", "cost_ratio", "~21x", C, NONE, ""),
    ("q6", "cost_ratio", "4300/200", C, NONE, ""),
    ("q6", "cost_ratio", "$4.17 / $0.194", C, NONE, "dollars over dollars"),
    ("q6", "cost_ratio", "0.0465", W, "reciprocal", ""),
    # --- q6-follow-up ------------------------------------------------------------------
    ("q6-follow-up", "kv_bytes", "34.4 GB", C, NONE, ""),
    ("q6-follow-up", "kv_bytes", "64 * 4096 * 128 KiB", C, NONE, ""),
    ("q6-follow-up", "kv_bytes", "32 GiB", C, NONE, "exactly 64 × 4,096 × 128 KiB"),
    ("q6-follow-up", "kv_bytes", "537 MB", W, "one-user-kv", ""),
    ("q6-follow-up", "kv_bytes", "34.4 GiB", W, "binary-for-decimal", "7.4% over: GiB for GB"),
    ("q6-follow-up", "step_time", "15 ms", C, NONE, ""),
    ("q6-follow-up", "step_time", "(16 GB + 34.4 GB) / 3.35 TB/s", C, NONE, ""),
    ("q6-follow-up", "step_time", "4.94 ms", W, "one-user-kv", ""),
    ("q6-follow-up", "per_user_tokens_per_s", "1/15ms", C, NONE, ""),
    ("q6-follow-up", "per_user_tokens_per_s", "665 tokens/s", W, "power-of-ten", ""),
    ("q6-follow-up", "total_tokens_per_s", "64 / 15 ms", C, NONE, ""),
    ("q6-follow-up", "total_tokens_per_s", "4.3k tok/s", C, NONE, ""),
    ("q6-follow-up", "total_tokens_per_s", "13,000 tokens/s", W, "one-user-kv", ""),
    # --- q7 ----------------------------------------------------------------------------
    ("q7", "launch_overhead", "1.2 ms", C, NONE, ""),
    ("q7", "launch_overhead", "1200us", C, NONE, ""),
    ("q7", "launch_overhead", "300 × 4us", C, NONE, ""),
    ("q7", "launch_overhead", "300 kernels × 4 µs/kernel", C, NONE, ""),
    ("q7", "launch_overhead", "12 ms", W, "power-of-ten", ""),
    ("q7", "launch_overhead", "1.2 s", W, "power-of-ten", ""),
    ("q7", "launch_fraction", "25%", C, NONE, ""),
    ("q7", "launch_fraction", "1.2 ms / 4.8 ms", C, NONE, ""),
    ("q7", "launch_fraction", "1/4", C, NONE, ""),
    ("q7", "launch_fraction", "25%.", C, NONE, ""),
    ("q7", "launch_fraction", "400%", W, "reciprocal", ""),
    ("q7", "launch_fraction", "2.5%", W, "power-of-ten", ""),
    ("q7", "attention_speedup", "1.25x", C, NONE, ""),
    ("q7", "attention_speedup", "1.25 times", C, NONE, ""),
    ("q7", "attention_speedup", "125%", C, NONE, ""),
    ("q7", "attention_speedup", "1/(0.7 + 0.3/3)", C, NONE, ""),
    ("q7", "attention_speedup", "1/(70% + 30%/3)", C, NONE, ""),
    ("q7", "attention_speedup", "3x", W, "local-speedup", ""),
    ("q7", "attention_speedup", "0.8x", W, "reciprocal", "new time over old"),
    ("q7", "speedup_ceiling", "1.43x", C, NONE, ""),
    ("q7", "speedup_ceiling", "10/7", C, NONE, ""),
    ("q7", "speedup_ceiling", "1 / (1 - 0.3)", C, NONE, ""),
    ("q7", "speedup_ceiling", "0.7", W, "ceiling-as-share",
     "the card's own slip; 0.7 is also 1 ÷ 1.43, so reciprocal is named too"),
    ("q7-follow-up", "combined_speedup", "1.82x", C, NONE, ""),
    ("q7-follow-up", "combined_speedup", "1/0.55", C, NONE, ""),
    ("q7-follow-up", "combined_speedup", "1 / (0.2 + 0.3/3 + 0.5/2)", C, NONE, ""),
    ("q7-follow-up", "combined_speedup", "1.75x", W, NONE, "3.8% under: ±3% here"),
    ("q7-follow-up", "combined_speedup", "5x", W, "added-speedups", ""),
    ("q7-follow-up", "combined_speedup", "3 + 2", W, "added-speedups", ""),
    ("q7-follow-up", "combined_speedup", "1.25 * 1.33", W, "multiplied-speedups", ""),
    ("q7-follow-up", "combined_speedup", "0.55", W, "reciprocal", ""),
    ("q7-follow-up", "combined_speedup", "1/(0.1 + 0.25)", W, "untouched-left-out", ""),
    ("q7-follow-up", "new_time_fraction", "0.55", C, NONE, ""),
    ("q7-follow-up", "new_time_fraction", "0.2 + 0.3/3 + 0.5/2", C, NONE, ""),
    ("q7-follow-up", "new_time_fraction", "0.3/3 + 0.5/2", W, "untouched-left-out", ""),
    # --- serving-math ------------------------------------------------------------------
    ("serving-math/intensity", "intensity_batch1", "1 FLOP/byte", C, NONE, ""),
    ("serving-math/intensity", "intensity_batch1", "2 FLOPs / 2 bytes", C, NONE, ""),
    ("serving-math/intensity", "intensity_batch1", "1 flops/byte", C, NONE, ""),
    ("serving-math/intensity", "intensity_batch64", "62 FLOP/byte", C, NONE, ""),
    ("serving-math/intensity", "intensity_batch64", "64 FLOP/byte", C, NONE,
     "the m ≈ batch estimate, 3.1% over"),
    ("serving-math/intensity", "intensity_batch64", "62 flops/byte", C, NONE, ""),
    ("serving-math/intensity", "intensity_batch64", "0.0161 B/FLOP", W, "reciprocal", ""),
    ("serving-math/intensity", "intensity_batch64", "621 FLOP/byte", W, "power-of-ten", ""),
    ("serving-math/ridge-batch", "batch_at_ridge", "345", C, NONE, ""),
    ("serving-math/ridge-batch", "batch_at_ridge", "~350", C, NONE, ""),
    ("serving-math/ridge-batch", "batch_at_ridge", "295", W, "intensity-equals-batch", ""),
    ("serving-math/amdahl", "overall_speedup", "1.18x", C, NONE, ""),
    ("serving-math/amdahl", "overall_speedup", "1 / 0.85", C, NONE, ""),
    ("serving-math/amdahl", "overall_speedup", "118%", C, NONE, ""),
    ("serving-math/amdahl", "overall_speedup", "2x", W, "local-speedup", ""),
    ("serving-math/amdahl", "overall_speedup", "0.85", W, "reciprocal", ""),
    ("serving-math/amdahl", "speedup_ceiling", "1.43x", C, NONE, ""),
    ("serving-math/amdahl", "speedup_ceiling", "1 / 0.7", C, NONE, ""),
    ("serving-math/amdahl", "speedup_ceiling", "3.3x", W, "ceiling-from-share", ""),
    ("serving-math/little", "in_flight", "160", C, NONE, ""),
    ("serving-math/little", "in_flight", "160 reqs", C, NONE, ""),
    ("serving-math/little", "in_flight", "20 requests/s * 8 s", C, NONE, ""),
    ("serving-math/little", "in_flight", "20/s * 8s", C, NONE, ""),
    ("serving-math/little", "in_flight", "1600", W, "power-of-ten", ""),
    ("serving-math/little", "in_flight", "160 tokens", W, "wrong-dimension", ""),
    ("serving-math/little", "in_flight", "160 requests/s", W, "wrong-dimension", ""),
    ("serving-math/kv-capacity", "kv_total", "68.8 GB", C, NONE, ""),
    ("serving-math/kv-capacity", "kv_total", "300 * 4000 * 56 KiB", C, NONE, ""),
    ("serving-math/kv-capacity", "kv_total", "64 GiB", C, NONE, ""),
    ("serving-math/kv-capacity", "kv_total",
     "50 requests/s × 6 s × 4000 tokens/request × 56 KiB/token", C, NONE, ""),
    ("serving-math/kv-capacity", "kv_total", "229 MB", W, "one-request-kv", ""),
    ("serving-math/kv-capacity", "kv_total", "8.6 GB", W, "bits-for-bytes", ""),
    ("serving-math/queueing", "latency_growth", "4x", C, NONE, ""),
    ("serving-math/queueing", "latency_growth", "4 times", C, NONE, ""),
    ("serving-math/queueing", "latency_growth", "(1-0.8)/(1-0.95)", C, NONE, ""),
    ("serving-math/queueing", "latency_growth", "(1 - 80%)/(1 - 95%)", C, NONE, ""),
    ("serving-math/queueing", "latency_growth", "1.19x", W, "linear-in-utilization", ""),
    ("serving-math/queueing", "latency_growth", "0.95/0.8", W, "linear-in-utilization", ""),
    ("serving-math/queueing", "latency_growth", "0.25", W, "reciprocal", ""),
    ("serving-math/fan-out", "all_within_p99", "90.4%", C, NONE, ""),
    ("serving-math/fan-out", "all_within_p99", "0.99^10", C, NONE, ""),
    ("serving-math/fan-out", "all_within_p99", "0.99**10", C, NONE, ""),
    ("serving-math/fan-out", "all_within_p99", "0.99¹⁰", C, NONE, ""),
    ("serving-math/fan-out", "all_within_p99", "99%^10", C, NONE, ""),
    ("serving-math/fan-out", "all_within_p99", "90%", C, NONE, "0.4% under, ±2%"),
    ("serving-math/fan-out", "all_within_p99", "99%", W, "p99-unchanged", ""),
    ("serving-math/fan-out", "all_within_p99", "0.99", W, "p99-unchanged", ""),
    ("serving-math/fan-out", "all_within_p99", "10%", W, NONE, "the slow share's size"),
    ("serving-math/p99-samples", "tail_samples", "2", C, NONE, ""),
    ("serving-math/p99-samples", "tail_samples", "2 requests", C, NONE, ""),
    ("serving-math/p99-samples", "tail_samples", "200 × 1%", C, NONE, ""),
    ("serving-math/p99-samples", "tail_samples", "20", W, "power-of-ten", ""),
    ("serving-math/p99-samples", "below_interval", "25", C, NONE, ""),
    ("serving-math/p99-samples", "below_interval", "1000 * 2.5%", C, NONE, ""),
    ("serving-math/p99-samples", "below_interval", "1000 * (1 - 0.95) / 2", C, NONE, ""),
    ("serving-math/p99-samples", "below_interval", "50", W, "whole-tail-below", ""),
    ("serving-math/p99-samples", "below_interval", "1000 * 5%", W, "whole-tail-below", ""),
    ("serving-math/p99-samples", "below_interval", "950", W, "inside-not-below", ""),
    ("serving-math/little-turned", "max_arrival_rate", "40 requests/s", C, NONE, ""),
    ("serving-math/little-turned", "max_arrival_rate", "40", C, NONE, ""),
    ("serving-math/little-turned", "max_arrival_rate", "256 / 6.4 s", C, NONE, ""),
    ("serving-math/little-turned", "max_arrival_rate", "256 requests / 6.4 s", C, NONE, ""),
    ("serving-math/little-turned", "max_arrival_rate", "2400 requests/min", C, NONE, ""),
    ("serving-math/little-turned", "max_arrival_rate", "256", W, "concurrency-as-rate", ""),
    ("serving-math/little-turned", "max_arrival_rate", "256 requests/s", W,
     "concurrency-as-rate", ""),
    ("serving-math/little-turned", "time_in_system", "7.5 s", C, NONE, ""),
    ("serving-math/little-turned", "time_in_system", "90 / 12", C, NONE, ""),
    ("serving-math/little-turned", "time_in_system", "90 requests / (12 requests/s)", C, NONE,
     ""),
    ("serving-math/little-turned", "time_in_system", "7500 ms", C, NONE, ""),
    ("serving-math/little-turned", "time_in_system", "1080 s", W, NONE,
     "90 × 12 with a unit put on it: far off, and no slip of the card"),
    ("serving-math/queueing-rates", "low_time", "200 ms", C, NONE, ""),
    ("serving-math/queueing-rates", "low_time", "0.2 s", C, NONE, ""),
    ("serving-math/queueing-rates", "low_time", "1 / (10 - 5) s", C, NONE, ""),
    ("serving-math/queueing-rates", "low_time", "100 ms", W, "service-time-only", ""),
    ("serving-math/queueing-rates", "low_time", "0.1 s", W, "service-time-only", ""),
    ("serving-math/queueing-rates", "wait_ratio", "5x", C, NONE, ""),
    ("serving-math/queueing-rates", "wait_ratio", "5 times", C, NONE, ""),
    ("serving-math/queueing-rates", "wait_ratio", "(1 - 0.5) / (1 - 0.9)", C, NONE, ""),
    ("serving-math/queueing-rates", "wait_ratio", "1 s / 200 ms", C, NONE, ""),
    ("serving-math/queueing-rates", "wait_ratio", "1.8x", W, "linear-in-utilization", ""),
    ("serving-math/queueing-rates", "wait_ratio", "90% / 50%", W, "linear-in-utilization", ""),
    ("serving-math/fan-out", "call_quantile", "99.9%", C, NONE, ""),
    ("serving-math/fan-out", "call_quantile", "99.9", C, NONE, ""),
    ("serving-math/fan-out", "call_quantile", "0.99^(1/10)", C, NONE, ""),
    ("serving-math/fan-out", "call_quantile", "99.8995%", C, NONE, ""),
    ("serving-math/fan-out", "call_quantile", "90.4%", W, "power-not-root", ""),
    ("serving-math/fan-out", "call_quantile", "0.99^10", W, "power-not-root", ""),
    ("serving-math/fan-out", "call_quantile", "99%", W, "p99-unchanged", ""),
    ("serving-math/fan-out", "call_quantile", "99.5%", W, NONE,
     "a tail five times the one needed: wrong, and no slip of the card"),
    # --- model-sizing ------------------------------------------------------------------
    ("model-sizing/kv-per-token", "kv_per_token", "128 KiB/token", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_token", "128 KiB", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_token", "131,072 B", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_token", "131 kB", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_token", "2 × 32 × 8 × 128 × 2 bytes", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_token", "128 KiB per token", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_token", "512 KiB", W, "query-heads", ""),
    ("model-sizing/kv-per-token", "kv_per_token", "64 KiB", W, "keys-only", ""),
    ("model-sizing/kv-per-token", "kv_per_token", "128 KiB/user", W, "wrong-dimension",
     "a per-user label cannot stand in for the per-token the ask needs"),
    ("model-sizing/kv-per-token", "kv_per_sequence", "537 MB", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_sequence", "512 MiB", C, NONE, ""),
    ("model-sizing/kv-per-token", "kv_per_sequence", "4096 tokens * 128 KiB/token", C, NONE,
     ""),
    ("model-sizing/kv-per-token", "kv_per_sequence", "537", W, "power-of-ten",
     "a bare number is read in GB"),
    # kv-headroom: 79.65 GiB × 95% = 75.67 GiB = 81.25 GB; less 16 GB of weights and 1 GiB
    # (1.07 GB) of activations leaves 64.17 GB; 4,096 × 128 KiB = 0.537 GB a conversation,
    # so 119.5 caches' worth and 119 fit.
    ("model-sizing/kv-headroom", "max_sequences", "119", C, NONE, ""),
    ("model-sizing/kv-headroom", "max_sequences", "120", W, "rounded-up",
     "119.5 rounded up: the 120th cache does not fit"),
    ("model-sizing/kv-headroom", "max_sequences", "~122", W, NONE,
     "three above what fits: those do not fit"),
    ("model-sizing/kv-headroom", "max_sequences", "64.2 GB / 0.537 GB", C, NONE,
     "119.6 from rounded givens: the working means 119"),
    ("model-sizing/kv-headroom", "max_sequences",
     "(79.65 GiB * 0.95 - 16 GB - 1 GiB) / 537 MB", C, NONE, ""),
    ("model-sizing/kv-headroom", "max_sequences", "149", W, "forgot-weights", ""),
    ("model-sizing/kv-headroom", "max_sequences", "74.7 GiB / 512 MiB", W, "forgot-weights",
     ""),
    ("model-sizing/kv-headroom", "max_sequences", "121", W, "forgot-activations",
     "65.25 GB over 0.537 GB is 121.5"),
    ("model-sizing/kv-headroom", "max_sequences", "127", W, "whole-memory", ""),
    ("model-sizing/kv-headroom", "max_sequences", "109", W, "gib-as-gb", ""),
    ("model-sizing/kv-headroom", "max_sequences", "1190", W, "power-of-ten", ""),
    # mha-gqa-mqa, Llama 3 70B: 2 × 80 × 8 × 128 × 2 B = 320 KiB (2,560 with 64 heads, 160
    # keys only); one KV head: 40 KiB (20 keys only, 0.5 KiB for one layer).
    ("model-sizing/mha-gqa-mqa", "gqa_per_token", "320 KiB", C, NONE, ""),
    ("model-sizing/mha-gqa-mqa", "gqa_per_token", "2 * 80 * 8 * 128 * 2 B", C, NONE, ""),
    ("model-sizing/mha-gqa-mqa", "gqa_per_token", "2560 KiB", W, "query-heads", ""),
    ("model-sizing/mha-gqa-mqa", "gqa_per_token", "160 KiB", W, "keys-only", ""),
    ("model-sizing/mha-gqa-mqa", "mqa_per_token", "40 KiB", C, NONE, ""),
    ("model-sizing/mha-gqa-mqa", "mqa_per_token", "20 KiB", W, "keys-only", ""),
    ("model-sizing/mha-gqa-mqa", "mqa_per_token", "0.5 KiB", W, "one-layer", ""),
    # mla-cache, DeepSeek-V3: 61 × 576 × 2 B = 70,272 B = 68.6 KiB (61 KiB without the 64
    # positional numbers, 137 KiB doubled); MHA 3,997,696 B, 56.9×; × 32,768 = 2.30 GB.
    ("model-sizing/mla-cache", "mla_per_token", "70272 B", C, NONE, ""),
    ("model-sizing/mla-cache", "mla_per_token", "61 KiB", W, "no-rope-part", ""),
    ("model-sizing/mla-cache", "mla_per_token", "137 KiB", W, "key-and-value", ""),
    ("model-sizing/mla-cache", "saving", "57", C, NONE, ""),
    ("model-sizing/mla-cache", "mla_per_sequence", "2.3 GB", C, NONE, ""),
    # fp8-kv-sequences, H200 (143,771 MiB) × 0.9 − 70.6 GB = 65.08 GB; ÷ (8,192 × 320 KiB)
    # = 24.2 → 24; FP8 48.5 → 48; whole memory (150.75 − 70.6) GB ÷ 1.34 GB → 59; GiB as
    # GB (126.4 − 70.6) ÷ 1.34 → 41.
    ("model-sizing/fp8-kv-sequences", "seqs_bf16", "24", C, NONE, ""),
    ("model-sizing/fp8-kv-sequences", "seqs_fp8", "48", C, NONE, ""),
    ("model-sizing/fp8-kv-sequences", "seqs_fp8", "59", W, "whole-memory", ""),
    ("model-sizing/fp8-kv-sequences", "seqs_fp8", "41", W, "gib-as-gb", ""),
    # sliding-window-cap, Mistral 7B: 4,096 × 128 KiB = 537 MB (4.29 GB for all 32,768), 8×.
    ("model-sizing/sliding-window-cap", "kv_capped", "537 MB", C, NONE, ""),
    ("model-sizing/sliding-window-cap", "kv_capped", "4.29 GB", W, "full-context", ""),
    ("model-sizing/sliding-window-cap", "saving", "8", C, NONE, ""),
    # longest-context, H100: (76.97 − 70.6) GB ÷ 320 KiB = 19,436 tokens (45,531 from the
    # whole 85.5 GB, 3,311 reading 71.7 GiB as GB).
    ("model-sizing/longest-context", "longest_context", "19400 tokens", C, NONE, ""),
    ("model-sizing/longest-context", "longest_context", "45500", W, "whole-memory", ""),
    ("model-sizing/longest-context", "longest_context", "3300", W, "gib-as-gb", ""),
    # weights-by-precision, Llama 3 70B: 141.2 GB; 70.6e9 × 4.125 bits = 36.4 GB (±1%; 35.3
    # without scales, 291 GB as bytes); 141.2 ÷ 76.97 GB = 1.83 GPUs' worth (1.97 reading
    # 71.7 GiB as GB).
    ("model-sizing/weights-by-precision", "bf16_weights", "141 GB", C, NONE, ""),
    ("model-sizing/weights-by-precision", "int4_weights", "36.4 GB", C, NONE, ""),
    ("model-sizing/weights-by-precision", "int4_weights", "35.3 GB", W, "no-scales", ""),
    ("model-sizing/weights-by-precision", "int4_weights", "291 GB", W, "bits-as-bytes", ""),
    ("model-sizing/weights-by-precision", "gpu_share", "1.83", C, NONE, ""),
    ("model-sizing/weights-by-precision", "gpu_share", "141.2 GB / (79.65 GiB * 0.9)", C, NONE,
     ""),
    ("model-sizing/weights-by-precision", "gpu_share", "1.97", W, "gib-as-gb", ""),
    # tp-memory-per-gpu, TP 4: 35.3 GB each; (76.97 − 35.3) GB ÷ (8,192 × 80 KiB) = 62.1
    # → 62 (15 with every head on every GPU, 74 from the whole 85.5 GB).
    ("model-sizing/tp-memory-per-gpu", "weights_per_gpu", "35.3 GB", C, NONE, ""),
    ("model-sizing/tp-memory-per-gpu", "max_sequences", "62", C, NONE, ""),
    ("model-sizing/tp-memory-per-gpu", "max_sequences", "15", W, "kv-not-split", ""),
    ("model-sizing/tp-memory-per-gpu", "max_sequences", "74", W, "whole-memory", ""),
    # decode-bytes-streamed, Llama 3 8B: 16.06 GB − 128,256 × 4,096 × 2 B (1.05 GB) = 15.01
    # GB, 4.48 ms at 3.35 TB/s (all weights 4.79 ms; both ends out 13.96 GB, 4.17 ms).
    ("model-sizing/decode-bytes-streamed", "streamed", "15 GB", C, NONE, ""),
    ("model-sizing/decode-bytes-streamed", "streamed", "16.06 GB", W, "all-weights", ""),
    ("model-sizing/decode-bytes-streamed", "streamed", "13.96 GB", W, "both-ends", ""),
    ("model-sizing/decode-bytes-streamed", "streamed_floor", "4.48 ms", C, NONE, ""),
    ("model-sizing/decode-bytes-streamed", "streamed_floor", "4.79 ms", W, "all-weights", ""),
    ("model-sizing/decode-bytes-streamed", "streamed_floor", "4.17 ms", W, "both-ends", ""),
    # --- speculative-decoding ----------------------------------------------------------
    # α = 0.8, k = 4: (1 − 0.8⁵) ÷ 0.2 = 3.36 tokens (4 × 0.8 + 1 = 4.2 judged one by one;
    # 2.36 without the target's token); 0.8⁴ = 41% whole drafts.
    ("speculative-decoding/expected-tokens", "expected_tokens", "3.36", C, NONE, ""),
    ("speculative-decoding/expected-tokens", "expected_tokens", "(1 - 0.8^5) / (1 - 0.8)", C,
     NONE, ""),
    ("speculative-decoding/expected-tokens", "expected_tokens", "4.2", W, "independent-tokens",
     ""),
    ("speculative-decoding/expected-tokens", "expected_tokens", "2.36", W, "no-target-token",
     ""),
    ("speculative-decoding/expected-tokens", "all_accepted", "41%", C, NONE, ""),
    # A 3.21B drafter for 70.6B: c = 4.55%, a round 1 + 4c = 1.18 steps, 3.36 ÷ 1.18 = 2.84×
    # (3.36× with a free drafter; 0.65× checking five positions one by one).
    ("speculative-decoding/draft-cost-speedup", "speedup", "2.84", C, NONE, ""),
    ("speculative-decoding/draft-cost-speedup", "speedup", "3.36x", W, "free-drafter", ""),
    ("speculative-decoding/draft-cost-speedup", "speedup", "0.65", W, "sequential-check", ""),
    ("speculative-decoding/draft-cost-speedup", "round_cost", "1.18", C, NONE, ""),
    # α = 0.7, c = 10%: k = 4 gives 2.773 ÷ 1.4 = 1.98×, above k = 3 (1.95×) and 5 (1.96×);
    # one token 1.7 ÷ 1.1 = 1.55×.
    ("speculative-decoding/best-draft-length", "best_speedup", "1.98x", C, NONE, ""),
    ("speculative-decoding/best-draft-length", "best_speedup", "1.55", W, "one-token-draft",
     ""),
    ("speculative-decoding/best-draft-length", "best_speedup", "2.77", W, "free-drafter", ""),
    # Llama 3 8B on an H100: 16.06 GB ÷ 3.35 TB/s = 4.79 ms; 5 × 16.06 GFLOP ÷ 989 TFLOPS =
    # 0.081 ms; 4.79 ms × 989 TFLOPS ÷ 16.06 GFLOP = 295 tokens; five steps in a row 24 ms.
    ("speculative-decoding/verify-nearly-free", "verify_step", "4.8 ms", C, NONE, ""),
    ("speculative-decoding/verify-nearly-free", "verify_step", "24 ms", W, "sequential-check",
     ""),
    ("speculative-decoding/verify-nearly-free", "compute_time", "0.081 ms", C, NONE, ""),
    ("speculative-decoding/verify-nearly-free", "tokens_at_ridge", "295", C, NONE, ""),
    # Batch 512: 989 TFLOPS ÷ 16.06 GFLOP = 61,600 tokens/s plain; with five positions a
    # user and 2.77 kept, 61,600 × 2.77 ÷ 5 = 34,200 (170,800 if the check were free).
    ("speculative-decoding/large-batch", "plain_tps", "61600 tokens/s", C, NONE, ""),
    ("speculative-decoding/large-batch", "spec_tps", "34200 tokens/s", C, NONE, ""),
    ("speculative-decoding/large-batch", "spec_tps", "170000 tokens/s", W, "free-check", ""),
    # One draft token at 85%: 1.85 tokens (0.85 counting the draft alone), ÷ 1.02 = 1.81×.
    ("speculative-decoding/draft-kinds", "expected_tokens", "1.85", C, NONE, ""),
    ("speculative-decoding/draft-kinds", "expected_tokens", "0.85", W, "draft-only", ""),
    ("speculative-decoding/draft-kinds", "speedup", "1.8", C, NONE, ""),
    # 21,000 of 40,000 drafts = 52.5% (42% over 50,000 with the target's token); 2.1 + 1 =
    # 3.1 tokens a check.
    ("speculative-decoding/acceptance-from-logs", "acceptance_rate", "52.5%", C, NONE, ""),
    ("speculative-decoding/acceptance-from-logs", "acceptance_rate", "42%", W,
     "bonus-as-proposed", ""),
    ("speculative-decoding/acceptance-from-logs", "tokens_per_check", "3.1", C, NONE, ""),
    ("speculative-decoding/acceptance-from-logs", "tokens_per_check", "2.1", W,
     "no-target-token", ""),
    # 20 ms × 1.2 = 24 ms a round ÷ 3.36 = 7.14 ms, 2.8× (5.95 ms without the drafter, 4.8 ms
    # taking all five positions).
    ("speculative-decoding/tpot-with-speculation", "effective_tpot", "7.1 ms", C, NONE, ""),
    ("speculative-decoding/tpot-with-speculation", "effective_tpot", "5.95 ms", W,
     "free-drafter", ""),
    ("speculative-decoding/tpot-with-speculation", "effective_tpot", "4.8 ms", W,
     "all-accepted", ""),
    ("speculative-decoding/tpot-with-speculation", "user_speedup", "2.8", C, NONE, ""),
    # --- parallelism ------------------------------------------------------------------
    # A ring over 8 GPUs sends 2 × 7/8 = 1.75 of 4,096 × 8,192 × 2 B = 67.1 MB: 117 MB ÷
    # 450 GB/s = 261 µs (the message once: 149 µs).
    ("parallelism/ring-allreduce", "allreduce_time", "261 µs", C, NONE, ""),
    ("parallelism/ring-allreduce", "allreduce_time", "1.75 * 4096 * 8192 * 2 B / 450 GB/s", C,
     NONE, ""),
    ("parallelism/ring-allreduce", "allreduce_time", "149 us", W, "message-once", ""),
    # 4 stages, 8 micro-batches: 3 ÷ 11 = 27.3% idle (7 ÷ 11 = 63.6% swapped); 11 × 5 ms.
    ("parallelism/pipeline-bubble", "bubble", "27.3%", C, NONE, ""),
    ("parallelism/pipeline-bubble", "bubble", "3/11", C, NONE, ""),
    ("parallelism/pipeline-bubble", "bubble", "63.6%", W, "m-and-p-swapped", ""),
    ("parallelism/pipeline-bubble", "batch_time", "55 ms", C, NONE, ""),
    ("parallelism/pipeline-bubble", "batch_time", "8 * 5 ms", W, "no-fill-or-drain", ""),
    # 80 layers × 2 = 160 all-reduces, each 10 µs + 1.75 × 32 × 8,192 × 2 B ÷ 450 GB/s
    # (2.04 µs): 1.93 ms (0.963 ms with one per layer, 0.326 ms for the bytes alone).
    ("parallelism/tp-decode-allreduce", "allreduces_per_step", "160", C, NONE, ""),
    ("parallelism/tp-decode-allreduce", "allreduces_per_step", "80", W, "one-per-layer", ""),
    ("parallelism/tp-decode-allreduce", "comm_per_step", "1.93 ms", C, NONE, ""),
    ("parallelism/tp-decode-allreduce", "comm_per_step", "0.96 ms", W, "one-per-layer", ""),
    ("parallelism/tp-decode-allreduce", "comm_per_step", "0.33 ms", W, "bytes-only", ""),
    # 70.6 billion × 2 B = 141.2 GB ÷ 3.35 TB/s = 42.1 ms however many stages (÷ 4 is TP's
    # 10.5 ms); 4 tokens per 42.1 ms = 94.9 tokens/s.
    ("parallelism/pp-decode-latency", "pp_tpot", "42 ms", C, NONE, ""),
    ("parallelism/pp-decode-latency", "pp_tpot", "10.5 ms", W, "pipeline-divides-latency", ""),
    ("parallelism/pp-decode-latency", "pp_throughput", "95 tokens/s", C, NONE, ""),
    ("parallelism/pp-decode-latency", "pp_throughput", "23.7 tokens/s", W, "one-sequence", ""),
    # TP 8: 141.2 GB ÷ 26.8 TB/s = 5.27 ms + 1.93 ms = 7.2 ms; TP 4: 10.54 + 1.88 = 12.42 ms;
    # 12.42 ÷ 7.2 = 1.73× (2× counting the read alone).
    ("parallelism/tp-stops-paying", "step_large", "7.2 ms", C, NONE, ""),
    ("parallelism/tp-stops-paying", "speedup", "1.73", C, NONE, ""),
    ("parallelism/tp-stops-paying", "speedup", "2x", W, "bandwidth-only", ""),
    # 160 × 1.5 × 2,048 × 8,192 × 2 B = 8.05 GB: ÷ 64 GB/s = 126 ms (63 ms at PCIe's two-way
    # 128 GB/s); ÷ 450 GB/s = 17.9 ms (8.9 ms with one all-reduce per layer).
    ("parallelism/tp-pcie-vs-nvlink", "pcie_time", "126 ms", C, NONE, ""),
    ("parallelism/tp-pcie-vs-nvlink", "pcie_time", "63 ms", W, "both-directions", ""),
    ("parallelism/tp-pcie-vs-nvlink", "nvlink_time", "17.9 ms", C, NONE, ""),
    ("parallelism/tp-pcie-vs-nvlink", "nvlink_time", "8.9 ms", W, "one-per-layer", ""),
    # 252 all-reduces × 1.875 × 64 × 16,384 × 2 B ÷ 50 GB/s = 19.8 ms (2.48 ms at 400 GB/s).
    ("parallelism/cross-node-ib", "step_comm", "19.8 ms", C, NONE, ""),
    ("parallelism/cross-node-ib", "step_comm", "2.48 ms", W, "bits-as-bytes", ""),
    # 8 × 71.68 GiB = 615.7 GB; − 4 × 141.2 GB = 50.9 GB (475 GB taking the weights once);
    # − 141.2 GB = 474.5 GB (543 GB handing over all 8 × 85.5 GB).
    ("parallelism/dp-vs-tp", "kv_room_small", "51 GB", C, NONE, ""),
    ("parallelism/dp-vs-tp", "kv_room_small", "475 GB", W, "one-copy", ""),
    ("parallelism/dp-vs-tp", "kv_room_large", "474 GB", C, NONE, ""),
    ("parallelism/dp-vs-tp", "kv_room_large", "543 GB", W, "whole-memory", ""),
    # 810 GB ÷ 16 = 50.6 GB (101 GB by TP alone); (76.97 − 50.63) GB ÷ (2 × 63 × 1 × 128 ×
    # 2 B = 32,256 B) = 817,000 tokens (408,000 caching all 126 layers).
    ("parallelism/memory-tp-pp", "weights_per_gpu", "50.6 GB", C, NONE, ""),
    ("parallelism/memory-tp-pp", "weights_per_gpu", "101 GB", W, "tp-only", ""),
    ("parallelism/memory-tp-pp", "tokens", "817000 tokens", C, NONE, ""),
    ("parallelism/memory-tp-pp", "tokens", "408000", W, "no-pp-split", ""),
    # One whole KV head per GPU: 2 × 80 × 1 × 128 × 2 B = 40 KiB (20 KiB split 16 ways);
    # 16 × 40 = 640 KiB against 320 KiB: 2 copies.
    ("parallelism/tp-kv-heads", "kv_per_gpu", "40 KiB/token", C, NONE, ""),
    ("parallelism/tp-kv-heads", "kv_per_gpu", "20 KiB", W, "even-split", ""),
    ("parallelism/tp-kv-heads", "duplication", "2", C, NONE, ""),
    ("parallelism/tp-kv-heads", "duplication", "1", W, "no-copies", ""),
    # 16 GPUs × 40 KiB = 640 KiB a token in all; 320 KiB is the model's own cache.
    ("parallelism/tp-kv-heads", "kv_stored", "640 KiB/token", C, NONE, ""),
    ("parallelism/tp-kv-heads", "kv_stored", "320 KiB", W, "no-copies", ""),
    # 2 × 8.03e9 × 131,072 = 2.1e15 FLOP + 2 × 32 × 131,072² × 4,096 = 4.5e15: 6.61e15 ÷
    # 989 TFLOPS = 6.68 s (2.13 s without attention); 7/8 × 131,072 × 128 KiB = 15 GB.
    ("parallelism/context-parallel", "ttft_one", "6.7 s", C, NONE, ""),
    ("parallelism/context-parallel", "ttft_one", "2.13 s", W, "linear-only", ""),
    ("parallelism/context-parallel", "kv_received", "15 GB", C, NONE, ""),
    # (615.7 − 405) GB ÷ (8,192 × 504 KiB = 4.23 GB) = 49.8: 49 (145 forgetting the weights);
    # 405 GB ÷ (8 × 3.35 TB/s) = 15.1 ms.
    ("parallelism/eight-gpus-405b", "sequences", "49", C, NONE, ""),
    ("parallelism/eight-gpus-405b", "sequences", "145", W, "forgot-weights", ""),
    ("parallelism/eight-gpus-405b", "tpot_floor", "15.1 ms", C, NONE, ""),
    # --- moe-serving --------------------------------------------------------------------
    # 2 × 37 billion = 74 GFLOP a token (1,342 with all 671 billion); 671 GB in FP8.
    ("moe-serving/active-vs-total", "flop_per_token", "74 GFLOP/token", C, NONE, ""),
    ("moe-serving/active-vs-total", "flop_per_token", "1342 GFLOP", W, "total-params", ""),
    ("moe-serving/active-vs-total", "weights", "671 GB", C, NONE, ""),
    ("moe-serving/active-vs-total", "weights", "37 GB", W, "active-only", ""),
    # 2 × 37e9 × 32,768 = 2.42e15 FLOP ÷ (8 × 1,979 TFLOPS) = 153 ms (2.78 s on the total).
    ("moe-serving/moe-prefill", "prefill_floor", "153 ms", C, NONE, ""),
    ("moe-serving/moe-prefill", "prefill_floor", "2.78 s", W, "total-params", ""),
    # 256 × (1 − (31/32)³²) = 256 × 0.638 = 163 (32 × 8 = 256 counting repeats).
    ("moe-serving/experts-touched", "touched", "163", C, NONE, ""),
    ("moe-serving/experts-touched", "touched", "256 * (1 - (1 - 8/256)^32)", C, NONE, ""),
    ("moe-serving/experts-touched", "touched", "256", W, "batch-times-k", ""),
    # 1 − (31/32)⁶⁴ = 86.9% (64 × 8 ÷ 256 = 200% adding the picks).
    ("moe-serving/experts-half", "big_share", "86.9%", C, NONE, ""),
    ("moe-serving/experts-half", "big_share", "200%", W, "linear-share", ""),
    # 17.1 billion always read + 163.3 × 58 × 44.04 million = 434 GB at a byte each (37 GB
    # counting the active parameters); ÷ (8 × 4.8 TB/s) = 11.3 ms.
    ("moe-serving/moe-decode-bytes", "step_bytes", "434 GB", C, NONE, ""),
    ("moe-serving/moe-decode-bytes", "step_bytes", "37 GB", W, "active-only", ""),
    ("moe-serving/moe-decode-bytes", "step_floor", "11.3 ms", C, NONE, ""),
    # 8 × 7,168 × (1 + 2) B × 58 = 9.98 MB a token (3.33 MB dispatch alone); × 128 ÷
    # 50 GB/s = 25.5 ms (0.44 ms for one layer).
    ("moe-serving/ep-all-to-all", "per_token", "10 MB", C, NONE, ""),
    ("moe-serving/ep-all-to-all", "per_token", "3.33 MB", W, "dispatch-only", ""),
    ("moe-serving/ep-all-to-all", "step_time", "25.5 ms", C, NONE, ""),
    ("moe-serving/ep-all-to-all", "step_time", "0.44 ms", W, "one-layer", ""),
    # 671 GB ÷ (0.9 × 143,771 MiB = 135.7 GB) = 4.94: 5 H200s (1 from the 37 billion
    # active); (8 × 135.7 − 671) GB = 414.8 GB ÷ 68.6 KiB = 5.9 million tokens.
    ("moe-serving/moe-memory", "gpus_needed", "5", C, NONE, ""),
    ("moe-serving/moe-memory", "gpus_needed", "1", W, "active-only", ""),
    ("moe-serving/moe-memory", "kv_tokens", "5.9 million tokens", C, NONE, ""),
    # 4,096 × 8 ÷ 256 = 128 tokens a fair share; 3× that = 384; 128 ÷ 384 = 33.3% busy.
    ("moe-serving/load-imbalance", "hot_load", "384 tokens", C, NONE, ""),
    ("moe-serving/load-imbalance", "hot_load", "128", W, "fair-share", ""),
    ("moe-serving/load-imbalance", "utilization", "33%", C, NONE, ""),
    # Batch 8 touches 8 × (1 − 0.75⁸) = 7.2 experts: (1.6 + 7.2 × 32 × 0.176) billion × 2 B
    # = 84.4 GB ÷ 4.8 TB/s = 17.6 ms (5.37 ms reading 12.9 billion); 84.4 ÷ 25.8 = 3.27×.
    ("moe-serving/moe-vs-dense", "moe_floor", "17.6 ms", C, NONE, ""),
    ("moe-serving/moe-vs-dense", "moe_floor", "5.37 ms", W, "active-only", ""),
    ("moe-serving/moe-vs-dense", "ratio", "3.27", C, NONE, ""),
    # --- hardware -----------------------------------------------------------------------
    # 2 × 8.03e9 × 8,192 = 131.6 TFLOP ÷ 989 TFLOPS = 133 ms (66.5 ms at the sparse 1,978);
    # 133 ÷ 190 = 70% (35% against the sparse figure).
    ("hardware/dense-vs-sparse", "prefill_time_floor", "133 ms", C, NONE, ""),
    ("hardware/dense-vs-sparse", "prefill_time_floor", "66.5 ms", W, "sparse-peak", ""),
    ("hardware/dense-vs-sparse", "mfu", "70%", C, NONE, ""),
    ("hardware/dense-vs-sparse", "mfu", "35%", W, "sparse-peak", ""),
    # 1,979 TFLOPS ÷ 3.35 TB/s = 591 FLOP/byte; twice the batch reaches it at 295.
    ("hardware/ridge-per-precision", "ridge_fp8", "591 FLOP/byte", C, NONE, ""),
    ("hardware/ridge-per-precision", "ridge_fp8", "1181", W, "sparse-peak", ""),
    ("hardware/ridge-per-precision", "batch_fp8", "295", C, NONE, ""),
    ("hardware/ridge-per-precision", "batch_fp8", "591", W, "batch-as-ridge", ""),
    # 148 ÷ 4 = 37 FLOP/byte (74 at the sparse peak); 131.6 TFLOP ÷ 148 TFLOPS = 889 ms.
    ("hardware/h20-ridge", "ridge", "37 FLOP/byte", C, NONE, ""),
    ("hardware/h20-ridge", "ridge", "74", W, "sparse-peak", ""),
    ("hardware/h20-ridge", "prefill_floor", "0.89 s", C, NONE, ""),
    # 81,559 MiB × 1,048,576 = 85.5 GB (81.6 reading MiB as MB); (0.9 × 85.52 − 16.06) GB
    # ÷ 128 KiB = 465,000 tokens (424,000 taking 71.68 GiB as GB).
    ("hardware/gb-vs-gib", "memory_gb", "85.5 GB", C, NONE, ""),
    ("hardware/gb-vs-gib", "memory_gb", "81.6 GB", W, "mib-as-mb", ""),
    ("hardware/gb-vs-gib", "kv_tokens", "465000 tokens", C, NONE, ""),
    ("hardware/gb-vs-gib", "kv_tokens", "424000", W, "gib-as-gb", ""),
    # 32,768 × 320 KiB = 10.7 GB: ÷ 50 GB/s = 215 ms (26.8 ms at 400 GB/s); ÷ 64 GB/s =
    # 168 ms (83.9 ms at 128 GB/s).
    ("hardware/link-speeds", "ib_time", "215 ms", C, NONE, ""),
    ("hardware/link-speeds", "ib_time", "26.8 ms", W, "bits-as-bytes", ""),
    ("hardware/link-speeds", "pcie_time", "168 ms", C, NONE, ""),
    ("hardware/link-speeds", "pcie_time", "84 ms", W, "both-directions", ""),
    # 70.6 GB ÷ 7.7 TB/s = 9.17 ms (18.3 ms in BF16); 109 tokens/s.
    ("hardware/decode-floor-b200", "tpot_floor", "9.2 ms", C, NONE, ""),
    ("hardware/decode-floor-b200", "tpot_floor", "18.3 ms", W, "bf16-weights", ""),
    ("hardware/decode-floor-b200", "max_rate", "109 tokens/s", C, NONE, ""),
    ("hardware/decode-floor-b200", "max_rate", "31900 tokens/s", W, "compute-ceiling", ""),
    # (16.06 + 64 × 2,048 × 128 KiB = 17.18) GB ÷ 3.35 TB/s = 9.92 ms: 64 ÷ 9.92 ms = 6,450
    # tokens/s (13,350 reading the weights alone) ÷ 700 W = 9.21 tokens/J.
    ("hardware/tokens-per-watt", "rate", "6450 tokens/s", C, NONE, ""),
    ("hardware/tokens-per-watt", "rate", "13350 tokens/s", W, "weights-only", ""),
    ("hardware/tokens-per-watt", "per_joule", "9.2 tokens/J", C, NONE, ""),
    ("hardware/tokens-per-watt", "per_joule", "19.1", W, "weights-only", ""),
    # 50 MiB + 132 × 228 KiB = 52.4 + 30.8 = 83.2 MB (52.7 MB with one SM's); 16.06 GB ÷
    # 83.2 MB = 193×.
    ("hardware/on-chip-memory", "sram", "83.2 MB", C, NONE, ""),
    ("hardware/on-chip-memory", "sram", "52.7 MB", W, "one-sm", ""),
    ("hardware/on-chip-memory", "ratio", "193", C, NONE, ""),
]

_BOOK = TargetBook.of(load_library().cards, solve)


def _key(row: Row) -> str:
    return f"{row[0]}:{row[1]}:{row[2]}"


@pytest.mark.parametrize("row", ROWS, ids=_key)
def test_realistic_answer(row: Row) -> None:
    card, ask, answer, verdict, mistake, reason = row
    result = grade(answer, _BOOK.target(card, ask))
    why = f"{reason} | got: {result.message}"
    assert result.verdict is verdict, why
    if mistake == NONE:
        assert result.mistakes == (), why
    elif mistake is not None:
        assert mistake in result.mistakes, why


def test_every_built_in_ask_is_in_the_corpus() -> None:
    # The newer packs' asks are covered by answers a reviewer wrote blind (see
    # test_blind_answers.py).
    blind = Path(__file__).parent / "data" / "blind_answers.jsonl"
    covered = {(_BOOK.card(card).key, ask) for card, ask, *_ in ROWS} | {
        (row["card"], row["ask"]) for row in map(json.loads, blind.read_text().splitlines())}
    every = {(card.key, ask.id) for card in load_library().cards for ask in card.asks}
    assert every <= covered, sorted(every - covered)
