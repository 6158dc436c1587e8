"""A chart for the lab screens: the text canvas of :mod:`drill.labs.canvas`, with axes.

The widget only lays out what the canvas drew: tick labels down the left and along the
bottom, a colour per series, and a legend line. It sizes the plot to whatever room it
gets, so one widget serves the roofline at 80 × 24 and a wide terminal alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from textual.content import Content
from textual.widget import Widget

from drill.labs.canvas import Axis, Series, draw, tick_label

LABEL_WIDTH = 6  # the y tick labels and the axis line


@dataclass(frozen=True, slots=True)
class Plot:
    """Everything one picture needs; ``styles`` maps a series name to its colour."""

    x: Axis
    y: Axis
    series: tuple[Series, ...]
    styles: Mapping[str, str] = field(default_factory=dict)
    legend: tuple[tuple[str, str], ...] = ()  # (series name, words)
    x_title: str = ""
    y_title: str = ""


class LabChart(Widget):
    """Draws a :class:`Plot`; shows ``waiting`` text until it has one."""

    DEFAULT_CSS = "LabChart { height: 1fr; min-height: 6; }"

    def __init__(self, waiting: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.plot: Plot | None = None
        self.waiting = waiting

    def show(self, plot: Plot | None) -> None:
        self.plot = plot
        self.refresh()

    def render(self) -> Content:
        plot = self.plot
        if plot is None:
            return Content.styled(self.waiting, "$text-muted")
        legend = 1 if plot.legend or plot.y_title else 0
        width = max(1, self.size.width - LABEL_WIDTH)
        height = max(1, self.size.height - 1 - legend)
        return Content("\n").join(chart_lines(plot, width, height))


def chart_lines(plot: Plot, width: int, height: int) -> list[Content]:
    """The chart as lines: legend, plot rows with y labels, then the x labels."""
    lines: list[Content] = []
    if plot.legend or plot.y_title:
        parts: list[Content | tuple[str, str] | str] = [(plot.y_title, "$text-muted")]
        for name, words in plot.legend:
            parts += ["   ", (_marker(plot, name), plot.styles.get(name, "")), f" {words}"]
        lines.append(Content.assemble(*parts))
    rows = draw(width, height, plot.x, plot.y, plot.series)
    labels = _y_labels(plot.y, height)
    for index, row in enumerate(rows):
        parts = [(f"{labels.get(index, ''):>{LABEL_WIDTH - 1}}┤"
                  if index in labels else f"{'':>{LABEL_WIDTH - 1}}│", "$text-muted")]
        parts += [(cell.char, plot.styles.get(cell.series, "")) if cell.series else cell.char
                  for cell in row]
        lines.append(Content.assemble(*parts))
    lines.append(Content.styled(" " * LABEL_WIDTH + _x_labels(plot, width), "$text-muted"))
    return lines


def _marker(plot: Plot, name: str) -> str:
    series = next((s for s in plot.series if s.name == name), None)
    if series is None or series.kind == "line":
        return "──"
    return "┊" if series.kind == "vertical" else series.marker


def _y_labels(axis: Axis, height: int) -> dict[int, str]:
    labels: dict[int, str] = {}
    for value in axis.ticks():
        row = round((1 - axis.fraction(value)) * (height - 1))
        if 0 <= row < height and row not in labels:
            labels[row] = tick_label(value)[: LABEL_WIDTH - 1]
    return labels


def _x_labels(plot: Plot, width: int) -> str:
    """Tick labels under their columns, dropped where they would overlap."""
    line = [" "] * width
    for value in plot.x.ticks():
        text = tick_label(value)
        column = round(plot.x.fraction(value) * (width - 1))
        start = min(max(0, column - len(text) // 2), width - len(text))
        if start < 0 or any(ch != " " for ch in line[max(0, start - 1):start + len(text) + 1]):
            continue
        line[start:start + len(text)] = text
    title = f" {plot.x_title}"
    text = "".join(line).rstrip()
    return text + title if len(text) + len(title) <= width else text
