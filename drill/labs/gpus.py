"""The GPUs the labs can put a kernel on: names and the two figures a roofline needs.

The figures are never written here. Until the packs carry a GPU catalog, the one GPU is
the H100 of the serving-math pack's intensity card, read from that card's givens.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache

#: Where the H100 figures come from until there is a catalog: a card's givens.
FALLBACK_CARD = "serving-math/intensity"


class UnknownGpu(LookupError):
    """A GPU name the catalog does not have; the message lists close names."""


@dataclass(frozen=True, slots=True)
class Gpu:
    """One GPU's dense BF16 peak and memory bandwidth, as texts with units."""

    name: str
    peak_flops: str  # "989 TFLOPS"
    bandwidth: str  # "3.35 TB/s"
    source: str  # where the figures were read from


@lru_cache(maxsize=1)
def gpus() -> tuple[Gpu, ...]:
    """Every GPU the labs know, in the order a screen cycles through them."""
    from drill.packs.library import load_library

    card = load_library().card(FALLBACK_CARD)
    if card is None or not {"peak_flops", "bandwidth"} <= set(card.givens):
        raise UnknownGpu(f"the built-in card {FALLBACK_CARD} with the H100's figures is "
                         f"missing")
    return (Gpu("H100", card.givens["peak_flops"], card.givens["bandwidth"],
                f"givens of {FALLBACK_CARD}"),)


def find_gpu(name: str) -> Gpu:
    """The GPU called ``name`` (any case); :class:`UnknownGpu` names the close ones."""
    known = gpus()
    wanted = name.strip().casefold()
    for gpu in known:
        if gpu.name.casefold() == wanted:
            return gpu
    names = [gpu.name for gpu in known]
    close = difflib.get_close_matches(name.strip(), names, n=3, cutoff=0.5)
    hint = f"did you mean {', '.join(close)}? " if close else ""
    raise UnknownGpu(f"no GPU '{name}' ({hint}known: {', '.join(names)})")


def default_gpu() -> Gpu:
    return gpus()[0]
