"""Solvers of the serving-math pack: roofline, Amdahl, Little, queueing, tails, samples.

``gemm-roofline`` is the general roofline of one matrix product; ``weight-gemm-roofline`` is
the same with weights and activations of different widths, which the roofline lab uses for
every precision it offers.
"""

from __future__ import annotations

import sympy

from drill.solving.kit import ErlangC, Results, solver, u

from .laws import (
    amdahl_ceiling,
    amdahl_speedup,
    attainable_flops,
    bytes_as_flops,
    exponential_quantile,
    gemm_bytes,
    gemm_flops,
    gemm_intensity,
    linear_root,
    littles_law,
    mm1_time_factor,
    ridge_point,
    roofline_time,
    weight_gemm_bytes,
)


@solver("gemm-roofline", m="1", k="1", n="1", element_bytes="B", peak_flops="TFLOPS",
        bandwidth="TB/s")
def gemm_roofline(m: sympy.Expr, k: sympy.Expr, n: sympy.Expr, element_bytes: sympy.Expr,
                  peak_flops: sympy.Expr, bandwidth: sympy.Expr) -> Results:
    """An [m, k] × [k, n] GEMM on the roofline: intensity, attainable FLOP/s and time."""
    flops = gemm_flops(m, k, n)
    moved = gemm_bytes(m, k, n, element_bytes)
    intensity = gemm_intensity(m, k, n, element_bytes)
    return _on_the_roofline(flops, moved, intensity, peak_flops, bandwidth)


def _on_the_roofline(flops: sympy.Expr, moved: sympy.Expr, intensity: sympy.Expr,
                     peak_flops: sympy.Expr, bandwidth: sympy.Expr) -> Results:
    """A GEMM's FLOPs and bytes placed on the roofline (both GEMM solvers' results)."""
    attainable = attainable_flops(intensity, peak_flops, bandwidth)
    return {
        "gemm_flops": flops,
        "gemm_bytes": moved,
        "intensity": intensity,
        "ridge_point": ridge_point(peak_flops, bandwidth),
        "attainable_flops": attainable,
        "compute_share": attainable / peak_flops,
        "compute_time": flops / peak_flops,
        "memory_time": moved / bandwidth,
        "gemm_time": roofline_time(flops, moved, peak_flops, bandwidth),
    }


@solver("weight-gemm-roofline", m="1", k="1", n="1", weight_bytes="B", activation_bytes="B",
        peak_flops="TFLOPS", bandwidth="TB/s")
def weight_gemm_roofline(m: sympy.Expr, k: sympy.Expr, n: sympy.Expr, weight_bytes: sympy.Expr,
                         activation_bytes: sympy.Expr, peak_flops: sympy.Expr,
                         bandwidth: sympy.Expr) -> Results:
    """A GEMM of [m, k] activations by a [k, n] weight on the roofline, the weight and the
    activations each at their own bytes per element (BF16, FP8, INT8 or INT4 weights).
    ``peak_flops`` is the peak of the precision the math runs in."""
    flops = gemm_flops(m, k, n)
    moved = weight_gemm_bytes(m, k, n, weight_bytes, activation_bytes)
    intensity = flops / moved
    return _on_the_roofline(flops, moved, intensity, peak_flops, bandwidth)


@solver("kernel-roofline", flops="FLOP", moved="B", peak_flops="TFLOPS", bandwidth="TB/s")
def kernel_roofline(flops: sympy.Expr, moved: sympy.Expr, peak_flops: sympy.Expr,
                    bandwidth: sympy.Expr) -> Results:
    """Any kernel on the roofline, from the FLOPs it does and the bytes it moves."""
    intensity = flops / moved
    compute_time = flops / peak_flops
    memory_time = moved / bandwidth
    return {
        "intensity": intensity,
        "ridge_point": ridge_point(peak_flops, bandwidth),
        "attainable_flops": attainable_flops(intensity, peak_flops, bandwidth),
        "compute_time": compute_time,
        "memory_time": memory_time,
        "kernel_time": roofline_time(flops, moved, peak_flops, bandwidth),
        # Slips: the two times added as if nothing overlapped; the faster of the two; the
        # bytes divided by the FLOP rate.
        "summed_time": compute_time + memory_time,
        "faster_time": sympy.Min(compute_time, memory_time),
        "bytes_over_peak_flops": bytes_as_flops(moved) / peak_flops,
    }


