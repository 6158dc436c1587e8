"""libyaml's composer, where drill uses it, makes the very nodes of the strict one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from drill.packs import yamlsafe
from drill.packs.locate import builtin_packs_dir

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*builtin_packs_dir().glob("*.yaml"), *builtin_packs_dir().glob("*/*.yaml"),
                *(ROOT / "tests").rglob("*.yaml")])


def _shape(node: Any) -> Any:
    """Everything of a node the loader reads: kind, tag, value, style, both marks."""
    marks = (node.start_mark.line, node.start_mark.column, node.start_mark.index,
             node.end_mark.line, node.end_mark.column, node.end_mark.index)
    if isinstance(node, yaml.ScalarNode):
        return ("scalar", node.tag, node.value, node.style, marks)
    if isinstance(node, yaml.MappingNode):
        return ("mapping", node.tag, node.flow_style, marks,
                [(_shape(k), _shape(v)) for k, v in node.value])
    return ("sequence", node.tag, node.flow_style, marks, [_shape(i) for i in node.value])


def _strict(text: str) -> Any:
    parser = yaml.CSafeLoader(text)
    try:
        return yamlsafe._compose_events(parser.get_event)
    finally:
        parser.dispose()


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_both_composers_make_the_same_nodes(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        strict = _strict(text)
    except (yamlsafe.PackReadError, yaml.YAMLError):
        # Refused by the strict composer: libyaml's nodes are never taken for it.
        assert yamlsafe._compose_in_c(text) is yamlsafe._REFUSED
        return
    fast = yamlsafe._compose_in_c(text)
    if strict is None:
        assert fast is None
    else:
        assert _shape(fast) == _shape(strict)


@pytest.mark.parametrize("text", [
    "a: &x [1]\nb: *x\n",                 # an alias
    "a: {b: 1}\nc:\n  <<: {d: 2}\n",      # a merge key
    "a: <<\n",                            # a merge value
    'a: "\\e[2J"\n',                      # a control character by escape
    "a: 1\n---\nb: 2\n",                  # a second document
    "[" * 41 + "]" * 41 + "\n",           # too deep
    # Texts with no backslash, anchor or merge key in them, whose nodes are walked for
    # their depth only: what is left to refuse is still refused.
    "a: x\x07y\n",                        # a control character as written
    "a: {b: 1}\nc:\n  !!merge d: {e: 2}\n",  # a merge key by its tag
    "".join(f"{'  ' * n}k{n}:\n" for n in range(41)) + "  " * 41 + "v: 1\n",  # deep
])
def test_what_the_strict_composer_refuses_libyaml_hands_back(text: str) -> None:
    assert yamlsafe._compose_in_c(text) is yamlsafe._REFUSED
    with pytest.raises(yamlsafe.PackReadError):
        yamlsafe.compose(text)


def test_forty_levels_are_still_allowed() -> None:
    text = "[" * 40 + "]" * 40 + "\n"
    assert yamlsafe._compose_in_c(text) is not yamlsafe._REFUSED
    assert _shape(yamlsafe.compose(text)) == _shape(_strict(text))
