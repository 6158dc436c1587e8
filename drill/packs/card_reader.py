"""Reading one card's own fields: its texts, lessons and givens, and its asks with their
mistakes and tolerances.

:class:`CardReader` records where each field starts (``Card.text_locations``), so a later
message can point into the prose. The loader (:mod:`drill.packs.loader`) assembles the
card from what it reads; the scenario fields are :mod:`drill.packs.scenario`'s.
"""

from __future__ import annotations

import re
from re import Pattern

import yaml

from drill.packs.fields import (
    DASHED_ID,
    DASHED_RULE,
    NAME,
    NAME_RULE,
    UNDERSCORED_ID,
    UNDERSCORED_RULE,
    Entries,
    Fields,
    Scope,
    kind_of,
    scalar_value,
)
from drill.packs.model import DEFAULT_TOLERANCE, Ask, KeyPoint, Location, Mistake

#: A tolerance written as text: a percentage under 100 (``5%``, ``± 2.5 %``) or a decimal
#: fraction (``0.05``). ASCII digits only, as in the JSON Schema's pattern for it.
TOLERANCE_TEXT = re.compile(
    r"\s*±?\s*(?:(?P<percent>[0-9]{1,2}(?:\.[0-9]*)?|\.[0-9]+)\s*%|(?P<fraction>0?\.[0-9]+))\s*")
ASK_KEYS = ("id", "question", "unit", "tolerance", "value", "stated", "mistakes")
ASK_REQUIRED = ("id", "question", "unit")
MISTAKE_KEYS = ("id", "value", "message")
MISTAKE_REQUIRED = ("id", "message")
POINT_KEYS = ("text", "words", "figures")
POINT_REQUIRED = ("text",)


