"""Quantities: numbers with units, in plain Python, and the safe reader of typed math.

The bottom of drill's domain (no sympy, no Textual). ``dimensions`` says what kind of thing
a quantity is, ``unit_table`` lists every unit a person may type, ``quantity`` is the fast
numeric form, ``units`` converts and formats, ``parsing`` reads text into a tree and a value
(never evaluating it as code), ``expression_slips`` finds mistakes in an expression's shape,
and ``calculator`` is the scratchpad behind ``drill calc``.
"""
