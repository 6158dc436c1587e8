"""``replaced`` makes what ``dataclasses.replace`` makes, for every kind of model object."""

from __future__ import annotations

import dataclasses

import pytest

from drill.packs.library import load_library
from drill.packs.model import Card, replaced
from drill.packs.templates import Rendered


def _card() -> Card:
    return load_library().find("speed-physics/q1")


def test_a_card_an_ask_and_a_mistake_come_out_as_replace_makes_them() -> None:
    card = _card()
    ask = card.asks[0]
    mistake = ask.mistakes[0]
    pairs = [
        (replaced(card, title="Another title", tip="A tip."),
         dataclasses.replace(card, title="Another title", tip="A tip.")),
        (replaced(ask, question="Why?", stated=None),
         dataclasses.replace(ask, question="Why?", stated=None)),
        (replaced(mistake, message="Not so."), dataclasses.replace(mistake, message="Not so.")),
    ]
    for made, expected in pairs:
        assert type(made) is type(expected)
        assert made == expected
        assert repr(made) == repr(expected)
    assert replaced(card).title == card.title  # no change: an equal copy
    assert card.title != "Another title"  # the original is left alone


def test_a_field_the_class_does_not_have_is_refused() -> None:
    with pytest.raises(TypeError):
        replaced(_card(), no_such_field=1)


def test_a_class_with_a_field_init_does_not_set_is_replaced_as_dataclasses_does() -> None:
    rendered = Rendered("4.8 ms", ())
    hash(rendered)  # fills its kept hash, which a copy must not take over
    other = replaced(rendered, text="7.8 ms")
    assert other == Rendered("7.8 ms", ())
    assert hash(other) == hash(Rendered("7.8 ms", ()))
