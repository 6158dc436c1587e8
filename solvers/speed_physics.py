"""Solvers of the speed-physics pack: decode floors, prefill, batching, cost, Amdahl.

Every reference and every classic wrong answer of the pack is a named result here, so a
card's figures follow from its givens and change with them (``drill solve --set``).
Mistake results are named after the slip they model (``one_user_kv_bytes``).
"""

from __future__ import annotations

import sympy

from drill.solving.kit import Results, solver, u

from .laws import (
    amdahl_ceiling,
    amdahl_speedup,
    bytes_as_flops,
    flops_as_bytes,
    forward_flops,
    linear_root,
    ridge_point,
    roofline_time,
)

#: The share of peak memory bandwidth production decode kernels usually reach.
TYPICAL_MBU_LOW = sympy.Rational(70, 100)
TYPICAL_MBU_HIGH = sympy.Rational(85, 100)


@solver("decode-floor", weights="GB", bandwidth="TB/s", peak_flops="TFLOPS", params="1")
def decode_floor(weights: sympy.Expr, bandwidth: sympy.Expr, peak_flops: sympy.Expr,
                 params: sympy.Expr) -> Results:
    """Batch-1 decode: every step reads all the weights once, so bandwidth sets the pace."""
    floor = weights / bandwidth
    ceiling = u.token / floor
    return {
        "decode_floor": floor,
        "max_tokens_per_s": ceiling,
        # Real kernels reach roughly 70% to 85% of the memory bandwidth.
        "typical_low_tokens_per_s": TYPICAL_MBU_LOW * ceiling,
        "typical_high_tokens_per_s": TYPICAL_MBU_HIGH * ceiling,
        "flop_per_token": forward_flops(params, u.token) / u.token,
        # Slips: the weights over the compute peak, and the compute peak as the ceiling.
        "weights_over_peak_flops": bytes_as_flops(weights) / peak_flops,
        "compute_ceiling": peak_flops / forward_flops(params, u.token) * u.token,
    }


@solver("decode-floor-claim", weights="GB", bandwidth="TB/s", peak_flops="TFLOPS",
        params="1", claim="tokens/s", benchmark="tokens/s")
def decode_floor_claim(weights: sympy.Expr, bandwidth: sympy.Expr, peak_flops: sympy.Expr,
                       params: sympy.Expr, claim: sympy.Expr, benchmark: sympy.Expr) -> Results:
    """The batch-1 floor against a speed someone claims and one a benchmark reports."""
    results = decode_floor(weights, bandwidth, peak_flops, params)
    ceiling = results["max_tokens_per_s"]
    return {
        **results,
        "claim_over_ceiling": claim / ceiling,
        "benchmark_over_ceiling": benchmark / ceiling,
    }


@solver("tensor-parallel-floor", weights="GB", bandwidth="TB/s", gpus="1",
        measured_step="ms")
def tensor_parallel_floor(weights: sympy.Expr, bandwidth: sympy.Expr, gpus: sympy.Expr,
                          measured_step: sympy.Expr) -> Results:
    """Tensor parallelism splits the weights, so the GPUs' bandwidths add up."""
    floor = weights / (gpus * bandwidth)
    single_gpu_floor = weights / bandwidth
    return {
        "per_gpu_weights": weights / gpus,
        "aggregate_bandwidth": gpus * bandwidth,
        "tp_floor": floor,
        "mbu": floor / measured_step,
        "single_gpu_floor": single_gpu_floor,
        "single_gpu_mbu": single_gpu_floor / measured_step,
    }


@solver("prefill-vs-decode", params="1", prompt="tokens", paste="tokens", weights="GB",
        bandwidth="TB/s", peak_flops="TFLOPS", users="users")
