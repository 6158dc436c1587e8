"""The atom a unit is in a sympy formula (``u.GB``), without ``sympy.physics.units``.

Importing ``sympy.physics.units`` builds sympy's whole SI system (hundreds of quantities,
their prefixes and scale factors): about half as long again as importing sympy itself,
on every process that solves a card. drill never asked that system anything at run
time: a formula's number comes from drill's own unit table
(:mod:`drill.symbolic.unit_system`). All a formula needs of a unit is an atom that
multiplies, divides and cancels.

:class:`Quantity` is that atom, written as sympy's class of the same name is: the same
class name, arguments (its name and its symbol, as ``Symbol``\\ s) and assumptions. sympy
orders a product's factors, hashes and prints by these, so a formula is built, ordered
and written exactly as it was over sympy's own quantities.
"""

from __future__ import annotations

from typing import Any

from sympy.core.expr import AtomicExpr
from sympy.core.symbol import Symbol


class Quantity(AtomicExpr):  # type: ignore[misc]  # sympy has no type hints
    """A unit in a formula: positive, real, commuting, with no free symbols.

    The name must stay ``Quantity``: sympy's canonical order of factors and its hashes
    read the class name (see the module's docstring).
    """

    is_commutative = True
    is_real = True
    is_number = False
    is_nonzero = True
    is_physical_constant = False
    _diff_wrt = True

    def __new__(cls, name: str | Symbol, abbrev: str | Symbol | None = None) -> Quantity:
        # Symbols too: a pickled formula comes back through its arguments.
        symbol = name if isinstance(name, Symbol) else Symbol(name)
        shown = symbol if abbrev is None else (
            abbrev if isinstance(abbrev, Symbol) else Symbol(abbrev))
        made: Quantity = AtomicExpr.__new__(cls, symbol, shown)
        return made

    @property
    def name(self) -> Symbol:
        return self.args[0]

    @property
    def abbrev(self) -> Symbol:
        return self.args[1]

    def _eval_is_positive(self) -> bool:
        return True

    def _eval_is_constant(self) -> bool:
        return True

    def _eval_Abs(self) -> Quantity:
        return self

    def _eval_subs(self, old: Any, new: Any) -> Quantity | None:
        if isinstance(new, Quantity) and self != old:
            return self
        return None

    @property
    def free_symbols(self) -> set[Any]:
        return set()
