"""Every ask of every built-in card reproduces the figures that issue 3 lists.

The expected figures below are copied from the issue text (and, where the issue names a
mistake without a figure, worked from the card's scenario by hand), never from the
solvers' output. Each is compared within the ask's tolerance, 5% unless the card says
otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from drill.packs.model import DEFAULT_TOLERANCE
from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity
from testkit import Evaluate, builtin_results

# card key → ask id → (reference as the issue states it, {mistake id: its figure or None})
ISSUE: dict[str, dict[str, tuple[str, dict[str, str | None]]]] = {
    "speed-physics/q1": {
        # bytes-over-flops: weights ÷ peak FLOPS, the bytes taken for FLOPs.
        # params-as-bytes (issue 33): 8 billion parameters read as 8 GB, half the bytes.
        "decode_floor": ("4.78 ms", {"bytes-over-flops": "16 GB ÷ 989 TFLOPS × 1 FLOP/byte",
                                     "params-as-bytes": "2.39 ms"}),
        "max_tokens_per_s": ("209 tokens/s", {"compute-ceiling": "61,800 tokens/s",
                                              "params-as-bytes": "419 tokens/s"}),
    },
    "speed-physics/q1-follow-up": {
        "tp_floor": ("10.4 ms", {"single-gpu-bandwidth": "20.9 ms"}),
        "mbu": ("74.6%", {"single-gpu-bandwidth": "149%"}),
    },
    "speed-physics/q2": {
        "prefill_time": ("8.1 ms", {
            "prefill-not-scaled": "0.016 ms",
            "bytes-over-flops": "16 GB ÷ 989 TFLOPS × 1 FLOP/byte",
            "flops-over-bandwidth": "2 × 8 × 10⁹ × 500 FLOP ÷ 3.35 TB/s × 1 byte/FLOP",
            # one-flop-per-param (issue 33): 8 × 10⁹ × 500 FLOP ÷ 989 TFLOPS.
            "one-flop-per-param": "4.04 ms",
        }),
        "paste_prefill_time": ("129 ms", {
            "prefill-not-scaled": "0.016 ms",
            "bytes-over-flops": "16 GB ÷ 989 TFLOPS × 1 FLOP/byte",
            "flops-over-bandwidth": "2 × 8 × 10⁹ × 8,000 FLOP ÷ 3.35 TB/s × 1 byte/FLOP",
            "one-flop-per-param": "8 × 10⁹ × 8,000 FLOP ÷ 989 TFLOPS",
        }),
        "frozen_steps": ("27 steps", {}),
    },
    "speed-physics/q2-follow-up": {
        "ridge_point": ("295 FLOP/byte", {}),
    },
    "speed-physics/q3": {
        "kv_bytes": ("4.19 GB", {"one-user-kv": "131 MB"}),
        # linear-slowdown (issue 33): 32 steps of 4.78 ms one after another.
        "step_time": ("6.03 ms", {"one-user-kv": "4.8 ms", "linear-slowdown": "153 ms"}),
        # one-user-kv (issue 33): 1 token ÷ ((16 GB + 1,000 × 128 KiB) ÷ 3.35 TB/s).
        "per_user_tokens_per_s": ("166 tokens/s", {"linear-slowdown": "209 tokens/s ÷ 32",
                                                   "one-user-kv": "208 tokens/s"}),
        "total_tokens_per_s": ("5,300 tokens/s", {
            "one-user-kv": "32 tokens ÷ 4.8 ms",
            "linear-slowdown": "209 tokens/s",
        }),
        "throughput_gain": ("25×", {"linear-slowdown": "1×"}),
    },
    "speed-physics/q4": {
        "flip_batch": ("295", {}),
    },
    "speed-physics/q5": {
        # params-as-bytes (issue 32): 8 GB, one byte a parameter, over 6 ms = 1.33 TB/s,
        # 40% of 3.35 TB/s.
        "achieved_bandwidth": ("2.67 TB/s", {"params-as-bytes": "1.33 TB/s"}),
        # ridge-not-bandwidth (issue 15): 16 GB ÷ 6 ms = 2.667 TB/s, and 2.667 divided by
        # the ridge's 989 ÷ 3.35 = 295.2 instead of by 3.35: 0.903%.
        "mbu": ("80%", {"power-as-utilization": "350 W ÷ 700 W",
                        "ridge-not-bandwidth": "0.903%", "params-as-bytes": "40%"}),
    },
    "speed-physics/q6": {
        # seconds-hours-slip: the factor 3,600 lost (the grader also catches it doubled);
        # power-of-ten: the tip's 500 s for 5,000 s. dollars-over-hours (issue 15): $3
        # divided by the 1.39 hours a million tokens take (10⁶ ÷ 200 ÷ 3,600).
        "cost_single": ("$4.17 per million tokens", {
            "seconds-hours-slip": "($4.17 per million tokens) × 3,600",
            "power-of-ten": "($4.17 per million tokens) ÷ 10",
            "dollars-over-hours": "$2.16 per million tokens",
        }),
        "cost_batched": ("$0.19 per million tokens", {
            "seconds-hours-slip": "($0.19 per million tokens) × 3,600",
        }),
        "cost_ratio": ("21.5×", {}),
    },
    "speed-physics/q6-follow-up": {
        # one-user-kv: a single user's 4,096 tokens of KV in place of all 64.
        "kv_bytes": ("34.4 GB", {"one-user-kv": "4,096 tokens × 128 KiB/token"}),
        "step_time": ("15.0 ms", {
            "one-user-kv": "(16 GB + 4,096 tokens × 128 KiB/token) ÷ 3.35 TB/s",
        }),
        # one-user-kv (issue 33): 1 token ÷ ((16 GB + 4,096 × 128 KiB) ÷ 3.35 TB/s).
        "per_user_tokens_per_s": ("66.5 tokens/s", {"one-user-kv": "203 tokens/s",
                                                    "linear-slowdown": "209 tokens/s ÷ 64"}),
        "total_tokens_per_s": ("4,260 tokens/s", {
            "one-user-kv": "64 tokens ÷ ((16 GB + 4,096 tokens × 128 KiB/token) ÷ 3.35 TB/s)",
        }),
    },
    "speed-physics/q7": {
        "launch_overhead": ("1.2 ms", {}),
        "launch_fraction": ("25%", {}),
        # averaged-speedups (issue 32): 0.3 × 3 + 0.7 = 1.6; saved-share-as-speedup: the
        # 30% saved added to 1; time-cut-as-speedup (issue 32): the step's 20% cut added to
        # 1, 1.2×.
        "attention_speedup": ("1.25×", {"local-speedup": "3×", "averaged-speedups": "1.6×",
                                        "time-cut-as-speedup": "1.2×"}),
        # ceiling-from-share (issue 32): 1 ÷ 0.3, the share that goes away, ≈ 3.33×.
        "speedup_ceiling": ("1.43×", {"ceiling-as-share": "70%",
                                      "saved-share-as-speedup": "1.3×",
                                      "ceiling-from-share": "3.33×"}),
    },
    "speed-physics/q7-follow-up": {
        "combined_speedup": ("1.82×", {
            "added-speedups": "5×",
            # multiplied-factors (issue 32): the two parts' own factors, 3 × 2.
            "multiplied-factors": "6×",
            "multiplied-speedups": "1.25 × 1.33",
            # untouched-left-out: 1 ÷ (0.1 + 0.25), the 20% no change touches left out.
            "untouched-left-out": "2.86×",
        }),
        # The step's new length: 0.2 + 0.1 + 0.25; the slip adds the faster parts alone.
        "new_time_fraction": ("0.55", {"untouched-left-out": "0.35"}),
    },
    "serving-math/intensity": {
        # elements-not-bytes (issue 33): FLOPs over elements, 2 × 64 × 4096 ÷ (2 × 64 +
        # 4096) = 124 at batch 64 and 2 × 4096 ÷ 4098 ≈ 2 at batch 1.
        # multiply-adds: mnk over the bytes, half of each.
        "intensity_batch1": ("1.0 FLOP/byte", {"elements-not-bytes": "2 FLOP/byte",
                                               "multiply-adds": "0.5 FLOP/byte"}),
        "intensity_batch64": ("62.1 FLOP/byte", {"elements-not-bytes": "124 FLOP/byte",
                                                 "multiply-adds": "31 FLOP/byte"}),
    },
    "serving-math/amdahl": {
        # averaged-speedups (issue 32): 0.3 × 2 + 0.7 = 1.3.
        "overall_speedup": ("1.18×", {"local-speedup": "2×", "averaged-speedups": "1.3×"}),
        # ceiling-from-share: 1 ÷ 0.3 ≈ 3.33, the share sped up taken for the share left.
        "speedup_ceiling": ("1.43×", {"ceiling-from-share": "3.33×"}),
    },
    "serving-math/little": {
        # no-time (issue 33): one second's arrivals, 20, for λ × W = 20/s × 8 s.
        # rate-over-time: 20/s ÷ 8 s read as requests, 2.5.
        "in_flight": ("160 requests", {"no-time": "20 requests",
                                       "rate-over-time": "2.5 requests"}),
    },
    # Issue 15's coverage asks. Little's law turned round: λ = L ÷ W = 256 ÷ 6.4 s, and
    # W = L ÷ λ = 90 ÷ 12/s; the slip reads 256 at once as 256 a second.
    "serving-math/little-turned": {
        # Issue 33: multiplied, 256 × 6.4 = 1,638 read as a rate; inverted, 12 ÷ 90.
        "max_arrival_rate": ("40 requests/s", {"concurrency-as-rate": "256 requests/s",
                                               "multiplied": "1,638 requests/s"}),
        "time_in_system": ("7.5 s", {"inverted": "0.133 s"}),
    },
    "serving-math/queueing": {
        # queue-not-time (issue 33): ρ/(1 − ρ) goes from 0.8/0.2 = 4 to 0.95/0.05 = 19.
        "latency_growth": ("4×", {"linear-in-utilization": "95% ÷ 80%",
                                  "queue-not-time": "19 ÷ 4"}),
    },
    # M/M/1 with μ = 10/s: 1 ÷ (10 − 5) = 0.2 s at 50%, 1 ÷ (10 − 9) = 1 s at 90%, so 5×;
    # the slips are the 0.1 s service alone and the load's own 90 ÷ 50 = 1.8×.
    "serving-math/queueing-rates": {
        "low_time": ("200 ms", {"service-time-only": "100 ms"}),
        # queue-wait-only (issue 33): waits in the queue ρ/(μ − λ), 0.9/1 s against
        # 0.5/5 s, 9×.
        "wait_ratio": ("5×", {"linear-in-utilization": "1.8×", "queue-wait-only": "9×"}),
    },
    "serving-math/fan-out": {
        "all_within_p99": ("90.4%", {"p99-unchanged": "99%"}),
        # The tenth root of 0.99 is 0.998995 (0.99 = e^−0.01005, a tenth of that is
        # e^−0.001005 = 1 − 0.001005); the slips are 0.99^10 and the call's own 99%.
        "call_quantile": ("99.8995%", {"power-not-root": "90.44%", "p99-unchanged": "99%"}),
    },
    "serving-math/p99-samples": {
        "tail_samples": ("2 requests", {}),
        # A 95% interval leaves 2.5% of 1,000 resamples below it; the slips are all 5%
        # (50) and the 95% inside (950).
        "below_interval": ("25", {"whole-tail-below": "50", "inside-not-below": "950"}),
    },
    "serving-math/ridge-batch": {
        "batch_at_ridge": ("345", {"intensity-equals-batch": "295"}),
    },
    "serving-math/kv-capacity": {
        # no-time (issue 33): one second's 50 requests of 4,000 × 56 KiB = 11.5 GB.
        "kv_total": ("68.8 GB", {"one-request-kv": "229 MB", "no-time": "11.5 GB"}),
    },
}

#: The cards the issue names, asks or not.
SPOKEN = ("speed-physics/q3-follow-up", "speed-physics/q4-follow-up",
          "speed-physics/q5-follow-up")

CASES = [(card, ask) for card, asks in ISSUE.items() for ask in asks]


def _tolerance(ask: dict[str, Any]) -> float:
    text = ask.get("tolerance")
    return read(str(text)).value.value if text is not None else DEFAULT_TOLERANCE


def _results(card: dict[str, Any], evaluate: Evaluate) -> dict[str, Quantity]:
    return evaluate(card.get("solver"), card["givens"], card.get("formulas"))


def _mistake_value(key: str, formula: str, results: dict[str, Quantity]) -> Quantity:
    """A mistake's value: a result's name, or a formula of the card's givens and results."""
    return results[formula] if formula in results else builtin_results(key)[formula]


