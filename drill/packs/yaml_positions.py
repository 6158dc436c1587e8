"""Where a character of a YAML text value sits in the file.

A scalar's value is not its source: quotes and escapes go, block scalars (``|``, ``>``)
lose their indentation, and folded or multi-line scalars turn line breaks into spaces.
To point at an equation inside a card's prose, :func:`position_in_source` walks the value
and the source side by side from the scalar's start, matching characters and skipping
what YAML removed. It needs only the file text and where the scalar starts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

from drill.packs.model import Location

_SKIPPABLE = " \t\r\n\\'\""
_NEWLINE = re.compile("\n")


@dataclass(frozen=True)
class SourceText:
    """A file's text with a table of line starts, to turn indexes into line:column."""

    text: str
    _line_starts: list[int] = field(init=False, repr=False)
    _walks: dict[tuple[int, int, str], list[int]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        starts = [0]
        # The pattern scans in C: a loop over every character of a 2.5 MB pack costs a
        # quarter of a second, paid again by every worker checking part of it.
        starts += [match.end() for match in _NEWLINE.finditer(self.text)]
        object.__setattr__(self, "_line_starts", starts)
        object.__setattr__(self, "_walks", {})

    def index(self, line: int, column: int) -> int:
        """The index of a 1-based line and column (clamped to the text)."""
        if line < 1:
            return 0
        if line > len(self._line_starts):
            return len(self.text)
        return min(self._line_starts[line - 1] + max(column, 1) - 1, len(self.text))

    def line_column(self, index: int) -> tuple[int, int]:
        line = bisect_right(self._line_starts, index)
        return line, index - self._line_starts[line - 1] + 1

    def position_in_source(self, start: Location, value: str, offset: int) -> Location:
        """Where character ``offset`` of ``value``, a scalar starting at ``start``, is.

        The walk over a scalar is done once and kept: a text with thousands of findings
        costs one walk, not one per finding.
        """
        if not start.line:
            return start
        offset = max(0, min(offset, len(value)))
        line, column = self.line_column(self._walk(start.line, start.column, value)[offset])
        return Location(start.file, line, column)

    def _walk(self, line: int, column: int, value: str) -> list[int]:
        """The source index of every offset of ``value`` (and of its end)."""
        key = (line, column, value)
        cached = self._walks.get(key)
        if cached is not None:
            return cached
        j = self.index(line, column)
        double_quoted = self.text[j : j + 1] == '"'
        j = self._content_start(j)
        end = len(self.text)
        found: list[int] = []
        i = 0
        while i <= len(value):
            if len(found) == i:
                found.append(min(self._landing(j, value, i), end))
            if i == len(value) or j >= end:
                break
            want, have = value[i], self.text[j]
            if double_quoted and have == "\\":
                width = _escape_width(self.text, j)
                if self.text[j + 1 : j + 2] not in ("\n", "\r"):
                    i += 1  # one escape, one character of the value
                j += width
            elif want == have:
                i += 1
                j += 1
            elif have in _SKIPPABLE:
                j += 1  # indentation, a folded line break, a quote
            elif want in " \n":
                i += 1  # a space or break YAML made from source it has already passed
            else:
                j += 1  # out of step: keep walking the source
        found += [min(j, end)] * (len(value) + 1 - len(found))  # the source ran out
        self._walks[key] = found
        return found

    def _landing(self, j: int, value: str, i: int) -> int:
        """Land on the character itself, not on indentation before it."""
        if i < len(value):
            while j < len(self.text) and self.text[j] in " \t\r\n" and self.text[j] != value[i]:
                j += 1
        return j

    def _content_start(self, j: int) -> int:
        """Skip a quote, or a block scalar's header line (``|-``, ``>2``, comments)."""
        if j < len(self.text) and self.text[j] in "'\"":
            return j + 1
        if j < len(self.text) and self.text[j] in "|>":
            newline = self.text.find("\n", j)
            return len(self.text) if newline < 0 else newline + 1
        return j


_ESCAPE_DIGITS = {"x": 2, "u": 4, "U": 8}


def _escape_width(text: str, j: int) -> int:
    """Source characters of the escape at ``j``: ``\\n`` is 2, ``\\u00e9`` is 6."""
    letter = text[j + 1 : j + 2]
    return 2 + _ESCAPE_DIGITS.get(letter, 0)
