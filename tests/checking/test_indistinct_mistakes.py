"""The checker warns about mistakes the grader cannot tell apart."""

from __future__ import annotations

from drill.checking.tolerance import indistinct_mistakes, mistakes_alike
from drill.packs.model import Ask, Mistake
from drill.quantities.parsing import read
from drill.solving.solve import Result


def _result(name: str, text: str, sides: dict[str, int]) -> Result:
    value = read(text).value
    return Result(name, value, "ms", text, name, None, sides=sides)


def _ask(*mistakes: Mistake) -> Ask:
    return Ask(id="t", question="How long?", value="ref", unit="ms", mistakes=mistakes)


A = Mistake(id="slip-a", message="a", value="a")
B = Mistake(id="slip-b", message="b", value="b")


def test_same_value_from_the_same_givens_is_flagged() -> None:
    results = {"a": _result("a", "4.8 ms", {"weights": 1, "bandwidth": -1}),
               "b": _result("b", "4.9 ms", {"weights": 1, "bandwidth": -1})}
    pairs = list(indistinct_mistakes(_ask(A, B), results))
    assert pairs == [((0, A), B)]
    assert "'slip-a' and 'slip-b'" in mistakes_alike(A, B)


def test_formulas_over_other_givens_tell_them_apart() -> None:
    results = {"a": _result("a", "0.0162 ms", {"params": 1, "peak_flops": -1}),
               "b": _result("b", "0.0162 ms", {"weights": 1, "peak_flops": -1})}
    assert list(indistinct_mistakes(_ask(A, B), results)) == []


def test_values_apart_are_not_flagged() -> None:
    results = {"a": _result("a", "4.8 ms", {"weights": 1}),
               "b": _result("b", "9.6 ms", {"weights": 1})}
    assert list(indistinct_mistakes(_ask(A, B), results)) == []
