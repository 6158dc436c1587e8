"""Loading one pack file into the model, with a diagnostic for every problem in it.

The schema is the one in ``docs/pack-format.md``. Every problem is collected (never raised
one at a time), so a broken card does not hide the errors of the next one. A card with
any error is left out of the loaded pack; a file whose header or structure is broken
yields no pack at all. Either way ``LoadResult.diagnostics`` says what and where.

This module imports only yaml and the model: the app shows its first card before sympy
loads, and validating units or solvers is the checker's job (``drill.checking``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from re import Pattern

import yaml

from drill.packs.diagnostics import Diagnostic
from drill.packs.fields import (
    DASHED_ID,
    NAME,
    UNDERSCORED_ID,
    Entries,
    Fields,
    Scope,
    kind_of,
    suggest,
)
from drill.packs.model import DEFAULT_TOLERANCE, PRIORITIES, Ask, Card, Location, Mistake, Pack
from drill.packs.scenario import ScenarioReader, finish_card
from drill.packs.yamlsafe import PackReadError, compose, read_text

PACK_KEYS = ("pack", "title", "description", "source", "cards")
PACK_REQUIRED = ("pack", "title", "cards")
CARD_KEYS = ("id", "title", "priority", "lessons", "scenario", "answer", "key_numbers", "tip",
             "follow_up", "solver", "givens", "asks", "gpu", "model", "facts", "variants")
CARD_REQUIRED = ("id", "title", "priority", "scenario")
ASK_KEYS = ("id", "question", "unit", "tolerance", "value", "stated", "mistakes")
ASK_REQUIRED = ("id", "question", "unit")
MISTAKE_KEYS = ("id", "value", "message")
MISTAKE_REQUIRED = ("id", "message")

DASHED_RULE = "lowercase letters, digits and dashes (like q1-follow-up)"
ASK_RULE = "lowercase letters, digits and underscores, starting with a letter (like decode_floor)"
NAME_RULE = "letters, digits and underscores, starting with a letter (like peak_flops)"

_Reader = Callable[[yaml.Node], "str | None"]


@dataclass(frozen=True, slots=True)
class LoadResult:
    """One file, loaded: its pack (None when the file is unusable) and every problem."""

    path: Path
    display: str  # the file name as messages show it
    text: str  # the file's text ("" when it could not be read): the checker locates prose
    pack: Pack | None
    diagnostics: tuple[Diagnostic, ...]
    cards_found: int = 0  # cards in the file, broken ones included

    @property
    def ok(self) -> bool:
        return self.pack is not None and not any(d.is_error for d in self.diagnostics)


def load_pack(path: Path, display: str | None = None) -> LoadResult:
    """Read and load the pack file at ``path``; never raises for bad content."""
    shown = display if display is not None else str(path)
    try:
        text = read_text(path)
    except PackReadError as error:
        where = Location(shown, error.line, error.column)
        return LoadResult(path, shown, "", None, (Diagnostic(where, "error", error.message),))
    return load_pack_text(text, path, shown)


def load_pack_text(text: str, path: Path, display: str | None = None) -> LoadResult:
    """Load a pack from its YAML text; ``path`` is where it came from."""
    shown = display if display is not None else str(path)
    fields = Fields(shown)
    try:
        root = compose(text)
    except PackReadError as error:
        fields.error(Location(shown, error.line, error.column), error.message)
        return LoadResult(path, shown, text, None, tuple(fields.diagnostics))
    if root is None:
        fields.error(Location(shown, 1, 1),
                     "the file is empty: a pack needs 'pack', 'title' and 'cards'")
        return LoadResult(path, shown, text, None, tuple(fields.diagnostics))
    builder = _PackBuilder(fields, path, text)
    pack = builder.build(root)
    return LoadResult(path, shown, text, pack, tuple(fields.diagnostics), builder.cards_found)


class _PackBuilder:
    def __init__(self, fields: Fields, path: Path, text: str) -> None:
        self.fields = fields
        self.path = path
        self.text = text  # for placing errors inside a template's text
        self.pack_id = path.stem
        self.cards_found = 0

    def build(self, root: yaml.Node) -> Pack | None:
        f = self.fields
        entries = f.mapping(root, "a pack file", PACK_KEYS, PACK_REQUIRED)
        if entries is None:
            return None
        errors_before = f.error_count()
        pack_id = self._get(entries, "pack", lambda n: f.identifier(
            n, "pack id", DASHED_ID, DASHED_RULE, Scope()))
        if pack_id:
            self.pack_id = pack_id
        title = self._get(entries, "title", lambda n: f.text(n, "title", Scope()))
        description = self._get(entries, "description",
                                lambda n: f.text(n, "description", Scope(), required=False))
        source = self._get(entries, "source",
                           lambda n: f.text(n, "source", Scope(), required=False))
        header_ok = f.error_count() == errors_before
        cards: tuple[Card, ...] = ()
        if "cards" in entries:
            cards = self._cards(entries["cards"][1])
        if not header_ok or pack_id is None or title is None:
            return None
        return Pack(
            id=pack_id,
            title=title,
            path=self.path,
            description=description or "",
            source=source or "",
            cards=cards,
            where=f.at(root),
        )

    @staticmethod
    def _get(entries: Entries, key: str, read: _Reader) -> str | None:
        return read(entries[key][1]) if key in entries else None

    # -- cards -------------------------------------------------------------------
    def _cards(self, node: yaml.Node) -> tuple[Card, ...]:
        f = self.fields
        items = f.sequence(node, "cards", Scope())
        if items is None:
            return ()
        if not items:
            f.warning(node, "the pack has no cards")
        self.cards_found = len(items)
        cards: list[Card] = []
        id_nodes: dict[str, yaml.Node] = {}  # every card id seen, broken cards too
        for index, item in enumerate(items):
            errors_before = f.error_count()
            card = self._card(item, index, id_nodes)
            if card is not None and f.error_count() == errors_before:
                cards.append(card)
        return self._link_follow_ups(cards, set(id_nodes))

    def _card(self, node: yaml.Node, index: int, id_nodes: dict[str, yaml.Node]) -> Card | None:
        f = self.fields
        scope = Scope(f"{self.pack_id}/cards[{index}]")
        raw_id = _scalar_text(node, "id")
        if raw_id is not None and DASHED_ID.fullmatch(raw_id):
            scope = Scope(f"{self.pack_id}/{raw_id}")
        entries = f.mapping(node, "a card", CARD_KEYS, CARD_REQUIRED, scope)
        if entries is None:
            return None
        card_id: str | None = None
        if "id" in entries:
            id_node = entries["id"][1]
            card_id = f.identifier(id_node, "card id", DASHED_ID, DASHED_RULE, scope)
            if card_id is not None:
                if card_id in id_nodes:
                    first = f.at(id_nodes[card_id])
                    f.error(id_node, f"card id '{card_id}' is already used at line {first.line}",
                            scope)
                else:
                    id_nodes[card_id] = id_node
        reader = _CardReader(f, scope)
        title = reader.text(entries, "title")
        priority = reader.text(entries, "priority")
        if priority is not None and priority not in PRIORITIES:
            f.error(entries["priority"][1],
                    f"priority '{priority}' must be one of: {', '.join(PRIORITIES)}", scope)
        scenario = reader.text(entries, "scenario")
        answer = reader.text_list(entries, "answer")
        key_numbers = reader.text_list(entries, "key_numbers")
        tip = reader.text(entries, "tip", required=False) or ""
        lessons = reader.lessons(entries)
        follow_up = reader.identifier(entries, "follow_up", "follow_up", DASHED_ID, DASHED_RULE)
        solver = reader.identifier(entries, "solver", "solver", DASHED_ID, DASHED_RULE)
        givens = reader.givens(entries)
        asks = reader.asks(entries)
        scenario_reader = ScenarioReader(f, scope, reader.remember)
        gpu = scenario_reader.catalog_name(entries, "gpu")
        model = scenario_reader.catalog_name(entries, "model")
        facts = scenario_reader.facts(entries)
        variants = scenario_reader.variants(entries)
        if asks and "solver" not in entries:
            f.error(node, "a card with asks needs a 'solver' to compute their answers", scope)
        if card_id is None or title is None or priority is None or scenario is None:
            return None
        card = Card(
            pack=self.pack_id,
            id=card_id,
            title=title,
            priority=priority,
            scenario=scenario,
            answer=tuple(answer),
            key_numbers=tuple(key_numbers),
            tip=tip,
            lessons=tuple(lessons),
            follow_up=follow_up,
            solver=solver,
            givens=givens,
            asks=tuple(asks),
            order=index,
            where=f.at(node),
            text_locations=reader.locations,
            gpu=gpu,
            model=model,
            facts=facts,
            variants=tuple(variants),
        )
        return finish_card(card, f, self.text)

    def _link_follow_ups(self, cards: list[Card], all_ids: set[str]) -> tuple[Card, ...]:
        """Check every ``follow_up`` names a card, and record each follow-up's parent.

        A broken link is reported and dropped; the cards themselves stay usable.
        """
        f = self.fields
        parents: dict[str, str] = {}
        broken: set[str] = set()
        for card in cards:
            if card.follow_up is None:
                continue
            where = card.text_locations.get("follow_up", card.where)
            scope = Scope(card.key)
            if card.follow_up == card.id:
                f.error(where, "a card cannot be its own follow-up", scope)
            elif card.follow_up not in all_ids:
                f.error(where, f"follow_up '{card.follow_up}' names no card of pack "
                               f"'{self.pack_id}'{suggest(card.follow_up, sorted(all_ids))}",
                        scope)
            elif card.follow_up in parents:
                f.error(where, f"'{card.follow_up}' is already the follow-up of "
                               f"'{parents[card.follow_up]}'; a card has one parent", scope)
            else:
                parents[card.follow_up] = card.id
                continue
            broken.add(card.id)
        circle = {card.id for card in cards if _in_cycle(card.id, parents)}
        for card in cards:
            if card.id in circle and card.follow_up in circle:
                f.error(card.text_locations.get("follow_up", card.where),
                        "follow-ups go round in a circle: no card of the circle could be "
                        "introduced first", Scope(card.key))
        return tuple(
            dataclasses.replace(
                card,
                follow_up=None if card.id in broken else card.follow_up,
                parent=None if card.id in circle else parents.get(card.id),
            )
            for card in cards
        )


def _in_cycle(card_id: str, parents: dict[str, str]) -> bool:
    seen = {card_id}
    current = parents.get(card_id)
    while current is not None:
        if current == card_id:
            return True
        if current in seen:
            return False
        seen.add(current)
        current = parents.get(current)
    return False


def _scalar_text(node: yaml.Node, key: str) -> str | None:
    """A mapping's plain value for ``key``, read early so messages can name the card."""
    if not isinstance(node, yaml.MappingNode):
        return None
    for key_node, value_node in node.value:
        if (isinstance(key_node, yaml.ScalarNode) and key_node.value == key
                and isinstance(value_node, yaml.ScalarNode)):
            return str(value_node.value)
    return None


