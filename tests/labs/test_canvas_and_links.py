"""The text canvas of the lab charts, and which cards lead to the roofline explorer."""

from __future__ import annotations

import itertools

import pytest

from drill.labs.canvas import BRAILLE, POINTS, VERTICAL, Axis, Cell, Series, draw, tick_label
from drill.labs.card_link import is_about_roofline, roofline_start
from drill.packs.library import load_library
from drill.packs.model import Card


def chars(rows: list[list[Cell]]) -> list[str]:
    return ["".join(cell.char for cell in row) for row in rows]


def test_a_log_axis_places_decades_evenly() -> None:
    axis = Axis(1, 1000, log=True)
    assert [axis.fraction(v) for v in (1, 10, 100, 1000)] == pytest.approx([0, 1 / 3, 2 / 3, 1])
    assert axis.ticks() == [1, 10, 100, 1000]
    with pytest.raises(ValueError):
        Axis(0, 10, log=True)


def test_a_linear_axis_has_round_ticks_inside_it() -> None:
    ticks = Axis(0, 2.3).ticks()
    assert ticks[0] == 0 and ticks[-1] <= 2.3
    assert len(ticks) >= 3
    steps = {round(b - a, 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1


def test_a_diagonal_line_runs_corner_to_corner() -> None:
    rows = draw(10, 5, Axis(0, 1), Axis(0, 1), [Series("line", ((0, 0), (1, 1)))])
    assert rows[-1][0].char != " " and rows[0][-1].char != " "  # bottom-left, top-right
    assert rows[0][0].char == " " and rows[-1][-1].char == " "
    assert all(BRAILLE <= ord(c.char) < BRAILLE + 256 for row in rows for c in row
               if c.char != " ")
    assert {c.series for row in rows for c in row if c.char != " "} == {"line"}


def test_points_and_verticals_mark_their_cells() -> None:
    rows = draw(11, 5, Axis(0, 10), Axis(0, 10), [
        Series("ridge", ((5, 0),), VERTICAL),
        Series("here", ((10, 10),), POINTS, marker="*"),
    ])
    text = chars(rows)
    assert all(line[5] == "┊" for line in text)
    assert text[0][10] == "*"
    assert rows[0][10].series == "here"


def test_points_off_the_axes_are_left_out() -> None:
    rows = draw(5, 3, Axis(0, 1), Axis(0, 1), [Series("p", ((2, 2), (-1, 0.5)), POINTS)])
    assert chars(rows) == ["     "] * 3


def test_tick_labels_are_short() -> None:
    assert [tick_label(v) for v in (0.1, 1, 10, 1000, 1e4, 1e6)] == [
        "0.1", "1", "10", "1k", "10k", "1M"]


# -- cards -------------------------------------------------------------------------------
def card(**fields: object) -> Card:
    base: dict[str, object] = {"pack": "p", "id": "c", "title": "A card", "priority": "solid",
                               "scenario": "Nothing to do with GEMMs."}
    return Card(**{**base, **fields})  # type: ignore[arg-type]


def test_the_intensity_card_opens_on_its_own_gemm_and_gpu() -> None:
    intensity = load_library().card("serving-math/intensity")
    assert intensity is not None
    start = roofline_start(intensity)
    assert start is not None
    assert (start.m, start.k, start.n) == (1, 4096, 4096)
    assert start.gpu == "H100"  # 989 TFLOPS and 3.35 TB/s


def test_batching_cards_lead_to_the_explorer_and_others_do_not() -> None:
    library = load_library()
    about = {c.key for c in library.cards if is_about_roofline(c)}
    assert {"speed-physics/q3", "speed-physics/q4", "serving-math/intensity",
            "serving-math/ridge-batch"} <= about
    assert "serving-math/little" not in about
    assert "serving-math/fan-out" not in about
    assert "speed-physics/q6" in about  # "64 users batched together"


def test_words_alone_make_a_card_about_batching() -> None:
    assert is_about_roofline(card(scenario="Why does batching help decode?"))
    assert roofline_start(card()) is None
    start = roofline_start(card(title="Memory-bound?", givens={"batch": "32 users"}))
    assert start is not None and start.m is None  # not a plain number: no m
    assert roofline_start(card(title="Batch", givens={"batch": "32"})) == \
        type(start)(m=32)


@pytest.mark.parametrize(("width", "height"), [(40, 6), (40, 13), (40, 16), (40, 22), (54, 14),
                                               (93, 25)])
def test_a_point_on_a_line_is_drawn_in_a_cell_of_that_line(width: int, height: int) -> None:
    # A roofline: the GEMM's point lies on the roof, so its marker must sit on it, not a
    # row above (seen at 60 × 20 with m = 65,536 on an H100).
    x, y = Axis(0.5, 8000, log=True), Axis(216e9, 4.5e15, log=True)  # the screen's axes
    roof = ((0.5, 0.5 * 3.35e12), (295.2, 989e12), (8000, 989e12))
    alone = draw(width, height, x, y, [Series("roof", roof)])
    line_cells = {(r, c) for r, row in enumerate(alone) for c, cell in enumerate(row)
                  if cell.series == "roof"}
    for intensity in (1, 8, 62, 228, 1366, 1986, 4000):
        attainable = min(989e12, intensity * 3.35e12)
        rows = draw(width, height, x, y,
                    [Series("roof", roof), Series("gemm", ((intensity, attainable),), POINTS)])
        (at,) = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                 if cell.series == "gemm"]
        # On the flat roof the marker is in a roof cell; on the slope, rounding along the
        # segment may put the roof's own dot one cell up or down in that column.
        near = {at} if intensity > 295.2 else {at, (at[0] - 1, at[1]), (at[0] + 1, at[1])}
        assert near & line_cells, (intensity, at)
