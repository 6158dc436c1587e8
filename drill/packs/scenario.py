"""Loading a card's scenario fields: ``gpu``, ``model``, ``facts``, ``variants``, templates.

The loader reads these with :class:`ScenarioReader`, then :func:`finish_card` checks them
against the card's givens and renders the base text of every templated field from the
samples. Like the rest of loading this is structure only, with no catalog, no unit parser
and no solver: that a GPU exists, that a sample reads as a quantity and agrees with its
result, that each variant works out, is ``drill check``'s job
(:mod:`drill.checking.variant_checks`). Every problem is a diagnostic at its line.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping

import yaml

from drill.packs.facts import GPU_FACTS, INTERCONNECT_FACTS, MODEL_FACTS
from drill.packs.fields import DASHED_ID, NAME, Entries, Fields, Scope, suggest
from drill.packs.givens import shown_given
from drill.packs.model import BASE_VARIANT, Card, Location, Variant
from drill.packs.templates import (
    SCENARIO_NAMES,
    Rendered,
    Slot,
    TemplateError,
    parse_template,
    render,
    sample_shown,
    scenario_values,
    slots,
    with_texts,
)
from drill.packs.yaml_positions import SourceText

VARIANT_KEYS = ("id", "gpu", "model", "givens")
VARIANT_REQUIRED = ("id",)
VARIANT_RULE = "lowercase letters, digits and dashes (like h200 or batch-64)"


class ScenarioReader:
    """Reads the scenario fields of one card, recording where each one is."""

    def __init__(self, fields: Fields, scope: Scope,
                 remember: Callable[[str, yaml.Node], None]) -> None:
        self.f = fields
        self.scope = scope
        self.remember = remember

    def catalog_name(self, entries: Entries, key: str) -> str | None:
        if key not in entries:
            return None
        node = entries[key][1]
        self.remember(key, node)
        value = self.f.text(node, key, self.scope)
        return value.strip() if value else None

    def facts(self, entries: Entries) -> dict[str, str]:
        if "facts" not in entries:
            return {}
        self.remember("facts", entries["facts"][0])
        mapping = self.f.mapping(entries["facts"][1], "'facts'", None, (), self.scope)
        facts: dict[str, str] = {}
        for name, (_, value_node) in (mapping or {}).items():
            self.remember(f"facts.{name}", value_node)
            reference = self.f.text(value_node, f"facts.{name}", self.scope)
            if reference is None:
                continue
            reference = reference.strip()
            source, dot, fact = reference.partition(".")
            # gpu.<fact> and model.<fact> follow the scenario; any other name is an
            # interconnect's id (nvlink4), checked against the catalog by `drill check`.
            known = {"gpu": GPU_FACTS, "model": MODEL_FACTS}.get(source, INTERCONNECT_FACTS)
            kind = source if source in ("gpu", "model") else "interconnect"
            if not dot or not source:
                self.f.error(value_node, f"fact '{reference}' must be gpu.<fact>, "
                                         f"model.<fact> or <interconnect>.<fact> (like "
                                         f"gpu.bandwidth or nvlink4.per_direction)", self.scope)
            elif fact not in known:
                self.f.error(value_node, f"no {kind} fact '{fact}'{suggest(fact, known)}; "
                                         f"{kind} facts: {', '.join(known)}", self.scope)
            else:
                facts[name] = reference
        return facts

    def variants(self, entries: Entries) -> list[Variant]:
        if "variants" not in entries:
            return []
        self.remember("variants", entries["variants"][0])
        items = self.f.sequence(entries["variants"][1], "variants", self.scope) or []
        found: list[Variant] = []
        lines: dict[str, int] = {}
        for i, item in enumerate(items):
            variant = self._variant(item, i)
            if variant is None:
                continue
            if variant.id in lines:
                self.f.error(item, f"variant id '{variant.id}' is already used at line "
                                   f"{lines[variant.id]}", self.scope)
                continue
            lines[variant.id] = variant.where.line
            found.append(variant)
        return found

    def _variant(self, node: yaml.Node, index: int) -> Variant | None:
        f = self.f
        path = f"variants[{index}]"
        entries = f.mapping(node, "a variant", VARIANT_KEYS, VARIANT_REQUIRED, self.scope)
        if entries is None:
            return None
        self.remember(path, node)
        variant_id = None
        if "id" in entries:
            variant_id = f.identifier(entries["id"][1], "variant id", DASHED_ID, VARIANT_RULE,
                                      self.scope)
            if variant_id == BASE_VARIANT:
                f.error(entries["id"][1], f"'{BASE_VARIANT}' names the card's own scenario: choose "
                                          f"another variant id", self.scope)
                variant_id = None
        names: dict[str, str | None] = {}
        for key in ("gpu", "model"):
            if key in entries:
                self.remember(f"{path}.{key}", entries[key][1])
                value = f.text(entries[key][1], key, self.scope)
                names[key] = value.strip() if value else None
        givens: dict[str, str] = {}
        if "givens" in entries:
            mapping = f.mapping(entries["givens"][1], "a variant's 'givens'", None, (),
                                self.scope)
            for name, (key_node, value_node) in (mapping or {}).items():
                if not NAME.fullmatch(name):
                    f.error(key_node, f"given name '{name}' is not valid", self.scope)
                    continue
                self.remember(f"{path}.givens.{name}", value_node)
                value = f.text(value_node, f"givens.{name}", self.scope)
                if value is not None:
                    givens[name] = value.strip()
        if variant_id is None:
            return None
        return Variant(variant_id, names.get("gpu"), names.get("model"), givens, f.at(node))


def finish_card(card: Card, fields: Fields, text: str) -> Card:
    """Check the scenario fields against the card and render its base text."""
    scope = Scope(card.key)
    for given in card.facts:
        if given not in card.givens:
            fields.error(card.text_locations.get(f"facts.{given}", card.where),
                         f"facts name given '{given}', which the card does not have"
                         f"{suggest(given, list(card.givens))}", scope)
    for index, variant in enumerate(card.variants):
        _check_variant(card, index, variant, fields, scope)
    _check_untied(card, fields, scope)
    return _render_base(card, fields, text, scope)


def _check_untied(card: Card, fields: Fields, scope: Scope) -> None:
    """A variant that sets a gpu (or model) when no given follows it: one error at the
    card's ``facts`` (where the fix goes), naming the givens that look like the facts."""
    for key, known in (("gpu", GPU_FACTS), ("model", MODEL_FACTS)):
        setting = [v for v in card.variants if getattr(v, key) is not None]
        if not setting or any(ref.startswith(f"{key}.") for ref in card.facts.values()):
            continue
        names = ", ".join(f"'{v.id}' (line {v.where.line})" for v in setting)
        likely = [name for name in card.givens if name not in card.facts and _fact_like(
            name, known)]
        if likely:
            fix = ", ".join(f"{name}: {key}.{_fact_like(name, known)}" for name in likely)
            advice = f"add {fix} to 'facts'"
        else:
            advice = f"add the given it drives to 'facts' (like bandwidth: {key}.bandwidth)" \
                if key == "gpu" else "add the given it drives to 'facts' (like params: " \
                                     "model.params)"
        where = card.text_locations.get("facts", card.text_locations.get("givens",
                                                                         card.where))
        plural = "s" if len(setting) > 1 else ""
        fields.error(where, f"variant{plural} {names} set{'' if plural else 's'} a {key}, but "
                            f"no given follows it, so every number stays the base's: {advice}",
                     scope)


