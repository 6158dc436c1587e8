"""drill's built-in solvers: every reference number of the built-in packs, from sympy.

Importing this package registers every built-in solver (see ``registry.solver``): the
modules below register theirs as they load.
"""

from drill.solving.registry import REGISTRY, Solver, SolverError, solver

from . import architecture, serving_math, speed_physics

__all__ = [
    "REGISTRY", "Solver", "SolverError", "architecture", "serving_math", "solver",
    "speed_physics",
]
