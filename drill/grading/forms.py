"""Answer shapes beyond one figure: working with its result, a note, a range.

* ``expr = value`` (or ``≈``, ``→``): the last figure is the answer; the working before it
  must agree with it, and an interviewer would say so when it does not;
* ``4.78 ms (memory bound)``: a note after the figure is kept, not graded, and said so;
  its marks and figures are its own, but a note that ends the answer on a figure
  (``0.25, so 2.5%``, ``119.5, round to 120``) gives the answer that figure;
* ``340-350``: a range, right only when every value in it is.

Each function only splits text; grading stays in :mod:`drill.grading.grade`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Marks between a working and its result. A leading one ("≈ 4.8 ms") is not a split.
_CHAIN = re.compile(r"\s*(?:=>|->|→|⇒|≈|≃|≅|=|\\approx|(?<=\S)\s~\s?)\s*")


@dataclass(frozen=True, slots=True)
class Part:
    """A piece of the typed answer and where it starts in it."""

    text: str
    start: int


def chain_parts(text: str) -> list[Part]:
    """``1/4.78ms = 209`` as its parts, in order; one part when there is no chain."""
    lead = len(text) - len(text.lstrip(" ≈~=\t"))
    parts: list[Part] = []
    cursor = lead
    for match in _CHAIN.finditer(text, lead):
        if _bracketed(text, match.start()):
            continue  # "~295 (intensity ~ batch)": a mark inside brackets is the note's
        if match.start() == cursor:  # two marks in a row, or one at the start
            cursor = match.end()
            continue
        parts.append(Part(text[cursor:match.start()], cursor))
        cursor = match.end()
    if cursor < len(text) and text[cursor:].strip():
        parts.append(Part(text[cursor:], cursor))
    return parts or [Part(text, 0)]


_NOTE = re.compile(
    r"^(?P<figure>.*?[^\s(\[])\s*"
    r"(?:\((?P<paren>[^()]*(?:\([^()]*\)[^()]*)*)\)|\[(?P<bracket>[^\[\]]*)\]"
    r"|\s(?:—|–|--|-|;|:)\s*(?P<dash>[A-Za-z].*)|\s(?:—|–)\s*(?P<spaced>\d.*)"
    r"|[,;]\s*(?P<comma>[A-Za-z].*))\s*\.?\s*$")


def split_note(text: str) -> tuple[Part, Part] | None:
    """``4.78 ms (memory bound)`` as the figure and the note; None without a note."""
    match = _NOTE.match(text)
    if match is None:
        return None
    for group in ("paren", "bracket", "dash", "spaced", "comma"):
        if match.group(group) is not None:
            note = Part(match.group(group).strip(), match.start(group))
            break
    else:  # pragma: no cover - the pattern has one of them
        return None
    figure = match.group("figure")
    if not note.text or not any(ch.isdigit() for ch in figure):
        return None
    return Part(figure, 0), note


#: Words in a note that end the answer on a figure of their own: "so 4x", "i.e. ~80%",
#: "so the GPUs are about 67% busy", "rounded up to 30", "call it 300".
_CONCLUDED = re.compile(
    r"\b(?:so(?:\s+(?:the|each|every|one|a|an|its|our|their)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:is|are|was|were|comes\s+to|works\s+out\s+to))?"
    r"|i\.?e\.?|that's|that\s+is|which\s+is|call(?:ing)?\s+(?:it|that)"
    r"|round(?:ed|ing|s)?(?:\s+(?:it|that|this))?(?:\s+(?:up|down|off))?(?:\s+to)?)"
    r"(?=[\s,~≈])[\s,]*(?:(?:about|around|roughly|approximately|nearly)\s+|[~≈]\s*)?(?=\d)",
    re.IGNORECASE)
#: A figure as a note says it: a number and the one word after it that may be its unit.
_FIGURE = re.compile(r"(?P<number>\d[\d,]*(?:\.\d+)?)(?:\s*(?:%|[A-Za-zµμ$×][\w/$·×-]*))?")
#: After a figure, words that make it another quantity's: "~4,260 tok/s for the GPU".
_ANOTHER = re.compile(r"\s*(?:for\s+(?:the|all|every|each\s+node)|in\s+(?:total|all)|across"
                      r"|total|aggregate|combined)\b", re.IGNORECASE)


def concluded(note: Part) -> Part | None:
    """The figure a note ends the answer on ("so 4x (P99 grows too)": 4x), else None; a
    figure said of something else ("so ~4,260 tok/s for the GPU") is not."""
    cue = _CONCLUDED.search(note.text)
    if cue is None:
        return None
    # Working in the note ends on its result: "so 1/0.55 = 1.8x overall" ends on 1.8x.
    last = chain_parts(note.text[cue.end():])[-1]
    figure = _FIGURE.search(note.text, cue.end() + last.start)
    if figure is None or any(_ANOTHER.match(note.text, end)
                             for end in (figure.end("number"), figure.end())):
        return None
    return Part(figure.group(), note.start + figure.start())


def _bracketed(text: str, position: int) -> bool:
    """Whether ``position`` lies inside an open bracket."""
    before = text[:position]
    return before.count("(") > before.count(")") or before.count("[") > before.count("]")


def chained_answer(text: str) -> list[Part]:
    """``chain_parts`` ending at the first result that a note follows: the note's own marks
    ("4.78 ms, so at most ~209 tok/s") are the note's, not more working."""
    parts = chain_parts(text)
    for index, part in enumerate(parts[1:-1], start=1):
        if split_note(part.text) is not None:
            return [*parts[:index], Part(text[part.start:], part.start)]
    return parts


def trailing_words(text: str, position: int) -> tuple[Part, Part] | None:
    """``4.78 ms memory bound``, cut where the reader met an unknown word: the figure and
    the words after it, when they are two or more plain words."""
    rest = text[position:]
    if not re.fullmatch(r"[A-Za-z][\w,.\- ]*[\w]\.?", rest.strip()) or len(
            rest.split()) < 2:
        return None
    figure = text[:position].rstrip()
    if not any(ch.isdigit() for ch in figure):
        return None
    return Part(figure, 0), Part(rest.strip(), position)


_RANGE = re.compile(
    r"^\s*(?:≈|~|about|around|roughly|approx\.?|between)?\s*"
    r"(?P<low>[0-9][0-9.,]*)\s*(?P<low_unit>[^\s0-9\-–—]*)\s*"
    r"(?:-|–|—|to|and)\s*"
    r"(?P<high>[0-9][0-9.,]*)\s*(?P<high_unit>[^0-9].*?)?\s*$")


def range_ends(text: str) -> tuple[str, str] | None:
    """``340-350`` as ("340", "350"); ``4-6k`` as ("4 k", "6 k"); None when the text is no
    range. Whether the low end is below the high one is for the caller, which reads them."""
    match = _RANGE.match(text)
    if match is None:
        return None
    high_unit = (match.group("high_unit") or "").strip()
    low_unit = match.group("low_unit") or high_unit
    low = f"{match.group('low')} {low_unit}".strip()
    high = f"{match.group('high')} {high_unit}".strip()
    return low, high
