"""The sympy bridge: drill's unit system in sympy, and formulas written as working.

The only package of drill's core that imports sympy (the solving layer and the solvers
use it through here). ``unit_system`` builds sympy quantities from the same unit table as
the fast path and converts between the two; ``working`` writes a formula the way a person
writes it on a whiteboard. Importing either loads sympy: keep it off start-up paths.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drill.symbolic.unit_system import (
        to_quantity,
        u,
    )
    from drill.symbolic.working import (
        formula_text,
    )

# The public face loads lazily (PEP 562): importing one module of the package must not
# import the rest, so start-up paths pay only for what they use.
_HOMES = {
    "to_quantity": "drill.symbolic.unit_system",
    "u": "drill.symbolic.unit_system",
    "formula_text": "drill.symbolic.working",
}
__all__ = [
    "formula_text",
    "to_quantity",
    "u",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
