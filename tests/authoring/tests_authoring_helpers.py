"""Helpers the authoring tests share (imported by name: pytest runs in importlib mode)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from drill.quantities.parsing import read
from drill.quantities.quantity import Quantity

ROOT = Path(__file__).resolve().parents[2]


def evaluate(name: str, givens: Mapping[str, str]) -> dict[str, Quantity]:
    """Every result of solver ``name`` for givens typed as text (``"16 GB"``)."""
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    load_builtin_solvers()
    from drill.symbolic.unit_system import to_quantity

    solver = REGISTRY[name]
    symbols = solver.symbols
    values = {symbols[given]: read(text).value for given, text in givens.items()}
    return {result: to_quantity(expr, values) for result, expr in solver.formulas().items()}


def run_drill(args: Sequence[str], cwd: Path | None = None,
              env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m drill ARGS`` in a fresh interpreter, from the checkout."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "drill", *args], cwd=cwd or ROOT,
                          capture_output=True, text=True, env=environ, timeout=120)
