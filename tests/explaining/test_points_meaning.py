"""Key points by meaning: a claim said in other words counts, a keyword beside a wrong
figure does not, and a point whose own figure is stated wrong is not made."""

from __future__ import annotations

from drill.explaining.explain import explain, worked_card
from drill.explaining.points import check_points
from drill.packs.library import Library
from drill.packs.model import KeyPoint


def made(library: Library, key: str, text: str) -> set[str]:
    card, solution = worked_card(library.find(key))
    return {p.text for p in explain(card, solution, text).covered}


def test_a_law_named_beside_a_wrong_figure_is_not_applied(library: Library) -> None:
    # 20 requests/s × 8 s = 160 in flight; dividing gives 2.5, the law misapplied.
    law = "Little's law: in flight is arrival rate times time in system"
    wrong = made(library, "serving-math/little",
                 "By Little's law, twenty a second over eight seconds is about 2.5 requests "
                 "in flight.")
    assert law not in wrong and "The number in flight" not in wrong
    right = made(library, "serving-math/little",
                 "By Little's law, twenty a second times eight seconds is 160 requests "
                 "in flight.")
    assert {law, "The number in flight"} <= right


def test_a_point_whose_figure_is_stated_wrong_is_not_made(library: Library) -> None:
    # MBU is the floor over the step: 10.4 ms ÷ 14 ms ≈ 75%, not 150%.
    point = "MBU is the floor over the measured step"
    assert point not in made(library, "speed-physics/q1-follow-up", "The MBU is 150%.")
    assert point in made(library, "speed-physics/q1-follow-up", "The MBU is about 75%.")


def test_a_claim_in_other_words_is_made() -> None:
    # Written without seeing the point's words: most of its own wording, said differently.
    point = KeyPoint("The bottleneck is scheduling, not the chip", ("serial queue",), ())
    said = "Here the real bottleneck is the scheduling of requests; the chip is fine."
    [check] = check_points([point], said, set())
    assert check.covered and check.matched == ("in other words",)
    [other] = check_points([point], "A faster chip would fix it.", set())
    assert not other.covered
