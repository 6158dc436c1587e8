"""A row of figures ("3 due · 10 new · 2 days streak") that wraps between figures only.

Textual wraps text at any space, so a narrow terminal split "2 days" from "streak". This
row lays the figures out itself at its own width: a figure is never cut, and a line
breaks only at a separator.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widgets import Static

Figure = tuple[str, str]  # (value, label), as "3", "due"


def figure_lines(widths: Sequence[int], width: int, separator: int) -> list[list[int]]:
    """Indexes of the figures on each line: as many whole figures as fit in ``width``
    (with ``separator`` columns between two on a line); one too wide stands alone."""
    lines: list[list[int]] = []
    used = 0
    for index, figure in enumerate(widths):
        if lines and used + separator + figure <= width:
            lines[-1].append(index)
            used += separator + figure
        else:
            lines.append([index])
            used = figure
    return lines


class FigureRow(Static):
    # Its styles are in the app's style sheet (drill_app.tcss), not DEFAULT_CSS: a widget
    # class's own CSS makes Textual parse every style sheet again when it first mounts,
    # and Home's counts row is on the first frame.

    def __init__(self, figures: Sequence[Figure] = (), *, separator: str = " · ",
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.figures = list(figures)
        self.separator = separator

    def show(self, figures: Sequence[Figure]) -> None:
        self.figures = list(figures)
        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def on_mount(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        width = self.content_size.width or self.app.size.width
        texts = [f"{value} {label}" for value, label in self.figures]
        lines = []
        for line in figure_lines([len(t) for t in texts], width, len(self.separator)):
            parts: list[Content | tuple[str, str] | str] = []
            for index in line:
                if parts:
                    parts.append((self.separator, "$text-muted"))
                value, label = self.figures[index]
                parts += [(value, "bold $text-accent"), f" {label}"]
            lines.append(Content.assemble(*parts))
        self.update(Content("\n").join(lines))
