"""Layout from 60×18 to 200×60: labels whole, rows that wrap between figures only."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from textual.widgets import Button, Static

from drill.app.drill_app import DrillApp
from drill.app.home_view import PackLine
from drill.app.screens.home import pack_lines
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.charts import month_row
from drill.app.widgets.figure_row import figure_lines
from drill.app.widgets.rating_bar import RatingBar, button_labels, row_width

MakeApp = Callable[..., DrillApp]


def test_figures_wrap_whole_and_only_between_figures() -> None:
    # widths 5, 6, 12, 13 with 3 columns between: 5+3+6 = 14 fits in 20, +3+12 does not
    assert figure_lines([5, 6, 12, 13], 20, 3) == [[0, 1], [2], [3]]
    assert figure_lines([5, 6, 12, 13], 80, 3) == [[0, 1, 2, 3]]
    assert figure_lines([30], 20, 3) == [[0]]  # too wide for any line: alone, not split


def test_pack_names_get_the_column_they_need_and_no_more_than_fits_80_columns() -> None:
    short = PackLine("Hardware", 8, 0, 0, 0)
    medium = PackLine("Transformer accounting", 12, 0, 0, 0)  # 22 characters: whole
    long = PackLine("Benchmarking without fooling yourself", 9, 0, 0, 0)  # 37: cut to 22
    lines = pack_lines((short, medium, long)).plain.split("\n")
    assert lines[1].startswith("Transformer accounting ░")
    assert lines[2].startswith("Benchmarking without … ░")
    assert len(lines[0]) == len(lines[1]) - 1  # "12 new" is a digit longer than "8 new"
    # Alone, a short name takes only its own width, then one space before the bar.
    assert pack_lines((short,)).plain.startswith("Hardware ░")
    # The widest line (22 + 1 + bar 16 + 1 + counts of three digits) stays within 80
    # columns with the screen's padding of 4.
    widest = PackLine("x" * 40, 999, 999, 999, 0)
    assert len(pack_lines((widest,)).plain) + 4 <= 80


def test_rating_labels_drop_the_dot_only_when_the_four_do_not_fit() -> None:
    intervals = {1: "10m", 2: "1d", 3: "11d", 4: "1.1mo"}
    wide = button_labels(intervals, 80)
    assert wide[4] == "4 Easy · 1.1mo" and wide[1] == "1 Again · 10m"
    narrow = button_labels(intervals, 56)  # the rating bar's width at 60 columns
    assert narrow[4] == "4 Easy 1.1mo" and narrow[1] == "1 Again 10m"
    assert row_width(narrow) <= 56
    # every label keeps its interval in either form
    assert all(text in narrow[r] for r, text in intervals.items())


@pytest.mark.parametrize("weeks", [1, 10, 37, 38, 53])
def test_the_month_row_is_never_wider_than_the_heatmap(weeks: int) -> None:
    for day in range(1, 29):
        assert len(month_row(date(2026, 11, day), weeks)) <= 4 + 2 * weeks


@pytest.mark.slow
@pytest.mark.parametrize("size", [(60, 18), (80, 24), (200, 60)])
async def test_grown_interval_labels_are_shown_whole(make_app: MakeApp,
                                                     size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        bar = review.query_one(RatingBar)
        bar.show_intervals({1: "1m", 2: "6m", 3: "10m", 4: "9d"})
        await pilot.pause()
        bar.show_intervals({1: "10m", 2: "1d", 3: "11d", 4: "1.1mo"})  # each grew
        await pilot.pause()
        for rating, text in {1: "10m", 2: "1d", 3: "11d", 4: "1.1mo"}.items():
            button = review.query_one(f"#rate-{rating}", Button)
            label = str(button.label)
            assert label.endswith(text)
            assert button.region.width >= len(label)  # nothing cut
            assert button.region.right <= size[0]  # on screen


@pytest.mark.slow
@pytest.mark.parametrize("size", [(60, 18), (80, 24), (160, 45)])
async def test_every_question_of_the_first_card_is_whole_on_screen(
    make_app: MakeApp, size: tuple[int, int]
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.card is not None
        for number, ask in enumerate(review.card.asks, 1):
            question = review.query_one(f"#ask-{ask.id} .ask-question", Static)
            rendered = str(question.render())
            assert rendered == f"{number}. {ask.question}"
            # wrapped into as many lines as its width needs, none cut
            width = question.content_size.width
            assert question.size.height >= -(-len(rendered) // width)
