"""The names of the catalog facts a card's ``facts:`` may map a given to.

Plain constants, apart from :mod:`drill.packs.catalog`, so that loading a pack can check a
fact's name without reading the catalog (or importing the unit parser).
"""

from __future__ import annotations

GPU_FACTS: tuple[str, ...] = ("bf16_dense", "fp8_dense", "bandwidth", "memory")
MODEL_FACTS: tuple[str, ...] = (
    "params", "layers", "attention_heads", "kv_heads", "head_dim",
    "weights_bf16", "weights_fp8", "kv_per_token_bf16", "kv_per_token_fp8",
)
