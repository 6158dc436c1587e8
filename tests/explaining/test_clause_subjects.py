"""A figure that ends its clause's working is about the clause's subject, and a sentence
that opens on a case ("without a cache hit") says that case's figure, not a slip."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts


def test_a_result_ending_its_clause_is_about_the_clause_subject(library: Library) -> None:
    # q6-follow-up: one user's cache is 4,096 tokens × 128 KiB ≈ 537 MB; the step reads
    # all 64 of them, 34.4 GB. Said as what the step reads, 537 MB is the one-user slip.
    result = said(library, "speed-physics/q6-follow-up",
                  "Weights are sixteen gigs, and the cache every step reads is 4,096 tokens "
                  "at 128 KiB, so roughly half a gig.")
    assert verdicts(result)["half a gig"] == (WRONG, "kv_bytes")
    opening = said(library, "speed-physics/q6-follow-up",
                   "Every step reads the weights plus the KV cache, which at 4,096 tokens "
                   "and 128 KiB a token comes to about half a gig.")
    assert verdicts(opening)["half a gig"] == (WRONG, "kv_bytes")


def test_one_users_cache_said_as_such_stays_right(library: Library) -> None:
    result = said(library, "speed-physics/q6-follow-up",
                  "A single user's cache is 4,096 tokens at 128 KiB, so roughly half a gig.")
    assert verdicts(result)["half a gig"][0] == RIGHT


def test_a_sentence_opening_on_a_case_says_that_cases_figure(library: Library) -> None:
    # cached-ttft: with no hit, all 2,300 tokens are prefilled, 2 × 8.03 B × 2,300 FLOP at
    # half of 989 TFLOPS ≈ 74.7 ms; that is the no-hit slip only when said as the TTFT.
    case = said(library, "serving-engine/cached-ttft",
                "Without a cache hit, the prefill is 2,300 tokens at 16 gigaflops each, and "
                "at half of 989 TFLOPS that's about 75 milliseconds.")
    assert verdicts(case)["75 milliseconds"][0] == RIGHT
    slip = said(library, "serving-engine/cached-ttft",
                "So with the hit, TTFT drops to about 75 milliseconds.")
    assert verdicts(slip)["75 milliseconds"] == (WRONG, "cached_ttft")
