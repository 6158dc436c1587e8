"""Loading the user's own solver code, from folders the user named and nowhere else.

A pack is data and never causes code to load: a solver module runs only because its
folder is named with ``--solvers DIR`` or in ``settings.toml`` (``solvers = ["DIR"]``).
Every ``*.py`` file directly in such a folder is imported under a private module name
(nothing is added to ``sys.path``). A module that fails (a syntax error, an exception, a
solver name already taken) becomes one error naming its file and line; the solvers that
loaded and every pack that does not need the broken module still work.

Loading again (the app's reload key) first forgets the solvers the file registered
before, so an edited module replaces its old version.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import traceback
from collections.abc import Iterable
from pathlib import Path

from drill.packs.diagnostics import ERROR, Diagnostic
from drill.packs.locate import is_folder
from drill.packs.model import Location

MODULE_PREFIX = "drill_user_solvers"


def solver_files(folder: Path) -> list[Path]:
    """The solver modules of a folder: its ``*.py`` files, not hidden or private."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    return sorted((p for p in entries if p.suffix == ".py" and p.is_file()
                   and not p.name.startswith((".", "_"))), key=lambda p: p.name)


def module_name(path: Path) -> str:
    """A private, stable module name for a file: the same file always gets the same."""
    digest = hashlib.sha256(os.fsencode(path.resolve())).hexdigest()[:10]  # any file name
    stem = "".join(ch if ch.isalnum() else "_" for ch in path.stem)
    return f"{MODULE_PREFIX}.{stem}_{digest}"


def load_solver_folders(folders: Iterable[Path]) -> list[Diagnostic]:
    """Import every solver module of ``folders``; one diagnostic per folder or file
    that fails (an empty list when all is well)."""
    from drill.solving.registry import load_builtin_solvers

    load_builtin_solvers()  # the built-in solvers first: a clash names the user's file

    problems: list[Diagnostic] = []
    for folder in folders:
        if not is_folder(folder):
            problems.append(Diagnostic(Location(str(folder)), ERROR,
                                       "no such solver folder (named by --solvers or by "
                                       "'solvers' in settings.toml)"))
            continue
        for path in solver_files(folder):
            problem = load_solver_module(path)
            if problem is not None:
                problems.append(problem)
    return problems


def load_solver_module(path: Path) -> Diagnostic | None:
    """Import one solver module (again, if it was loaded before); None when it loads."""
    _ensure_parent_package()
    name = module_name(path)
    _forget_solvers_of(name)  # a reload replaces what this file registered
    _LOADED.pop(name, None)
    sys.modules.pop(name, None)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return Diagnostic(Location(str(path)), ERROR, "cannot be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as error:  # a user's module may raise anything, SystemExit too
        sys.modules.pop(name, None)
        _forget_solvers_of(name)  # half a module is not kept
        if isinstance(error, KeyboardInterrupt):
            raise
        return Diagnostic(_where(path, error), ERROR,
                          f"solver module failed to load: {type(error).__name__}: {error}")
    _LOADED[name] = path
    return None


#: Each user solver module loaded, by module name: a worker process started afresh
#: (``drill check`` of a big pack) loads the same files to have the same solvers.
_LOADED: dict[str, Path] = {}


def loaded_solver_files() -> tuple[Path, ...]:
    """The user solver files this process loaded, in the order it loaded them."""
    return tuple(_LOADED.values())


def _forget_solvers_of(module: str) -> None:
    from drill.solving.registry import REGISTRY

    for solver_name in [n for n, s in REGISTRY.items() if s.module == module]:
        del REGISTRY[solver_name]


def _where(path: Path, error: BaseException) -> Location:
    """The line of the user's file the error comes from (the deepest frame in it)."""
    if isinstance(error, SyntaxError) and error.lineno:
        return Location(str(path), error.lineno, error.offset or 1)
    line = 0
    resolved = str(path.resolve())
    for frame in traceback.extract_tb(error.__traceback__):
        try:
            same = str(Path(frame.filename).resolve()) == resolved
        except OSError:
            same = False
        if same and frame.lineno:
            line = frame.lineno
    return Location(str(path), line, 1 if line else 0)


def _ensure_parent_package() -> None:
    """``drill_user_solvers`` exists as an empty namespace so the dotted names resolve."""
    if MODULE_PREFIX not in sys.modules:
        import types

        package = types.ModuleType(MODULE_PREFIX)
        package.__path__ = []
        sys.modules[MODULE_PREFIX] = package

