"""Reading typed fields out of YAML nodes, collecting a diagnostic for every problem.

The loader builds the model from nodes rather than from ``safe_load``'s dicts so that every
value keeps its place in the file, and so that problems ``safe_load`` hides are seen:
duplicate keys, ``Yes``/``No`` read as booleans, tags. Nothing here raises on bad input.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

import yaml
from yaml.constructor import SafeConstructor

from drill.packs.diagnostics import ERROR, WARNING, Diagnostic

# The id patterns, named here too: they live with no YAML beside them (solving uses NAME).
from drill.packs.ids import DASHED_ID as DASHED_ID
from drill.packs.ids import DASHED_RULE as DASHED_RULE
from drill.packs.ids import MAX_ID as MAX_ID
from drill.packs.ids import NAME as NAME
from drill.packs.ids import NAME_RULE as NAME_RULE
from drill.packs.ids import UNDERSCORED_ID as UNDERSCORED_ID
from drill.packs.ids import UNDERSCORED_RULE as UNDERSCORED_RULE
from drill.packs.model import Location

_TAG = "tag:yaml.org,2002:"
NULL, INT, FLOAT, BOOL, STR = (f"{_TAG}{name}" for name in ("null", "int", "float", "bool", "str"))
_SCALAR_TAGS = frozenset({NULL, INT, FLOAT, BOOL, STR, f"{_TAG}timestamp"})
_MAP, _SEQ = f"{_TAG}map", f"{_TAG}seq"
_ALLOWED_TAGS: dict[type, frozenset[str]] = {
    yaml.ScalarNode: _SCALAR_TAGS, yaml.MappingNode: frozenset({_MAP}),
    yaml.SequenceNode: frozenset({_SEQ})}


_CONSTRUCTOR = SafeConstructor()


@dataclass(frozen=True, slots=True)
class Scope:
    """Whom a message is about: a card and perhaps one of its asks."""

    card_key: str | None = None
    ask_id: str | None = None


NO_SCOPE = Scope()

Entries = dict[str, tuple[yaml.ScalarNode, yaml.Node]]


def kind_of(node: yaml.Node) -> str:
    """What a node is, in words, for 'must be X, not Y' messages."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.tag == NULL:
        return "empty"
    if node.tag in (INT, FLOAT):
        return f"the number {node.value}"
    if node.tag == BOOL:
        return f"the yes/no value {node.value}"
    if node.tag == f"{_TAG}timestamp":
        return f"the date {node.value}"
    return "text"


