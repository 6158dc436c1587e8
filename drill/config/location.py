"""Where drill keeps its data: ``--data DIR``, else ``$DRILL_HOME``, else the per-user
data folder of the platform (``~/.local/share/drill`` on Linux)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

DATABASE_FILE = "drill.sqlite3"


def data_dir(option: str | os.PathLike[str] | None = None,
             environ: Mapping[str, str] | None = None) -> Path:
    """The data folder (not created here)."""
    if option:
        return Path(option).expanduser()
    env = os.environ if environ is None else environ
    home = env.get("DRILL_HOME", "")
    if home:
        return Path(home).expanduser()
    return Path(platformdirs.user_data_dir("drill", appauthor=False))


def database_path(folder: Path) -> Path:
    return folder / DATABASE_FILE


def user_packs_dir(folder: Path) -> Path:
    """The user's own packs, loaded with the built-in ones: ``<data>/packs``."""
    return folder / "packs"


def settings_folder(name: str, data: Path) -> Path:
    """A folder named in settings.toml: ``~`` expanded, relative to the data folder.

    A ``~someone`` that names no user (or a home that cannot be found) stays as written,
    so the folder is reported missing, naming it, rather than failing the whole load.
    """
    path = Path(name)
    with contextlib.suppress(RuntimeError):
        path = path.expanduser()
    return path if path.is_absolute() else data / path
