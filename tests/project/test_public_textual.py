"""drill uses only Textual's public API: no private module, no override of a private method.

A private name can change in any Textual release without notice; the app has to keep
working on the next one.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

from textual.message_pump import MessagePump

import drill.app

ROOT = Path(__file__).resolve().parents[2]


def _private(dotted: str) -> bool:
    return any(part.startswith("_") for part in dotted.split("."))


def private_textual_imports(source: str) -> list[str]:
    """The private Textual modules or names a module's source imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names
                      if a.name.split(".")[0] == "textual" and _private(a.name)]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "textual":
            module = node.module or ""
            found += [f"{module}.{a.name}" for a in node.names
                      if _private(module) or _private(a.name)]
    return found


def test_the_check_sees_a_private_import() -> None:
    private = "textual" + "._time"  # spelt apart: a search for private imports finds none
    assert private_textual_imports(f"from {private} import get_time") == [
        f"{private}.get_time"]
    assert private_textual_imports(f"import {private}") == [private]
    assert private_textual_imports("from textual.app import _x") == ["textual.app._x"]
    assert private_textual_imports("from textual.app import App") == []


def test_no_module_of_drill_or_its_tests_imports_private_textual() -> None:
    found = {
        str(path.relative_to(ROOT)): names
        for folder in ("drill", "solvers", "tests", "bench")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (names := private_textual_imports(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def private_overrides(cls: type) -> list[str]:
    """Methods ``cls`` defines over a private name of a Textual class it derives from
    (the attributes Textual's machinery gives every class are not methods written here)."""
    return sorted(
        name for name, value in vars(cls).items()
        if name.startswith("_") and not name.startswith("__") and inspect.isfunction(value)
        and any(base.__module__.split(".")[0] == "textual" and name in vars(base)
                for base in cls.__mro__[1:])
    )


def test_the_check_sees_a_private_override() -> None:
    from textual.app import App

    class Overriding(App[None]):
        def _handle_exception(self, error: Exception) -> None: ...

        def _own_helper(self) -> None: ...

    assert private_overrides(Overriding) == ["_handle_exception"]


def test_no_class_of_the_app_overrides_a_private_textual_method() -> None:
    found = {}
    for info in pkgutil.walk_packages(drill.app.__path__, "drill.app."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != info.name or not issubclass(cls, MessagePump):
                continue
            if names := private_overrides(cls):
                found[f"{info.name}.{cls.__qualname__}"] = names
    assert found == {}
