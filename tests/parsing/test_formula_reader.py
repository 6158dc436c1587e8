"""The formula reader: answers' math plus a card's names and a whitelist of functions, and
nothing else, whatever the text; random text gives a located error, never a traceback."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drill.quantities.parsing import ParseError, read
from drill.quantities.parsing.formula import FUNCTIONS, is_reserved, read_formula

NAMES = ("weights", "bandwidth", "decode_floor", "params", "kv_per_token")


@pytest.mark.parametrize(("text", "echo", "names"), [
    ("weights / bandwidth", "weights ÷ bandwidth", ("weights", "bandwidth")),
    ("1 token / decode_floor", "1 token ÷ decode_floor", ("decode_floor",)),
    ("params × 2 B", "params × 2 B", ("params",)),
    ("2 params", "2 params", ("params",)),
    ("max(weights / bandwidth, 2 ms)", "max(weights ÷ bandwidth, 2 ms)",
     ("weights", "bandwidth")),
    ("1,000 tokens × kv_per_token", "1,000 tokens × kv_per_token", ("kv_per_token",)),
    ("$3/h × decode_floor", "$3/h × decode_floor", ("decode_floor",)),
    ("round(weights / (80 GB)) + 1", "round(weights ÷ (80 GB)) + 1", ("weights",)),
])
def test_formulas_read_names_units_and_calls(text: str, echo: str,
                                             names: tuple[str, ...]) -> None:
    formula = read_formula(text, NAMES)
    assert formula.tree.echo() == echo
    assert formula.names == names


def test_a_name_is_placed_at_its_column() -> None:
    formula = read_formula("weights / bandwidth", NAMES)
    assert formula.name_positions == {"weights": 0, "bandwidth": 10}


@pytest.mark.parametrize(("text", "message", "column"), [
    ("weights / bandwith", "unknown name 'bandwith' (did you mean bandwidth?)", 10),
    ("weights / GBs", "unknown name 'GBs' (did you mean", 10),
    ("abs(weights)", "'abs' is not a function a formula may use", 0),
    ("weights / eval(1)", "'eval' looks like code", 10),
    ("__import__('os').system('ls')", "'__import__' looks like code", 0),
    ("os.system('ls')", "'os' looks like code", 0),
    ("weights.real", "'.' has no place in a formula", 7),
    ("weights['x']", "'[' has no place in a formula", 7),
    ("lambda: 0", "'lambda' looks like code", 0),
    ("max(weights)", "max() takes 2 or more arguments, not 1", 0),
    ("sqrt(weights, 2)", "sqrt() takes one argument, not 2", 0),
    ("sqrt(weights", "the '(' of sqrt() is never closed", 4),
    ("max weights", "max is a function: write max(...)", 0),
    ("weights ≈ 16 GB", "'≈' has no place in a formula", 8),
    ("weights, bandwidth", "a ',' may only separate a function's arguments", 7),
    ("", "the formula is empty", 0),
])
def test_a_bad_formula_is_a_located_error(text: str, message: str, column: int) -> None:
    with pytest.raises(ParseError) as caught:
        read_formula(text, NAMES)
    assert message in caught.value.message
    assert caught.value.position == column


def test_names_are_for_formulas_only_answers_still_refuse_them() -> None:
    with pytest.raises(ParseError):
        read("weights / bandwidth")


@pytest.mark.parametrize("name", ["per", "x", "times", "max", "round"])
def test_words_of_the_syntax_are_reserved(name: str) -> None:
    assert is_reserved(name)


@pytest.mark.parametrize("name", ["batch", "layers", "k", "GB", "tokens"])
def test_a_name_spelled_like_a_unit_wins_in_formulas(name: str) -> None:
    assert not is_reserved(name)
    formula = read_formula(f"2 {name} × 1 GB", [name])
    assert formula.names == (name,) and formula.tree.echo() == f"2 {name} × 1 GB"


def test_the_whitelist_is_the_documented_one() -> None:
    assert set(FUNCTIONS) == {"min", "max", "sqrt", "log", "exp", "ceil", "floor", "round"}


FORMULA_BITS = st.sampled_from(
    [*NAMES, *FUNCTIONS, "(", ")", ",", "+", "-", "*", "/", "^", "×", "÷", "GB", "TB/s",
     "ms", "tokens", "per", "2", "0", "1e9", "1,000", "__import__", "'os'", ".", "system",
     "eval", "[", "]", "lambda", ":", "≈", "$", "%", "10^400", "9^9^9", "exp(exp(9))"])


def _reads_or_refuses(text: str) -> None:
    # CPU time, not the wall clock: a worker sharing a busy core can be paused for
    # seconds without doing any work, and the point is "never a hang".
    started = time.process_time()
    try:
        formula = read_formula(text, NAMES)
    except ParseError as error:
        assert error.message
        assert 0 <= error.position <= len(text)
    else:
        assert formula.tree.echo()
        assert set(formula.names) <= set(NAMES)
    assert time.process_time() - started < 1.0  # "never a hang", not a speed target


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_as_a_formula_reads_or_gives_a_located_error(text: str) -> None:
    _reads_or_refuses(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(FORMULA_BITS, max_size=40).map(" ".join))
def test_formula_like_text_reads_or_gives_a_located_error(text: str) -> None:
    _reads_or_refuses(text)
