"""Which of a card's key points an explanation makes, and by which words or figures.

A point is made when any of its ``words`` appears in the text (case, hyphens and line
breaks aside: "memory-bound" matches "memory bound") or any of its ``figures`` is stated
right. Plain string work; nothing is evaluated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from drill.packs.model import KeyPoint

_JOINERS = re.compile(r"[\s\-‐‑–—_/]+")


@dataclass(frozen=True, slots=True)
class PointCheck:
    text: str
    covered: bool
    matched: tuple[str, ...]  # the words found and the figures stated right


def normalized(text: str) -> str:
    """Lower case, with every run of spaces, hyphens, dashes, slashes as one space."""
    return " " + _JOINERS.sub(" ", text.casefold()).strip() + " "


def check_points(points: Iterable[KeyPoint], text: str, right_figures: set[str]
                 ) -> tuple[PointCheck, ...]:
    """Each point, covered or not, with what matched (``right_figures``: the names of the
    givens and results the text states right)."""
    plain = normalized(text)
    found: list[PointCheck] = []
    for point in points:
        matched = [word for word in point.words if _contains(plain, word)]
        matched += [name for name in point.figures if name in right_figures]
        found.append(PointCheck(point.text, bool(matched), tuple(matched)))
    return tuple(found)


def _contains(plain: str, word: str) -> bool:
    phrase = normalized(word).strip()
    if not phrase:
        return False
    # Whole words only ("HBM" not in "HBMs"? it is: a plural still makes the point).
    return re.search(r"(?<![\w])" + re.escape(phrase) + r"(?:s|es)?(?![\w])", plain) is not None
