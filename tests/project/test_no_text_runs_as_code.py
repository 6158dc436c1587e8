"""No source file hands text to something that would run it: answers and packs are
untrusted, and a reviewer should not have to take that on faith."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for folder in ("drill", "solvers") for p in (ROOT / folder).rglob("*.py"))

#: Calls that evaluate text as code (sympy's sympify reads strings with eval; sympy.S(x)
#: is sympify too).
FORBIDDEN = {"eval", "exec", "compile", "sympify", "parse_expr", "__import__"}
FORBIDDEN_METHODS = {"sympify", "parse_expr", "S", "eval", "exec"}
#: yaml functions that may build arbitrary objects; safe_load and SafeLoader are the rule.
UNSAFE_YAML = {"load", "load_all", "unsafe_load", "full_load", "unsafe_load_all"}


def _called_name(call: ast.Call) -> tuple[str | None, str]:
    func = call.func
    if isinstance(func, ast.Name):
        return None, func.id
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else None
        return owner, func.attr
    return None, ""


def _offences(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        owner, name = _called_name(node)
        if owner is None and isinstance(node.func, ast.Name):
            bad = name in FORBIDDEN
        else:
            bad = name in FORBIDDEN_METHODS or (owner == "yaml" and name in UNSAFE_YAML)
        if bad:
            found.append(f"{path.name}:{node.lineno}: {owner or ''}.{name}()")
    return found


def test_the_scan_sees_the_sources() -> None:
    assert len(SOURCES) > 50 and any(p.name == "parser.py" for p in SOURCES)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_call_runs_text_as_code(path: Path) -> None:
    assert _offences(path) == []


def test_the_scan_would_catch_an_offence(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import sympy, yaml\nsympy.sympify(text)\nyaml.load(f)\neval(s)\n")
    assert len(_offences(bad)) == 3
