"""Everything a solver module needs, in one import.

A solver (built-in or the user's own) is a plain function of sympy symbols, registered
with :func:`solver` and written with drill's units::

    from drill.solving.kit import solver, u

    @solver("decode-floor", weights="GB", bandwidth="TB/s")
    def decode_floor(weights, bandwidth):
        floor = weights / bandwidth
        return {"decode_floor": floor, "max_tokens_per_s": u.token / floor}

A law with no finite formula in its givens is a function drill knows how to evaluate:
``ErlangC(servers, offered)`` is M/M/c's chance to wait, for a pool size that is a given.

Importing this module imports sympy: it is for solver code, never for a start-up path.
"""

from __future__ import annotations

from drill.solving.registry import REGISTRY, Results, Solver, SolverError, solver
from drill.symbolic.formulas import ErlangC
from drill.symbolic.unit_system import u

__all__ = ["REGISTRY", "ErlangC", "Results", "Solver", "SolverError", "solver", "u"]
