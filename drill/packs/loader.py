"""Loading one pack file into the model, with a diagnostic for every problem in it.

The schema is the one in ``docs/pack-format.md``. Every problem is collected (never raised
one at a time), so a broken card does not hide the errors of the next one. A card with
any error is left out of the loaded pack; a file whose header or structure is broken
yields no pack at all. Either way ``LoadResult.diagnostics`` says what and where.

A card left out that could still be built is kept aside in ``LoadResult.unloaded`` (never
studied), so ``drill check`` can report the rest of its problems in the same run.

This module imports only yaml and the model: the app shows its first card before sympy
loads, and validating units or solvers is the checker's job (``drill.checking``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import yaml

from drill.packs.card_reader import CardReader
from drill.packs.diagnostics import Diagnostic
from drill.packs.fields import DASHED_ID, DASHED_RULE, Entries, Fields, Scope, scalar_value, suggest
from drill.packs.load_result import LoadResult as LoadResult  # re-exported: made here
from drill.packs.load_result import UnloadedCard as UnloadedCard
from drill.packs.model import PRIORITIES, Card, Location, Pack
from drill.packs.scenario import ScenarioReader, finish_card
from drill.packs.yamlsafe import PackReadError, compose, read_text

PACK_KEYS = ("pack", "title", "description", "source", "formulas", "cards")
PACK_REQUIRED = ("pack", "title", "cards")
CARD_KEYS = ("id", "title", "priority", "lessons", "scenario", "answer", "key_numbers", "tip",
             "follow_up", "solver", "givens", "formulas", "asks", "gpu", "model", "facts",
             "variants", "points")
CARD_REQUIRED = ("id", "title", "priority", "scenario")
_Reader = Callable[[yaml.Node], "str | None"]


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
    return LoadResult(path, shown, text, pack, tuple(fields.diagnostics), builder.cards_found,
                      tuple(builder.unloaded))


def declared_pack_id(path: Path) -> str | None:
    """The id the pack file at ``path`` declares (its top-level ``pack:``), read from the
    start of the file only, as YAML; None when it is not found there as a plain id (the
    file cannot be read, is not a mapping, or its ``pack`` is not an id)."""
    try:
        text = read_text(path)
    except PackReadError:
        return None
    parser = yaml.CSafeLoader(text) if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader(text)
    try:
        for expected in (yaml.StreamStartEvent, yaml.DocumentStartEvent,
                         yaml.MappingStartEvent):
            if not isinstance(parser.get_event(), expected):
                return None
        while isinstance(key := parser.get_event(), yaml.ScalarEvent):
            value = parser.get_event()
            if key.value == "pack":
                found = value.value if isinstance(value, yaml.ScalarEvent) else None
                return found if found and DASHED_ID.fullmatch(found) else None
            depth = int(isinstance(value, yaml.CollectionStartEvent))
            while depth:  # a nested value: skip to its end
                event = parser.get_event()
                depth += isinstance(event, yaml.CollectionStartEvent) - isinstance(
                    event, yaml.CollectionEndEvent)
        return None
    except yaml.YAMLError:
        return None
    finally:
        parser.dispose()


class _PackBuilder:
    def __init__(self, fields: Fields, path: Path, text: str) -> None:
        self.fields = fields
        self.path = path
        self.text = text  # for placing errors inside a template's text
        self.pack_id = path.stem
        self.cards_found = 0
        self.formulas: dict[str, str] = {}  # the pack's own, shared by its cards
        self.formula_locations: dict[str, Location] = {}
        self.formulas_broken = False  # the pack's own formulas had an error
        self.unloaded: list[UnloadedCard] = []

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
        shared = CardReader(f, Scope())
        formula_errors = f.error_count()
        self.formulas = shared.formulas(entries)
        self.formulas_broken = f.error_count() != formula_errors
        self.formula_locations = shared.locations
        header_ok = f.error_count() == errors_before
        cards: tuple[Card, ...] = ()
        if "cards" in entries:
            cards = self._cards(entries["cards"][1])
        if not header_ok or pack_id is None or title is None:
            # No pack, but its cards are still worth checking: a typo in the header
            # should not hide what is wrong further down.
            self.unloaded[:0] = [UnloadedCard(card, False) for card in cards]
            return None
        return Pack(
            id=pack_id,
            title=title,
            path=self.path,
            description=description or "",
            source=source or "",
            cards=cards,
            where=f.at(root),
            formulas=self.formulas,
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
            built = self._card(item, index, id_nodes)
            if built is None:
                continue
            card, inputs_broken = built
            if f.error_count() == errors_before:
                cards.append(card)
            else:
                self.unloaded.append(UnloadedCard(card, inputs_broken))
        return self._link_follow_ups(cards, set(id_nodes))

    def _card(self, node: yaml.Node, index: int,
              id_nodes: dict[str, yaml.Node]) -> tuple[Card, bool] | None:
        """The card, and whether an error lies in what its numbers come from; None when
        it cannot be built at all."""
        f = self.fields
        scope = Scope(f"{self.pack_id}/cards[{index}]")
        raw_id = scalar_value(node, "id")
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
        reader = CardReader(f, scope)
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
        asks = reader.asks(entries)
        points = reader.points(entries)
        inputs_before = f.error_count()
        solver = reader.identifier(entries, "solver", "solver", DASHED_ID, DASHED_RULE)
        givens = reader.givens(entries)
        formulas = reader.formulas(entries)
        inputs_errors = f.error_count() - inputs_before
        scenario_reader = ScenarioReader(f, scope, reader.remember)
        gpu = scenario_reader.catalog_name(entries, "gpu")
        model = scenario_reader.catalog_name(entries, "model")
        facts = scenario_reader.facts(entries)
        variants = scenario_reader.variants(entries)
        if asks and "solver" not in entries and "formulas" not in entries and not self.formulas:
            f.error(node, "a card with asks needs 'formulas' (or a 'solver') to compute their "
                          "answers", scope)
        if "solver" in entries and "formulas" in entries:
            f.error(entries["formulas"][0], "a card has either a 'solver' or 'formulas', not "
                                            "both", scope)
        shared_formulas = {} if solver else {
            name: text for name, text in self.formulas.items() if name not in formulas}
        for name in shared_formulas:
            reader.locations.setdefault(f"formulas.{name}",
                                        self.formula_locations[f"formulas.{name}"])
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
            formulas=formulas,
            shared_formulas=shared_formulas,
            asks=tuple(asks),
            order=index,
            where=f.at(node),
            text_locations=reader.locations,
            gpu=gpu,
            model=model,
            facts=facts,
            variants=tuple(variants),
            points=tuple(points),
        )
        finished = finish_card(card, f, self.text)
        # Only an error in what the numbers are computed from stops `drill check` from
        # solving the card: a broken template, fact or variant leaves the base's numbers
        # whole, and its other checks still run (fixing it then reveals nothing old).
        inputs_broken = inputs_errors > 0 or (self.formulas_broken and not solver)
        return finished, inputs_broken

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
