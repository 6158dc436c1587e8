"""The composer refuses what a pack must not hold, and keeps what it may."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from drill.packs import yamlsafe


@pytest.mark.parametrize("text", [
    "a: &x [1]\nb: *x\n",                 # an alias
    "a: {b: 1}\nc:\n  <<: {d: 2}\n",      # a merge key
    "a: <<\n",                            # a merge value
    'a: "\\e[2J"\n',                      # a control character by escape
    "a: 1\n---\nb: 2\n",                  # a second document
    "[" * 41 + "]" * 41 + "\n",           # too deep
    "a: x\x07y\n",                        # a control character as written
    "a: {b: 1}\nc:\n  !!merge d: {e: 2}\n",  # a merge key by its tag
    "".join(f"{'  ' * n}k{n}:\n" for n in range(41)) + "  " * 41 + "v: 1\n",  # deep
])
def test_what_a_pack_must_not_hold_is_refused(text: str) -> None:
    with pytest.raises(yamlsafe.PackReadError):
        yamlsafe.compose(text)


def test_forty_levels_are_still_allowed() -> None:
    text = "[" * 40 + "]" * 40 + "\n"
    node: Any = yamlsafe.compose(text)
    for _ in range(39):
        assert isinstance(node, yaml.SequenceNode)
        node = node.value[0]
    assert isinstance(node, yaml.SequenceNode) and node.value == []
