"""The unit-aware scratchpad behind ``drill calc`` and the app's calculator."""

from __future__ import annotations

from dataclasses import dataclass, field

from drill import dimensions as dims
from drill.diagnosis import structural_mistakes
from drill.parsing import ParseError, read
from drill.quantity import Quantity, QuantityError
from drill.units import format_quantity


@dataclass(frozen=True, slots=True)
class CalcResult:
    expression: str
    echo: str = ""
    value: Quantity | None = None
    text: str = ""  # the value in a readable (or the requested) unit
    dimension: str = ""  # the dimension in words
    error: str = ""

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
        }


def calculate(expression: str, to: str | None = None) -> CalcResult:
    """Work out ``expression``; errors come back in the result, never raised."""
    try:
        reading = read(expression)
    except ParseError as error:
        return CalcResult(expression, error=error.message)
    value = reading.value
    described = dims.describe(value.dim)
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


def _unit_words(unit: str | None) -> str:
    from drill.units import unit_quantity

    if not unit:
        return "what was asked"
    return f"{dims.describe(unit_quantity(unit).dim)} ({unit})"


@dataclass
class Scratchpad:
    """A calculator session: every line worked out, newest last."""

    history: list[CalcResult] = field(default_factory=list)
    limit: int = 200

    def enter(self, expression: str, to: str | None = None) -> CalcResult:
        result = calculate(expression, to)
        self.history.append(result)
        del self.history[: -self.limit]
        return result
