"""A card alike one found clean is clean; anything but its places makes it another."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

from drill.checking import check_file
from drill.checking.clean_cards import card_content
from drill.packs.library import load_library
from drill.packs.model import Card, Location


def _card() -> Card:
    return load_library().find("speed-physics/q1")


def test_where_a_card_is_and_what_it_is_called_are_not_its_content() -> None:
    card = _card()
    elsewhere = dataclasses.replace(
        card, pack="other", id="q1-again", order=card.order + 40, follow_up="q9",
        parent="q0", where=Location("other.yaml", 900, 3),
        text_locations={path: Location("other.yaml", place.line + 900, place.column)
                        for path, place in card.text_locations.items()},
        asks=tuple(dataclasses.replace(ask, where=Location("other.yaml", 1, 1))
                   for ask in card.asks))
    assert card_content(elsewhere) == card_content(card)


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        return value + " more"
    if isinstance(value, int | float):
        return value + 1
    if value is None:
        return "x"
    if isinstance(value, dict):
        return {**value, "extra": "1 s"} if value else {"extra": "1 s"}
    if isinstance(value, tuple):
        return value[:-1] if value else ("x",)
    raise AssertionError(f"no change made for {type(value).__name__}")


PLACES = {"pack", "id", "where", "text_locations", "order", "follow_up", "parent"}


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(Card)
                                  if f.name not in PLACES])
def test_every_other_field_of_a_card_is_its_content(name: str) -> None:
    card = _card()
    other = dataclasses.replace(card, **{name: _changed(getattr(card, name))})
    assert card_content(other) != card_content(card)


def test_an_ask_or_a_variant_changed_makes_another_card() -> None:
    card = _card()
    first = card.asks[0]
    looser = dataclasses.replace(card, asks=(dataclasses.replace(first, tolerance=0.2),
                                             *card.asks[1:]))
    variant = card.variants[0]
    other_gpu = dataclasses.replace(card, variants=(dataclasses.replace(variant, gpu="B200"),
                                                    *card.variants[1:]))
    assert len({card_content(card), card_content(looser), card_content(other_gpu)}) == 3


def test_a_copy_of_a_clean_card_with_a_figure_of_its_own_gets_its_finding(
        tmp_path: Path) -> None:
    """The first copy is clean; the second differs in one plain figure of its tip, so it
    is checked for itself, and the third, alike the first, is clean again."""
    source = yaml.safe_load(Path("packs/01-speed-physics.yaml").read_text(encoding="utf-8"))
    original = next(card for card in source["cards"] if card["id"] == "q1")
    original.pop("follow_up")  # its follow-up is not in this pack
    wrong = {**copy.deepcopy(original), "id": "q1-wrong",
             "tip": "Remember the 7.2 ms floor."}
    cards = [{**copy.deepcopy(original), "id": "q1-a"}, wrong,
             {**copy.deepcopy(original), "id": "q1-b"}]  # no shared values: no YAML aliases
    pack = {"pack": "copies", "title": "Copies", "cards": cards}
    path = tmp_path / "copies.yaml"
    path.write_text(yaml.safe_dump(pack, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    report = check_file(path, "copies.yaml")
    keys = {finding.card_key for finding in report.diagnostics}
    assert keys == {"copies/q1-wrong"}
    assert any("7.2 ms" in finding.message for finding in report.diagnostics)


def test_a_copy_alike_at_first_look_but_for_its_answer_gets_its_finding(
        tmp_path: Path) -> None:
    """Same title, scenario, tip and givens as a clean copy, which is where clean cards
    are looked up; an answer that writes 7.2 ms is still checked and reported."""
    source = yaml.safe_load(Path("packs/01-speed-physics.yaml").read_text(encoding="utf-8"))
    original = next(card for card in source["cards"] if card["id"] == "q1")
    original.pop("follow_up")  # its follow-up is not in this pack
    wrong = {**copy.deepcopy(original), "id": "q1-wrong"}
    wrong["answer"] = [*wrong["answer"][:-1], "Only 7.2 ms is left to win."]
    cards = [{**copy.deepcopy(original), "id": "q1-a"}, wrong,
             {**copy.deepcopy(original), "id": "q1-b"}]
    path = tmp_path / "copies.yaml"
    path.write_text(yaml.safe_dump({"pack": "copies", "title": "Copies", "cards": cards},
                                   allow_unicode=True, sort_keys=False), encoding="utf-8")
    report = check_file(path, "copies.yaml")
    assert {finding.card_key for finding in report.diagnostics} == {"copies/q1-wrong"}
    assert any(finding.message.startswith("answer[3]: ") and "7.2 ms" in finding.message
               for finding in report.diagnostics)
