"""Which of a card's key points an explanation makes, and by which words or figures.

A point's claim is made when any of its ``words`` appears in the text (case, hyphens and
line breaks aside: "memory-bound" matches "memory bound"), when any of its ``figures`` is
stated right, or when one sentence of the text says most of what the point's own text says
in other words (its meaningful words, folded as :mod:`drill.explaining.meaning` folds them:
"GPU-util only shows a kernel was running, not how busy the SMs are" paraphrases "GPU util
is a duty cycle, not how busy the chip is"). A point is made only when its claim is made and
none of its figures is stated wrong: "Little's law" named beside a wrong count of requests
in flight is the law misapplied. Plain string work; nothing is evaluated.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from drill.explaining.meaning import words_of
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


def check_points(points: Iterable[KeyPoint], text: str, right_figures: set[str],
                 wrong_figures: frozenset[str] = frozenset(),
                 wrong_at: Iterable[int] = ()) -> tuple[PointCheck, ...]:
    """Each point, covered or not, with what matched (``right_figures``: the names of the
    givens and results the text states right; ``wrong_figures``: those it states wrong;
    ``wrong_at``: where wrong figures start, as a point's words said in the same sentence
    as a wrong figure are a claim misapplied)."""
    starts = [0, *(m.end() for m in _SENTENCES.finditer(text))]
    spans = list(zip(starts, [*starts[1:], len(text)], strict=True))
    bad = {index for index, (low, high) in enumerate(spans)
           for at in wrong_at if low <= at < high}
    sound = " ".join(text[low:high] for index, (low, high) in enumerate(spans)
                     if index not in bad)
    plain = normalized(sound)
    sentences = [set(words_of(text[low:high])) for index, (low, high) in enumerate(spans)
                 if index not in bad]
    everywhere = normalized(text)
    found: list[PointCheck] = []
    for point in points:
        # A relation's words count only where no wrong figure is said beside them.
        words_in = plain if _RELATION.search(point.text) else everywhere
        matched = [word for word in point.words if _contains(words_in, word)]
        matched += [name for name in point.figures if name in right_figures]
        if not matched and _paraphrased(point.text, sentences):
            matched.append("in other words")
        misstated = any(name in wrong_figures for name in point.figures)
        found.append(PointCheck(point.text, bool(matched) and not misstated, tuple(matched)))
    return tuple(found)


_SENTENCES = re.compile(r"(?<=[.;!?])\s+|\n")
#: How much of a point's own wording one sentence must say to make it in other words.
PARAPHRASE_SHARE = 0.6


#: Words that carry a point's emphasis, not its content.
_EMPHASIS = frozenset({"not", "no", "only", "never", "every", "all", "just", "also"})
#: A point that states a relation is a formula: said beside a wrong figure, misapplied.
_RELATION = re.compile(r"\b(?:times|over|divided|product|sum|minus|plus|equals?)\b|[×÷=]")


def _paraphrased(point: str, sentences: list[set[str]]) -> bool:
    wanted = set(words_of(point)) - _EMPHASIS
    if len(wanted) < 2:
        return False
    need = max(2, math.ceil(PARAPHRASE_SHARE * len(wanted)))
    return any(len(wanted & said) >= need for said in sentences)


def _contains(plain: str, word: str) -> bool:
    phrase = normalized(word).strip()
    if not phrase:
        return False
    # Whole words only ("HBM" not in "HBMs"? it is: a plural still makes the point).
    return re.search(r"(?<![\w])" + re.escape(phrase) + r"(?:s|es)?(?![\w])", plain) is not None
