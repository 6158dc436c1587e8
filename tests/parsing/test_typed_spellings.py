"""Spellings people type in interview answers, found by auditing the grader with them.

Each case was misread (or refused) before its fix; the expected values come from the
arithmetic of the text itself.
"""

from __future__ import annotations

import pytest

from drill.parsing import read


def test_a_dollar_amount_may_follow_a_division() -> None:
    # "$4.17 / $0.194": the second "$" starts a new amount; it is not a unit of the
    # first (which made "$4.17/$" and then a stray number).
    reading = read("$4.17 / $0.194")
    assert reading.value.dimensionless
    assert reading.value.value == pytest.approx(4.17 / 0.194)
    assert read("$3/h / $1/h").value.value == pytest.approx(3.0)
