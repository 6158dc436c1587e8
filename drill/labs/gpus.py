"""The GPUs the labs can put a kernel on: names and the figures a roofline needs.

The figures are never written here: they are the catalog's (``packs/catalog/gpus.yaml``,
loaded by :mod:`drill.packs.catalog`), passed on as the texts it states ("989 TFLOPS"), so the
solvers read them exactly as they read a card's givens.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from drill.packs.catalog import (
    GPU_FILE,
    CatalogError,
    Gpu,
    UnknownEntry,
    catalog_dir,
    load_catalog,
)

#: The GPU the chapter's table is for, and the labs' default.
DEFAULT_GPU = "H100"


class UnknownGpu(LookupError):
    """A GPU the catalog does not have (the message names close ones), or no catalog."""


@dataclass(frozen=True, slots=True)
class RooflineGpu:
    """One GPU's dense BF16 peak, memory bandwidth and dense FP8 peak, as texts with units."""

    name: str
    peak_flops: str  # "989 TFLOPS"
    bandwidth: str  # "3.35 TB/s"
    source: str  # where the figures were read from
    fp8_peak_flops: str | None = None  # None: no FP8 tensor cores (the A100)

    def peak(self, math: str) -> str:
        """The dense peak of the precision the math runs in: ``"bf16"`` or ``"fp8"``.

        Raises :class:`UnknownGpu` for FP8 on a GPU without FP8 tensor cores.
        """
        if math == "bf16":
            return self.peak_flops
        if math == "fp8" and self.fp8_peak_flops is not None:
            return self.fp8_peak_flops
        if math == "fp8":
            raise UnknownGpu(f"the {self.name} has no FP8 tensor cores, so no FP8 peak")
        raise ValueError(f"no peak for '{math}' math: bf16 or fp8")


def _from_catalog(entry: Gpu) -> RooflineGpu:
    return RooflineGpu(entry.name, entry.texts["bf16_dense"], entry.texts["bandwidth"],
                       str(catalog_dir() / GPU_FILE), entry.texts.get("fp8_dense"))


@lru_cache(maxsize=1)
def gpus() -> tuple[RooflineGpu, ...]:
    """Every GPU in the catalog, in its order (the order a screen cycles through them)."""
    try:
        return tuple(_from_catalog(entry) for entry in load_catalog().gpus)
    except CatalogError as error:
        raise UnknownGpu(f"the GPU catalog cannot be read: {error}") from None


def find_gpu(name: str) -> RooflineGpu:
    """The GPU by name or alias, ignoring case, spaces and dashes ("h100-sxm")."""
    try:
        entry = load_catalog().gpu(name)
    except CatalogError as error:
        raise UnknownGpu(f"the GPU catalog cannot be read: {error}") from None
    except UnknownEntry as error:
        raise UnknownGpu(error.message) from None
    return next(gpu for gpu in gpus() if gpu.name == entry.name)


def default_gpu() -> RooflineGpu:
    return find_gpu(DEFAULT_GPU)
