"""Loading pack YAML into the model: fields, defaults, links, and where everything is."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from drill.packs.diagnostics import Diagnostic
from drill.packs.loader import LoadResult, load_pack, load_pack_text
from drill.packs.model import Location
from drill.packs.yamlsafe import MAX_BYTES

HEADER = "pack: tiny\ntitle: Tiny\ncards:\n"


def load(text: str) -> LoadResult:
    return load_pack_text(textwrap.dedent(text), Path("tiny.yaml"))


def errors(result: LoadResult) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.is_error]


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing ``needle``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in text")


def column_of(text: str, needle: str) -> int:
    line = text.splitlines()[line_of(text, needle) - 1]
    return line.index(needle) + 1


# -- the demo pack --------------------------------------------------------------------
def test_demo_pack_loads_every_field(demo_path: Path) -> None:
    result = load_pack(demo_path)
    assert result.diagnostics == ()
    pack = result.pack
    assert pack is not None
    assert (pack.id, pack.title, pack.source) == ("demo", "Demo pack", "drill's tests")
    assert [c.key for c in pack.cards] == ["demo/floor", "demo/floor-doubled", "demo/amdahl",
                                           "demo/batch"]
    floor = pack.cards[0]
    assert floor.priority == "priority" and floor.is_priority
    assert floor.lessons == (1, 2)
    assert floor.scenario.startswith("An 8 billion parameter model")
    assert "\n" not in floor.scenario.strip()  # '>' folds the lines
    assert len(floor.answer) == 2 and len(floor.key_numbers) == 1
    assert floor.givens == {"weights": "16 GB", "bandwidth": "3.35 TB/s",
                            "peak_flops": "989 TFLOPS"}
    decode, tokens = floor.asks
    assert (decode.id, decode.unit, decode.value, decode.tolerance) == (
        "decode_floor", "ms", "decode_floor", 0.05)
    assert decode.stated == "≈ 4.8 ms"
    assert decode.mistakes[0].id == "bytes-over-flops"
    assert decode.mistakes[0].value == "weights_over_peak_flops"
    assert tokens.tolerance == pytest.approx(0.10)
    assert [c.order for c in pack.cards] == [0, 1, 2, 3]
    # A number given is kept as the text it was written as.
    assert pack.cards[3].givens["batch"] == "32"


def test_follow_up_links_record_the_parent(demo_path: Path) -> None:
    pack = load_pack(demo_path).pack
    assert pack is not None
    floor, doubled = pack.card("floor"), pack.card("floor-doubled")
    assert floor is not None and doubled is not None
    assert floor.follow_up == "floor-doubled" and floor.parent is None
    assert doubled.parent == "floor" and doubled.follow_up is None


def test_block_literal_keeps_lines_and_folded_joins_them(demo_path: Path) -> None:
    pack = load_pack(demo_path).pack
    assert pack is not None
    amdahl = pack.card("amdahl")
    assert amdahl is not None
    assert amdahl.scenario.count("\n") == 3  # '|' keeps each line break


def test_locations_of_cards_asks_mistakes_and_prose(demo_path: Path, demo_text: str) -> None:
    pack = load_pack(demo_path, "demo.yaml").pack
    assert pack is not None
    floor = pack.cards[0]
    assert floor.where == Location("demo.yaml", line_of(demo_text, "- id: floor"),
                                   column_of(demo_text, "id: floor"))
    ask = floor.asks[0]
    assert ask.where.line == line_of(demo_text, "- id: decode_floor")
    assert ask.where.column == column_of(demo_text, "id: decode_floor")
    assert floor.asks[0].mistakes[0].where.line == line_of(demo_text, "- id: bytes-over-flops")
    where = floor.text_locations
    assert where["scenario"].line == line_of(demo_text, "scenario: >")
    assert where["scenario"].column == column_of(demo_text, "scenario: >") + len("scenario: ")
    answer_line = "One token per step gives"
    assert where["answer[1]"] == Location("demo.yaml", line_of(demo_text, answer_line),
                                          column_of(demo_text, answer_line))
    assert where["givens.bandwidth"].line == line_of(demo_text, "bandwidth: 3.35 TB/s")
    assert where["asks[0].stated"].line == line_of(demo_text, "stated: ≈ 4.8 ms")
    assert where["asks[0].mistakes[0].message"].line == line_of(demo_text, "Bytes ÷ FLOP/s")
    # Every prose path that texts() lists has a location.
    for card in pack.cards:
        for path, _ in card.texts():
            assert card.text_locations[path].line > 0, (card.key, path)


# -- schema problems --------------------------------------------------------------------
CARD = """\
  - id: one
    title: One
    priority: solid
    scenario: A scenario.