def _fact_like(name: str, known: tuple[str, ...]) -> str | None:
    """The catalog fact a given's name suggests ("memory" → memory, "hbm_bw" → bandwidth)."""
    lowered = name.lower()
    if lowered in known:
        return lowered
    words = {"bw": "bandwidth", "bandwidth": "bandwidth", "hbm": "memory", "memory": "memory",
             "vram": "memory", "peak": "bf16_dense", "flops": "bf16_dense",
             "params": "params", "parameters": "params", "layers": "layers",
             "weights": "weights_bf16", "tdp": "tdp", "power": "tdp"}
    for word in re.split(r"[_\d]+", lowered):
        if word in words and words[word] in known:
            return words[word]
    return None


def _check_variant(card: Card, index: int, variant: Variant, fields: Fields,
                   scope: Scope) -> None:
    path = f"variants[{index}]"
    for name in variant.givens:
        # A given written but unreadable has its own error already: no echo here.
        if name not in card.givens and f"givens.{name}" not in card.text_locations:
            fields.error(card.text_locations.get(f"{path}.givens.{name}", variant.where),
                         f"variant '{variant.id}' sets given '{name}', which the card does "
                         f"not have{suggest(name, list(card.givens))}", scope)
    if not variant.givens and variant.gpu is None and variant.model is None:
        fields.warning(variant.where, f"variant '{variant.id}' changes nothing: it shows the "
                                      f"base scenario again", scope)


