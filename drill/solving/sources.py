"""Where packs and solver code come from, and loading them all into a library.

Packs: the built-in ones, ``<data folder>/packs``, the folders of ``packs = [...]`` in
settings.toml, and ``--packs DIR``. Solver code: only the folders of ``solvers = [...]``
in settings.toml and ``--solvers DIR``. Folders in settings.toml may start with ``~`` and
are relative to the data folder. :func:`load_sources` is also how the app reloads packs:
a problem anywhere is a diagnostic (file and line), never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from drill.config.location import settings_folder, user_packs_dir
from drill.config.settings import Settings
from drill.packs.locate import is_folder

if TYPE_CHECKING:
    from drill.packs.library import Library


@dataclass(frozen=True, slots=True)
class Sources:
    pack_folders: tuple[Path, ...] = ()  # besides the built-in packs
    solver_folders: tuple[Path, ...] = ()
    include_builtin: bool = True
    missing: tuple[Path, ...] = ()  # pack folders named in settings.toml that do not exist


def resolve_sources(data: Path, settings: Settings | None = None,
                    packs: Sequence[Path] = (), solvers: Sequence[Path] = (),
                    *, include_builtin: bool = True) -> Sources:
    """Every folder to load, in order, each once (the user's data folder's packs first)."""
    settings = settings or Settings()
    named_packs = [settings_folder(name, data) for name in settings.packs]
    missing = tuple(folder for folder in named_packs if not is_folder(folder))
    user = user_packs_dir(data)
    pack_folders = ([user] if is_folder(user) else []) + [
        folder for folder in named_packs if is_folder(folder)] + list(packs)
    solver_folders = [settings_folder(name, data) for name in settings.solvers] + list(solvers)
    return Sources(_unique(pack_folders), _unique(solver_folders), include_builtin, missing)


def load_sources(sources: Sources) -> Library:
    """Load the solver modules, then the packs; every problem is in ``.diagnostics``."""
    # Imported here: Home asks which folders there are (resolve_sources) before its first
    # frame, and the pack loader is a tenth of a second to import.
    from drill.packs.diagnostics import ERROR, Diagnostic
    from drill.packs.library import Library, load_library
    from drill.packs.model import Location

    problems: list[Diagnostic] = [
        Diagnostic(Location(str(folder)), ERROR,
                   "no such pack folder (named by 'packs' in settings.toml)")
        for folder in sources.missing
    ]
    if sources.solver_folders:
        from drill.solving.solver_modules import load_solver_folders

        problems += load_solver_folders(sources.solver_folders)
    library = load_library(sources.pack_folders, include_builtin=sources.include_builtin)
    return Library(library.packs, (*problems, *library.diagnostics), library.files)


def _unique(folders: Sequence[Path]) -> tuple[Path, ...]:
    seen: set[Path] = set()
    kept: list[Path] = []
    for folder in folders:
        try:
            key = folder.resolve()
        except OSError:
            key = folder
        if key not in seen:
            seen.add(key)
            kept.append(folder)
    return tuple(kept)
