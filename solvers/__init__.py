"""drill's built-in solvers: every reference number of the built-in packs, from sympy.

Importing this package registers every built-in solver (see ``registry.solver``).
"""

from solvers.registry import REGISTRY, Solver, SolverError, solver

__all__ = ["REGISTRY", "Solver", "SolverError", "solver"]
