"""The one error type of reading typed math."""

from __future__ import annotations


class ParseError(ValueError):
    """Text that cannot be read as math; ``position`` is a 0-based column."""

    def __init__(self, message: str, position: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.position = position

    def pointer(self, text: str) -> str:
        """The text with a caret under the offending column, for terminals."""
        column = min(self.position, len(text))
        return f"{text}\n{' ' * column}^"
