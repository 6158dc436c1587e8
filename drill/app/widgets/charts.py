"""Small pictures drawn with text: a calendar heatmap and a bar chart.

Rich and Textual draw them well enough at 80 columns; a plotting library would add a
dependency and startup time for two charts, so there is none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, timedelta

from textual.color import Color
from textual.content import Content
from textual.widget import Widget

WEEKDAYS = ("Mon", "", "Wed", "", "Fri", "", "Sun")
BLOCKS = " ▁▂▃▄▅▆▇█"


def level(count: int, top: int, levels: int = 4) -> int:
    """Which of ``levels`` shades a day with ``count`` reviews gets (0 = none)."""
    if count <= 0 or top <= 0:
        return 0
    return max(1, min(levels, -(-count * levels // top)))


def calendar_weeks(counts: Mapping[date, int], today: date, weeks: int) -> list[list[int | None]]:
    """Rows Monday..Sunday, one column per week ending with this week; None is the future."""
    this_monday = today - timedelta(days=today.weekday())
    first_monday = this_monday - timedelta(weeks=weeks - 1)
    rows: list[list[int | None]] = []
    for weekday in range(7):
        row: list[int | None] = []
        for week in range(weeks):
            day = first_monday + timedelta(weeks=week, days=weekday)
            row.append(None if day > today else counts.get(day, 0))
        rows.append(row)
    return rows


def month_row(today: date, weeks: int) -> str:
    """Month names over the heatmap's columns, each above the week its 1st falls in (the
    first column is named too), so a cell can be dated at a glance, as GitHub's chart is."""
    first_monday = today - timedelta(days=today.weekday(), weeks=weeks - 1)
    labels: list[tuple[int, str]] = []
    for week in range(weeks):
        monday = first_monday + timedelta(weeks=week)
        sunday = monday + timedelta(days=6)
        if sunday.day <= 7:  # this week holds the 1st of Sunday's month
            labels.append((week, sunday.strftime("%b")))
        elif week == 0:
            labels.append((week, monday.strftime("%b")))
    # No wider than the grid below it (4 columns of weekday names, 2 per week), so the
    # row never wraps: a name that would stick out past the last week (the current
    # month's, when its 1st is in this week) ends at the grid's edge instead.
    cells = [" "] * (4 + 2 * weeks)
    for week, name in reversed(labels):  # a month's real start wins over the first column
        start = min(4 + 2 * week, len(cells) - 3)
        if start >= 0 and all(cell == " " for cell in cells[start:start + 4]):
            cells[start:start + 3] = name
    return "".join(cells).rstrip()


class Heatmap(Widget):
    """Reviews per day as a calendar: a column per week, darker cells for busier days."""

    DEFAULT_CSS = "Heatmap { height: 10; width: 1fr; }"

    def __init__(self, counts: Mapping[date, int], today: date, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.counts = dict(counts)
        self.today = today

    def _shades(self) -> list[str]:
        variables = self.app.get_css_variables()
        empty = Color.parse(variables.get("panel", "#333333"))
        full = Color.parse(variables.get("success", "#44aa44"))
        return [empty.hex] + [empty.blend(full, step / 4).hex for step in range(1, 5)]

    def render(self) -> Content:
        weeks = max(1, min(53, (self.size.width - 4) // 2))
        grid = calendar_weeks(self.counts, self.today, weeks)
        top = max(self.counts.values(), default=0)
        shades = self._shades()
        lines: list[Content] = [Content.styled(month_row(self.today, weeks), "$text-muted")]
        for name, row in zip(WEEKDAYS, grid, strict=True):
            parts: list[Content | str] = [f"{name:<4}"]
            for count in row:
                if count is None:
                    parts.append("  ")
                else:
                    parts.append(Content.styled("■ ", shades[level(count, top)]))
            lines.append(Content.assemble(*parts))
        total = sum(self.counts.values())
        legend = Content.assemble(
            ("    less ", "$text-muted"),
            *(Content.styled("■ ", shade) for shade in shades),
            ("more", "$text-muted"),
            (f"   {total} review{'' if total == 1 else 's'} in {weeks} weeks", "$text-muted"),
        )
        return Content("\n").join([*lines, Content(""), legend])


def bar_rows(values: Sequence[int], height: int) -> list[str]:
    """Vertical bars ``height`` rows tall, top row first, in eighths of a row."""
    top = max(values, default=0)
    eighths = [round(v * height * 8 / top) if top else 0 for v in values]
    rows = []
    for row in range(height - 1, -1, -1):
        cells = []
        for e in eighths:
            fill = min(8, max(0, e - row * 8))
            cells.append(BLOCKS[fill] * 2 + " ")
        rows.append("".join(cells).rstrip())
    return rows


class BarChart(Widget):
    """Labelled vertical bars (the review forecast: cards due per day ahead)."""

    DEFAULT_CSS = "BarChart { height: 8; width: 1fr; }"

    def __init__(
        self, values: Sequence[int], labels: Sequence[str], *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.values = list(values)
        self.labels = list(labels)

    def render(self) -> Content:
        fits = max(1, (self.size.width - 1) // 3)
        values, labels = self.values[:fits], self.labels[:fits]
        if not any(values):
            return Content.styled("Nothing is due in these days.", "$text-muted")
        height = max(1, self.size.height - 2)
        rows = [Content.styled(r, "$primary") for r in bar_rows(values, height)]
        counts = "".join(f"{v:<3}" if v < 100 else "99+" for v in values)
        names = "".join(f"{label[:2]:<3}" for label in labels)
        return Content("\n").join(
            [*rows, Content.styled(counts.rstrip(), "bold"), Content.styled(names, "$text-muted")]
        )
