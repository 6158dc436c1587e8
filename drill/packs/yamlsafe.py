"""Reading a pack file's YAML into nodes, safely, with positions.

Nodes (``yaml.compose`` with the safe loader) keep each value's line and column, which the
loader turns into locations for every later message. A pack is untrusted input, so this
layer also refuses what could make reading hang or blow up: files over
:data:`MAX_BYTES`, nesting deeper than :data:`MAX_DEPTH`, and aliases (``*name``), which is
how the "billion laughs" file grows a few lines into billions of values.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.events import AliasEvent

MAX_BYTES = 1_000_000  # a pack is tens of kilobytes; pure-Python YAML reads ~1 MB/s
MAX_DEPTH = 40  # a pack nests five levels deep; this keeps recursion far from its limit


class PackReadError(Exception):
    """The file cannot be read as YAML; ``line`` and ``column`` are 1-based (0: unknown)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class _PackLoader(yaml.SafeLoader):
    """The safe loader, refusing aliases and deep nesting while it composes nodes."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise PackReadError(
                "YAML aliases (*name) are not allowed in a pack: write the value out",
                mark.line + 1,
                mark.column + 1,
            )
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise PackReadError(
                    f"the YAML nests more than {MAX_DEPTH} levels deep", mark.line + 1,
                    mark.column + 1,
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def read_text(path: Path) -> str:
    """The file's text, refusing huge or non-UTF-8 files with a :class:`PackReadError`."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise PackReadError(f"cannot read the file: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise PackReadError(
            f"the file is larger than {MAX_BYTES:,} bytes; a pack is a few tens of kilobytes"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _line_column(data[: error.start].decode("utf-8", "replace"), None)
        raise PackReadError(
            f"the file is not UTF-8 text (byte 0x{data[error.start]:02x})", line, column
        ) from None


def compose(text: str) -> yaml.Node | None:
    """The YAML document's root node (None for an empty document); or PackReadError."""
    if len(text) > MAX_BYTES:
        raise PackReadError(f"the text is longer than {MAX_BYTES:,} characters")
    loader: _PackLoader | None = None
    try:
        loader = _PackLoader(text)
        node: yaml.Node | None = loader.get_single_node()
        return node
    except PackReadError:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        parts = [p for p in (error.context, error.problem) if p]
        message = "; ".join(parts) or "the YAML cannot be read"
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise PackReadError(f"YAML syntax: {message}", line, column) from None
    except yaml.reader.ReaderError as error:
        line, column = _line_column(text, error.position)
        code = error.character if isinstance(error.character, int) else ord(error.character)
        what = f"U+{code:04X}"
        raise PackReadError(
            f"the file holds a character YAML does not allow ({what})", line, column
        ) from None
    except yaml.YAMLError as error:
        raise PackReadError(f"YAML: {error}") from None
    except RecursionError:
        raise PackReadError(f"the YAML nests more than {MAX_DEPTH} levels deep") from None
    finally:
        if loader is not None:
            loader.dispose()


def _line_column(text: str, index: int | None) -> tuple[int, int]:
    before = text if index is None else text[:index]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return line, column