class Fields:
    """Typed access to nodes; every problem becomes a diagnostic in ``diagnostics``."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.diagnostics: list[Diagnostic] = []
        self._errors = 0  # counted as they come: the loader asks after every card

    # -- reporting ---------------------------------------------------------------
    def at(self, node: yaml.Node) -> Location:
        mark = node.start_mark
        return Location(self.file, mark.line + 1, mark.column + 1)

    def error(self, node: yaml.Node | Location, message: str, scope: Scope = NO_SCOPE) -> None:
        self._add(node, ERROR, message, scope)

    def warning(self, node: yaml.Node | Location, message: str, scope: Scope = NO_SCOPE) -> None:
        self._add(node, WARNING, message, scope)

    def _add(self, node: yaml.Node | Location, severity: str, message: str, scope: Scope) -> None:
        where = node if isinstance(node, Location) else self.at(node)
        diagnostic = Diagnostic(where, severity, message, scope.card_key, scope.ask_id)
        self.diagnostics.append(diagnostic)
        self._errors += diagnostic.is_error

    def error_count(self) -> int:
        return self._errors

    # -- structure ---------------------------------------------------------------
    def tag_ok(self, node: yaml.Node, scope: Scope) -> bool:
        """Plain YAML only: a tag such as ``!!python/object`` is refused wherever it is."""
        allowed = _ALLOWED_TAGS.get(type(node))  # by exact type: asked of every node
        if allowed is None:  # a subclass of one of them
            allowed = next((tags for kind, tags in _ALLOWED_TAGS.items()
                            if isinstance(node, kind)), _ALLOWED_TAGS[yaml.SequenceNode])
        if node.tag in allowed:
            return True
        tag = node.tag.replace(_TAG, "!!")
        self.error(node, f"YAML tags ({tag}) are not allowed in a pack", scope)
        return False

    def mapping(
        self,
        node: yaml.Node,
        what: str,
        allowed: Sequence[str] | None,
        required: Sequence[str],
        scope: Scope = NO_SCOPE,
    ) -> Entries | None:
        """The entries of a mapping node, checking keys; None if it is not a mapping.

        ``allowed`` None accepts any key (the names of givens are checked later).
        """
        if not self.tag_ok(node, scope):
            return None
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} must be a mapping of keys to values, not {kind_of(node)}",
                       scope)
            return None
        entries: Entries = {}
        misspelled: set[str] = set()  # keys an unknown key is probably a typo of
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == NULL:
                self.error(key_node, f"a key in {what} must be a name, not {kind_of(key_node)}",
                           scope)
                continue
            key = key_node.value
            if key in entries:
                first = self.at(entries[key][0])
                self.error(key_node, f"'{key}' appears twice in {what} (first at line "
                                     f"{first.line})", scope)
                continue
            if allowed is not None and key not in allowed:
                self.error(key_node, f"unknown key '{key}' in {what}{suggest(key, allowed)}",
                           scope)
                misspelled.update(close_matches(key, allowed))
                continue
            entries[key] = (key_node, value_node)
        # A typo of a required key is one error, not also "missing".
        missing = [k for k in required if k not in entries and k not in misspelled]
        if missing:
            names = ", ".join(f"'{k}'" for k in missing)
            self.error(node, f"{what} is missing {names}", scope)
        return entries

    def sequence(self, node: yaml.Node, name: str, scope: Scope) -> list[yaml.Node] | None:
        if not self.tag_ok(node, scope):
            return None
        if not isinstance(node, yaml.SequenceNode):
            self.error(node, f"'{name}' must be a list, not {kind_of(node)}", scope)
            return None
        return list(node.value)

    # -- scalars -----------------------------------------------------------------
    def text(
        self, node: yaml.Node, name: str, scope: Scope, *, required: bool = True
    ) -> str | None:
        """A text field. Plain ``No`` or ``3`` stay text: prose is never a boolean."""
        if type(node) is not yaml.ScalarNode or node.tag not in _SCALAR_TAGS:
            # The rare case, looked at closely (the common one is asked of every text).
            if not self.tag_ok(node, scope):
                return None
            if not isinstance(node, yaml.ScalarNode):
                self.error(node, f"'{name}' must be text, not {kind_of(node)}", scope)
                return None
        value = "" if node.tag == NULL else str(node.value)
        if not value.strip():
            if required:
                self.error(node, f"'{name}' is empty", scope)
                return None
            return ""
        return value

    def identifier(
        self, node: yaml.Node, name: str, pattern: re.Pattern[str], rule: str, scope: Scope
    ) -> str | None:
        value = self.text(node, name, scope)
        if value is None:
            return None
        if node.tag != STR:
            # Prose keeps ``No`` and ``3`` as words, but an id that YAML reads as a number or
            # a yes/no is one an editor's JSON Schema refuses: ask for quotes, as it does.
            self.error(node, f"{name} {value} is read as {kind_of(node)}: put it in quotes "
                             f"('{value}')", scope)
            return None
        if len(value) > MAX_ID or not pattern.fullmatch(value):
            shown = value if len(value) <= MAX_ID else value[:MAX_ID] + "…"
            self.error(node, f"{name} '{shown}' is not valid: use {rule}", scope)
            return None
        return value

    def integer(self, node: yaml.Node, name: str, scope: Scope) -> int | None:
        if not self.tag_ok(node, scope):
            return None
        if isinstance(node, yaml.ScalarNode) and node.tag == INT:
            try:
                value = _CONSTRUCTOR.construct_yaml_int(node)
            except (ValueError, yaml.YAMLError):
                value = None
            if isinstance(value, int):
                return value
        # JSON, and so the pack's JSON Schema, cannot tell 2.0 from 2: take a whole float as
        # the whole number it is, so an editor and drill agree on the file.
        whole = self.number(node) if isinstance(node, yaml.ScalarNode) else None
        if whole is not None and node.tag == FLOAT and whole.is_integer():
            return int(whole)
        self.error(node, f"'{name}' must be a whole number, not {kind_of(node)}", scope)
        return None

    def number(self, node: yaml.ScalarNode) -> float | None:
        """The node's value as a float when YAML reads it as a number, else None."""
        if node.tag not in (INT, FLOAT):
            return None
        try:
            if node.tag == INT:
                return float(_CONSTRUCTOR.construct_yaml_int(node))
            value = _CONSTRUCTOR.construct_yaml_float(node)
        except (ValueError, OverflowError, yaml.YAMLError):
            return None
        return float(value)


def scalar_value(node: yaml.Node, key: str) -> str | None:
    """A mapping's plain value for ``key``, read early so messages can name the card."""
    if not isinstance(node, yaml.MappingNode):
        return None
    for key_node, value_node in node.value:
        if (isinstance(key_node, yaml.ScalarNode) and key_node.value == key
                and isinstance(value_node, yaml.ScalarNode)):
            return str(value_node.value)
    return None


def close_matches(word: str, options: Sequence[str]) -> list[str]:
    return difflib.get_close_matches(word, list(options), n=2, cutoff=0.6)


def suggest(word: str, options: Sequence[str]) -> str:
    """`` (did you mean 'title'?)`` when a close match exists, else ``""``."""
    close = close_matches(word, options)
    if not close:
        return ""
    return " (did you mean " + " or ".join(f"'{c}'" for c in close) + "?)"
