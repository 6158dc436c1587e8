"""The roofline explorer: GEMMs and kernels placed on a GPU's roofline by the solvers.

Nothing here computes a roofline figure itself. Each point is the ``gemm-roofline`` or
``kernel-roofline`` solver run through :func:`drill.solving.solve.solve` on givens made from the
GPU's figures, so the explorer, the exercises and the cards agree by construction::

    table = roofline_table(find_gpu("H100"))      # the chapter's five GEMMs
    table.rows[0].intensity, table.rows[0].bound  # 1.0, "memory"
    roofline_table(find_gpu("H100"), precision=find_precision("int4"))  # W4A16

A GEMM takes a :class:`Precision`: BF16 (the chapter's), FP8 weights and activations on the
FP8 peak, or INT8 and INT4 weights read beside BF16 activations by BF16 math (weight-only
quantization; group scales left out).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from drill.labs.gpus import RooflineGpu
from drill.labs.solved import number, solve_givens
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_number
from drill.solving.solve import Solution

#: One BF16 element.
BF16_BYTES = "2 B"


@dataclass(frozen=True, slots=True)
class Precision:
    """How a GEMM stores its weights and activations, and whose peak its math runs at."""

    name: str  # what --precision takes: "int4"
    label: str  # how a table names it: "INT4-weight (W4A16)"
    weight_bytes: str  # per element, as a given: "0.5 B"
    activation_bytes: str
    math: str  # the peak it runs at: "bf16" or "fp8"


PRECISIONS: tuple[Precision, ...] = (
    Precision("bf16", "BF16", BF16_BYTES, BF16_BYTES, "bf16"),
    Precision("fp8", "FP8 (W8A8)", "1 B", "1 B", "fp8"),
    Precision("int8", "INT8-weight (W8A16)", "1 B", BF16_BYTES, "bf16"),
    Precision("int4", "INT4-weight (W4A16)", "0.5 B", BF16_BYTES, "bf16"),
)
BF16 = PRECISIONS[0]


def find_precision(name: str) -> Precision:
    """The precision by its name, ignoring case (``"FP8"``); ValueError names the others."""
    for precision in PRECISIONS:
        if precision.name == name.strip().lower():
            return precision
    known = ", ".join(p.name for p in PRECISIONS)
    raise ValueError(f"no precision '{name}': one of {known}")

#: The chapter's table: decode at batch 1, 8, 64, 256, and a 4096-token prefill ...
CHAPTER_BATCHES: tuple[int, ...] = (1, 8, 64, 256, 4096)
#: ... through a 4096 × 4096 BF16 weight.
CHAPTER_K = CHAPTER_N = 4096

MEMORY, COMPUTE = "memory", "compute"


@dataclass(frozen=True, slots=True)
class RooflinePoint:
    """A kernel placed on a GPU's roofline (values in base units: FLOP, byte, s)."""

    flops: Quantity
    moved: Quantity
    intensity: float  # FLOP per byte
    ridge_point: float  # FLOP per byte
    attainable: Quantity  # FLOP/s
    compute_time: Quantity
    memory_time: Quantity
    time: Quantity  # the slower of the two

    @property
    def bound(self) -> str:
        """``"memory"`` when moving the bytes takes longer than the math, else ``"compute"``.

        At the ridge itself the two take equally long; the chapter calls that compute-bound
        (the attainable FLOP/s is the peak).
        """
        return MEMORY if self.memory_time.value > self.compute_time.value else COMPUTE


@dataclass(frozen=True, slots=True)
class GemmPoint:
    """An [m, k] × [k, n] GEMM on a GPU's roofline, in one precision."""

    m: int
    k: int
    n: int
    roofline: RooflinePoint
    compute_share: float  # attainable ÷ peak
    precision: Precision = BF16

    @property
    def intensity(self) -> float:
        return self.roofline.intensity

    @property
    def attainable(self) -> Quantity:
        return self.roofline.attainable

    @property
    def time(self) -> Quantity:
        return self.roofline.time

    @property
    def bound(self) -> str:
        return self.roofline.bound


@dataclass(frozen=True, slots=True)
class RooflineTable:
    gpu: RooflineGpu
    ridge_point: float  # FLOP per byte, at the precision's peak
    rows: tuple[GemmPoint, ...]
    precision: Precision = BF16


