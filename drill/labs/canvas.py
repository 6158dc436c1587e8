"""Charts drawn with text: lines in braille dots, markers, and axes, linear or log.

Pure Python and plain data, so the lab screens stay thin and the drawing is testable
without a terminal: :func:`draw` returns rows of cells, each a character and the name of
the series that drew it (the screen picks a colour per name).

A braille character holds 2 × 4 dots, so a 60 × 12 cell chart is 120 × 48 dots: enough
for a roofline's corner or a queue's hockey stick to read at 80 columns.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

BRAILLE = 0x2800
#: The bit of each dot in a braille cell, by (column, row) within the cell.
DOT_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
LINE, POINTS, VERTICAL = "line", "points", "vertical"


@dataclass(frozen=True, slots=True)
class Axis:
    low: float
    high: float
    log: bool = False

    def __post_init__(self) -> None:
        if not self.low < self.high or (self.log and self.low <= 0):
            raise ValueError(f"a bad axis: {self.low} to {self.high} (log: {self.log})")

    def fraction(self, value: float) -> float:
        """Where ``value`` falls, 0 at ``low`` and 1 at ``high`` (outside: beyond 0–1)."""
        if self.log:
            if value <= 0:
                return -math.inf
            return (math.log10(value) - math.log10(self.low)) / (
                math.log10(self.high) - math.log10(self.low))
        return (value - self.low) / (self.high - self.low)

    def ticks(self) -> list[float]:
        """Round values to label: powers of ten on a log axis, else about five steps."""
        if self.log:
            first, last = math.ceil(math.log10(self.low)), math.floor(math.log10(self.high))
            return [10.0**e for e in range(first, last + 1)]
        step = 10 ** math.floor(math.log10((self.high - self.low) / 4))
        for factor in (1, 2, 5, 10):
            if (self.high - self.low) / (step * factor) <= 6:
                step *= factor
                break
        start = math.ceil(self.low / step) * step
        count = int((self.high - start) / step + 1e-9) + 1
        return [start + i * step for i in range(count)]


@dataclass(frozen=True, slots=True)
class Series:
    name: str  # also the style name of its cells
    points: tuple[tuple[float, float], ...]
    kind: str = LINE  # LINE joins the points, POINTS marks each, VERTICAL marks x only
    marker: str = "●"


@dataclass(frozen=True, slots=True)
class Cell:
    char: str
    series: str | None  # the series that drew it; None for blank


def draw(width: int, height: int, x: Axis, y: Axis, series: Sequence[Series]) -> list[list[Cell]]:
    """``height`` rows of ``width`` cells, top row first; later series draw over earlier."""
    if width < 1 or height < 1:
        return []
    dots = [[0] * width for _ in range(height)]
    owner: list[list[str | None]] = [[None] * width for _ in range(height)]
    marks: dict[tuple[int, int], tuple[str, str]] = {}
    for one in series:
        if one.kind == VERTICAL:
            for value, _ in one.points:
                at = _cell(x.fraction(value), width, 2)
                if at is not None:
                    for row in range(height):
                        marks.setdefault((row, at), ("┊", one.name))
        elif one.kind == POINTS:
            for px, py in one.points:
                across = _cell(x.fraction(px), width, 2)
                down = _cell(1 - y.fraction(py), height, 4)
                if across is not None and down is not None:
                    marks[(down, across)] = (one.marker, one.name)
        else:
            for dx, dy in _line_dots(one.points, x, y, width * 2, height * 4):
                row, column = dy // 4, dx // 2
                dots[row][column] |= DOT_BITS[dx % 2][dy % 4]
                owner[row][column] = one.name
    rows: list[list[Cell]] = []
    for row in range(height):
        cells = []
        for column in range(width):
            mark = marks.get((row, column))
            if mark is not None and (mark[0] != "┊" or not dots[row][column]):
                cells.append(Cell(mark[0], mark[1]))
            elif dots[row][column]:
                cells.append(Cell(chr(BRAILLE + dots[row][column]), owner[row][column]))
            else:
                cells.append(Cell(" ", None))
        rows.append(cells)
    return rows


def _cell(fraction: float, cells: int, dots_per_cell: int) -> int | None:
    """The cell holding the dot a line would draw at ``fraction``, so that a marker on a
    line sits in that line's cell (a separate rounding put a point on the roof one row
    above it)."""
    if not 0 <= fraction <= 1:
        return None
    return round(fraction * (cells * dots_per_cell - 1)) // dots_per_cell


def _line_dots(points: Sequence[tuple[float, float]], x: Axis, y: Axis, columns: int,
               rows: int) -> list[tuple[int, int]]:
    """The dots on straight segments between successive points, in the axes' scales."""
    placed = [(x.fraction(px) * (columns - 1), (1 - y.fraction(py)) * (rows - 1))
              for px, py in points]
    found: list[tuple[int, int]] = []
    for (x0, y0), (x1, y1) in itertools.pairwise(placed):
        if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
            continue
        steps = max(1, math.ceil(max(abs(x1 - x0), abs(y1 - y0)) * 2))
        for i in range(steps + 1):
            t = i / steps
            dx, dy = round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)
            if 0 <= dx < columns and 0 <= dy < rows:
                found.append((dx, dy))
    return found


def tick_label(value: float) -> str:
    """A short axis label: 0.1, 1, 10, 1k, 10k, 1M."""
    for size, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= size:
            return f"{value / size:g}{suffix}"
    return f"{value:g}"
