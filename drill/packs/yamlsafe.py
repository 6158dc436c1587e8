"""Reading a pack file's YAML into nodes, safely, with positions.

Nodes (``yaml.compose`` with the safe loader) keep each value's line and column, which the
loader turns into locations for every later message. A pack is untrusted input, so this
layer also refuses what could make reading hang or blow up: files over
:data:`MAX_BYTES`, nesting deeper than :data:`MAX_DEPTH`, and aliases (``*name``), which is
how the "billion laughs" file grows a few lines into billions of values.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 8_000_000  # a 1,000-card pack is about 2.5 MB; more is not a pack
MAX_DEPTH = 40  # a pack nests five levels deep; this keeps recursion far from its limit
# Characters a pack's text must not hold, though YAML escapes ("\e", "\x9b", "\r") can
# write them: C0 and C1 controls other than tab and newline, which make terminal escape
# sequences (colours, the window title, the clipboard) and overwrite lines; and the bidi
# embeddings, overrides and isolates, which show text in another order than it is read.
_FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


class PackReadError(Exception):
    """The file cannot be read as YAML; ``line`` and ``column`` are 1-based (0: unknown)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def read_text(path: Path) -> str:
    """The file's text, refusing huge or non-UTF-8 files with a :class:`PackReadError`."""
    try:
        # Non-blocking: opening a named pipe must not wait for a writer; only a regular
        # file of a pack's size is read at all (a device such as /dev/zero never ends).
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            status = os.fstat(descriptor)
            if not stat.S_ISREG(status.st_mode):
                raise PackReadError("not a regular file (a folder, pipe or device)")
            if status.st_size > MAX_BYTES:
                raise PackReadError(
                    f"the file is larger than {MAX_BYTES:,} bytes, far more than any pack")
            data = os.read(descriptor, MAX_BYTES + 1)
        finally:
            os.close(descriptor)
    except OSError as error:
        raise PackReadError(f"cannot read the file: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise PackReadError(
            f"the file is larger than {MAX_BYTES:,} bytes, far more than any pack"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _line_column(data[: error.start].decode("utf-8", "replace"), None)
        raise PackReadError(
            f"the file is not UTF-8 text (byte 0x{data[error.start]:02x})", line, column
        ) from None


#: What YAML was reading when it ran out, by the context it names.
_OPENED = {
    "while scanning a quoted scalar": "the quoted text",
    "while parsing a flow sequence": "the [ list",
    "while parsing a flow mapping": "the { mapping",
}


def _never_closed(error: yaml.MarkedYAMLError) -> bool:
    return bool(error.context in _OPENED and error.context_mark and error.problem_mark
                and error.context_mark.line < error.problem_mark.line)


def compose(text: str) -> yaml.Node | None:
    """The YAML document's root node (None for an empty document); or PackReadError."""
    if len(text) > MAX_BYTES:
        raise PackReadError(f"the text is longer than {MAX_BYTES:,} characters")
    try:
        return _compose_text(text)
    except PackReadError:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        parts = [p for p in (error.context, error.problem) if p]
        message = "; ".join(parts) or "the YAML cannot be read"
        if _never_closed(error):
            # YAML notices an unclosed quote or bracket lines later (often at the end of
            # the file); the place to fix is where it opens.
            assert error.problem_mark is not None and error.context_mark is not None
            noticed = error.problem_mark
            mark = error.context_mark
            what = _OPENED.get(error.context or "", "the text")
            message = (f"{what} that opens here is never closed (YAML noticed at line "
                       f"{noticed.line + 1}: {error.problem})")
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        if "nesting depth" in message:  # libyaml's own limit, met before ours
            message = f"the YAML nests more than {MAX_DEPTH} levels deep"
            raise PackReadError(message, line, column) from None
        raise PackReadError(f"YAML syntax: {message}", line, column) from None
    except yaml.reader.ReaderError as error:
        line, column = _line_column(text, error.position)
        code = error.character if isinstance(error.character, int) else ord(error.character)
        raise PackReadError(
            f"the file holds a character YAML does not allow (U+{code:04X})", line, column
        ) from None
    except yaml.YAMLError as error:
        raise PackReadError(f"YAML: {error}") from None


# libyaml's parser when PyYAML has it (about 25 times faster), else the pure-Python one.
# Either way only its events are used: the nodes are composed below.
_EVENT_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = yaml.resolver.Resolver()
_MERGE = "tag:yaml.org,2002:merge"  # "<<: {...}" copies keys in, like an alias


def _compose_text(text: str) -> yaml.Node | None:
    """The document's nodes, composed strictly from the parser's events."""
    parser = _EVENT_LOADER(text)
    try:
        return _compose_events(parser.get_event)
    finally:
        parser.dispose()


_SCALAR, _ALIAS, _DOCUMENT = yaml.ScalarEvent, yaml.AliasEvent, yaml.DocumentStartEvent
_OPENS: dict[type, Any] = {  # the event → the node class it opens
    yaml.SequenceStartEvent: yaml.SequenceNode, yaml.MappingStartEvent: yaml.MappingNode}
_CLOSES = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _compose_events(next_event: Callable[[], Any]) -> yaml.Node | None:
    """Nodes from parser events, like PyYAML's composer, but iterative and strict.

    Refuses aliases (``*name``), merge keys (``<<``) and nesting deeper than MAX_DEPTH;
    and, as the safe composer does, a second document. Events are told apart by their
    exact class (the parser makes no subclasses), scalars first: most events are.
    """
    root: yaml.Node | None = None
    documents = 0
    stack: list[tuple[yaml.SequenceNode | yaml.MappingNode, list[yaml.Node]]] = []
    forbidden = _FORBIDDEN.search
    while (event := next_event()) is not None:
        kind = type(event)
        if kind is _SCALAR:
            if bad := forbidden(event.value):
                raise _error(f"the text holds a control character (U+{ord(bad.group()):04X}) "
                             f"that could take over the terminal showing it: a pack is plain "
                             f"text", event)
            tag = event.tag
            if tag is None or tag == "!":
                tag = _resolve(yaml.ScalarNode, event.value, event.implicit)
            if tag == _MERGE and stack and isinstance(stack[-1][0], yaml.MappingNode):
                raise _error("YAML merge keys (<<) are not allowed in a pack: write the keys "
                             "out in each mapping", event)
            node: yaml.Node = yaml.ScalarNode(tag, event.value, event.start_mark,
                                              event.end_mark, style=event.style)
            if stack:
                stack[-1][1].append(node)
            else:
                root = node
        elif kind in _OPENS:
            if len(stack) >= MAX_DEPTH:
                raise _error(f"the YAML nests more than {MAX_DEPTH} levels deep", event)
            node_kind = _OPENS[kind]
            tag = event.tag
            if tag is None or tag == "!":
                tag = _resolve(node_kind, None, event.implicit)
            opened: yaml.SequenceNode | yaml.MappingNode = node_kind(
                tag, [], event.start_mark, None, flow_style=event.flow_style)
            if stack:
                stack[-1][1].append(opened)
            else:
                root = opened
            stack.append((opened, []))
        elif kind in _CLOSES:
            closed, children = stack.pop()
            closed.end_mark = event.end_mark
            if isinstance(closed, yaml.MappingNode):
                closed.value = list(zip(children[::2], children[1::2], strict=True))
            else:
                closed.value = children
        elif kind is _DOCUMENT:
            documents += 1
            if documents > 1:
                raise _error("YAML syntax: a pack is one document, but '---' starts another",
                             event)
        elif kind is _ALIAS:
            raise _error("YAML aliases (*name) are not allowed in a pack: write the value out",
                         event)
    return root


def _error(message: str, event: yaml.Event) -> PackReadError:
    mark = event.start_mark
    if mark is None:
        return PackReadError(message)
    return PackReadError(message, mark.line + 1, mark.column + 1)


@lru_cache(maxsize=4096)
def _resolve(kind: Any, value: str | None, implicit: object) -> str:
    """The implicit tag of a value; kept, as a pack writes the same keys on every card."""
    tag: str = _RESOLVER.resolve(kind, value, implicit)  # type: ignore[no-untyped-call]
    return tag


def _line_column(text: str, index: int | None) -> tuple[int, int]:
    before = text if index is None else text[:index]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return line, column