def _ask(card: dict[str, Any], ask_id: str) -> dict[str, Any]:
    matches: list[dict[str, Any]] = [ask for ask in card.get("asks", []) if ask["id"] == ask_id]
    assert len(matches) == 1, f"ask {ask_id} appears {len(matches)} times"
    return matches[0]


def _assert_close(actual: Quantity, expected_text: str, tolerance: float, what: str) -> None:
    expected = read(expected_text).value
    assert actual.dim == expected.dim, f"{what}: {actual} has not the dimension of {expected}"
    assert actual.close_to(expected, tolerance), (
        f"{what}: computed {actual.value:.6g}, the issue says {expected_text}"
    )


def test_the_packs_hold_exactly_the_issues_cards(cards: dict[str, Any]) -> None:
    assert set(cards) == set(ISSUE) | set(SPOKEN)


@pytest.mark.parametrize("key", sorted(ISSUE))
def test_each_card_asks_exactly_what_the_issue_lists(key: str,
                                                     cards: dict[str, Any]) -> None:
    assert [ask["id"] for ask in cards[key]["asks"]] == list(ISSUE[key])


@pytest.mark.parametrize(("key", "ask_id"), CASES)
def test_reference_matches_the_issue(key: str, ask_id: str, cards: dict[str, Any],
                                     evaluate: Evaluate) -> None:
    card = cards[key]
    ask = _ask(card, ask_id)
    results = _results(card, evaluate)
    expected, _ = ISSUE[key][ask_id]
    _assert_close(results[ask.get("value", ask_id)], expected, _tolerance(ask),
                  f"{key} {ask_id}")


