"""A row of figures ("3 due · 10 new · 2 days streak") that wraps between figures only.

Textual wraps text at any space, so a narrow terminal split "2 days" from "streak". This
row lays the figures out itself at its own width: a figure is never cut, and a line
breaks only at a separator.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

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


class FigureRow(Widget):
    """The figures, laid out at the width the row has when it is drawn: a resize draws
    them again without a change of content, and new figures change only this row."""

    # Its styles are in the app's style sheet (drill_app.tcss), not DEFAULT_CSS: a widget
    # class's own CSS makes Textual parse every style sheet again when it first mounts,
    # and Home's counts row is on the first frame.

    def __init__(self, figures: Sequence[Figure] = (), *, separator: str = " · ",
                 room: Sequence[Figure] = (), id: str | None = None) -> None:
        """``room``: figures the row keeps the lines of even before its own come (blank
        until then), so that their coming moves nothing below it."""
        super().__init__(id=id)
        self.figures = list(figures)
        self.separator = separator
        self.room = list(room)

    def show(self, figures: Sequence[Figure]) -> None:
        """Show ``figures``; the same figures again change nothing on screen."""
        if list(figures) != self.figures:
            self.figures = list(figures)
            self.refresh(layout=True)

    def render(self) -> Content:
        return self.content_at(self.content_size.width or self.app.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(len(self._lines(width)), len(self._lines(width, self.room)))

    def content_at(self, width: int) -> Content:
        """The figures as they stand at ``width`` columns."""
        lines = []
        for line in self._lines(width):
            parts: list[Content | tuple[str, str] | str] = []
            for index in line:
                if parts:
                    parts.append((self.separator, "$text-muted"))
                value, label = self.figures[index]
                parts += [(value, "bold $text-accent"), f" {label}"]
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

    def _lines(self, width: int, figures: Sequence[Figure] | None = None) -> list[list[int]]:
        shown = self.figures if figures is None else figures
        widths = [len(f"{value} {label}") for value, label in shown]
        return figure_lines(widths, width, len(self.separator))
