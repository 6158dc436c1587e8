"""Solvers over a model's architecture: how big its KV cache is per token.

``drill.packs.catalog`` computes the same law without sympy for the labs; a test holds the two
together for every model in the catalog.
"""

from __future__ import annotations

import sympy

from drill.solving.kit import Results, solver, u

from .laws import kv_bytes_per_token


@solver("kv-per-token", layers="1", kv_heads="1", attention_heads="1", head_dim="1",
        element_bytes="B", context="tokens")
def kv_per_token(layers: sympy.Expr, kv_heads: sympy.Expr, attention_heads: sympy.Expr,
                 head_dim: sympy.Expr, element_bytes: sympy.Expr,
                 context: sympy.Expr) -> Results:
    """Every layer keeps a key and a value per KV head for each token it has seen."""
    per_token = kv_bytes_per_token(layers, kv_heads, head_dim, element_bytes)
    return {
        "kv_per_token": per_token,
        "kv_per_sequence": per_token * context,
        # Slips: a query head counted as a KV head (no GQA), and the values forgotten.
        "kv_per_token_all_heads": kv_bytes_per_token(layers, attention_heads, head_dim,
                                                     element_bytes),
        "keys_only_per_token": per_token / 2,
        "gqa_saving": attention_heads / kv_heads,
        "bytes_per_layer_per_token": per_token / layers,
        "context_for_a_gigabyte": u.GB / per_token,
    }


@solver("kv-headroom", memory="GB", weights="GB", context="tokens", kv_per_token="KiB/token")
def kv_headroom(memory: sympy.Expr, weights: sympy.Expr, context: sympy.Expr,
                kv_per_token: sympy.Expr) -> Results:
    """What is left of HBM after the weights, counted in whole conversations' caches."""
    free = memory - weights
    per_sequence = context * kv_per_token
    return {
        "free_memory": free,
        "kv_per_sequence": per_sequence,
        # Whole conversations: a cache that does not fit is no conversation, so round down.
        "caches_that_fit": free / per_sequence,
        "max_sequences": sympy.floor(free / per_sequence),
        # Slip: the whole memory counted as cache, as if the weights took no room.
        "max_sequences_ignoring_weights": memory / per_sequence,
    }