@pytest.mark.parametrize(("key", "ask_id"), CASES)
def test_mistakes_match_the_issue(key: str, ask_id: str, cards: dict[str, Any],
                                  evaluate: Evaluate) -> None:
    card = cards[key]
    ask = _ask(card, ask_id)
    results = _results(card, evaluate)
    _, mistakes = ISSUE[key][ask_id]
    listed = {mistake["id"]: mistake for mistake in ask.get("mistakes", [])}
    assert set(listed) == set(mistakes), f"{key} {ask_id}: mistakes {sorted(listed)}"
    for mistake_id, figure in mistakes.items():
        value = _mistake_value(key, listed[mistake_id]["value"], results)
        if figure is not None:
            _assert_close(value, figure, _tolerance(ask), f"{key} {ask_id} {mistake_id}")


@pytest.mark.parametrize("key", SPOKEN)
def test_spoken_follow_ups_have_an_answer_and_no_ask(key: str, cards: dict[str, Any]) -> None:
    card = cards[key]
    assert card.get("answer")
    assert not card.get("asks")


# --- The same figures through the pack loader, the solving layer and drill check -------


@pytest.fixture(scope="module")
def loaded_cards() -> dict[str, Any]:
    from drill.packs.library import load_library

    library = load_library()
    assert not library.diagnostics
    return {card.key: card for card in library.cards}


