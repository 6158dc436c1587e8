"""Card text as a template over the givens and the solver's results.

A placeholder is ``{name}`` or ``{name:sample}``:

* ``{gpu}``, ``{model}``: the catalog names of the scenario's GPU and model (``{a_gpu}``
  adds the article: "an H100", "a B200");
* ``{weights}``: a given, as the scenario writes it ("16 GB");
* ``{decode_floor:4.78 ms}``: a solver result (or a given shown another way). The sample
  says how to show it: in its unit, with at least its significant figures (and never
  fewer than three). The base scenario shows the sample itself, so rendering it needs no
  solver, and ``drill check`` checks the sample against the result.

``{{`` and ``}}`` write literal braces. Parsing is plain text work: no sympy, no YAML.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

#: Names a template may use besides the givens and results: the scenario's catalog names,
#: bare or with their article ("an H100", "a B200").
SCENARIO_NAMES = ("gpu", "a_gpu", "model", "a_model")

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class TemplateError(Exception):
    """A malformed placeholder; ``offset`` is where in the text it starts."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


@dataclass(frozen=True, slots=True)
class Literal:
    text: str
    start: int  # offsets in the template
    end: int


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    sample: str | None
    start: int
    end: int

    @property
    def source(self) -> str:
        return f"{{{self.name}:{self.sample}}}" if self.sample is not None else f"{{{self.name}}}"


Piece = Literal | Slot


def parse_template(text: str) -> tuple[Piece, ...]:
    """The literal runs and placeholders of ``text``; raises TemplateError."""
    pieces: list[Piece] = []
    i = 0
    run_start = 0
    run: list[str] = []

    def flush(end: int) -> None:
        if run:
            pieces.append(Literal("".join(run), run_start, end))
            run.clear()

    while i < len(text):
        ch = text[i]
        if ch in "{}" and text[i + 1 : i + 2] == ch:
            if not run:
                run_start = i
            run.append(ch)
            i += 2
            continue
        if ch == "}":
            raise TemplateError("a '}' without its '{': write '}}' for a literal brace", i)
        if ch == "{":
            close = text.find("}", i + 1)
            opening = text.find("{", i + 1)
            if close < 0 or 0 <= opening < close:
                raise TemplateError("a '{' without its '}': write '{{' for a literal brace", i)
            flush(i)
            pieces.append(_slot(text[i + 1 : close], i, close + 1))
            i = close + 1
            continue
        if not run:
            run_start = i
        run.append(ch)
        i += 1
    flush(len(text))
    return tuple(pieces)


def _slot(inside: str, start: int, end: int) -> Slot:
    name, colon, sample = inside.partition(":")
    name = " ".join(name.split())
    if not _NAME.fullmatch(name):
        raise TemplateError(
            f"'{{{inside}}}' is not a placeholder: write {{name}} or {{name:sample}}, with a "
            f"given's or result's name (letters, digits, underscores)", start)
    if not colon:
        return Slot(name, None, start, end)
    sample = " ".join(sample.split())
    if not sample:
        raise TemplateError(f"'{{{inside}}}' has an empty sample: write it like "
                            f"{{{name}:4.78 ms}}", start)
    return Slot(name, sample, start, end)


def scenario_values(gpu: str | None, model: str | None) -> dict[str, str]:
    """What the scenario names show: ``{"gpu": "H100", "a_gpu": "an H100", ...}``."""
    values: dict[str, str] = {}
    if gpu:
        values["gpu"] = gpu
        values["a_gpu"] = f"{_article(gpu, spelled=True)} {gpu}"
    if model:
        values["model"] = model
        values["a_model"] = f"{_article(model, spelled=False)} {model}"
    return values


def _article(name: str, *, spelled: bool) -> str:
    """ "an" before a vowel sound: GPU names are read letter by letter (an H100, a B200)."""
    first = name[:1].upper()
    vowel_sounds = "AEFHILMNORSX" if spelled else "AEIOU"
    if first.isdigit():
        return "an" if first in "8" or name.startswith(("11", "18")) else "a"
    return "an" if first in vowel_sounds else "a"


def slots(pieces: tuple[Piece, ...]) -> list[Slot]:
    return [piece for piece in pieces if isinstance(piece, Slot)]


@dataclass(frozen=True, slots=True)
class Rendered:
    """A rendered template, able to say where in the template a character came from."""

    text: str
    #: (start in text, end in text, piece): every piece in order.
    spans: tuple[tuple[int, int, Piece], ...]

    def template_offset(self, offset: int) -> int:
        for start, end, piece in self.spans:
            if start <= offset < end:
                if isinstance(piece, Literal) and piece.end - piece.start == end - start:
                    return piece.start + offset - start
                return piece.start
        return self.spans[-1][2].end if self.spans else 0

    def literal_runs(self) -> list[tuple[int, int]]:
        """Where the text is written out in the template (outside placeholders)."""
        return [(start, end) for start, end, piece in self.spans if isinstance(piece, Literal)]


def render(pieces: tuple[Piece, ...], fill: Callable[[Slot], str]) -> Rendered:
    """The text with every placeholder replaced by ``fill(slot)``."""
    out: list[str] = []
    spans: list[tuple[int, int, Piece]] = []
    at = 0
    for piece in pieces:
        text = piece.text if isinstance(piece, Literal) else fill(piece)
        out.append(text)
        spans.append((at, at + len(text), piece))
        at += len(text)
    return Rendered("".join(out), tuple(spans))
