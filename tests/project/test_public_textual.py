"""drill, its tests and its tools use only public APIs: no private module of Textual or
of pytest, and no override of a private Textual method.

A private name can change in any release without notice; the app and the suite have to
keep working on the next one.
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
#: Spelt in parts, so that a search of the sources for private imports finds none here.
PYTEST_INTERNALS = "_" + "pytest"
TEXTUAL_TIME = "textual." + "_time"


def _private(dotted: str) -> bool:
    return any(part.startswith("_") for part in dotted.split("."))


def private_imports(source: str) -> list[str]:
    """The private Textual modules or names, and pytest's internal modules, that a
    module's source imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if _banned(a.name, "")]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            found += [f"{module}.{a.name}" for a in node.names if _banned(module, a.name)]
    return found


def _banned(module: str, name: str) -> bool:
    top = module.split(".")[0]
    if top == PYTEST_INTERNALS:
        return True
    return top == "textual" and (_private(module) or _private(name))


def test_the_check_sees_a_private_import() -> None:
    assert private_imports(f"from {TEXTUAL_TIME} import get_time") == [
        f"{TEXTUAL_TIME}.get_time"]
    assert private_imports(f"import {TEXTUAL_TIME}") == [TEXTUAL_TIME]
    assert private_imports("from textual.app import _x") == ["textual.app._x"]
    assert private_imports(f"from {PYTEST_INTERNALS}.nodes import Item") == [
        f"{PYTEST_INTERNALS}.nodes.Item"]
    assert private_imports(f"import {PYTEST_INTERNALS}.main") == [f"{PYTEST_INTERNALS}.main"]
    assert private_imports("from textual.app import App\nimport pytest") == []


def test_no_module_of_drill_its_tests_or_tools_imports_a_private_module() -> None:
    files = [ROOT / "dev.py", *(path for folder in ("drill", "solvers", "tests", "bench")
                                for path in sorted((ROOT / folder).rglob("*.py")))]
    found = {
        str(path.relative_to(ROOT)): names
        for path in files
        if (names := private_imports(path.read_text(encoding="utf-8")))
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