def prefill_vs_decode(params: sympy.Expr, prompt: sympy.Expr, paste: sympy.Expr,
                      weights: sympy.Expr, bandwidth: sympy.Expr,
                      peak_flops: sympy.Expr, users: sympy.Expr) -> Results:
    """Each pass takes the slower of its math and its weight read; prefill is math-bound.

    ``users`` are the streams the paste stalls: each loses the same steps."""
    floor = weights / bandwidth
    prefill_flops = forward_flops(params, prompt)
    paste_flops = forward_flops(params, paste)
    paste_time = roofline_time(paste_flops, weights, peak_flops, bandwidth)
    return {
        "decode_floor": floor,
        "prefill_flops": prefill_flops,
        "paste_flops": paste_flops,
        "prefill_time": roofline_time(prefill_flops, weights, peak_flops, bandwidth),
        "paste_prefill_time": paste_time,
        # Every running stream waits one decode step per `floor` of the paste's prefill.
        "frozen_steps": paste_time / (floor / u.step),
        # Slips: one token's math, the weights over FLOPS, the FLOPs over bandwidth.
        "one_token_prefill_time": forward_flops(params, u.token) / peak_flops,
        "weights_over_peak_flops": bytes_as_flops(weights) / peak_flops,
        "prefill_flops_over_bandwidth": flops_as_bytes(prefill_flops) / bandwidth,
        "paste_flops_over_bandwidth": flops_as_bytes(paste_flops) / bandwidth,
    }


@solver("ridge-point", peak_flops="TFLOPS", bandwidth="TB/s")
def ridge(peak_flops: sympy.Expr, bandwidth: sympy.Expr) -> Results:
    """The FLOP per byte where a kernel stops waiting on memory and starts on math."""
    return {"ridge_point": ridge_point(peak_flops, bandwidth)}


@solver("decode-flip-batch", peak_flops="TFLOPS", bandwidth="TB/s", params="1",
        weights="GB")
def decode_flip_batch(peak_flops: sympy.Expr, bandwidth: sympy.Expr, params: sympy.Expr,
                      weights: sympy.Expr) -> Results:
    """The batch at which decode's weight read is shared enough to reach the ridge."""
    batch = sympy.Symbol("batch", positive=True)
    # One step does 2·params FLOPs per sequence and reads the weights once for all.
    intensity = forward_flops(params, batch * u.token) / weights
    ridge_value = ridge_point(peak_flops, bandwidth)
    flip = linear_root(intensity, ridge_value, batch)
    return {
        "ridge_point": ridge_value,
        "batch1_intensity": intensity.subs(batch, 1),
        "flip_batch": flip,
    }


@solver("decode-step", weights="GB", bandwidth="TB/s", batch="1", context="tokens",
        kv_per_token="KiB/token")
def decode_step(weights: sympy.Expr, bandwidth: sympy.Expr, batch: sympy.Expr,
                context: sympy.Expr, kv_per_token: sympy.Expr) -> Results:
    """A batched decode step reads the weights once and every sequence's own KV cache."""
    kv_bytes = batch * context * kv_per_token
    step_time = (weights + kv_bytes) / bandwidth
    solo_rate = u.token / (weights / bandwidth)
    total_rate = batch * u.token / step_time
    one_user_kv = context * kv_per_token
    one_user_step = (weights + one_user_kv) / bandwidth
    linear_per_user = solo_rate / batch
    return {
        "kv_bytes": kv_bytes,
        "step_bytes": weights + kv_bytes,
        "step_time": step_time,
        "solo_step_time": weights / bandwidth,
        "step_slowdown": step_time / (weights / bandwidth),
        # Each user's own share: its cache, and how much slower than alone ("26% slower").
        "kv_per_user": one_user_kv,
        "per_user_slowdown": step_time / (weights / bandwidth) - 1,
        "per_user_tokens_per_s": u.token / step_time,
        "total_tokens_per_s": total_rate,
        "solo_tokens_per_s": solo_rate,
        "throughput_gain": total_rate / solo_rate,
        # Slips: one sequence's KV in the sum; batching as a pure 1/batch slowdown.
        "one_user_kv_bytes": one_user_kv,
        "one_user_step_time": one_user_step,
        "one_user_total_tokens_per_s": batch * u.token / one_user_step,
        "linear_slowdown_per_user": linear_per_user,
        "linear_slowdown_gain": batch * linear_per_user / solo_rate,
    }


@solver("measured-mbu", weights="GB", bandwidth="TB/s", measured_step="ms", power_draw="W",
        power_cap="W", peak_flops="TFLOPS")
