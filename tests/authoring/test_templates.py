"""Templates and samples: parsing placeholders, showing numbers like a sample."""

from __future__ import annotations

import pytest

from drill.packs.samples import (
    SampleError,
    format_like,
    ordinal,
    parse_sample,
    restate,
    significant_digits,
)
from drill.packs.templates import Literal, Slot, TemplateError, parse_template, render
from drill.quantities.parsing import read


def test_placeholders_and_literal_runs() -> None:
    pieces = parse_template("{weights} ÷ {bandwidth} ≈ {decode_floor:4.78 ms}.")
    assert [type(p) for p in pieces] == [Slot, Literal, Slot, Literal, Slot, Literal]
    slot = pieces[4]
    assert isinstance(slot, Slot)
    assert (slot.name, slot.sample) == ("decode_floor", "4.78 ms")


def test_double_braces_are_literal_braces() -> None:
    pieces = parse_template("a set {{x}} and {y}")
    rendered = render(pieces, lambda slot: "Y")
    assert rendered.text == "a set {x} and Y"


@pytest.mark.parametrize(("text", "offset", "words"), [
    ("one { two", 4, "without its '}'"),
    ("one } two", 4, "without its '{'"),
    ("x {not a name} y", 2, "is not a placeholder"),
    ("x {a:} y", 2, "empty sample"),
    ("x {a {b}} y", 2, "without its '}'"),
])
def test_malformed_placeholders_say_where(text: str, offset: int, words: str) -> None:
    with pytest.raises(TemplateError) as error:
        parse_template(text)
    assert error.value.offset == offset
    assert words in error.value.message


def test_offsets_map_back_into_the_template() -> None:
    template = "at {b} we get {r:4.78 ms} here"
    rendered = render(parse_template(template), lambda s: "3.35 TB/s" if s.name == "b" else "5 ms")
    assert rendered.text == "at 3.35 TB/s we get 5 ms here"
    here = rendered.text.index("here")
    assert template[rendered.template_offset(here):].startswith("here")
    inside = rendered.text.index("TB/s")
    assert rendered.template_offset(inside) == template.index("{b}")


@pytest.mark.parametrize(("written", "digits"), [
    ("4.78", 3), ("4.8", 2), ("0.19", 2), ("1.0", 2), ("4,300", 2), ("209", 3), ("300", 1),
    ("5,310", 3), ("160", 2), ("2", 1),
])
def test_significant_digits_as_a_person_writes_them(written: str, digits: int) -> None:
    assert significant_digits(written) == digits


@pytest.mark.parametrize(("value", "sample", "shown"), [
    ("3.3333 ms", "4.8 ms", "3.33 ms"),  # never fewer than three figures
    ("16.06 GB", "16 GB", "16.1 GB"),
    ("0.25 s", "4.78 ms", "250 ms"),  # the sample's unit, whatever the value's size
    ("2.5 $/h", "$3 [/h]", "$2.50"),  # a hidden unit keeps the dollar
    ("146.3 tokens/s", "150 [tokens/s]", "146"),
    ("37.2", "~300", "40"),  # '~': the sample's own figures
    ("37", "~300", "40"),  # whole numbers too, not written out in full
    ("175 tokens/s", "~150 [tokens/s]", "180"),  # half up, as on paper
    ("1,250", "~1,000", "1,000"),
    ("37", "~15", "37"),  # already two figures
    ("64", "32nd", "64th"),
    ("0.4983", "74.6%", "49.8%"),
    ("2.1e-6 $/token", "$4.17 per million tokens", "$2.10 per million tokens"),
])
def test_a_value_is_shown_like_its_sample(value: str, sample: str, shown: str) -> None:
    assert format_like(read(value).value, parse_sample(sample)) == shown


def test_the_base_shows_the_sample_less_its_markers() -> None:
    assert parse_sample("150 [tokens/s]").shown == "150"
    assert parse_sample("~300").shown == "300"
    assert parse_sample("$3 [/h]").shown == "$3"
    assert parse_sample("4.78 ms").shown == "4.78 ms"


@pytest.mark.parametrize("bad", ["about 5 ms", "5 parsecs", "ms", "5 ms and more"])
def test_a_sample_must_be_a_number_and_a_unit(bad: str) -> None:
    with pytest.raises(SampleError):
        parse_sample(bad)


def test_a_value_of_another_kind_cannot_take_the_sample() -> None:
    with pytest.raises(SampleError, match="a time"):
        format_like(read("3 GB").value, parse_sample("4.8 ms"))


def test_stated_figures_keep_their_relation() -> None:
    assert restate("≈ 4.8 ms", read("3.333 ms").value) == "≈ 3.33 ms"
    assert restate("= 160 requests", read("100 requests").value) == "= 100 requests"


@pytest.mark.parametrize(("n", "text"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"),
                                         (11, "11th"), (12, "12th"), (13, "13th"),
                                         (21, "21st"), (32, "32nd"), (64, "64th"),
                                         (112, "112th")])
def test_ordinals(n: int, text: str) -> None:
    assert ordinal(n) == text
