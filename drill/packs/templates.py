"""Card text as a template over the givens and the solver's results.

A placeholder is ``{name}`` or ``{name:sample}``:

* ``{gpu}``, ``{model}``: the catalog names of the scenario's GPU and model (``{a_gpu}``
  adds the article: "an H100", "a B200");
* ``{weights}``: a given, as the scenario writes it ("16 GB");
* ``{decode_floor:4.78 ms}``: a solver result (or a given shown another way). The sample
  says how to show it: in its unit, with at least its significant figures (and never
  fewer than three). The base scenario shows the sample itself, so rendering it needs no
  solver, and ``drill check`` checks the sample against the result.

* ``{25 GB/s|constant: PCIe Gen4's usable rate}``: a free figure, one no given or result
  accounts for, marked by the author with the reason it is free (see :data:`FREE_REASONS`).
  It shows as the figure itself, in the base and in every variant; ``drill check``'s
  closed world takes it as accounted for.

``{{`` and ``}}`` write literal braces. Parsing is plain text work: no sympy, no YAML.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from drill.packs.model import Card

#: Names a template may use besides the givens and results: the scenario's catalog names,
#: bare or with their article ("an H100", "a B200").
SCENARIO_NAMES = ("gpu", "a_gpu", "model", "a_model")

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: Why a figure may be free of the card's givens and results, as the marker names it.
FREE_REASONS: dict[str, str] = {
    "constant": "a fixed fact of the field the card does not compute (PCIe Gen4's ~25 GB/s)",
    "range": "one end of a spread quoted as bounds (150 to 180 tokens/s)",
    "wrong": "a figure the text names as wrong, a claim or a slip (not 500 s)",
    "source": "a figure as another text rounds it, quoted beside drill's (about 200 tokens/s)",
    "name": "a number that is part of a name the checker cannot tell (a 70B model)",
    "example": "a what-if the text picks to make a point (had attention been 80%)",
}


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


@dataclass(frozen=True, slots=True)
class Free:
    """A figure the author marked as free: ``{25 GB/s|constant: why}``."""

    figure: str  # what the text shows ("25 GB/s")
    reason: str  # one of FREE_REASONS
    note: str  # the author's why, may be empty
    start: int
    end: int


Piece = Literal | Slot | Free


_TOKEN = re.compile(r"\{\{|\}\}|\{[^{}]*\}|[{}]")


@lru_cache(maxsize=4096)
def parse_template(text: str) -> tuple[Piece, ...]:
    """The literal runs and placeholders of ``text``; raises TemplateError.

    Cached: every variant of a card renders the same templates again.
    """
    pieces: list[Piece] = []
    run: list[str] = []
    run_start = 0
    at = 0

    def flush(end: int) -> None:
        if run:
            pieces.append(Literal("".join(run), run_start, end))
            run.clear()

    for match in _TOKEN.finditer(text):
        start, end = match.span()
        token = match.group()
        if start > at:
            if not run:
                run_start = at
            run.append(text[at:start])
        at = end
        if token in ("{{", "}}"):
            if not run:
                run_start = start
            run.append(token[0])
        elif token == "}":
            raise TemplateError("a '}' without its '{': write '}}' for a literal brace", start)
        elif token == "{":
            raise TemplateError("a '{' without its '}': write '{{' for a literal brace", start)
        else:
            flush(start)
            pieces.append(_slot(token[1:-1], start, end))
    if at < len(text):
        if not run:
            run_start = at
        run.append(text[at:])
    flush(len(text))
    return tuple(pieces)


def _slot(inside: str, start: int, end: int) -> Slot | Free:
    if "|" in inside:
        return _free(inside, start, end)
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


def _free(inside: str, start: int, end: int) -> Free:
    figure, _, why = inside.partition("|")
    reason, _, note = why.partition(":")
    figure, reason = " ".join(figure.split()), reason.strip()
    if reason not in FREE_REASONS:
        raise TemplateError(
            f"'{{{inside}}}' marks a free figure, but '{reason}' is not a reason: write "
            f"{{{figure or '25 GB/s'}|REASON}} or {{...|REASON: why}} with REASON one of "
            f"{', '.join(FREE_REASONS)}", start)
    if not any(ch.isdigit() for ch in figure):
        raise TemplateError(f"'{{{inside}}}' marks a free figure, but '{figure}' has no "
                            f"number: write the figure before the '|'", start)
    return Free(figure, reason, " ".join(note.split()), start, end)


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


def free_figures(pieces: tuple[Piece, ...]) -> list[Free]:
    return [piece for piece in pieces if isinstance(piece, Free)]


@dataclass(frozen=True, slots=True)
class Rendered:
    """A rendered template, able to say where in the template a character came from."""

    text: str
    #: (start in text, end in text, piece): every piece in order.
    spans: tuple[tuple[int, int, Piece], ...]
    #: The hash, worked out on first use: the checker's caches are keyed by renderings,
    #: and hashing every piece of every span again costs more than what they save.
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash((self.text, self.spans)))
        assert self._hash is not None
        return self._hash

    def __reduce__(self) -> tuple[type[Rendered], tuple[str, tuple[tuple[int, int, Piece], ...]]]:
        return Rendered, (self.text, self.spans)  # not the hash: another process's differs

    def template_offset(self, offset: int) -> int:
        for start, end, piece in self.spans:
            if start <= offset < end:
                if isinstance(piece, Literal) and piece.end - piece.start == end - start:
                    return piece.start + offset - start
                return piece.start
        return self.spans[-1][2].end if self.spans else 0

    def literal_runs(self) -> list[tuple[int, int]]:
        """Where the text is written out in the template (outside placeholders and free
        figures)."""
        return [(start, end) for start, end, piece in self.spans if isinstance(piece, Literal)]


def render(pieces: tuple[Piece, ...], fill: Callable[[Slot], str]) -> Rendered:
    """The text with every placeholder replaced by ``fill(slot)``."""
    out: list[str] = []
    spans: list[tuple[int, int, Piece]] = []
    at = 0
    for piece in pieces:
        if isinstance(piece, Literal):
            text = piece.text
        elif isinstance(piece, Free):
            text = piece.figure  # the same in every variant: no fill needed
        else:
            text = fill(piece)
        out.append(text)
        spans.append((at, at + len(text), piece))
        at += len(text)
    return Rendered("".join(out), tuple(spans))


def sample_shown(sample: str) -> str:
    """What the base text shows for a sample: ``~300`` → 300, ``150 [tokens/s]`` → 150."""
    text = " ".join(sample.split()).removeprefix("~").strip()
    if text.endswith("]") and "[" in text:
        text = text.split("[", 1)[0].strip()
    return text


def with_texts(card: Card, texts: Mapping[str, str], *,
               stated: Mapping[int, str | None] | None = None,
               **changes: object) -> Card:
    """``card`` with the text fields at these paths ("answer[1]", ...) replaced; and the
    stated figure of each ask in ``stated`` (by index), and any other field in
    ``changes`` (a variant's givens): one new card, each ask made anew only if a text or
    figure of it changes (a big pack's check renders thousands of variants)."""
    stated = stated or {}
    if not texts and not stated and not changes:
        return card
    top: dict[str, Any] = dict(changes)
    for key in ("title", "scenario", "tip"):
        if key in texts:
            top[key] = texts[key]
    for key in ("answer", "key_numbers"):
        items = list(getattr(card, key))
        for i in range(len(items)):
            items[i] = texts.get(f"{key}[{i}]", items[i])
        top[key] = tuple(items)
    asks = []
    for i, ask in enumerate(card.asks):
        mistakes = tuple(
            m if (message := texts.get(f"asks[{i}].mistakes[{j}].message")) is None
            else dataclasses.replace(m, message=message)
            for j, m in enumerate(ask.mistakes))
        question = texts.get(f"asks[{i}].question", ask.question)
        same = i not in stated and question is ask.question and all(
            new is old for new, old in zip(mistakes, ask.mistakes, strict=True))
        asks.append(ask if same else dataclasses.replace(
            ask, question=question, mistakes=mistakes, stated=stated.get(i, ask.stated)))
    return dataclasses.replace(card, asks=tuple(asks), **top)
