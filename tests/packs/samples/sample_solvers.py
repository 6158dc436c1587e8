"""Solvers for drill's own tests, registered under names the built-in packs never use.

Loaded once per test session by ``load_sample_solvers`` (see the conftest files), so the
pack and checker tests do not depend on the built-in content.
"""

from __future__ import annotations

from typing import Any

from drill.solving.registry import solver
from drill.symbolic.unit_system import u


@solver("sample-decode", weights="GB", bandwidth="TB/s", peak_flops="TFLOPS")
def sample_decode(weights: Any, bandwidth: Any, peak_flops: Any) -> dict[str, Any]:
    """Batch-1 decode: every step reads every weight once."""
    floor = weights / bandwidth
    return {
        "decode_floor": floor,
        "max_tokens_per_s": u.token / floor,
        "weights_over_peak_flops": weights / peak_flops,
    }


@solver("sample-amdahl", fraction="%", local_speedup="×")
def sample_amdahl(fraction: Any, local_speedup: Any) -> dict[str, Any]:
    """Amdahl's law for one part of a step made faster."""
    return {
        "overall_speedup": 1 / ((1 - fraction) + fraction / local_speedup),
        "local_speedup": local_speedup,
    }


@solver("sample-batch", weights="GB", bandwidth="TB/s", batch="users", kv_per_user="MB")
def sample_batch(weights: Any, bandwidth: Any, batch: Any, kv_per_user: Any) -> dict[str, Any]:
    """A batched decode step reads the weights once and every user's KV cache."""
    step = (weights + batch * kv_per_user / u.user) / bandwidth
    return {
        "step_time": step,
        "total_tokens_per_s": batch * u.token / (u.user * step),
        "one_user_step": (weights + kv_per_user) / bandwidth,
    }


@solver("sample-broken", x="s")
def sample_broken(x: Any) -> dict[str, Any]:
    """A solver with a bug: adds a time to bytes."""
    return {"nonsense": x + u.GB}