@solver("decode-gemm-intensity", small_batch="1", large_batch="1", k="1", n="1",
        element_bytes="B", peak_flops="TFLOPS", bandwidth="TB/s")
def decode_gemm_intensity(small_batch: sympy.Expr, large_batch: sympy.Expr, k: sympy.Expr,
                          n: sympy.Expr, element_bytes: sympy.Expr, peak_flops: sympy.Expr,
                          bandwidth: sympy.Expr) -> Results:
    """A decode GEMM at two batch sizes: during decode, m is the batch."""
    small = gemm_roofline(small_batch, k, n, element_bytes, peak_flops, bandwidth)
    large = gemm_roofline(large_batch, k, n, element_bytes, peak_flops, bandwidth)
    return {
        "ridge_point": small["ridge_point"],
        "small_batch_intensity": small["intensity"],
        "small_batch_attainable": small["attainable_flops"],
        "small_batch_compute_share": small["compute_share"],
        "large_batch_intensity": large["intensity"],
        "large_batch_attainable": large["attainable_flops"],
        "large_batch_compute_share": large["compute_share"],
    }


@solver("gemm-ridge-batch", k="1", n="1", element_bytes="B", peak_flops="TFLOPS",
        bandwidth="TB/s")
def gemm_ridge_batch(k: sympy.Expr, n: sympy.Expr, element_bytes: sympy.Expr,
                     peak_flops: sympy.Expr, bandwidth: sympy.Expr) -> Results:
    """The m at which an [m, k] × [k, n] GEMM's intensity reaches the ridge point."""
    m = sympy.Symbol("m", positive=True)
    ridge_value = ridge_point(peak_flops, bandwidth)
    batch = linear_root(gemm_intensity(m, k, n, element_bytes), ridge_value, m)
    return {
        "ridge_point": ridge_value,
        "batch_at_ridge": batch,
        # Slip: taking the intensity to be exactly m, so the batch equals the ridge.
        "ridge_as_batch": ridge_value * u.byte / u.FLOP,
    }


@solver("amdahl", share="%", factor="×")
def amdahl(share: sympy.Expr, factor: sympy.Expr) -> Results:
    """Speed up a share of the time by a factor: what the whole gains, and at most."""
    return {
        "new_time_fraction": 1 / amdahl_speedup(share, factor),
        "overall_speedup": amdahl_speedup(share, factor),
        "speedup_ceiling": amdahl_ceiling(share),
        "local_speedup": factor,
    }


@solver("littles-law", arrival_rate="requests/s", latency="s")
def littles(arrival_rate: sympy.Expr, latency: sympy.Expr) -> Results:
    """Requests in the system on average: arrival rate × time in the system."""
    return {"in_flight": littles_law(arrival_rate, latency)}


@solver("mm1-utilization", low_utilization="%", high_utilization="%")
def mm1_utilization(low_utilization: sympy.Expr, high_utilization: sympy.Expr) -> Results:
    """M/M/1: how the mean time in system grows between two utilizations."""
    low = mm1_time_factor(low_utilization)
    high = mm1_time_factor(high_utilization)
    return {
        "low_time_factor": low,
        "high_time_factor": high,
        "latency_growth": high / low,
        # Slip: latency taken to scale with utilization itself.
        "linear_growth": high_utilization / low_utilization,
    }


@solver("mm1-time-in-system", arrival_rate="requests/s", service_rate="requests/s",
        quantile="%")
