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


def test_a_bare_step_of_a_slip_is_that_slip(library: Library) -> None:
    # kv-headroom: 79.65 GiB × 95% ≈ 81.2 GB; less 16 GB of weights and 1.07 GB of
    # activations leaves 64.2 GB. Without the engine's share, 79.65 GiB (85.5 GB) − 16 GB −
    # 1.07 GB ≈ 68.5 GB.
    whole = said(library, "model-sizing/kv-headroom",
                 "The card reports 85.5 gigabytes; take off the 16 of weights and the gig of "
                 "activations and 68.5 is left.")
    assert verdicts(whole)["68.5"] == (WRONG, "free_memory")
    right = said(library, "model-sizing/kv-headroom",
                 "The engine's share is 81.2 GB; take off the 16 of weights and the gig of "
                 "activations and 64.2 is left.")
    assert right.all_right


def test_a_size_restated_in_another_unit_claims_they_are_one(library: Library) -> None:
    # weights-by-precision: the engine's 90% of 79.65 GiB is 71.7 GiB, 77 GB. "71.7 GiB,
    # or about 71.7 GB" says the two are the same size: the GiB-as-GB slip.
    result = said(library, "model-sizing/weights-by-precision",
                  "The engine gets 90% of 79.65 GiB, that's 71.7 GiB, or about 71.7 GB.")
    assert verdicts(result)["71.7 GB"][0] == WRONG
    both = said(library, "model-sizing/weights-by-precision",
                "The engine gets 90% of 79.65 GiB, that's 71.7 GiB, or about 77 GB.")
    assert both.all_right


def test_a_gig_said_of_gigabytes_stands_only_for_them(library: Library) -> None:
    # int4-one-gpu: 70.6 B weights at 4.125 bits are 36.4 GB. The engine's 71.7 GiB is
    # 77 GB, so 40.6 GB is left; 71.7 − 36.4 = 35.3 takes GiB for GB. "36.4 gigs" is the
    # weights in GB, not also 39 GB that happens to sit near the 40.6 GB left.
    result = said(library, "quantization/int4-one-gpu",
                  "The weights come to about 36.4 gigs. The engine gets 71.7 GiB, and 71.7 "
                  "minus 36.4 is 35.3 gigs left for cache.")
    assert verdicts(result)["35.3 gigs"][0] == WRONG


def test_what_each_user_has_is_one_users_cache(library: Library) -> None:
    # q3: each of 32 users holds 1,000 tokens × 128 KiB ≈ 131 MB; the step reads 4.19 GB.
    result = said(library, "speed-physics/q3",
                  "Each user has a thousand tokens at 128 KiB, so about 130 megabytes of "
                  "cache, small beside the weights.")
    assert verdicts(result)["130 megabytes"] == (RIGHT, "kv_per_user")


def test_a_bound_said_as_near_holds_when_the_quantity_is_near(library: Library) -> None:
    # ridge-batch: the GEMM reaches the 295 FLOP/byte ridge at m ≈ 345, a bit above 295.
    near = said(library, "serving-math/ridge-batch",
                "Solving 4096 m over 2m plus 4096 equals 295 gives m of about 345, so a bit "
                "above 295, since the intensity lags m.")
    assert near.all_right
    far = said(library, "speed-physics/q6",
               "Batched it comes out a bit over two times cheaper.")
    assert not far.all_right



def test_a_clause_ends_at_the_next_ones_conjunction(library: Library) -> None:
    # q6-follow-up: the step reads 64 caches, 34.4 GB; half a gig is one user's. The
    # clause "the cache every step reads is ..., so roughly half a gig" ends at ", and".
    result = said(library, "speed-physics/q6-follow-up",
                  "The cache every step reads is 4,096 tokens at 128 KiB, so roughly half a "
                  "gig, and the weights add 16 GB.")
    assert verdicts(result)["half a gig"] == (WRONG, "kv_bytes")
