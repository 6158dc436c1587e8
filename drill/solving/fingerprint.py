"""What a cached result depends on besides its own input: drill's version and code, the
built-in solvers, the catalog, and any solver loaded from the user's folders.

Apart from the solved-card cache (``drill.solving.cache``) so that the cache of checked
files (``drill.checking.report_cache``) can key its entries without importing solving.
"""

from __future__ import annotations

import hashlib
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
    """A hash of the source file of the module ``name`` ("" when it has none)."""
    source = getattr(sys.modules.get(name), "__file__", None)
    try:
        return hashlib.sha256(Path(source).read_bytes()).hexdigest() if source else ""
    except OSError:
        return "?"
