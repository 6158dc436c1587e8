"""Cards alike but for one part: the part they differ in is checked for each card.

Solving reads a card's givens, formulas, asks and (for a formula card) the pack formulas
its texts name; the prose and closed-world checks read one text and the numbers it is
checked against. So a copy whose given, tip or title is wrong gets its own finding, at
its own line.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

import yaml

from drill.checking import check_file
from drill.packs.loader import declared_pack_id, load_pack
from drill.packs.locate import builtin_packs_dir, pack_files
from drill.packs.model import Card
from drill.solving.solve import solve


def _q1() -> dict[str, Any]:
    source = yaml.safe_load(Path("packs/01-speed-physics.yaml").read_text(encoding="utf-8"))
    card: dict[str, Any] = next(card for card in source["cards"] if card["id"] == "q1")
    card.pop("follow_up")  # its follow-up is not in these packs
    return card


def _pack(tmp_path: Path, cards: list[dict[str, Any]]) -> Path:
    path = tmp_path / "copies.yaml"
    pack = {"pack": "copies", "title": "Copies", "cards": cards}
    path.write_text(yaml.safe_dump(pack, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    return path


def _copy(card: dict[str, Any], number: int, **changes: Any) -> dict[str, Any]:
    """A copy with an id and a title of its own (so no copy is alike another)."""
    made = copy.deepcopy(card)  # no shared values: no YAML aliases
    made.update(id=f"q1-{number}", title=f"{card['title']}, take {'abcdefgh'[number]}")
    made.update(changes)
    return made


_SHARED = """\
pack: shared
title: Shared
formulas:
  double: wait × 2
  triple: wait × 3
cards:
  - id: c1
    title: Twice the wait
    priority: solid
    scenario: A step waits {wait}, twice over {double:2 s}.
    givens:
      wait: 1 s
    asks:
      - id: double
        question: How long is twice the wait?
        unit: s
        value: double
