"""The sympy bridge: drill's unit system in sympy, and formulas written as working.

The only package of drill's core that imports sympy (the solving layer and the solvers
use it through here). ``unit_system`` builds sympy quantities from the same unit table as
the fast path and converts between the two; ``working`` writes a formula the way a person
writes it on a whiteboard. Importing either loads sympy: keep it off start-up paths.
"""
