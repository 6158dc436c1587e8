"""Every ask of every built-in card, graded: the library is iterated, so new cards are
covered without touching this file.

For each ask: the reference written three ways (its number with the display unit,
another unit of the same dimension, and the worked expression from the card's givens)
is correct; a slip of a power of ten and an answer of another dimension are caught; and
each of the ask's own mistakes is recognised from an answer built from its value.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from drill.grading import GENERIC_IDS, Target, Verdict, grade
from drill.grading.adapter import target_for
from drill.packs.library import load_library
from drill.packs.model import Ask, Card, Mistake
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, parse, read
from drill.quantities.parsing.nodes import BinOp, Measure, Node, UnitOp, UnitRef
from drill.quantities.quantity import Quantity
from drill.quantities.unit_table import CANONICAL
from drill.quantities.units import format_in, format_quantity, unit_quantity
from drill.solving.solve import Solution, solve

LIBRARY = load_library()
ASKS = [(card, ask) for card in LIBRARY.cards for ask in card.asks]
MISTAKES = [(card, ask, mistake) for card, ask in ASKS for mistake in ask.mistakes]


def _ask_id(item: tuple[Card, Ask]) -> str:
    return f"{item[0].key}:{item[1].id}"


_SOLUTIONS: dict[str, Solution] = {}


def solution_of(card: Card) -> Solution:
    if card.key not in _SOLUTIONS:
        _SOLUTIONS[card.key] = solve(card)
    return _SOLUTIONS[card.key]


def target_of(card: Card, ask: Ask) -> Target:
    return target_for(card, ask, solution_of(card))


def test_the_library_holds_the_issue_asks() -> None:
    # A guard against an empty parametrization passing for nothing.
    keys = {_ask_id(item) for item in ASKS}
    for expected in ("speed-physics/q1:decode_floor", "speed-physics/q1:max_tokens_per_s",
                     "speed-physics/q6:cost_single", "speed-physics/q7:attention_speedup",
                     "serving-math/little:in_flight", "serving-math/fan-out:all_within_p99"):
        assert expected in keys
    assert not LIBRARY.diagnostics


# -- three forms of the reference ------------------------------------------------------
def in_display_unit(target: Target) -> str:
    return format_in(target.reference, target.unit, digits=4)


def in_another_unit(target: Target) -> str:
    """The reference in a unit of the same dimension that is not the display unit."""
    unit = _other_unit(target.unit)
    size = unit_quantity(unit)
    assert size.dim == target.reference.dim, unit
    number = target.reference.value / size.value
    text = f"{number:.6g}"
    if unit.startswith("thousand"):
        return f"{text} {unit}"
    return f"{text} {unit}" if unit not in ("%", "×") else f"{text}{unit}"


def _other_unit(unit: str) -> str:
    if unit.strip() in ("×", "x", "1", ""):
        return "%"
    if unit.strip() == "%":
        return "×"
    tree = parse(unit)
    swapped = _swap_first_unit(tree)
    if swapped is not None:
        return swapped.echo()
    # A pure count (requests, steps) has no other unit: count it in thousands.
    return f"thousand {unit}"


def _swap_first_unit(node: Node) -> Node | None:
    """The unit tree with its first swappable unit replaced by another of its dimension."""
    if isinstance(node, UnitRef):
        other = _sibling_unit(node.unit.symbol)
        return UnitRef(other) if other is not None else None
    if isinstance(node, BinOp | UnitOp):
        left = _swap_first_unit(node.left)
        if left is not None:
            return type(node)(**{**_fields(node), "left": left})
        right = _swap_first_unit(node.right)
        if right is not None:
            return type(node)(**{**_fields(node), "right": right})
    if isinstance(node, Measure):
        unit = _swap_first_unit(node.unit)
        if unit is not None:
            return Measure(node.amount, unit)
    return None


def _fields(node: Any) -> dict[str, Any]:
    return {name: getattr(node, name) for name in node.__dataclass_fields__}


def _sibling_unit(symbol: str) -> Any:
    """Another catalog unit of the same dimension, about a thousand times apart."""
    unit = CANONICAL[symbol]
    siblings = [u for u in CANONICAL.values()
                if u.dim == unit.dim and u.scale != unit.scale and u.symbol not in ("%", "×")]
    if not siblings:
        return None
    return min(siblings, key=lambda u: abs(abs(math.log10(u.scale / unit.scale)) - 3))


def worked_expression(card: Card, ask: Ask) -> str:
    """The ask's formula with the card's givens put in, as someone would type it."""
    import sympy

    from drill.symbolic.formulas import given_symbol
    from drill.symbolic.unit_system import to_quantity
    from drill.symbolic.working import formula_text

    solution = solution_of(card)
    # A solver's symbols and a formula card's are made alike: one positive symbol a given.
    symbols = {name: given_symbol(name) for name in solution.given_values}
    values = {symbols[name]: value for name, value in solution.given_values.items()}
    original = solution.results[ask.value].expression
    rounded_down = isinstance(original, sympy.floor)
    expression = _without_max(original.args[0] if rounded_down else original, values,
                              to_quantity, sympy)
    reference = solution.results[ask.value].value
    # The givens as written ("16 GB"), or in parentheses where the parser would bind a
    # power to the unit alone ("99%^10" is 99 × %¹⁰).
    for wrap in ("{}", "({})"):
        # A given made of givens is typed as its value ("16 GB"), as the working shows it.
        names = {symbols[name]: wrap.format(_exact(solution.formed.get(name, text),
                                                   solution.given_values[name]))
                 for name, text in solution.givens.items()}
        text = formula_text(expression, names)
        try:
            value = read(text).value
        except ParseError:
            continue
        # A count of what fits is worked and then rounded down: the working gives 119.2.
        if math.isclose(value.value, reference.value, rel_tol=1e-6) or (
                rounded_down and math.floor(value.value) == reference.value):
            return text
    raise AssertionError(f"no worked expression for {card.key} {ask.id} reads back as "
                         f"{reference}: {text}")


def _restates_a_given(card: Card, ask: Ask) -> bool:
    solution = solution_of(card)
    reference = solution.results[ask.value].value
    return any(value == reference for value in solution.given_values.values())


def _exact(text: str, value: Quantity) -> str:
    """A given as written ("141 GB") where that reads back as its value, or else with the
    digits it needs (a given worked out from catalog facts, 141.2 GB, is shown rounded)."""
    try:
        parsed = read(text)
    except ParseError:
        return text
    if math.isclose(parsed.value.value, value.value, rel_tol=1e-9):
        return text
    unit = parsed.tree.unit.echo() if isinstance(parsed.tree, Measure) else "1"
    return format_in(value, unit, digits=10)


def _without_max(expression: Any, values: Any, to_quantity: Any, sympy: Any) -> Any:
    """max(a, b) → whichever is larger for these givens: typed math has no max(). Nor has it
    erlang_c(): a person works the share that waits first and types it as a number."""
    from drill.symbolic.formulas import ErlangC

    if isinstance(expression, ErlangC):
        return sympy.Float(to_quantity(expression, values).value, 12)
    if isinstance(expression, sympy.Max | sympy.Min):
        scored = [(to_quantity(arg, values).value, arg) for arg in expression.args]
        pick = max if isinstance(expression, sympy.Max) else min
        return _without_max(pick(scored, key=lambda p: p[0])[1], values, to_quantity, sympy)
    if isinstance(expression, sympy.Add | sympy.Mul | sympy.Pow):
        return expression.func(*(_without_max(a, values, to_quantity, sympy)
                                 for a in expression.args))
    return expression


@pytest.mark.parametrize(("card", "ask"), ASKS, ids=[_ask_id(a) for a in ASKS])
def test_the_reference_in_three_forms_is_correct(card: Card, ask: Ask) -> None:
    target = target_of(card, ask)
    forms = [in_display_unit(target), in_another_unit(target), worked_expression(card, ask)]
    # An ask whose answer is one of the givens ("only the 5% still pending send a copy")
    # has no working beyond that given.
    assert len(set(forms)) == 3 or (forms[2] == forms[0] and _restates_a_given(card, ask)), forms
    for answer in forms:
        result = grade(answer, target)
        assert result.verdict is Verdict.CORRECT, (answer, result.message)
        assert result.mistakes == ()


@pytest.mark.parametrize(("card", "ask"), ASKS, ids=[_ask_id(a) for a in ASKS])
def test_a_bare_number_in_the_display_unit_is_correct(card: Card, ask: Ask) -> None:
    target = target_of(card, ask)
    number = target.reference.value / unit_quantity(target.unit).value
    assert grade(f"{number:.4g}", target).verdict is Verdict.CORRECT


@pytest.mark.parametrize(("card", "ask"), ASKS, ids=[_ask_id(a) for a in ASKS])
def test_a_power_of_ten_slip_is_caught(card: Card, ask: Ask) -> None:
    target = target_of(card, ask)
    for factor, k in ((100.0, "10²"), (1e-3, "10⁻³")):
        answer = format_in(target.reference * factor, target.unit, digits=4)
        result = grade(answer, target)
        assert result.verdict is Verdict.INCORRECT
        assert "power-of-ten" in result.mistakes, (answer, result.mistakes)
        assert k in result.message or _card_words(target, "power-of-ten") in result.message


def _card_words(target: Target, mistake_id: str) -> str:
    return next((m.message for m in target.mistakes if m.id == mistake_id), "\0")


@pytest.mark.parametrize(("card", "ask"), ASKS, ids=[_ask_id(a) for a in ASKS])
def test_a_wrong_dimension_is_caught(card: Card, ask: Ask) -> None:
    target = target_of(card, ask)
    # A time per token is a time once its counts are left out (a label a person may drop).
    time_like = dims.without_counts(target.reference.dim) == dims.dim(time=1)
    other = "16 GB" if time_like else "4.8 ms"
    result = grade(other, target)
    assert result.verdict is Verdict.INCORRECT
    assert result.mistakes[-1] == "wrong-dimension"
    assert dims.describe(target.reference.dim).split(" (")[0] in result.message


COUNTED = [(card, ask) for card, ask in ASKS
           if dims.counts_only(unit_quantity(ask.unit).dim) != dims.DIMENSIONLESS]


def test_some_asks_have_counts_to_leave_out() -> None:
    assert {"speed-physics/q1:max_tokens_per_s", "speed-physics/q6:cost_single"} <= {
        _ask_id(item) for item in COUNTED
    }


@pytest.mark.parametrize(("card", "ask"), COUNTED, ids=[_ask_id(a) for a in COUNTED])
def test_counts_may_be_left_out(card: Card, ask: Ask) -> None:
    target = target_of(card, ask)
    # The reference with its counts stripped, in its own readable unit ("209/s", "$4.17"):
    # the count's scale (per *million* tokens) is the display unit's.
    stripped = Quantity(target.reference.value / _count_scale(target.unit),
                        dims.without_counts(target.reference.dim))
    answer = (f"{stripped.value:.4g}" if stripped.dimensionless
              else format_quantity(stripped, digits=4))
    assert not any(word in answer for word in COUNT_WORDS)
    result = grade(answer, target)
    assert result.verdict is Verdict.CORRECT, (answer, result.message)


COUNT_WORDS = ("token", "request", "user", "step", "kernel")


def _count_scale(unit: str) -> float:
    """The size of a display unit's count part: "per million tokens" → 10⁻⁶, "tokens" → 1.

    Worked out from the unit's text (the counts and their multiplier struck out), apart
    from how the grader splits units.
    """
    text = unit
    for word in ("per million", "per thousand", *COUNT_WORDS):
        text = text.replace(word + "s", "").replace(word, "")
    text = text.strip(" /·")
    rest = unit_quantity(text).value if text else 1.0
    return unit_quantity(unit).value / rest


# -- the ask's own mistakes ------------------------------------------------------------
def _mistake_id(item: tuple[Card, Ask, Mistake]) -> str:
    return f"{item[0].key}:{item[1].id}:{item[2].id}"


@pytest.mark.parametrize(("card", "ask", "mistake"), MISTAKES,
                         ids=[_mistake_id(m) for m in MISTAKES])
def test_each_mistake_is_recognised(card: Card, ask: Ask, mistake: Mistake) -> None:
    target = target_of(card, ask)
    answer = representative(target, mistake)
    result = grade(answer, target)
    assert result.verdict is Verdict.INCORRECT, (answer, result.message)
    assert mistake.id in result.mistakes, (answer, result.mistakes)
    # Card-specific mistakes come before the generic ones.
    ids = list(result.mistakes)
    generic = [i for i in ids if i in GENERIC_IDS and i not in {m.id for m in ask.mistakes}]
    assert ids == [i for i in ids if i not in generic] + generic
    assert " ".join(mistake.message.split()) in result.message


DIVISION_SLIPS = [(card, ask, mistake) for card, ask, mistake in MISTAKES
                  if mistake.id in ("bytes-over-flops", "flops-over-bandwidth")]


@pytest.mark.parametrize(("card", "ask", "mistake"), DIVISION_SLIPS,
                         ids=[_mistake_id(m) for m in DIVISION_SLIPS])
def test_a_wrong_division_is_recognised_as_typed(card: Card, ask: Ask,
                                                 mistake: Mistake) -> None:
    """Typed with its units (16 GB ÷ 989 TFLOPS), the slip shows in the expression itself."""
    target = target_of(card, ask)
    solved = solution_of(card)
    givens = {name: solved.formed.get(name, text) for name, text in solved.givens.items()}
    values = solved.given_values
    by_dim = {value.dim: name for name, value in values.items()}
    compute_rate = givens[by_dim[dims.dim(computation=1, time=-1)]]
    bandwidth = givens[by_dim[dims.dim(information=1, time=-1)]]
    if mistake.id == "bytes-over-flops":
        answer = f"{givens[by_dim[dims.dim(information=1)]]} / {compute_rate}"
    else:
        flops = target.reference * read(compute_rate).value
        answer = f"{format_quantity(flops, 'FLOP')} / {bandwidth}"
    result = grade(answer, target)
    assert mistake.id in result.mistakes, (answer, result.mistakes)
    assert " ".join(mistake.message.split()) in result.message


def test_some_mistakes_are_wrong_divisions() -> None:
    assert len(DIVISION_SLIPS) >= 2


def representative(target: Target, mistake: Mistake) -> str:
    """A wrong answer someone making this mistake would type."""
    own = next(m for m in target.mistakes if m.id == mistake.id)
    value = own.value if own.value is not None else _generic_slip(target, mistake.id)
    if value.dim == target.reference.dim:
        return format_in(value, target.unit, digits=4)
    return format_quantity(value, digits=4)


def _generic_slip(target: Target, mistake_id: str) -> Quantity:
    slips = {
        "seconds-hours-slip": target.reference * 3600.0,
        "power-of-ten": target.reference * 10.0,
        "bits-for-bytes": target.reference * 8.0,
        "reciprocal": Quantity(1.0) / target.reference,
    }
    assert mistake_id in slips, (
        f"{target.card} {target.ask}: mistake '{mistake_id}' has no value and names no "
        "generic diagnosis, so no answer can ever show it"
    )
    return slips[mistake_id]
