"""drill: daily interview practice in inference-engineering math.

Importing this package is cheap on purpose: sympy and Textual load only when needed.
"""

__version__ = "0.1.0"