def measured_mbu(weights: sympy.Expr, bandwidth: sympy.Expr, measured_step: sympy.Expr,
                 power_draw: sympy.Expr, power_cap: sympy.Expr,
                 peak_flops: sympy.Expr) -> Results:
    """How much of the memory bandwidth a measured decode step really uses."""
    achieved = weights / measured_step
    ridge = ridge_point(peak_flops, bandwidth)
    return {
        "decode_floor": weights / bandwidth,
        "achieved_bandwidth": achieved,
        "mbu": achieved / bandwidth,
        "ridge_point": ridge,
        # Slips: the power draw read as how busy the chip is; the achieved bandwidth in
        # TB/s divided by the ridge point's number (295) instead of the peak bandwidth.
        "power_fraction": power_draw / power_cap,
        "mbu_over_ridge": (achieved / (u.TB / u.s)) / (ridge / (u.FLOP / u.byte)),
    }


@solver("gpu-cost", gpu_price="$/h", single_rate="tokens/s", batched_rate="tokens/s",
        users="users")
def gpu_cost(gpu_price: sympy.Expr, single_rate: sympy.Expr,
             batched_rate: sympy.Expr, users: sympy.Expr) -> Results:
    """Price per token: the hourly price over the tokens an hour yields."""
    cost_single = gpu_price / single_rate
    cost_batched = gpu_price / batched_rate
    # Slips: an hourly price used as if it were per second (3,600× too much; the grader
    # also recognizes the factor applied the other way), and a power of ten lost in
    # 10⁶ ÷ tokens/s (5,000 s taken as 500 s).
    hours_lost = u.hour / u.second
    million = 10**6 * u.token
    return {
        "single_tokens_per_hour": single_rate * u.hour,
        "batched_tokens_per_hour": batched_rate * u.hour,
        "cost_single": cost_single,
        "cost_batched": cost_batched,
        "cost_ratio": cost_single / cost_batched,
        "cost_single_hour_lost": cost_single * hours_lost,
        "cost_single_power_of_ten": cost_single / 10,
        "cost_batched_hour_lost": cost_batched * hours_lost,
        # A million tokens' time, and the slip of dividing the price by it ($3 ÷ 1.39 h)
        # instead of multiplying: the hours taken as a plain number.
        "single_time_per_million": million / single_rate,
        "cost_single_dollars_over_hours": gpu_price * u.hour
        / ((million / single_rate) / u.hour) / million,
        "per_user_rate": batched_rate / users,
    }


@solver("launch-overhead-amdahl", kernels="kernels", launch_cost="µs/kernel",
        step_time="ms", attention_share="%", attention_factor="×")
def launch_overhead_amdahl(kernels: sympy.Expr, launch_cost: sympy.Expr,
                           step_time: sympy.Expr, attention_share: sympy.Expr,
                           attention_factor: sympy.Expr) -> Results:
    """CPU launch time per step, and what speeding up one part buys the whole step."""
    overhead = kernels * launch_cost
    return {
        "launch_overhead": overhead,
        "launch_fraction": overhead / step_time,
        "attention_speedup": amdahl_speedup(attention_share, attention_factor),
        "speedup_ceiling": amdahl_ceiling(attention_share),
        # Slips: the part's own speedup as the whole's; the untouched share as the ceiling.
        "local_speedup": attention_factor,
        "untouched_share": 1 - attention_share,
    }


@solver("amdahl-two-parts", share_a="%", factor_a="×", share_b="%", factor_b="×")
def amdahl_two_parts(share_a: sympy.Expr, factor_a: sympy.Expr, share_b: sympy.Expr,
                     factor_b: sympy.Expr) -> Results:
    """Two separate parts sped up: add the new times, then invert."""
    new_time = (1 - share_a - share_b) + share_a / factor_a + share_b / factor_b
    return {
        "untouched_share": 1 - share_a - share_b,
        "left_of_a": share_a / factor_a,
        "left_of_b": share_b / factor_b,
        "speedup_a_alone": amdahl_speedup(share_a, factor_a),
        "speedup_b_alone": amdahl_speedup(share_b, factor_b),
        "new_time_fraction": new_time,
        "combined_speedup": 1 / new_time,
        # Slips: speedups added, or each part's Amdahl speedup multiplied.
        "added_speedups": factor_a + factor_b,
        "multiplied_speedups": amdahl_speedup(share_a, factor_a)
        * amdahl_speedup(share_b, factor_b),
    }
