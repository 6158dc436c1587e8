"""Quantities: numbers with units, in plain Python, and the safe reader of typed math.

The bottom of drill's domain (no sympy, no Textual). ``dimensions`` says what kind of thing
a quantity is, ``unit_table`` lists every unit a person may type, ``quantity`` is the fast
numeric form, ``units`` converts and formats, ``parsing`` reads text into a tree and a value
(never evaluating it as code), ``expression_slips`` finds mistakes in an expression's shape,
and ``calculator`` is the scratchpad behind ``drill calc``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drill.quantities.calculator import (
        CalcResult,
        Scratchpad,
        calculate,
    )
    from drill.quantities.parsing import (
        ParseError,
        Reading,
        read,
    )
    from drill.quantities.quantity import (
        Quantity,
        QuantityError,
    )
    from drill.quantities.units import (
        ConversionError,
        convert,
        format_in,
        format_number,
        format_quantity,
        unit_quantity,
    )

# The public face loads lazily (PEP 562): importing one module of the package must not
# import the rest, so start-up paths pay only for what they use.
_HOMES = {
    "Quantity": "drill.quantities.quantity",
    "QuantityError": "drill.quantities.quantity",
    "ConversionError": "drill.quantities.units",
    "convert": "drill.quantities.units",
    "format_in": "drill.quantities.units",
    "format_number": "drill.quantities.units",
    "format_quantity": "drill.quantities.units",
    "unit_quantity": "drill.quantities.units",
    "ParseError": "drill.quantities.parsing",
    "Reading": "drill.quantities.parsing",
    "read": "drill.quantities.parsing",
    "CalcResult": "drill.quantities.calculator",
    "Scratchpad": "drill.quantities.calculator",
    "calculate": "drill.quantities.calculator",
}
__all__ = [
    "CalcResult",
    "ConversionError",
    "ParseError",
    "Quantity",
    "QuantityError",
    "Reading",
    "Scratchpad",
    "calculate",
    "convert",
    "format_in",
    "format_number",
    "format_quantity",
    "read",
    "unit_quantity",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
