"""The user cache folder's files: where each of drill's caches lives, writing an entry
whole, and emptying a cache.

Every cache (solved cards, checked files) keeps JSON
entries in a folder of its own under ``drill`` in the user cache folder
(``$XDG_CACHE_HOME`` on Linux). An entry is written to a temporary file and renamed, so a
reader sees all of it or none; a folder that cannot be made or written only costs speed.

An entry is read as untrusted as a pack (:func:`read_entry`): anything but a regular file
of a sensible size (a pipe, a device, a folder) is passed over without waiting on it, and
JSON that is too deep, or holds a number that is not finite (``Infinity``, ``NaN``,
``1e400``) or an integer beyond 64 bits, is no entry at all, to be rebuilt.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import platformdirs


def cache_folder(name: str) -> Path:
    """The folder of the cache called ``name`` ("solved", "packs", ...); not created."""
    return Path(platformdirs.user_cache_dir("drill", appauthor=False)) / name


#: The largest entry read (the findings of a big pack run to a few MB).
MAX_ENTRY_BYTES = 32 * 1024 * 1024
_INT_LIMIT = 2**63


def read_entry(path: Path, max_bytes: int = MAX_ENTRY_BYTES) -> Any | None:
    """The JSON value kept in ``path``; None when there is none that can be trusted:
    missing, not a regular file, larger than ``max_bytes``, not UTF-8, not strict JSON,
    nested too deep, or holding a number that is not finite or an integer beyond 64
    bits."""
    try:
        # O_NONBLOCK: opening a FIFO put in the entry's place must not wait for a writer.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        with os.fdopen(descriptor, "rb") as handle:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode) or status.st_size > max_bytes:
                return None
            raw = handle.read(max_bytes + 1)
        if len(raw) > max_bytes:
            return None
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse,
                          parse_float=_finite, parse_int=_bounded)
    except (OSError, ValueError, RecursionError):
        return None


def _refuse(name: str) -> Any:
    raise ValueError(f"{name} is not a number a cache entry holds")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is not a finite number")
    return value


def _bounded(text: str) -> int:
    if len(text) > 20:
        raise ValueError("an integer beyond 64 bits")
    value = int(text)
    if not -_INT_LIMIT <= value < _INT_LIMIT:
        raise ValueError("an integer beyond 64 bits")
    return value


def write_whole(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` whole or not at all; False when it could not be."""
    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)  # whole or not at all: a reader never sees half
    except (OSError, ValueError):  # ValueError: text that UTF-8 cannot hold
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return False
    return True


def clear(folder: Path) -> int:
    """Remove every entry of the cache in ``folder``; the number removed."""
    try:
        entries = [*folder.glob("*.json"), *folder.glob("*.tmp")]  # and unfinished writes
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        with contextlib.suppress(OSError):
            entry.unlink()
            removed += entry.suffix == ".json"
    return removed
