"""The text pictures of the stats screen: shading, the calendar grid, the bars."""

from __future__ import annotations

from datetime import date

import pytest

from drill.app.widgets.charts import bar_rows, calendar_weeks, level, month_row
from drill.app.widgets.countdown import timer_text


def test_level_shades_by_share_of_the_busiest_day() -> None:
    assert level(0, 10) == 0
    assert level(10, 10) == 4
    assert level(1, 10) == 1  # any review at all is visible
    assert level(5, 10) == 2
    assert level(3, 0) == 0


def test_calendar_has_a_row_per_weekday_and_blanks_the_future() -> None:
    wednesday = date(2026, 11, 25)
    counts = {date(2026, 11, 23): 3, date(2026, 11, 18): 1, wednesday: 2}
    rows = calendar_weeks(counts, wednesday, weeks=2)
    assert len(rows) == 7 and all(len(row) == 2 for row in rows)
    monday, tuesday, wed, thursday = rows[0], rows[1], rows[2], rows[3]
    assert monday == [0, 3]  # Mon 16 Nov, Mon 23 Nov
    assert wed == [1, 2]
    assert tuesday[1] == 0  # a past day without reviews
    assert thursday[1] is None  # tomorrow is not drawn


def test_bars_fill_in_eighths_from_the_bottom() -> None:
    assert bar_rows([0, 4, 8], height=1) == ["   ▄▄ ██"]  # 3 columns a bar
    two_rows = bar_rows([2, 1], height=2)
    assert two_rows[0] == "██"  # the top row: only the taller bar reaches it
    assert two_rows[1] == "██ ██"
    assert bar_rows([], height=2) == ["", ""]


def test_timer_counts_down_then_up_past_the_limit() -> None:
    assert timer_text(60, 0) == "⏱ 1:00"
    assert timer_text(60, 13.7) == "⏱ 0:47"
    assert timer_text(60, 60) == "⏱ 0:00"
    assert timer_text(60, 72.2) == "⏱ +0:12"


@pytest.mark.slow
async def test_the_countdown_runs_past_zero_in_another_colour() -> None:
    from textual.app import App, ComposeResult

    from drill.app.widgets.countdown import Countdown

    now = [100.0]

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield Countdown(60, lambda: now[0])

    app = Host()
    async with app.run_test() as pilot:
        countdown = app.query_one(Countdown)
        now[0] += 47.5
        countdown.tick()
        await pilot.pause()
        assert str(countdown.render()) == "⏱ 0:13"
        assert not countdown.has_class("-overtime")
        now[0] += 25
        countdown.tick()
        await pilot.pause()
        assert str(countdown.render()) == "⏱ +0:12"
        assert countdown.has_class("-overtime")
        assert countdown.stop() == 72.5  # the seconds spent, for the review log
        now[0] += 30
        countdown.tick()
        assert str(countdown.render()) == "⏱ +0:12"  # stopped


@pytest.mark.slow
async def test_the_heatmap_counts_one_review_in_the_singular() -> None:
    from textual.app import App, ComposeResult

    from drill.app.widgets.charts import Heatmap

    today = date(2026, 11, 25)

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Heatmap({today: 1}, today)

    app = One()
    async with app.run_test(size=(80, 12)) as pilot:
        await pilot.pause()
        text = str(app.query_one(Heatmap).render())
        assert "1 review in" in text


def test_month_names_sit_over_the_week_holding_the_first_of_the_month() -> None:
    # Ten weeks to Sunday 29 Nov 2026: Mondays from 21 Sep. 1 Oct falls in the second
    # column (28 Sep – 4 Oct), 1 Nov in the sixth (26 Oct – 1 Nov). Columns are two wide
    # after four for the weekday names; the first column's "Sep" would run into "Oct".
    row = month_row(date(2026, 11, 29), 10)
    assert row.index("Oct") == 4 + 2 * 1
    assert row.index("Nov") == 4 + 2 * 5
    assert "Sep" not in row


def test_the_first_column_is_named_when_there_is_room() -> None:
    # 37 weeks back from 29 Nov 2026 starts on Monday 16 Mar; 1 Apr is two columns on.
    row = month_row(date(2026, 11, 29), 37)
    assert row.startswith("    Mar Apr")


@pytest.mark.parametrize("weeks", [1, 2, 10, 53])
def test_the_current_month_is_named_when_its_first_is_this_week(weeks: int) -> None:
    # Thursday 3 Dec 2026: this week (Mon 30 Nov – Sun 6 Dec) holds 1 Dec, the last
    # column. "Dec" would stick out past the grid: it ends at the grid's edge instead.
    row = month_row(date(2026, 12, 3), weeks)
    assert row.endswith("Dec")
    assert len(row) == 4 + 2 * weeks  # as wide as the grid, no wider
    if weeks >= 10:
        assert "Nov" in row  # the month before keeps its name, a space apart
        assert row.rindex("Nov") + 3 < row.rindex("Dec")


def test_the_current_month_is_named_later_in_the_month() -> None:
    # 17 Dec 2026: 1 Dec is in the third column from the right; "Dec" stands over it.
    row = month_row(date(2026, 12, 17), 10)
    assert row.index("Dec") == 4 + 2 * 7