"""


def test_yes_and_no_stay_text() -> None:
    result = load(HEADER + CARD.replace("A scenario.", "No") + "    tip: yes\n")
    assert result.pack is not None
    card = result.pack.cards[0]
    assert (card.scenario, card.tip) == ("No", "yes")


@pytest.mark.parametrize(
    ("replace", "by", "message", "needle"),
    [
        ("priority: solid", "priority: high", "must be one of: priority, solid", "priority:"),
        ("title: One", "titel: One", "did you mean 'title'", "titel"),
        ("id: one", "id: One", "card id 'One' is not valid", "id: One"),
        ("title: One", "title: [a, b]", "'title' must be text, not a list", "title: ["),
        ("scenario: A scenario.", "scenario:", "'scenario' is empty", "scenario:"),
        ("title: One", "title: One\n    title: Two", "'title' appears twice", "title: Two"),
        ("title: One", "title: !!binary aGVsbG8=", "tags", "!!binary"),
    ],
)
def test_card_field_errors_point_at_the_field(replace: str, by: str, message: str,
                                              needle: str) -> None:
    text = HEADER + CARD.replace(replace, by)
    result = load(text)
    found = errors(result)
    assert len(found) == 1, found
    assert message in found[0].message
    assert found[0].location.line == line_of(text, needle)
    assert result.pack is not None and result.pack.cards == ()  # the broken card is left out


def test_missing_field_is_reported_at_the_card() -> None:
    text = HEADER + CARD.replace("    title: One\n", "")
    found = errors(load(text))
    assert [d.location.line for d in found] == [line_of(text, "- id: one")]
    assert "missing 'title'" in found[0].message
    assert found[0].card_key == "tiny/one"


def test_one_broken_card_does_not_hide_another_or_drop_good_ones() -> None:
    broken_a = CARD.replace("id: one", "id: a").replace("priority: solid", "priority: x")
    good = CARD.replace("id: one", "id: b")
    broken_c = CARD.replace("id: one", "id: c").replace("title: One", "title:")
    result = load(HEADER + broken_a + good + broken_c)
    assert sorted(d.card_key or "" for d in errors(result)) == ["tiny/a", "tiny/c"]
    assert result.pack is not None
    assert [c.id for c in result.pack.cards] == ["b"]
    assert result.cards_found == 3


def test_duplicate_card_ask_and_mistake_ids() -> None:
    ask = """\
    solver: s
    asks:
      - id: x
        question: Q?
        unit: ms
        mistakes:
          - {id: m, message: one}
          - {id: m, message: two}
      - id: x
        question: Q again?
        unit: ms
"""
    text = HEADER + CARD + ask + CARD
    messages = [(d.location.line, d.message) for d in errors(load(text))]
    lines = textwrap.dedent(text).splitlines()
    second_m = next(i for i, line in enumerate(lines, 1) if "{id: m, message: two}" in line)
    second_x = [i for i, line in enumerate(lines, 1) if "- id: x" in line][1]
    second_card = [i for i, line in enumerate(lines, 1) if "- id: one" in line][1]
    assert any(line == second_m and "mistake id 'm' is already used" in m
               for line, m in messages)
    assert any(line == second_x and "ask id 'x' is already used" in m for line, m in messages)
    assert any(line == second_card and "card id 'one' is already used" in m
               for line, m in messages)


@pytest.mark.parametrize(
    ("written", "expected"),
    [("5%", 0.05), ("±2%", 0.02), ("0.1", 0.1), ("'12.5%'", 0.125), ("0.005", 0.005)],
)
def test_tolerance_as_percent_or_fraction(written: str, expected: float) -> None:
    text = HEADER + CARD + f"""\
    solver: s
    asks:
      - id: x
        question: Q?
        unit: ms
        tolerance: {written}
