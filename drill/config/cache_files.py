"""The user cache folder's files: where each of drill's caches lives, writing an entry
whole, and emptying a cache.

Every cache (solved cards, loaded packs, checked files, Home's figures) keeps JSON
entries in a folder of its own under ``drill`` in the user cache folder
(``$XDG_CACHE_HOME`` on Linux). An entry is written to a temporary file and renamed, so a
reader sees all of it or none; a folder that cannot be made or written only costs speed.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import platformdirs


def cache_folder(name: str) -> Path:
    """The folder of the cache called ``name`` ("solved", "packs", ...); not created."""
    return Path(platformdirs.user_cache_dir("drill", appauthor=False)) / name


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
        entries = list(folder.glob("*.json"))
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        with contextlib.suppress(OSError):
            entry.unlink()
            removed += 1
    return removed
