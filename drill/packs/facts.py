"""The names of the catalog facts a card's ``facts:`` may map a given to.

Plain constants, apart from :mod:`drill.packs.catalog`, so that loading a pack can check a
fact's name without reading the catalog (or importing the unit parser). A reference is
``gpu.<fact>``, ``model.<fact>`` (following the scenario's GPU and model), or
``<interconnect id>.<fact>`` (``nvlink4.per_direction``: the same for every variant).
"""

from __future__ import annotations

GPU_FACTS: tuple[str, ...] = (
    "bf16_dense", "fp8_dense", "fp4_dense", "bandwidth",
    "memory", "memory_datasheet", "memory_usable", "tdp",
    "link_per_direction", "link_total",
)
MODEL_FACTS: tuple[str, ...] = (
    "params", "active_params", "layers", "attention_heads", "kv_heads", "head_dim",
    "hidden_size", "intermediate_size", "vocab_size", "embedding_params", "sliding_window",
    "experts", "active_experts", "shared_experts", "expert_intermediate_size",
    "kv_lora_rank", "qk_rope_head_dim",
    "weights_bf16", "weights_fp8", "kv_per_token_bf16", "kv_per_token_fp8",
)
INTERCONNECT_FACTS: tuple[str, ...] = ("per_direction", "total", "links")

#: What each fact is, for `drill specs` and the docs.
FACT_MEANINGS: dict[str, str] = {
    "bf16_dense": "dense BF16/FP16 tensor-core peak, FLOP/s",
    "fp8_dense": "dense FP8 tensor-core peak, FLOP/s (none on the A100)",
    "fp4_dense": "dense FP4 tensor-core peak, FLOP/s (Blackwell only)",
    "bandwidth": "HBM/GDDR bandwidth, decimal bytes/s",
    "memory": "memory as the device reports it, in GiB",
    "memory_datasheet": "memory as the datasheet prints it, in decimal GB",
    "memory_usable": "the share of `memory` an engine takes by default (vLLM's 0.9), in GiB",
    "tdp": "maximum board power, W",
    "link_per_direction": "the GPU's scale-up link (NVLink...), one direction",
    "link_total": "the GPU's scale-up link, both directions together",
}