class CardReader:
    """Reads one card's fields, recording where each text field starts."""

    def __init__(self, fields: Fields, scope: Scope) -> None:
        self.f = fields
        self.scope = scope
        self.locations: dict[str, Location] = {}

    def remember(self, path: str, node: yaml.Node) -> None:
        self.locations[path] = self.f.at(node)

    def text(self, entries: Entries, key: str, *, required: bool = True,
             path: str | None = None, scope: Scope | None = None) -> str | None:
        """The text of ``key``, its place kept as ``path`` (the key itself by default)."""
        node = self._value_node(entries, key, path or key)
        if node is None:
            return None
        return self.f.text(node, key, scope or self.scope, required=required)

    def identifier(self, entries: Entries, key: str, what: str, pattern: Pattern[str],
                   rule: str, *, path: str | None = None,
                   scope: Scope | None = None) -> str | None:
        node = self._value_node(entries, key, path or key)
        if node is None:
            return None
        return self.f.identifier(node, what, pattern, rule, scope or self.scope)

    def _value_node(self, entries: Entries, key: str, path: str) -> yaml.Node | None:
        """The value of ``key``, its place remembered as ``path``; None when it is absent."""
        if key not in entries:
            return None
        node = entries[key][1]
        self.remember(path, node)
        return node

    def _unique_id(self, entries: Entries, what: str, pattern: Pattern[str], rule: str,
                   seen: dict[str, yaml.Node], within: str, scope: Scope) -> str | None:
        """The entry's id; None (reported) when it is invalid or already used ``within``."""
        if "id" not in entries:
            return None
        id_node = entries["id"][1]
        found = self.f.identifier(id_node, f"{what} id", pattern, rule, scope)
        if found is not None and found in seen:
            first = self.f.at(seen[found])
            self.f.error(id_node, f"{what} id '{found}' is already used in {within} at line "
                                  f"{first.line}", scope)
            return None
        if found is not None:
            seen[found] = id_node
        return found

    def text_list(self, entries: Entries, key: str) -> list[str]:
        if key not in entries:
            return []
        items = self.f.sequence(entries[key][1], key, self.scope)
        texts: list[str] = []
        for i, item in enumerate(items or []):
            self.remember(f"{key}[{i}]", item)
            value = self.f.text(item, f"{key}[{i}]", self.scope)
            if value is not None:
                texts.append(value)
        return texts

    def lessons(self, entries: Entries) -> list[int]:
        node = self._value_node(entries, "lessons", "lessons")
        if node is None:
            return []
        numbers: list[int] = []
        for item in self.f.sequence(node, "lessons", self.scope) or []:
            number = self.f.integer(item, "lessons", self.scope)
            if number is not None and number < 1:
                self.f.error(item, f"lesson number {number} must be 1 or more", self.scope)
            elif number is not None:
                numbers.append(number)
        return numbers

    def givens(self, entries: Entries) -> dict[str, str]:
        return self.named_texts(entries, "givens", "given")

    def formulas(self, entries: Entries) -> dict[str, str]:
        return self.named_texts(entries, "formulas", "formula")

    def named_texts(self, entries: Entries, key: str, what: str) -> dict[str, str]:
        """A mapping of names to texts (``givens``, ``formulas``), each place remembered."""
        if key not in entries:
            return {}
        self.remember(key, entries[key][0])  # "missing given" points at the key
        named = self.f.mapping(entries[key][1], f"'{key}'", None, (), self.scope)
        texts: dict[str, str] = {}
        for name, (key_node, value_node) in (named or {}).items():
            if not NAME.fullmatch(name):
                self.f.error(key_node, f"{what} name '{name}' is not valid: use {NAME_RULE}",
                             self.scope)
                continue
            self.remember(f"{key}.{name}", value_node)
            value = self.f.text(value_node, f"{key}.{name}", self.scope)
            if value is not None:
                texts[name] = value.strip()
        return texts

    def value(self, entries: Entries, path: str, scope: Scope) -> str | None:
        """An ask's or a mistake's ``value``: a result's name or a formula of its own."""
        return self.text(entries, "value", path=path, scope=scope)

    # -- asks --------------------------------------------------------------------
    def asks(self, entries: Entries) -> list[Ask]:
        if "asks" not in entries:
            return []
        asks: list[Ask] = []
        ids: dict[str, yaml.Node] = {}
        for i, item in enumerate(self.f.sequence(entries["asks"][1], "asks", self.scope) or []):
            ask = self._ask(item, f"asks[{i}]", ids)
            if ask is not None:
                asks.append(ask)
        return asks

    def _ask(self, node: yaml.Node, path: str, ids: dict[str, yaml.Node]) -> Ask | None:
        f = self.f
        raw_id = scalar_value(node, "id")
        scope = Scope(self.scope.card_key, raw_id)
        entries = f.mapping(node, "an ask", ASK_KEYS, ASK_REQUIRED, scope)
        if entries is None:
            return None
        ask_id = self._unique_id(entries, "ask", UNDERSCORED_ID, UNDERSCORED_RULE, ids,
                                 "this card", scope)
        question = self.text(entries, "question", path=f"{path}.question", scope=scope)
        # An empty unit ("") asks for a plain number: a batch size, a count of steps.
        unit = self.text(entries, "unit", required=False, path=f"{path}.unit", scope=scope)
        if unit is not None and _is_bare_number(unit):
            # "unit: 3.5" would grade every answer in units of 3.5 ("expected 1.14 3.5").
            unit_node = self._value_node(entries, "unit", f"{path}.unit")
            assert unit_node is not None  # it was just read
            f.error(unit_node, f"unit '{unit.strip()}' is a number, not a unit: name the "
                    "unit the answer is in (ms, GB/s), or write '' or '1' for a plain number",
                    scope)
            unit = None
        value = ask_id
        if "value" in entries:
            value = self.value(entries, f"{path}.value", scope)
        stated = self.text(entries, "stated", path=f"{path}.stated", scope=scope)
        tolerance = DEFAULT_TOLERANCE
        tolerance_node = self._value_node(entries, "tolerance", f"{path}.tolerance")
        if tolerance_node is not None:
            tolerance = self._tolerance(tolerance_node, scope) or DEFAULT_TOLERANCE
        mistakes = self._mistakes(entries, path, scope)
        if ask_id is None or question is None or unit is None or value is None:
            return None
        return Ask(id=ask_id, question=question, unit=unit.strip(), value=value.strip(),
                   tolerance=tolerance, stated=stated, mistakes=tuple(mistakes),
                   where=f.at(node))

    def _tolerance(self, node: yaml.Node, scope: Scope) -> float | None:
        """``5%``, ``±5%`` or ``0.05``: a relative tolerance strictly between 0 and 1."""
        rule = "write a percentage such as 5% or ±5%, or a fraction such as 0.05"
        if not isinstance(node, yaml.ScalarNode):
            self.f.error(node, f"tolerance must be a number, not {kind_of(node)}: {rule}", scope)
            return None
        value = self.f.number(node)
        if value is None:
            # The same grammar as the JSON Schema's, so an editor and drill agree on the text.
            match = TOLERANCE_TEXT.fullmatch(str(node.value))
            if match is None:
                self.f.error(node, f"tolerance '{node.value}' is not a tolerance: {rule}", scope)
                return None
            value = (float(match["percent"]) / 100 if match["percent"] is not None
                     else float(match["fraction"]))
        elif value >= 1:
            self.f.error(node, f"tolerance {node.value} would allow {value:.0%}: {rule}", scope)
            return None
        if not 0 < value < 1:
            self.f.error(node, f"tolerance '{node.value}' must be more than 0% and less than "
                               f"100%", scope)
            return None
        return value

    def _mistakes(self, entries: Entries, path: str, scope: Scope) -> list[Mistake]:
        if "mistakes" not in entries:
            return []
        mistakes: list[Mistake] = []
        ids: dict[str, yaml.Node] = {}
        items = self.f.sequence(entries["mistakes"][1], "mistakes", scope) or []
        for j, item in enumerate(items):
            mistake = self._mistake(item, f"{path}.mistakes[{j}]", ids, scope)
            if mistake is not None:
                mistakes.append(mistake)
        return mistakes

    def _mistake(self, node: yaml.Node, path: str, ids: dict[str, yaml.Node],
                 scope: Scope) -> Mistake | None:
        f = self.f
        entries = f.mapping(node, "a mistake", MISTAKE_KEYS, MISTAKE_REQUIRED, scope)
        if entries is None:
            return None
        mistake_id = self._unique_id(entries, "mistake", DASHED_ID, DASHED_RULE, ids,
                                     "this ask", scope)
        value = self.value(entries, f"{path}.value", scope)
        message = self.text(entries, "message", path=f"{path}.message", scope=scope)
        if mistake_id is None or message is None:
            return None
        return Mistake(id=mistake_id, message=message,
                       value=value.strip() if value is not None else None, where=f.at(node))

    # -- key points --------------------------------------------------------------
    def points(self, entries: Entries) -> list[KeyPoint]:
        """The card's key points; each needs words or figures that show it was made."""
        node = self._value_node(entries, "points", "points")
        if node is None:
            return []
        points: list[KeyPoint] = []
        for i, item in enumerate(self.f.sequence(node, "points", self.scope) or []):
            point = self._point(item, f"points[{i}]")
            if point is not None:
                points.append(point)
        return points

    def _point(self, node: yaml.Node, path: str) -> KeyPoint | None:
        f = self.f
        entries = f.mapping(node, "a key point", POINT_KEYS, POINT_REQUIRED, self.scope)
        if entries is None:
            return None
        text = self.text(entries, "text", path=f"{path}.text")
        words = self._phrases(entries, "words", path)
        figures: list[str] = []
        for item in self._items(entries, "figures", path):
            name = f.identifier(item, "a key point's figure", NAME, NAME_RULE, self.scope)
            if name is not None:
                figures.append(name)
        if text is not None and not words and not figures:
            f.error(node, "a key point needs 'words' or 'figures' that show it was made",
                    self.scope)
            return None
        if text is None:
            return None
        return KeyPoint(text=" ".join(text.split()), words=tuple(words),
                        figures=tuple(figures), where=f.at(node))

    def _items(self, entries: Entries, key: str, path: str) -> list[yaml.Node]:
        node = self._value_node(entries, key, f"{path}.{key}")
        if node is None:
            return []
        return self.f.sequence(node, f"{path}.{key}", self.scope) or []

    def _phrases(self, entries: Entries, key: str, path: str) -> list[str]:
        phrases: list[str] = []
        for j, item in enumerate(self._items(entries, key, path)):
            value = self.f.text(item, f"{path}.{key}[{j}]", self.scope)
            if value is not None:
                phrases.append(" ".join(value.split()))
        return phrases

_NUMBER = re.compile(r"[+-]?(\d[\d_,]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _is_bare_number(unit: str) -> bool:
    """A unit written as a number other than 1 (which is how a pack asks for a count)."""
    text = unit.strip()
    return bool(_NUMBER.fullmatch(text)) and text != "1"
