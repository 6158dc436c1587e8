"""Which cards the roofline explorer belongs to, and the GEMM and GPU it opens on.

A card is about intensity or batching when its solver places something on a roofline or
its title or scenario says so. The explorer then starts from the card's own givens: its
batch as m, its k and n, and the catalog GPU with the card's peak and bandwidth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drill.packs.model import Card
from drill.quantities.parsing import ParseError, read

#: Solvers whose cards are about arithmetic intensity, the ridge point or batching.
ROOFLINE_SOLVERS = frozenset({
    "gemm-roofline", "kernel-roofline", "decode-gemm-intensity", "gemm-ridge-batch",
    "ridge-point", "decode-flip-batch", "decode-step", "prefill-vs-decode",
})
#: Words in a card's title or scenario that make it one, whatever its solver.
ROOFLINE_WORDS = re.compile(
    r"\b(intensity|roofline|ridge|batch(es|ing|ed)?|memory[- ]bound|compute[- ]bound)\b",
    re.IGNORECASE)
#: Givens that hold the GEMM's m, most specific first.
M_GIVENS = ("m", "small_batch", "batch")


@dataclass(frozen=True, slots=True)
class RooflineStart:
    """Where the explorer opens for a card; None fields keep the explorer's defaults."""

    m: int | None = None
    k: int | None = None
    n: int | None = None
    gpu: str | None = None  # a catalog GPU name


def is_about_roofline(card: Card) -> bool:
    return card.solver in ROOFLINE_SOLVERS or bool(
        ROOFLINE_WORDS.search(card.title) or ROOFLINE_WORDS.search(card.scenario))


def roofline_start(card: Card) -> RooflineStart | None:
    """The explorer's starting GEMM and GPU for ``card``, or None if it is not about them."""
    if not is_about_roofline(card):
        return None
    m = next((v for v in (_count(card, name) for name in M_GIVENS) if v is not None), None)
    return RooflineStart(m=m, k=_count(card, "k"), n=_count(card, "n"), gpu=_gpu_of(card))


def _count(card: Card, given: str) -> int | None:
    """A given that is a plain positive whole number ("32"), else None."""
    text = card.givens.get(given)
    if text is None:
        return None
    try:
        value = read(text).value
    except ParseError:
        return None
    if not value.dimensionless or value.value < 1 or value.value != int(value.value):
        return None
    return int(value.value)


def _gpu_of(card: Card) -> str | None:
    """The catalog GPU whose BF16 peak and bandwidth are the card's, if one is."""
    from drill.labs.gpus import UnknownGpu, gpus

    peak, bandwidth = card.givens.get("peak_flops"), card.givens.get("bandwidth")
    if peak is None or bandwidth is None:
        return None
    try:
        wanted = (read(peak).value, read(bandwidth).value)
        for gpu in gpus():
            found = (read(gpu.peak_flops).value, read(gpu.bandwidth).value)
            if all(a.close_to(b, 1e-6) for a, b in zip(wanted, found, strict=True)):
                return gpu.name
    except (ParseError, UnknownGpu):
        return None
    return None
