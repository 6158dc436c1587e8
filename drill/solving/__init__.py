"""Solving cards: every reference number from a card's givens, through its solver.

``registry`` holds the solvers (``kit`` is the one module solver code imports),
``solve`` works a card out with its working, ``formula_cards`` works out cards written
with formulas, ``variants`` renders a card over other givens, ``variant_choice`` picks
the variant to show without solving anything, ``solver_modules`` loads the user's own
solver folders, ``sources`` gathers packs and solver code into one library, and
``cache`` keeps solved cards on disk under a ``fingerprint`` of the code. sympy loads
only when a card is actually solved.
"""