class _CardReader:
    """Reads one card's fields, recording where each text field starts."""

    def __init__(self, fields: Fields, scope: Scope) -> None:
        self.f = fields
        self.scope = scope
        self.locations: dict[str, Location] = {}

    def _remember(self, path: str, node: yaml.Node) -> None:
        self.locations[path] = self.f.at(node)

    remember = _remember

    def text(self, entries: Entries, key: str, *, required: bool = True) -> str | None:
        if key not in entries:
            return None
        node = entries[key][1]
        self._remember(key, node)
        return self.f.text(node, key, self.scope, required=required)

    def identifier(self, entries: Entries, key: str, what: str, pattern: Pattern[str],
                   rule: str) -> str | None:
        if key not in entries:
            return None
        node = entries[key][1]
        self._remember(key, node)
        return self.f.identifier(node, what, pattern, rule, self.scope)

    def text_list(self, entries: Entries, key: str) -> list[str]:
        if key not in entries:
            return []
        items = self.f.sequence(entries[key][1], key, self.scope)
        texts: list[str] = []
        for i, item in enumerate(items or []):
            self._remember(f"{key}[{i}]", item)
            value = self.f.text(item, f"{key}[{i}]", self.scope)
            if value is not None:
                texts.append(value)
        return texts

    def lessons(self, entries: Entries) -> list[int]:
        if "lessons" not in entries:
            return []
        node = entries["lessons"][1]
        self._remember("lessons", node)
        numbers: list[int] = []
        for item in self.f.sequence(node, "lessons", self.scope) or []:
            number = self.f.integer(item, "lessons", self.scope)
            if number is not None and number < 1:
                self.f.error(item, f"lesson number {number} must be 1 or more", self.scope)
            elif number is not None:
                numbers.append(number)
        return numbers

    def givens(self, entries: Entries) -> dict[str, str]:
        if "givens" not in entries:
            return {}
        self._remember("givens", entries["givens"][0])  # "missing given" points at the key
        given_entries = self.f.mapping(entries["givens"][1], "'givens'", None, (), self.scope)
        givens: dict[str, str] = {}
        for name, (key_node, value_node) in (given_entries or {}).items():
            if not NAME.fullmatch(name):
                self.f.error(key_node, f"given name '{name}' is not valid: use {NAME_RULE}",
                             self.scope)
                continue
            self._remember(f"givens.{name}", value_node)
            value = self.f.text(value_node, f"givens.{name}", self.scope)
            if value is not None:
                givens[name] = value.strip()
        return givens

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
        raw_id = _scalar_text(node, "id")
        scope = Scope(self.scope.card_key, raw_id)
        entries = f.mapping(node, "an ask", ASK_KEYS, ASK_REQUIRED, scope)
        if entries is None:
            return None
        ask_id: str | None = None
        if "id" in entries:
            id_node = entries["id"][1]
            ask_id = f.identifier(id_node, "ask id", UNDERSCORED_ID, ASK_RULE, scope)
            if ask_id is not None and ask_id in ids:
                first = f.at(ids[ask_id])
                f.error(id_node, f"ask id '{ask_id}' is already used in this card at line "
                                 f"{first.line}", scope)
                ask_id = None
            elif ask_id is not None:
                ids[ask_id] = id_node
        question = self._field_text(entries, path, "question", scope)
        # An empty unit ("") asks for a plain number: a batch size, a count of steps.
        unit = self._field_text(entries, path, "unit", scope, required=False)
        value = ask_id
        if "value" in entries:
            self._remember(f"{path}.value", entries["value"][1])
            value = f.identifier(entries["value"][1], "value", NAME, NAME_RULE, scope)
        stated = self._field_text(entries, path, "stated", scope)
        tolerance = DEFAULT_TOLERANCE
        if "tolerance" in entries:
            self._remember(f"{path}.tolerance", entries["tolerance"][1])
            tolerance = self._tolerance(entries["tolerance"][1], scope) or DEFAULT_TOLERANCE
        mistakes = self._mistakes(entries, path, scope)
        if ask_id is None or question is None or unit is None or value is None:
            return None
        return Ask(id=ask_id, question=question, unit=unit.strip(), value=value,
                   tolerance=tolerance, stated=stated, mistakes=tuple(mistakes),
                   where=f.at(node))

    def _field_text(self, entries: Entries, path: str, key: str, scope: Scope, *,
                    required: bool = True) -> str | None:
        if key not in entries:
            return None
        node = entries[key][1]
        self._remember(f"{path}.{key}", node)
        return self.f.text(node, key, scope, required=required)

    def _tolerance(self, node: yaml.Node, scope: Scope) -> float | None:
        """``5%``, ``±5%`` or ``0.05``: a relative tolerance strictly between 0 and 1."""
        rule = "write a percentage such as 5% or a fraction such as 0.05"
        if not isinstance(node, yaml.ScalarNode):
            self.f.error(node, f"tolerance must be a number, not {kind_of(node)}: {rule}", scope)
            return None
        value = self.f.number(node)
        if value is None:
            text = str(node.value).strip().lstrip("±").strip()
            try:
                value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
            except ValueError:
                self.f.error(node, f"tolerance '{node.value}' is not a number: {rule}", scope)
                return None
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
        mistake_id: str | None = None
        if "id" in entries:
            id_node = entries["id"][1]
            mistake_id = f.identifier(id_node, "mistake id", DASHED_ID, DASHED_RULE, scope)
            if mistake_id is not None and mistake_id in ids:
                first = f.at(ids[mistake_id])
                f.error(id_node, f"mistake id '{mistake_id}' is already used in this ask at "
                                 f"line {first.line}", scope)
                mistake_id = None
            elif mistake_id is not None:
                ids[mistake_id] = id_node
        value: str | None = None
        if "value" in entries:
            self._remember(f"{path}.value", entries["value"][1])
            value = f.identifier(entries["value"][1], "value", NAME, NAME_RULE, scope)
        message = self._field_text(entries, path, "message", scope)
        if mistake_id is None or message is None:
            return None
        return Mistake(id=mistake_id, message=message, value=value, where=f.at(node))