"""


def _formula_card_with_shared_formula(tmp_path: Path) -> Card:
    path = tmp_path / "shared.yaml"
    path.write_text(_SHARED, encoding="utf-8")
    loaded = load_pack(path).pack
    assert loaded is not None
    return loaded.cards[0]


def test_a_template_naming_another_pack_formula_is_solved_for_itself(
        tmp_path: Path) -> None:
    """A formula card works out the pack formulas its texts name, so a text that names
    one more is other numbers (one more result), while other words change nothing."""
    card = _formula_card_with_shared_formula(tmp_path)
    template = card.templates["scenario"]
    naming = dataclasses.replace(card, templates={"scenario": f"{template} Or {{triple:3 s}}."})
    plain_words = dataclasses.replace(card, templates={"scenario": f"{template} Or more."})
    assert solve(plain_words).results == solve(card).results
    assert solve(naming).results["triple"].shown == "3 s"
    assert "triple" not in solve(card).results


def test_a_copy_alike_but_for_one_given_gets_its_own_finding(tmp_path: Path) -> None:
    """The second copy's bandwidth is 4 TB/s, so its stated ≈ 4.8 ms is off (16 GB ÷
    4 TB/s = 4.0 ms); the copies before and after it are clean."""
    q1 = _q1()
    changed = _copy(q1, 2, givens={**q1["givens"], "bandwidth": "4 TB/s"})
    path = _pack(tmp_path, [_copy(q1, 1), changed, _copy(q1, 3)])
    report = check_file(path, "copies.yaml")
    assert {d.card_key for d in report.diagnostics} == {"copies/q1-2"}
    stated = [d for d in report.diagnostics if "stated '≈ 4.8 ms'" in d.message]
    assert stated, [d.message for d in report.diagnostics]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "4.8 ms" in lines[stated[0].location.line - 1]
    # Each {decode_floor:4.78 ms} of the copy's texts (two in answer[1], one in
    # key_numbers[2], one in a mistake's message) now strays from 4.0 ms, at its place.
    samples = [d for d in report.diagnostics if "shows 4.78 ms" in d.message]
    assert len(samples) == 4
    second = next(n for n, line in enumerate(lines, 1) if "id: q1-2" in line)
    third = next(n for n, line in enumerate(lines, 1) if "id: q1-3" in line)
    for finding in samples:
        assert second < finding.location.line < third
        assert "{decode_floor:4.78" in lines[finding.location.line - 1]


def test_a_copy_alike_but_for_one_text_gets_its_own_finding(tmp_path: Path) -> None:
    """Copies with titles of their own: the one whose tip writes 7.2 ms (no given or
    result is) is the only one reported, and at its tip."""
    q1 = _q1()
    path = _pack(tmp_path, [_copy(q1, 1), _copy(q1, 2, tip="Remember the 7.2 ms floor."),
                            _copy(q1, 3)])
    report = check_file(path, "copies.yaml")
    assert {d.card_key for d in report.diagnostics} == {"copies/q1-2"}
    assert all(d.message.startswith("tip: ") for d in report.diagnostics)
    assert any("7.2 ms" in d.message for d in report.diagnostics)


def test_a_title_of_its_own_is_checked_for_each_copy(tmp_path: Path) -> None:
    """Only the copy whose title writes a figure no given or result is gets a finding."""
    q1 = _q1()
    wrong = _copy(q1, 2)
    wrong["title"] = "Promising {claim} on one {gpu}, not 250 tokens/s"
    path = _pack(tmp_path, [_copy(q1, 1), wrong, _copy(q1, 3)])
    report = check_file(path, "copies.yaml")
    assert {d.card_key for d in report.diagnostics} == {"copies/q1-2"}
    assert any(d.message.startswith("title: ") and "250 tokens/s" in d.message
               for d in report.diagnostics)


def test_a_base_figure_written_out_is_found_in_each_copys_variants(tmp_path: Path) -> None:
    """The tip writes the H100's bandwidth out: the base accounts for it, and each
    variant on another GPU changes it. Found for that copy, in its variants, and not for
    the copies around it, whose texts are otherwise the same."""
    q1 = _q1()
    written = _copy(q1, 2, tip="The H100 streams 3.35 TB/s, and that sets the floor.")
    path = _pack(tmp_path, [_copy(q1, 1), written, _copy(q1, 3)])
    report = check_file(path, "copies.yaml")
    assert {d.card_key for d in report.diagnostics} == {"copies/q1-2"}
    variants = {d.variant for d in report.diagnostics if "3.35 TB/s" in d.message}
    # The A100, H20 and H100 PCIe have bandwidths of their own; Qwen on the H100 has not.
    assert variants == {"a100", "h20", "mistral-h100-pcie"}


def test_the_id_a_pack_declares_is_the_id_it_loads_with() -> None:
    for path in pack_files(builtin_packs_dir()):
        loaded = load_pack(path).pack
        assert loaded is not None
        assert declared_pack_id(path) == loaded.id


def test_a_declared_id_is_read_only_from_a_plain_header(tmp_path: Path) -> None:
    cases = {
        "after.yaml": "title: T\nformulas:\n  x: 1 s\n  y: [a, {b: c}]\npack: late-id\n",
        "missing.yaml": "title: T\ncards: []\n",
        "nested.yaml": "pack:\n  id: nested\n",
        "not-an-id.yaml": "pack: Not An Id\n",
        "list.yaml": "- pack: listed\n",
        "broken.yaml": "pack: [unclosed\n",
    }
    found = {}
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        found[name] = declared_pack_id(tmp_path / name)
    assert found == {"after.yaml": "late-id", "missing.yaml": None, "nested.yaml": None,
                     "not-an-id.yaml": None, "list.yaml": None, "broken.yaml": None}
    assert declared_pack_id(tmp_path / "absent.yaml") is None
