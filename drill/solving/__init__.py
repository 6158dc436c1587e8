"""Solving cards: every reference number from a card's givens, through its solver.

``registry`` holds the solvers (``kit`` is the one module solver code imports),
``solve`` works a card out with its working, ``variants`` renders a card over other
givens, ``variant_choice`` picks the variant to show without solving anything,
``solver_modules`` loads the user's own solver folders and ``sources`` gathers packs and
solver code into one library. sympy loads only when a card is actually solved.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drill.solving.solve import (
        Solution,
        SolveError,
        solve,
    )
    from drill.solving.sources import (
        Sources,
        load_sources,
        resolve_sources,
    )
    from drill.solving.variant_choice import (
        pick_variant,
    )
    from drill.solving.variants import (
        VariantError,
        render_variant,
    )

# The public face loads lazily (PEP 562): importing one module of the package must not
# import the rest, so start-up paths pay only for what they use.
_HOMES = {
    "Solution": "drill.solving.solve",
    "SolveError": "drill.solving.solve",
    "solve": "drill.solving.solve",
    "VariantError": "drill.solving.variants",
    "render_variant": "drill.solving.variants",
    "pick_variant": "drill.solving.variant_choice",
    "Sources": "drill.solving.sources",
    "load_sources": "drill.solving.sources",
    "resolve_sources": "drill.solving.sources",
}
__all__ = [
    "Solution",
    "SolveError",
    "Sources",
    "VariantError",
    "load_sources",
    "pick_variant",
    "render_variant",
    "resolve_sources",
    "solve",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
