"""Quantity: a float in SI-style base units together with its dimension.

This is the fast numeric form of every number drill reads or shows. sympy's quantities
(:mod:`drill.symbolic.unit_system`) carry the algebra of the solvers; converting through sympy costs
about a millisecond a step, which is the whole grading budget, so typed answers are
evaluated here instead and the two are tested to agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from drill.quantities import dimensions as dims
from drill.quantities.dimensions import Dim


class QuantityError(ValueError):
    """Arithmetic that has no meaning: adding a time to bytes, a huge power ..."""


MAX_MAGNITUDE = 1e300


@dataclass(frozen=True, slots=True)
class Quantity:
    """``value`` is in base units: seconds, bytes, FLOP, USD, and one of each count."""

    value: float
    dim: Dim = dims.DIMENSIONLESS

    @property
    def dimensionless(self) -> bool:
        return self.dim == dims.DIMENSIONLESS

    def _checked(self, value: float) -> float:
        if math.isnan(value) or math.isinf(value) or abs(value) > MAX_MAGNITUDE:
            raise QuantityError("the number is too large to work with")
        return value

    def __mul__(self, other: Quantity | float) -> Quantity:
        if not isinstance(other, Quantity):
            return Quantity(self._checked(self.value * other), self.dim)
        return Quantity(self._checked(self.value * other.value), dims.multiply(self.dim, other.dim))

    __rmul__ = __mul__

    def __truediv__(self, other: Quantity | float) -> Quantity:
        if not isinstance(other, Quantity):
            other = Quantity(other)
        if other.value == 0:
            raise QuantityError("division by zero")
        return Quantity(self._checked(self.value / other.value), dims.divide(self.dim, other.dim))

    def __rtruediv__(self, other: float) -> Quantity:
        return Quantity(other) / self

    def __neg__(self) -> Quantity:
        return Quantity(-self.value, self.dim)

    def __add__(self, other: Quantity) -> Quantity:
        if other.dim != self.dim:
            raise QuantityError(
                f"cannot add {dims.describe(other.dim)} to {dims.describe(self.dim)}"
            )
        return Quantity(self._checked(self.value + other.value), self.dim)

    def __sub__(self, other: Quantity) -> Quantity:
        if other.dim != self.dim:
            raise QuantityError(
                f"cannot subtract {dims.describe(other.dim)} from {dims.describe(self.dim)}"
            )
        return Quantity(self._checked(self.value - other.value), self.dim)

    def __pow__(self, exponent: Quantity | float) -> Quantity:
        if isinstance(exponent, Quantity):
            if not exponent.dimensionless:
                raise QuantityError(
                    f"an exponent must be a plain number, not {dims.describe(exponent.dim)}"
                )
            exponent = exponent.value
        if abs(exponent) > 1000:
            raise QuantityError(f"the exponent {exponent:g} is too large (the limit is 1000)")
        if not self.dimensionless:
            if exponent != int(exponent):
                raise QuantityError(f"cannot raise {dims.symbol(self.dim)} to a fractional power")
            new_dim = dims.power(self.dim, int(exponent))
        else:
            new_dim = self.dim
        if self.value == 0 and exponent < 0:
            raise QuantityError("division by zero")
        if self.value < 0 and exponent != int(exponent):
            raise QuantityError("a negative number has no real fractional power")
        try:
            value = math.pow(self.value, exponent)
        except OverflowError:
            raise QuantityError("the number is too large to work with") from None
        return Quantity(self._checked(value), new_dim)

    def close_to(self, other: Quantity, rel_tol: float) -> bool:
        """Same dimension and within ``rel_tol`` of ``other`` (relative to ``other``)."""
        if self.dim != other.dim:
            return False
        if other.value == 0:
            return abs(self.value) <= rel_tol
        return abs(self.value - other.value) <= rel_tol * abs(other.value)

    def to_dict(self) -> dict[str, object]:
        return {"value": self.value, "dim": dims.exponents(self.dim)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Quantity:
        raw = data.get("dim") or {}
        if not isinstance(raw, dict):
            raise ValueError("dim must be a mapping of base dimension to exponent")
        value = data["value"]
        if not isinstance(value, int | float):
            raise ValueError("value must be a number")
        return cls(float(value), dims.dim({str(k): int(v) for k, v in raw.items()}))