def _render_base(card: Card, fields: Fields, file_text: str, scope: Scope) -> Card:
    names = scenario_values(card.gpu, card.model)
    templates: dict[str, str] = {}
    rendered: dict[str, str] = {}
    source: SourceText | None = None  # built on the first error only, then shared
    for path, text in card.texts():
        if "{" not in text and "}" not in text:
            continue
        start = card.text_locations.get(path, card.where)

        def report(offset: int, message: str, *, _start: Location = start,
                   _text: str = text, _path: str = path) -> None:
            nonlocal source
            if source is None:
                source = SourceText(file_text)
            where = source.position_in_source(_start, _text, offset)
            fields.error(where, f"{_path}: {message}", scope)

        try:
            pieces = parse_template(text)
        except TemplateError as error:
            report(error.offset, error.message)
            continue
        ok = True
        for slot in slots(pieces):
            if slot.name in SCENARIO_NAMES:
                key = "gpu" if "gpu" in slot.name else "model"
                if slot.name not in names:
                    report(slot.start, f"{{{slot.name}}} needs the card's '{key}': the "
                                       f"catalog {key} of its scenario")
                    ok = False
                elif slot.sample is not None:
                    report(slot.start, f"{{{slot.name}}} takes no sample: write {{{slot.name}}}")
                    ok = False
            elif slot.sample is None and f"givens.{slot.name}" in card.text_locations \
                    and slot.name not in card.givens:
                ok = False  # a given written but unreadable, reported where it is written
            elif slot.sample is None and slot.name not in card.givens:
                close = suggest(slot.name, [*card.givens, *card.formulas,
                                            *card.shared_formulas])
                report(slot.start,
                       f"{{{slot.name}}} is not a given{close}, so it needs a sample of how "
                       f"to show "
                       f"it: write {{{slot.name}:VALUE UNIT}} with its value for the card's "
                       f"givens, like {{{slot.name}:4.78 ms}} ('drill solve {card.key}' "
                       f"prints the values)")
                ok = False
        if not ok:
            continue
        templates[path] = text
        rendered[path] = base_rendering(text, card, names).text
    if not templates:
        return card
    return with_texts(dataclasses.replace(card, templates=templates), rendered)


def base_rendering(template: str, card: Card, names: Mapping[str, str]) -> Rendered:
    """The base text of a template the loader accepted, with its map back to the
    template."""
    return render(parse_template(template), lambda slot: base_fill(slot, card, names))


def base_fill(slot: Slot, card: Card, names: Mapping[str, str]) -> str:
    """What a placeholder shows in the base text: a scenario name, the sample as written,
    or the given (placeholders the loader accepted only; a sample is not read here)."""
    if slot.name in names:
        return names[slot.name]
    if slot.sample is not None:
        return sample_shown(slot.sample)
    return shown_given(card.givens, slot.name)
