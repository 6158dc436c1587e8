"""The registry of solvers: named functions that compute a card's numbers with sympy.

A solver is a plain function registered under a name with the unit of each given it
needs. It receives one sympy ``Symbol`` per given and returns a dict of named sympy
expressions, reference answers and mistake values alike::

    @solver("decode-floor", weights="GB", bandwidth="TB/s")
    def decode_floor(weights, bandwidth):
        floor = weights / bandwidth
        return {"decode_floor": floor, "max_tokens_per_s": u.token / floor}

Because the formulas are symbolic, they are worked out once per solver and then
evaluated for any card or variant, and they double as the "working" shown on reveal.
A pack can name only a registered solver; no YAML ever causes code to load.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import sympy

from drill.packs.locate import BUILTIN_SOLVERS

SolverFunction = Callable[..., Mapping[str, Any]]
#: What a solver returns: each result's name and its formula over the givens' symbols.
Results = dict[str, sympy.Expr]


class SolverError(Exception):
    """A solver that is badly declared or fails on its givens."""


@dataclass(frozen=True)
class Solver:
    name: str
    givens: dict[str, str]  # given name → a unit of the dimension it must have ("GB")
    function: SolverFunction
    doc: str = ""
    module: str = ""
    _formulas: dict[str, sympy.Expr] = field(default_factory=dict, compare=False, repr=False)

    @property
    def symbols(self) -> dict[str, sympy.Symbol]:
        return {name: sympy.Symbol(name, positive=True) for name in self.givens}

    def formulas(self) -> dict[str, sympy.Expr]:
        """Every result as a sympy expression over the givens' symbols (cached)."""
        if not self._formulas:
            try:
                produced = self.function(**self.symbols)
            except Exception as error:  # a solver's own bug: report it, do not crash
                raise SolverError(f"solver '{self.name}' failed: {error}") from error
            if not isinstance(produced, Mapping):
                raise SolverError(f"solver '{self.name}' must return a dict of results")
            formulas: dict[str, sympy.Expr] = {}
            for key, expr in produced.items():
                if isinstance(expr, int):
                    expr = sympy.Integer(expr)
                elif isinstance(expr, float):
                    expr = sympy.Float(expr)
                elif not isinstance(expr, sympy.Basic):
                    raise SolverError(
                        f"solver '{self.name}': result '{key}' is {type(expr).__name__}, "
                        "not a sympy expression of the givens")
                formulas[str(key)] = expr
            # Cached only whole: a solver that failed half-way fails again next time.
            self._formulas.update(formulas)
        return self._formulas


REGISTRY: dict[str, Solver] = {}


def solver(name: str, *, doc: str = "", **givens: str) -> Callable[[SolverFunction],
                                                                     SolverFunction]:
    """Register ``function`` as solver ``name``; keyword arguments give each given's unit."""

    def register(function: SolverFunction) -> SolverFunction:
        parameters = list(inspect.signature(function).parameters)
        if sorted(parameters) != sorted(givens):
            raise SolverError(
                f"solver '{name}': parameters {parameters} do not match its givens "
                f"{sorted(givens)}"
            )
        if name in REGISTRY and REGISTRY[name].function is not function:
            raise SolverError(f"solver '{name}' is already registered (by "
                              f"{REGISTRY[name].module}): choose another name")
        REGISTRY[name] = Solver(
            name=name,
            givens=dict(givens),
            function=function,
            doc=doc or inspect.getdoc(function) or "",
            module=function.__module__,
        )
        return function

    return register


def load_builtin_solvers() -> None:
    """Import the built-in solvers, which registers them (once; later calls are free).

    By name on purpose: the built-in solvers sit above this layer (they import
    :mod:`drill.solving.kit`), so the solving layer finds them as it finds a user's
    solver folder, not through a static import.
    """
    importlib.import_module(BUILTIN_SOLVERS)
