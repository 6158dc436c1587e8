"""Where the built-in packs are, installed or in a checkout.

Installed (``pip install .``), ``packs/`` is the package folder ``drill/builtin_packs``
(``setup.py`` maps it). In a checkout or an editable install it is ``packs/`` beside the
``drill`` package. Finding it needs no import of the folder: it holds only YAML.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import drill

PACK_SUFFIXES = (".yaml", ".yml")


def installed_packs_dir() -> Path:
    """Where an installed (not editable) drill keeps the built-in packs: a folder of the
    package itself, replaced on upgrade. It does not exist in a checkout."""
    return Path(drill.__file__).resolve().parent / "builtin_packs"


@lru_cache(maxsize=1)
def builtin_packs_dir() -> Path:
    """The folder of the built-in packs (it exists in a healthy install or checkout).
    Looked up once: solving every variant asks for the catalog beside it."""
    package = Path(drill.__file__).resolve().parent
    installed = installed_packs_dir()
    checkout = package.parent / "packs"
    if not installed.is_dir() and checkout.is_dir():
        return checkout
    return installed


def is_folder(path: Path) -> bool:
    """``path.is_dir()``, but False for a path the system cannot even look up (a name
    longer than it allows): folder names come from settings.toml and the command line."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def pack_files(folder: Path) -> list[Path]:
    """The pack files directly in ``folder``, sorted by name (hidden files left out)."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    return sorted(
        (p for p in entries
         if p.suffix in PACK_SUFFIXES and not p.name.startswith(".") and p.is_file()),
        key=lambda p: p.name,
    )


def missing_folders(folders: Iterable[Path]) -> list[Path]:
    """The folders of ``folders`` that are not there (``--packs`` or ``--solvers`` typos)."""
    return [folder for folder in folders if not is_folder(folder)]


#: The package the built-in solvers install as (``solvers/`` in a checkout, see setup.py).
BUILTIN_SOLVERS = "drill.builtin_solvers"


def builtin_solvers_dir() -> Path:
    """The folder of the built-in solvers, found without importing them (that would load
    sympy); drill's own folder if they are missing."""
    import importlib.util

    spec = importlib.util.find_spec(BUILTIN_SOLVERS)
    if spec is None or not spec.submodule_search_locations:
        return Path(drill.__file__).resolve().parent
    return Path(next(iter(spec.submodule_search_locations)))
