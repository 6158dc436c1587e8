"""Solvers for the app's tests, under names no real pack uses (see conftest.py).

The app's tests run on their own small pack, so a change to the built-in content does not
move their screenshots.
"""

from __future__ import annotations

from typing import Any

from drill.solving.registry import REGISTRY, solver
from drill.symbolic.unit_system import u

if "app-test-decode" not in REGISTRY:

    @solver("app-test-decode", weights="GB", bandwidth="TB/s", peak_flops="TFLOPS")
    def decode(weights: Any, bandwidth: Any, peak_flops: Any) -> dict[str, Any]:
        """Batch-1 decode reads every weight once per token."""
        floor = weights / bandwidth
        return {
            "decode_floor": floor,
            "max_tokens_per_s": u.token / floor,
            "weights_over_peak_flops": weights / peak_flops,
        }

    @solver("app-test-amdahl", fraction="%", local_speedup="×")
    def amdahl(fraction: Any, local_speedup: Any) -> dict[str, Any]:
        """Amdahl's law for one part made faster."""
        return {
            "overall_speedup": 1 / ((1 - fraction) + fraction / local_speedup),
            "local_speedup": local_speedup,
        }
