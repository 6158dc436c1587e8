"""What a cached result depends on besides its own input: drill's version and code, the
built-in solvers, the catalog, and any solver loaded from the user's folders.

Apart from the solved-card cache (``drill.solving.cache``) so that the cache of checked
files (``drill.checking.report_cache``) can key its entries without importing solving.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path

import drill


@lru_cache(maxsize=4)
def code_fingerprint(folders: tuple[str, ...], tag: str) -> str:
    """drill's version, ``tag`` (a cache's name and format), its code in ``folders`` (names
    of sub-packages of ``drill``; ``("",)`` is the whole of drill), the built-in solvers,
    the catalog and the user's solvers loaded so far."""
    from drill.packs.locate import builtin_packs_dir, builtin_solvers_dir

    package = Path(drill.__file__).resolve().parent
    files = [p for name in folders for p in sorted((package / name).rglob("*.py"))]
    files += sorted(builtin_solvers_dir().glob("*.py"))
    files += sorted((builtin_packs_dir() / "catalog").glob("*.yaml"))
    digest = hashlib.sha256(f"{drill.__version__}:{tag}".encode())
    for path in files:
        digest.update(str(path.relative_to(package.parent)
                          if path.is_relative_to(package.parent) else path.name).encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"?")
    digest.update(loaded_user_solvers().encode())
    return digest.hexdigest()


def loaded_user_solvers() -> str:
    """A hash of every solver module loaded from the user's folders (none: "")."""
    registry = sys.modules.get("drill.solving.registry")
    if registry is None:
        return ""
    modules = sorted({s.module for s in registry.REGISTRY.values()
                      if not s.module.startswith("drill.")})
    return hashlib.sha256("".join(module_source(m) for m in modules).encode()).hexdigest()


def module_source(name: str) -> str:
    """A hash of the source file of the module ``name`` ("" when it has none) and, for a
    module of the user's, of what lies beside it (:func:`neighbours`): a helper module it
    imports or a data file it reads is part of what it computes."""
    source = getattr(sys.modules.get(name), "__file__", None)
    if not source:
        return ""
    try:
        digest = hashlib.sha256(Path(source).read_bytes())
    except OSError:
        return "?"
    if not name.startswith("drill."):
        digest.update(neighbours(Path(source).parent).encode())
    return digest.hexdigest()


#: At most this many files beside a user's solver are looked at (a folder of data).
MAX_NEIGHBOURS = 2000


#: A file beside a user's solver up to this size is hashed whole (an edit within the
#: clock's tick keeps the modification time); a larger one by its size and time only.
SMALL_FILE = 256 * 1024


def neighbours(folder: Path) -> str:
    """The name, size and modification time of every regular file in ``folder`` and the
    folders inside it (not hidden ones, nor ``__pycache__``), and the content of the
    small ones, as one string: a large data file costs nothing to read and a pipe is
    never opened."""
    found: list[str] = []
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and f != "__pycache__")
        for name in sorted(files):
            path = Path(root, name)
            try:
                status = path.stat()
            except OSError:
                continue
            if stat.S_ISREG(status.st_mode):
                found.append(f"{path.relative_to(folder)}\0{status.st_size}\0"
                             f"{status.st_mtime_ns}\0{_small_content(path, status.st_size)}")
            if len(found) >= MAX_NEIGHBOURS:
                return "\n".join(found)
    return "\n".join(found)


def _small_content(path: Path, size: int) -> str:
    if size > SMALL_FILE:
        return ""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "?"