"""
    result = load(text)
    assert errors(result) == []
    assert result.pack is not None
    assert result.pack.cards[0].asks[0].tolerance == pytest.approx(expected)


@pytest.mark.parametrize(
    ("written", "message"),
    [("5", "would allow 500%"), ("five", "'five' is not a tolerance"), ("0%", "more than 0%"),
     ("-3%", "'-3%' is not a tolerance"), ("+5%", "'+5%' is not a tolerance: write a "
      "percentage such as 5% or ±5%"), ("'1e-2'", "'1e-2' is not a tolerance"),
     ("'0.0'", "more than 0%"), ("[5]", "must be a number")],
)
def test_bad_tolerances(written: str, message: str) -> None:
    text = HEADER + CARD + f"""\
    solver: s
    asks:
      - id: x
        question: Q?
        unit: ms
        tolerance: {written}
"""
    found = errors(load(text))
    assert len(found) == 1 and message in found[0].message
    assert found[0].location.line == line_of(textwrap.dedent(text), "tolerance:")
    assert found[0].ask_id == "x"


@pytest.mark.parametrize(("written", "read_as"), [("7", "the number 7"),
                                                  ("no", "the yes/no value no")])
def test_an_id_yaml_reads_as_a_number_or_a_yes_no_must_be_quoted(written: str,
                                                                 read_as: str) -> None:
    text = HEADER + CARD.replace("id: one", f"id: {written}")
    found = errors(load(text))
    assert [e.message for e in found] == [
        f"card id {written} is read as {read_as}: put it in quotes ('{written}')"]
    assert errors(load(HEADER + CARD.replace("id: one", f"id: '{written}'"))) == []


def test_asks_need_a_solver_and_ask_value_defaults_to_its_id() -> None:
    asks = "    asks:\n      - {id: x, question: Q, unit: ms}\n"
    found = errors(load(HEADER + CARD + asks))
    assert len(found) == 1 and "needs 'formulas' (or a 'solver')" in found[0].message
    result = load(HEADER + CARD + "    solver: s\n" + asks)
    assert result.pack is not None and result.pack.cards[0].asks[0].value == "x"


def test_empty_unit_asks_for_a_plain_number() -> None:
    result = load(HEADER + CARD + "    solver: s\n    asks:\n"
                  "      - {id: x, question: Q, unit: ''}\n")
    assert errors(result) == []
    assert result.pack is not None and result.pack.cards[0].asks[0].unit == ""


@pytest.mark.parametrize(
    ("follow", "message"),
    [("nowhere", "names no card"), ("one", "its own follow-up")],
)
def test_broken_follow_up_links(follow: str, message: str) -> None:
    text = HEADER + CARD + f"    follow_up: {follow}\n"
    found = errors(load(text))
    assert len(found) == 1 and message in found[0].message
    assert found[0].location.line == line_of(textwrap.dedent(text), "follow_up:")


def test_two_parents_and_circles_are_errors() -> None:
    a = CARD.replace("id: one", "id: a") + "    follow_up: c\n"
    b = CARD.replace("id: one", "id: b") + "    follow_up: c\n"
    c = CARD.replace("id: one", "id: c")
    found = errors(load(HEADER + a + b + c))
    assert len(found) == 1 and "already the follow-up of 'a'" in found[0].message
    x = CARD.replace("id: one", "id: x") + "    follow_up: y\n"
    y = CARD.replace("id: one", "id: y") + "    follow_up: x\n"
    result = load(HEADER + x + y)
    assert len(errors(result)) == 2
    assert all("circle" in d.message for d in errors(result))
    assert result.pack is not None
    assert all(card.parent is None for card in result.pack.cards)


def test_broken_header_yields_no_pack_but_cards_are_still_checked() -> None:
    card = CARD.replace("priority: solid", "priority: maybe")
    text = "pack: Not An Id\ntitle: T\ncards:\n" + card
    result = load(text)
    assert result.pack is None
    assert {d.location.line for d in errors(result)} == {1, line_of(text, "priority: maybe")}


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("", "the file is empty", 1),
        ("# only a comment\n", "the file is empty", 1),
        ("- a\n- b\n", "must be a mapping", 1),
        # An unclosed bracket or quote is reported where it opens, not where YAML gives up.
        ("pack: x\ntitle: [unclosed\ncards: []\n", "the [ list that opens here", 2),
        ('pack: x\ntitle: "unclosed\ncards: []\n\n\n', "the quoted text that opens", 2),
        ("pack: x\n  title: y\n", "YAML syntax", 2),
        ("pack: x\n---\npack: y\n", "YAML syntax", 2),
        ("pack: x\ntitle: \x07\ncards: []\n", "character YAML does not allow", 2),
        ("pack: x\ntitle: y\ncards: 3\n", "'cards' must be a list", 3),
        ("pack: x\ntitle: y\ncards: []\nextra: 1\n", "unknown key 'extra'", 4),
    ],
)
def test_file_level_problems(text: str, message: str, line: int) -> None:
    result = load_pack_text(text, Path("f.yaml"))
    found = errors(result)
    assert found, result.diagnostics
    assert message in found[0].message
    assert found[0].location.line == line


def test_billion_laughs_is_refused_quickly() -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for n in range(1, 10):
        refs = ", ".join([f"*a{n - 1}"] * 9)
        lines.append(f"a{n}: &a{n} [{refs}]")
    result = load_pack_text("\n".join(lines) + "\n", Path("bomb.yaml"))
    assert result.pack is None
    (found,) = errors(result)
    assert "aliases" in found.message
    assert found.location.line == 2


def test_deep_nesting_is_refused() -> None:
    text = "pack: " + "[" * 5000 + "]" * 5000 + "\n"
    result = load_pack_text(text, Path("deep.yaml"))
    (found,) = errors(result)
    assert "nests" in found.message


def test_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("pack: x\ntitle: y\ncards: []\n# " + "x" * MAX_BYTES + "\n")
    (found,) = errors(load_pack(path))
    assert "larger than" in found.message


def test_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("pack: x\ntitle: caf\xe9\n".encode("latin-1"))
    (found,) = errors(load_pack(path))
    assert "not UTF-8" in found.message and found.location.line == 2


def test_missing_file_is_a_diagnostic(tmp_path: Path) -> None:
    (found,) = errors(load_pack(tmp_path / "nope.yaml"))
    assert "cannot read" in found.message


MALFORMED = Path(__file__).resolve().parents[1] / "checking" / "malformed"


@pytest.mark.parametrize("path", sorted(MALFORMED.glob("*.yaml")), ids=lambda p: p.name)
def test_libyaml_and_pure_python_parsers_agree(path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast parser is used when PyYAML has libyaml; the fallback must say the same."""
    import yaml

    from drill.packs import yamlsafe

    fast = load_pack(path).diagnostics
    monkeypatch.setattr(yamlsafe, "_EVENT_LOADER", yaml.SafeLoader)
    slow = load_pack(path).diagnostics
    assert [(d.location.line, d.severity) for d in fast] == [
        (d.location.line, d.severity) for d in slow]
    if "YAML syntax" not in "".join(d.message for d in fast):  # the wording of syntax errors
        assert [d.message for d in fast] == [d.message for d in slow]  # is each parser's own


@pytest.mark.parametrize("written", ["3.5", "1000", "'2.5e3'"])
def test_a_number_where_the_unit_goes_is_an_error_at_its_place(written: str) -> None:
    text = HEADER + CARD + f"""\
    solver: s
    asks:
      - id: x
        question: Q?
        unit: {written}
"""
    (error,) = errors(load(text))
    assert (error.location.line, error.location.column) == (
        line_of(textwrap.dedent(text), "unit:"), column_of(textwrap.dedent(text), written))
    assert "is a number, not a unit" in error.message


@pytest.mark.parametrize("written", ["ms", "'1'", "'×'", "''", "$ per million tokens"])
def test_units_and_plain_numbers_still_load(written: str) -> None:
    text = HEADER + CARD + f"""\
    solver: s
    asks:
      - id: x
        question: Q?
        unit: {written}
"""
    assert errors(load(text)) == []