def gemm_point(gpu: RooflineGpu, m: int, k: int = CHAPTER_K, n: int = CHAPTER_N,
               precision: Precision = BF16) -> GemmPoint:
    """The ``weight-gemm-roofline`` solver's figures for one GEMM on ``gpu``.

    Raises :class:`drill.labs.gpus.UnknownGpu` for FP8 on a GPU without an FP8 peak.
    """
    for name, size in (("m", m), ("k", k), ("n", n)):
        if size < 1:
            raise ValueError(f"{name} must be at least 1, not {size}")
    solution = solve_givens("weight-gemm-roofline", {
        "m": str(m), "k": str(k), "n": str(n), "weight_bytes": precision.weight_bytes,
        "activation_bytes": precision.activation_bytes,
        "peak_flops": gpu.peak(precision.math), "bandwidth": gpu.bandwidth,
    })
    point = RooflinePoint(
        flops=_value(solution, "gemm_flops"),
        moved=_value(solution, "gemm_bytes"),
        intensity=_value(solution, "intensity").value,
        ridge_point=_value(solution, "ridge_point").value,
        attainable=_value(solution, "attainable_flops"),
        compute_time=_value(solution, "compute_time"),
        memory_time=_value(solution, "memory_time"),
        time=_value(solution, "gemm_time"),
    )
    return GemmPoint(m, k, n, point, _value(solution, "compute_share").value, precision)


def roofline_table(gpu: RooflineGpu, batches: Iterable[int] = CHAPTER_BATCHES, k: int = CHAPTER_K,
                   n: int = CHAPTER_N, precision: Precision = BF16) -> RooflineTable:
    """One row per m, as in the chapter's table, and the GPU's ridge point."""
    rows = tuple(gemm_point(gpu, m, k, n, precision) for m in batches)
    ridge = rows[0].roofline.ridge_point if rows else ridge_point(gpu, precision)
    return RooflineTable(gpu, ridge, rows, precision)


def kernel_point(gpu: RooflineGpu, flops: float, moved: float) -> RooflinePoint:
    """Any kernel of ``flops`` FLOPs moving ``moved`` bytes, by ``kernel-roofline``."""
    return kernel_solution(gpu, flops, moved).point


@dataclass(frozen=True, slots=True)
class KernelSolution:
    """A kernel's point on the roofline and every other result of its solver (slips too)."""

    point: RooflinePoint
    results: Mapping[str, Quantity]


def kernel_solution(gpu: RooflineGpu, flops: float, moved: float,
                    math: str = "bf16") -> KernelSolution:
    if not (flops > 0 and moved > 0):
        raise ValueError(f"FLOPs and bytes must be positive, not {flops} and {moved}")
    solution = solve_givens("kernel-roofline", {
        "flops": number(flops, "FLOP"), "moved": number(moved, "B"),
        "peak_flops": gpu.peak(math), "bandwidth": gpu.bandwidth,
    })
    point = RooflinePoint(
        flops=solution.given_values["flops"],
        moved=solution.given_values["moved"],
        intensity=_value(solution, "intensity").value,
        ridge_point=_value(solution, "ridge_point").value,
        attainable=_value(solution, "attainable_flops"),
        compute_time=_value(solution, "compute_time"),
        memory_time=_value(solution, "memory_time"),
        time=_value(solution, "kernel_time"),
    )
    return KernelSolution(point, {name: r.value for name, r in solution.results.items()})


def percent_of_peak(share: float) -> str:
    """A share of peak as a percentage of two figures, where only the peak itself reads
    100: 99.8% stays 99.8, never "100%" for a kernel that has not reached the roof."""
    text = format_number(share * 100, 2)
    if share < 1 and float(text.replace(",", "")) >= 100:
        text = f"{math.floor(share * 1000) / 10:.1f}"
    return text


def ridge_point(gpu: RooflineGpu, precision: Precision = BF16) -> float:
    """The GPU's ridge point in FLOP per byte at the precision's peak (the
    ``kernel-roofline`` solver's)."""
    return kernel_solution(gpu, 1.0, 1.0, precision.math).point.ridge_point


def roof(gpu: RooflineGpu, low: float, high: float,
         precision: Precision = BF16) -> tuple[tuple[float, float], ...]:
    """The roof between intensities ``low`` and ``high`` at the precision's peak:
    (FLOP/byte, FLOP/s) corners.

    On log-log axes the roof is straight between these points (a slope of one up to the
    ridge, flat after it), so a chart joins them with lines.
    """
    if not 0 < low < high:
        raise ValueError(f"need 0 < low < high, not {low} and {high}")
    ridge = ridge_point(gpu, precision)
    intensities = [low, *([ridge] if low < ridge < high else []), high]
    return tuple((x, kernel_solution(gpu, x, 1.0, precision.math).point.attainable.value)
                 for x in intensities)


# -- reading results ---------------------------------------------------------------
def _value(solution: Solution, name: str) -> Quantity:
    return solution.result(name).value
