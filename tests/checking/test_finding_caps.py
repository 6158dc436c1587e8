"""A pack dense with figures is checked in bounded time and memory: each text shows at
most MAX_PER_TEXT findings and a line saying how many more, reads at most MAX_FIGURES
figures, and a file stops after MAX_PER_FILE findings, saying how many cards were not
checked."""

from __future__ import annotations

from pathlib import Path

from drill.checking.checker import MAX_PER_FILE, MAX_PER_TEXT, check_file
from drill.checking.figures import MAX_FIGURES

HEADER = 'pack: dense\ntitle: Dense\ndescription: many figures\nsource: "a test"\ncards:\n'


def card(number: int, figures: int) -> str:
    # Each "N GB" is a figure no given accounts for: one finding each.
    listed = " ".join(f"{13 + i} GB," for i in range(figures))
    return (f"  - id: c{number}\n    title: Card {number}\n    priority: solid\n"
            f"    scenario: >\n      A model reads {listed} of weights.\n")


def write(tmp_path: Path, cards: int, figures: int) -> Path:
    path = tmp_path / "dense.yaml"
    path.write_text(HEADER + "".join(card(n, figures) for n in range(cards)))
    return path


def messages(path: Path) -> list[str]:
    return [d.message for d in check_file(path, path.name).diagnostics]


def test_a_text_shows_its_first_findings_and_how_many_more(tmp_path: Path) -> None:
    found = messages(write(tmp_path, cards=1, figures=30))
    unaccounted = [m for m in found if m.startswith("scenario: no given or result is")]
    assert len(unaccounted) == MAX_PER_TEXT
    assert unaccounted[0].startswith("scenario: no given or result is 13 GB")
    assert f"scenario: {30 - MAX_PER_TEXT} more findings in this text not shown (the first "\
           f"{MAX_PER_TEXT} are above)" in found


def test_a_text_with_too_many_figures_is_read_only_so_far(tmp_path: Path) -> None:
    found = messages(write(tmp_path, cards=1, figures=MAX_FIGURES + 300))
    assert f"scenario: holds {MAX_FIGURES} figures or more; those after the "\
           f"{MAX_FIGURES}th are not checked" in found
    # MAX_FIGURES figures read, each unaccounted, and the warning above: that many findings.
    more = [m for m in found if "more findings in this text" in m]
    assert more == [f"scenario: {MAX_FIGURES + 1 - MAX_PER_TEXT} more findings in this text "
                    f"not shown (the first {MAX_PER_TEXT} are above)"]


def test_a_file_stops_after_its_cap_saying_how_many_cards_were_not_checked(
        tmp_path: Path) -> None:
    # Each card: MAX_PER_TEXT findings shown and one "more" line.
    per_card = MAX_PER_TEXT + 1
    cards = MAX_PER_FILE // per_card + 10
    checked = -(-MAX_PER_FILE // per_card)  # cards until the cap is reached
    found = messages(write(tmp_path, cards=cards, figures=MAX_PER_TEXT + 5))
    assert found[-1] == (f"checking stopped: {checked * per_card:,} findings in the cards "
                         f"above; this card and {cards - checked - 1:,} more after it were "
                         "not checked (fix those first)")
    assert len(found) == checked * per_card + 1