def test_the_library_holds_the_issues_cards(loaded_cards: dict[str, Any]) -> None:
    assert set(loaded_cards) >= set(ISSUE) | set(SPOKEN)
    for key in SPOKEN:
        assert loaded_cards[key].parent is not None


@pytest.mark.parametrize(("key", "ask_id"), CASES)
def test_loaded_card_solves_to_the_issues_figures(key: str, ask_id: str,
                                                  loaded_cards: dict[str, Any]) -> None:
    from drill.solving.solve import solve

    card = loaded_cards[key]
    ask = card.ask(ask_id)
    assert ask is not None
    solution = solve(card)
    expected, mistakes = ISSUE[key][ask_id]
    _assert_close(solution.result(ask.value).value, expected, ask.tolerance, f"{key} {ask_id}")
    assert {mistake.id for mistake in ask.mistakes} == set(mistakes)
    for mistake in ask.mistakes:
        figure = mistakes[mistake.id]
        assert mistake.value is not None
        if figure is not None:
            _assert_close(solution.result(mistake.value).value, figure, ask.tolerance,
                          f"{key} {ask_id} {mistake.id}")


def test_drill_check_finds_nothing_wrong_in_the_builtin_packs() -> None:
    from drill.checking.checker import check_files
    from drill.packs.locate import builtin_packs_dir, pack_files

    files = pack_files(builtin_packs_dir())
    reports = list(check_files((path, path.name) for path in files))
    checked = {report.pack_id for report in reports}
    assert checked >= {"speed-physics", "serving-math"}
    for report in reports:
        assert report.diagnostics == (), [str(d) for d in report.diagnostics]
