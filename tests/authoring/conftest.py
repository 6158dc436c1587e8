"""Fixtures for the authoring tests: solvers evaluated, the CLI run in a fresh process."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))  # for tests_authoring_helpers
