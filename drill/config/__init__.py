"""The user's configuration: where drill keeps its data, and ``settings.toml``.

Plain Python at the bottom of the layers: ``location`` finds the data folder (``--data``,
``$DRILL_HOME``, the platform's folder), ``settings`` reads and writes the settings file.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drill.config.location import (
        data_dir,
        database_path,
        user_packs_dir,
    )
    from drill.config.settings import (
        Settings,
        SettingsError,
        load_settings,
    )

# The public face loads lazily (PEP 562): importing one module of the package must not
# import the rest, so start-up paths pay only for what they use.
_HOMES = {
    "data_dir": "drill.config.location",
    "database_path": "drill.config.location",
    "user_packs_dir": "drill.config.location",
    "Settings": "drill.config.settings",
    "SettingsError": "drill.config.settings",
    "load_settings": "drill.config.settings",
}
__all__ = [
    "Settings",
    "SettingsError",
    "data_dir",
    "database_path",
    "load_settings",
    "user_packs_dir",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
