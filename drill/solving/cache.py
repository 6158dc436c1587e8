"""Solved cards kept on disk, so grading, showing and the app need no sympy when nothing
has changed.

A card's numbers depend on the card (its pack text, givens, variant overrides), on the
solver or formulas that work them out, on the catalog, and on drill's own unit system and
solving code. The key of an entry is a hash of all of these, so a change anywhere makes a
new key and the old entry is simply never read again. An entry is JSON, written whole
(to a temporary file, then renamed); one that cannot be read, is of another version, or
holds another key than its name says is ignored and rebuilt, never trusted. A cache
folder that is missing, read-only or full only costs speed.

The folder is ``drill/solved`` in the user cache folder (``$XDG_CACHE_HOME`` on Linux);
``drill cache clear`` empties it.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from drill.config.cache_files import cache_folder, read_entry, write_whole
from drill.config.cache_files import clear as clear_folder
from drill.packs.model import Card
from drill.quantities.quantity import Quantity
from drill.solving.fingerprint import code_fingerprint as fingerprint
from drill.solving.fingerprint import module_source
from drill.solving.solve import Result, Solution, solve

#: Bumped when the entry format changes.
FORMAT = 2
_CODE_FOLDERS = ("quantities", "symbolic", "solving")


def cache_dir() -> Path:
    return cache_folder("solved")


def solve_cached(card: Card, overrides: Mapping[str, str] | None = None,
                 folder: Path | None = None) -> Solution:
    """:func:`~drill.solving.solve.solve`, read from the cache when the same inputs were
    solved before (then sympy is never imported), else solved and stored."""
    overrides = dict(overrides or {})
    folder = cache_dir() if folder is None else folder
    key = entry_key(card, overrides)
    path = folder / f"{key}.json"
    cached = _read(path, key)
    if cached is not None:
        return cached
    solution = solve(card, overrides)
    _write(path, key, solution)
    return solution


def clear(folder: Path | None = None) -> int:
    """Remove every entry; the number removed."""
    return clear_folder(cache_dir() if folder is None else folder)


def entry_key(card: Card, overrides: Mapping[str, str]) -> str:
    digest = hashlib.sha256()
    digest.update(code_fingerprint().encode())
    digest.update(repr(card).encode())
    digest.update(repr(sorted(overrides.items())).encode())
    digest.update(_user_solver_source(card.solver).encode())
    return digest.hexdigest()[:40]


def code_fingerprint(folders: tuple[str, ...] = _CODE_FOLDERS) -> str:
    """What every card's numbers depend on besides the card (see
    :func:`drill.solving.fingerprint.code_fingerprint`), for this cache's format."""
    return fingerprint(folders, f"solved:{FORMAT}")


def _user_solver_source(name: str | None) -> str:
    """A solver loaded from the user's own folder: its file is part of the key. (Loading
    it imported sympy already, so asking the registry costs nothing more.)"""
    registry = sys.modules.get("drill.solving.registry")
    solver = registry.REGISTRY.get(name) if name and registry is not None else None
    if solver is None or solver.module.startswith("drill."):
        return ""
    return module_source(solver.module)


def _write(path: Path, key: str, solution: Solution) -> None:
    try:
        text = json.dumps(_to_json(key, solution), ensure_ascii=False)
    except (TypeError, ValueError):
        return  # a result that cannot be written down is simply solved again next time
    write_whole(path, text)


def _to_json(key: str, solution: Solution) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "key": key,
        "card": solution.card_key,
        "solver": solution.solver,
        "givens": dict(solution.givens),
        "given_values": {name: [q.value, list(q.dim)]
                         for name, q in solution.given_values.items()},
        "formed": dict(solution.formed),
        "results": {
            name: {"value": r.value.value, "dim": list(r.value.dim), "unit": r.unit,
                   "shown": r.shown, "formula": r.formula, "working": r.working,
                   "sides": dict(r.sides)}
            for name, r in solution.results.items()
        },
    }


def _read(path: Path, key: str) -> Solution | None:
    data = read_entry(path)
    if not isinstance(data, dict):
        return None  # missing, damaged, not a file, or not a finite number in it
    try:
        if data["format"] != FORMAT or data["key"] != key:
            return None  # another version's, or a file under the wrong name
        results = {
            name: Result(name=name, value=_quantity(r["value"], r["dim"]),
                         unit=_optional_str(r["unit"]), shown=str(r["shown"]),
                         formula=str(r["formula"]), expression=None,
                         sides={str(k): int(v) for k, v in r["sides"].items()},
                         written=str(r["working"]))
            for name, r in data["results"].items()
        }
        given_values = {str(name): _quantity(*pair)
                        for name, pair in data["given_values"].items()}
        return Solution(str(data["card"]), str(data["solver"]),
                        {str(k): str(v) for k, v in data["givens"].items()},
                        given_values, results,
                        {str(k): str(v) for k, v in data["formed"].items()})
    except (ValueError, KeyError, TypeError, AttributeError, OverflowError):
        return None  # damaged or foreign: solve again


def _quantity(value: Any, dim: Any) -> Quantity:
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not isinstance(dim, list) or len(dim) > 16):
        raise TypeError("not a quantity")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError("not a finite number")
    return Quantity(number, tuple(int(p) for p in dim))


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)