def mm1_time_in_system(arrival_rate: sympy.Expr, service_rate: sympy.Expr,
                       quantile: sympy.Expr) -> Results:
    """M/M/1: the mean time in system, and a quantile of it (FIFO, so it is exponential)."""
    utilization = arrival_rate / service_rate
    service_time = u.request / service_rate
    mean = service_time * mm1_time_factor(utilization)
    return {
        "utilization": utilization,
        "service_time": service_time,
        "mean_time_in_system": mean,
        "quantile_time_in_system": exponential_quantile(mean, quantile),
    }


@solver("erlang-c", servers="1", service_time="s/request", arrival_rate="requests/s")
def erlang_c_pool(servers: sympy.Expr, service_time: sympy.Expr,
                  arrival_rate: sympy.Expr) -> Results:
    """M/M/c: a pool of ``servers`` replicas with one shared queue, for any pool size.

    The share that waits is Erlang C of the offered load; the mean wait is that share
    times the service time over the pool's spare capacity. Beside them, the slip of
    reading the pool as one M/M/1 server at the same utilization.
    """
    offered = arrival_rate * service_time
    utilization = offered / servers
    spare = 1 - utilization
    wait_prob = ErlangC(servers, offered)
    return {
        "offered": offered,
        "utilization": utilization,
        "spare": spare,
        "wait_prob": wait_prob,
        "wait": wait_prob * service_time * u.request / (servers * spare),
        # Slip: the pool read as one M/M/1 server at the same utilization.
        "mm1_wait_prob": utilization,
        "mm1_wait": utilization / spare * service_time * u.request,
    }


@solver("fan-out-tail", calls="1", quantile="%", call_latency="s")
def fan_out_tail(calls: sympy.Expr, quantile: sympy.Expr, call_latency: sympy.Expr) -> Results:
    """A request waits for the slowest of ``calls`` parallel calls; ``call_latency`` is
    each call's latency at ``quantile``, which is the page's at a lower quantile."""
    within = quantile**calls
    return {
        "page_latency_at_within": call_latency,
        "all_within_p99": within,
        "slow_share": 1 - within,
        # The single-call quantile that the page's own quantile corresponds to.
        "call_quantile_for_page": quantile ** (1 / calls),
        # Slip: the page's P99 taken to be the call's.
        "p99_unchanged": quantile,
    }


@solver("experts-touched", experts="1", active_experts="1", batch="1")
def experts_touched(experts: sympy.Expr, active_experts: sympy.Expr,
                    batch: sympy.Expr) -> Results:
    """Distinct routed experts one MoE layer reads for a batch, if every token picks its
    ``active_experts`` evenly at random: each expert is missed by a token with chance
    1 − k/E, by the whole batch with (1 − k/E)^B."""
    missed = (1 - active_experts / experts) ** batch
    return {
        "touched": experts * (1 - missed),
        "touched_share": 1 - missed,
        # Slip: no two tokens ever share an expert.
        "batch_times_k": batch * active_experts,
    }


@solver("p99-samples", samples="requests", quantile="%")
def p99_samples(samples: sympy.Expr, quantile: sympy.Expr) -> Results:
    """How many samples lie above the quantile, and so decide it."""
    return {"tail_samples": samples * (1 - quantile)}


@solver("kv-capacity", arrival_rate="requests/s", latency="s", context="tokens/request",
        kv_per_token="KiB/token")
def kv_capacity(arrival_rate: sympy.Expr, latency: sympy.Expr, context: sympy.Expr,
                kv_per_token: sympy.Expr) -> Results:
    """Little's law gives the requests in flight; each holds its context's KV cache."""
    in_flight = littles_law(arrival_rate, latency)
    per_request = context * kv_per_token
    return {
        "in_flight": in_flight,
        "kv_per_request": per_request,
        "kv_total": in_flight * per_request,
        # Slip: one request's KV, not the in-flight total.
        "one_request_kv": per_request * u.request,
    }
