"""The unit-aware scratchpad behind ``drill calc`` and the app's calculator."""

from __future__ import annotations

from dataclasses import dataclass, field

from drill.quantities import dimensions as dims
from drill.quantities.expression_slips import structural_mistakes
from drill.quantities.parsing import ParseError, read_with_names
from drill.quantities.quantity import Quantity, QuantityError
from drill.quantities.units import format_quantity


@dataclass(frozen=True, slots=True)
class CalcResult:
    expression: str
    echo: str = ""
    value: Quantity | None = None
    text: str = ""  # the value in a readable (or the requested) unit
    dimension: str = ""  # the dimension in words
    error: str = ""
    #: The 0-based column the error is about, when it is about one.
    column: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "expression": self.expression,
            "ok": not self.error,
            "text": self.text,
            "value": self.value.value if self.value else None,
            "dimension": self.dimension,
            "unit": dims.symbol(self.value.dim) if self.value else None,
            "echo": self.echo,
            "error": self.error or None,
            "column": self.column,
        }


#: The word for the last result, as on a pocket calculator.
LAST_RESULT = "ans"


def calculate(expression: str, to: str | None = None, last: Quantity | None = None
              ) -> CalcResult:
    """Work out ``expression``; errors come back in the result, never raised.

    ``ans`` in the expression stands for ``last``, the result before (an error when there
    is none)."""
    try:
        reading = read_with_names(expression, {LAST_RESULT: last})
    except ParseError as error:
        return CalcResult(expression, error=error.message, column=error.position)
    value = reading.value
    described = dims.describe(value.dim)
    if to is not None and _is_an_amount(to):
        # Converting to "2 GB" would print "8 2 GB": a count of 2 GB pieces, unreadable.
        return CalcResult(expression, reading.echo, value, dimension=described,
                          error=f"convert to a unit such as GB or ms, not an amount ('{to}')")
    try:
        text = format_quantity(value, to)
    except (QuantityError, ParseError) as error:
        message = error.message if isinstance(error, ParseError) else str(error)
        hints = structural_mistakes(reading.tree)
        if hints and not isinstance(error, ParseError):
            message = f"{reading.echo} is {dims.symbol(value.dim)}, not {_unit_words(to)}: "
            message += hints[0].message
        return CalcResult(expression, reading.echo, value, dimension=described, error=message)
    return CalcResult(expression, reading.echo, value, text, described)


def _is_an_amount(unit: str) -> bool:
    text = unit.strip()
    return text[:1].isdigit() and not (text == "1" or text.startswith("1/"))


def _unit_words(unit: str | None) -> str:
    from drill.quantities.units import unit_quantity

    if not unit:
        return "what was asked"
    return f"{dims.describe(unit_quantity(unit).dim)} ({unit})"


@dataclass
class Scratchpad:
    """A calculator session: every line worked out, newest last."""

    history: list[CalcResult] = field(default_factory=list)
    limit: int = 200

    @property
    def last(self) -> Quantity | None:
        """The newest value worked out (what ``ans`` stands for); None before any."""
        return next((r.value for r in reversed(self.history) if r.value is not None
                     and not r.error), None)

    def calculate(self, expression: str, to: str | None = None) -> CalcResult:
        """Work out ``expression`` against this session's ``ans``, without keeping it."""
        return calculate(expression, to, self.last)

    def enter(self, expression: str, to: str | None = None) -> CalcResult:
        result = self.calculate(expression, to)
        self.history.append(result)
        del self.history[: -self.limit]
        return result
