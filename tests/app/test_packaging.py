"""What a non-editable install needs from the app: packages, and styles beside screens."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path, PurePath

from textual.screen import Screen

import drill.app

APP = Path(drill.app.__file__).resolve().parent


def test_every_folder_of_app_modules_is_a_package() -> None:
    # setuptools' find_packages leaves out folders without __init__.py: their modules
    # would work in a checkout and be missing once installed.
    folders = {path.parent for path in APP.rglob("*.py") if "__pycache__" not in path.parts}
    assert APP / "screens" in folders
    assert all((folder / "__init__.py").is_file() for folder in folders)


def test_every_screen_style_sheet_exists() -> None:
    screens = []
    for info in pkgutil.walk_packages(drill.app.__path__, "drill.app."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == info.name:
                screens.append(cls)
    assert len(screens) >= 7
    from drill.app.drill_app import DrillApp

    sheets: list[tuple[type[object], str | PurePath]] = [
        (DrillApp, path) for path in DrillApp.CSS_PATH]
    for screen in screens:
        paths = screen.CSS_PATH if isinstance(screen.CSS_PATH, list) else [screen.CSS_PATH]
        sheets += [(screen, path) for path in paths if path]
    for owner, path in sheets:
        folder = Path(inspect.getfile(owner)).parent
        assert (folder / path).is_file(), f"{owner.__name__}: {path} is missing"
    # The package data rule in pyproject.toml picks up .tcss files.
    pyproject = (APP.parents[1] / "pyproject.toml").read_text()
    assert '"*.tcss", "**/*.tcss"' in pyproject
