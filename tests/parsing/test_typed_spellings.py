"""Spellings people type in interview answers, found by auditing the grader with them.

Each case was misread (or refused) before its fix; the expected values come from the
arithmetic of the text itself.
"""

from __future__ import annotations

import pytest

from drill.quantities.parsing import read


def test_a_dollar_amount_may_follow_a_division() -> None:
    # "$4.17 / $0.194": the second "$" starts a new amount; it is not a unit of the
    # first (which made "$4.17/$" and then a stray number).
    reading = read("$4.17 / $0.194")
    assert reading.value.dimensionless
    assert reading.value.value == pytest.approx(4.17 / 0.194)
    assert read("$3/h / $1/h").value.value == pytest.approx(3.0)


@pytest.mark.parametrize(
    ("text", "dollars_per_token"),
    [
        ("$4.17/Mtok", 4.17e-6),  # the price-sheet spelling
        ("4.17 $/Mtok", 4.17e-6),
        ("$4.17/M tokens", 4.17e-6),
        ("$4.17 per M tokens", 4.17e-6),
        ("$0.19 per M tok", 0.19e-6),
        ("$0.004/ktok", 0.004e-3),
        ("$0.004 per K tokens", 0.004e-3),
    ],
)
def test_a_multiplier_letter_after_per_counts_as_one_of_it(text: str,
                                                           dollars_per_token: float) -> None:
    # "per M tokens" is "per million tokens": after "/" or "per" nothing else fits.
    value = read(text).value
    assert value.value == pytest.approx(dollars_per_token)
    assert value.dim == read("$1/token").value.dim


def test_a_lone_multiplier_letter_is_still_refused_elsewhere() -> None:
    from drill.quantities.parsing import ParseError

    with pytest.raises(ParseError, match="must follow a number"):
        read("M tokens")


@pytest.mark.parametrize(
    ("text", "value"),
    [("25 times", 25.0), ("1.25 times", 1.25), ("25X", 25.0), ("21.5 X", 21.5),
     ("2 times 3", 6.0), ("4 X 5", 20.0)],
)
def test_times_and_capital_x_work_like_x(text: str, value: float) -> None:
    # "25 times" is a ratio as "25x" is; between two operands it multiplies.
    reading = read(text)
    assert reading.value.dimensionless
    assert reading.value.value == pytest.approx(value)


def test_space_grouped_thousands_get_a_hint_to_write_them_together() -> None:
    from drill.quantities.parsing import ParseError

    # "61 800" stays an error (a stray digit once hid a wrong answer), but the message
    # names the two spellings that work.
    with pytest.raises(ParseError, match="61,800 or 61800"):
        read("61 800 tokens/s")


@pytest.mark.parametrize(("text", "value"), [("4.78 ms.", 4.78e-3), ("75 pct", 0.75),
                                             ("25%.", 0.25)])
def test_a_full_stop_and_pct(text: str, value: float) -> None:
    # A sentence's full stop after the unit is not part of the answer.
    assert read(text).value.value == pytest.approx(value)
