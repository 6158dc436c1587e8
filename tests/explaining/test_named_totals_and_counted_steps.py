"""A quantity named with a possessive or a contraction ("the total's about"), the steps of a
slip that count things without a unit (parameters), and the classic slips of the later
packs' cards: one standard error given as the margin, z left unsquared, a count rounded up,
the engine's GiB read as GB across a node."""

from __future__ import annotations

from drill.explaining.explain import RIGHT, WRONG
from drill.packs.library import Library
from testkit import said, verdicts


def test_the_totals_contraction_names_the_total(library: Library) -> None:
    # prefill-long: 2 × 8.03 B × 8,192 ≈ 132 TFLOP is the weights' part alone; with the
    # causal attention term the total is 149 TFLOP.
    slip = said(library, "transformer-accounting/prefill-long", "So the total's about 132 TFLOP.")
    (figure,) = slip.figures
    assert (figure.verdict, figure.name) == (WRONG, "total_flops")
    assert "'no-attention'" in (figure.mistake or "")
    part = said(library, "transformer-accounting/prefill-long",
                "The dense part's about 132 TFLOP.")
    assert part.all_right


def test_two_mlp_matrices_said_bare_is_the_slip(library: Library) -> None:
    # layer-params, Llama 3 8B: a gated MLP is 3 × 4,096 × 14,336 ≈ 176 million; two
    # matrices give 117 million.
    slip = said(library, "transformer-accounting/layer-params",
                "For the MLP it's up and down projections, 4,096 by 14,336 each, so roughly "
                "117 million.")
    assert verdicts(slip)["117 million"] == (WRONG, "mlp_params")
    right = said(library, "transformer-accounting/layer-params",
                 "The MLP has three matrices of 4,096 by 14,336, so roughly 176 million.")
    assert right.all_right


def test_one_standard_error_given_as_the_margin(library: Library) -> None:
    # accuracy-drop: sqrt(0.8 × 0.2 / 1,000) ≈ 1.26%; the 95% margin is 1.96 × that, 2.48%.
    slip = said(library, "quantization/accuracy-drop",
                "The standard error is about 1.26 percent, so the 95% margin is about 1.26% "
                "as well.")
    assert [(f.text, f.verdict) for f in slip.figures if f.verdict == WRONG] == [
        ("1.26%", WRONG)]
    right = said(library, "quantization/accuracy-drop",
                 "The standard error is about 1.26 percent, and the 95% margin is 1.96 times "
                 "that, about 2.48%.")
    assert right.all_right


def test_z_left_unsquared(library: Library) -> None:
    # 1.96 × 0.8 × 0.2 / 0.01² ≈ 3,136 questions; squaring 1.96 gives 6,150.
    slip = said(library, "quantization/accuracy-drop",
                "To pin it to one point you need about 3,100 questions.")
    (figure,) = [f for f in slip.figures if f.text.startswith("3,100")]
    assert (figure.verdict, figure.name) == (WRONG, "needed_questions")
    assert "'unsquared-z'" in (figure.mistake or "")
    right = said(library, "quantization/accuracy-drop",
                 "To pin it to one point you need about 6,150 questions.")
    assert right.all_right


def test_a_count_rounded_up(library: Library) -> None:
    # eight-gpus-405b: 211 GB of room over 4.23 GB a conversation is 49.84: 49 fit.
    slip = said(library, "parallelism/eight-gpus-405b", "So 50 conversations fit at once.")
    (figure,) = slip.figures
    assert (figure.verdict, figure.name) == (WRONG, "sequences")
    assert "'rounded-up'" in (figure.mistake or "")
    right = said(library, "parallelism/eight-gpus-405b",
                 "That is 49.8 of them, so 49 conversations fit at once.")
    assert right.all_right


def test_the_nodes_gib_read_as_gb(library: Library) -> None:
    # dp-vs-tp: 8 × 71.68 GiB is 616 GB; less one 141 GB copy leaves 475 GB. Reading the
    # GiB as GB leaves 573 − 141 ≈ 432 GB.
    slip = said(library, "parallelism/dp-vs-tp",
                "One replica at TP 8 leaves about 432 gigs for the cache.")
    wrong = [f for f in slip.figures if f.verdict == WRONG]
    assert [f.name for f in wrong] == ["kv_room_large"]
    assert "'gib-as-gb'" in (wrong[0].mistake or "")
    right = said(library, "parallelism/dp-vs-tp",
                 "One replica at TP 8 leaves about 475 gigs for the cache.")
    assert all(f.verdict == RIGHT for f in right.figures)
