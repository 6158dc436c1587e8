"""Checking packs: the schema, the solvers' numbers, and the math written in the prose.

The names below load their module on first use: ``drill check`` of unchanged files reads
their findings back without importing the checker (see ``drill.checking.reports``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drill.checking.checker import check_loaded
    from drill.checking.reports import PackReport, check_file, check_files

__all__ = ["PackReport", "check_file", "check_files", "check_loaded"]

_HOMES = {"PackReport": "drill.checking.reports", "check_file": "drill.checking.reports",
          "check_files": "drill.checking.reports", "check_loaded": "drill.checking.checker"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'drill.checking' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
