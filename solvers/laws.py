"""The few laws the built-in solvers are made of, as sympy expressions.

Each function takes sympy expressions (a solver's given symbols, or expressions built from
them) and returns one. Solvers compose these, so Amdahl's law or a GEMM's intensity is
written once and every card that uses it computes it the same way.
"""

from __future__ import annotations

import sympy

from drill.solving.kit import u

#: A forward pass does a multiply and an add per parameter per token.
FLOP_PER_PARAMETER = 2 * u.FLOP / u.token


def forward_flops(params: sympy.Expr, tokens: sympy.Expr) -> sympy.Expr:
    """FLOPs of one forward pass over ``tokens`` (a token count): 2 × params × tokens."""
    return FLOP_PER_PARAMETER * params * tokens


def roofline_time(flops: sympy.Expr, moved: sympy.Expr, peak_flops: sympy.Expr,
                  bandwidth: sympy.Expr) -> sympy.Expr:
    """The slower of doing the math and moving the bytes: max(FLOPs ÷ peak, bytes ÷ BW)."""
    return sympy.Max(flops / peak_flops, moved / bandwidth)


def ridge_point(peak_flops: sympy.Expr, bandwidth: sympy.Expr) -> sympy.Expr:
    """FLOP per byte at which compute time equals memory time."""
    return peak_flops / bandwidth


def attainable_flops(intensity: sympy.Expr, peak_flops: sympy.Expr,
                     bandwidth: sympy.Expr) -> sympy.Expr:
    """The roofline: the compute a kernel of this intensity can reach, min(peak, I × BW)."""
    return sympy.Min(peak_flops, intensity * bandwidth)


def bytes_as_flops(moved: sympy.Expr) -> sympy.Expr:
    """Bytes mistaken for FLOPs, one for one: how ``16 GB ÷ 989 TFLOPS`` becomes a time."""
    return moved * u.FLOP / u.byte


def flops_as_bytes(flops: sympy.Expr) -> sympy.Expr:
    """FLOPs mistaken for bytes: how ``8 × 10¹² FLOP ÷ 3.35 TB/s`` becomes a time."""
    return flops * u.byte / u.FLOP


def gemm_flops(m: sympy.Expr, k: sympy.Expr, n: sympy.Expr) -> sympy.Expr:
    """An [m, k] × [k, n] matrix product: a multiply and an add per m·n·k."""
    return 2 * m * n * k * u.FLOP


def gemm_bytes(m: sympy.Expr, k: sympy.Expr, n: sympy.Expr,
               element_bytes: sympy.Expr) -> sympy.Expr:
    """The least traffic of that product: read both inputs once, write the output once."""
    return element_bytes * (m * k + k * n + m * n)


def weight_gemm_bytes(m: sympy.Expr, k: sympy.Expr, n: sympy.Expr, weight_bytes: sympy.Expr,
                      activation_bytes: sympy.Expr) -> sympy.Expr:
    """The least traffic of [m, k] activations × a [k, n] weight when the two are stored
    apart (FP8, or INT8/INT4 weights beside BF16 activations): the weight once, the input
    and the output activations once each."""
    return weight_bytes * k * n + activation_bytes * (m * k + m * n)


def gemm_intensity(m: sympy.Expr, k: sympy.Expr, n: sympy.Expr,
                   element_bytes: sympy.Expr) -> sympy.Expr:
    """Arithmetic intensity in FLOP/byte; about ``m`` when ``m`` is much smaller than k, n."""
    return gemm_flops(m, k, n) / gemm_bytes(m, k, n, element_bytes)


def amdahl_speedup(share: sympy.Expr, factor: sympy.Expr) -> sympy.Expr:
    """Overall speedup when a ``share`` of the time gets ``factor`` times faster."""
    return 1 / ((1 - share) + share / factor)


def amdahl_ceiling(share: sympy.Expr) -> sympy.Expr:
    """The overall speedup as the part becomes free: the limit of Amdahl's law."""
    factor = sympy.Symbol("factor", positive=True)
    return sympy.limit(amdahl_speedup(share, factor), factor, sympy.oo)


def littles_law(arrival_rate: sympy.Expr, time_in_system: sympy.Expr) -> sympy.Expr:
    """Average number in a stable system: L = λ × W."""
    return arrival_rate * time_in_system


def mm1_time_factor(utilization: sympy.Expr) -> sympy.Expr:
    """M/M/1 mean time in system as a multiple of the service time: 1 ÷ (1 − ρ)."""
    return 1 / (1 - utilization)


def exponential_quantile(mean: sympy.Expr, quantile: sympy.Expr) -> sympy.Expr:
    """The ``quantile`` of an exponential distribution with this mean: mean × ln(1/(1 − q))."""
    return mean * sympy.log(1 / (1 - quantile))


def kv_bytes_per_token(layers: sympy.Expr, kv_heads: sympy.Expr, head_dim: sympy.Expr,
                       element_bytes: sympy.Expr) -> sympy.Expr:
    """KV cache per token: a key and a value, per layer, per KV head, head_dim elements."""
    return 2 * layers * kv_heads * head_dim * element_bytes / u.token


def linear_root(left: sympy.Expr, right: sympy.Expr, unknown: sympy.Symbol) -> sympy.Expr:
    """The ``unknown`` at which ``left`` equals ``right``, when clearing the fractions
    leaves an equation linear in it (an intensity reaching a ridge point).

    ``sympy.solve`` gives the same expression, but it imports all of
    ``sympy.physics.units`` to check its answer: as much time again as sympy itself.
    """
    numerator, _ = sympy.fraction(sympy.together(left - right))
    expanded = sympy.expand(numerator)
    slope = expanded.coeff(unknown, 1)
    if slope == 0 or sympy.expand(expanded - slope * unknown).has(unknown):
        raise ValueError(f"the equation is not linear in {unknown}")
    return -expanded.coeff(unknown, 0) / slope
