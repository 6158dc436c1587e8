"""A mock interview: which cards to ask, in which variant, and the scorecard.

Cards are drawn across packs without replacement, weighted by priority and by the
learner's weak spots (lapses, logged mistakes, wrong figures in earlier explanations);
follow-up cards are not drawn on their own, as they come after their parent. Each card
is asked in a variant drawn at random (its base scenario among them). Plain data: the
command line and the app ask the questions and time the answers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from drill.explaining.explain import Explanation
from drill.packs.model import Card
from drill.storage.interviews import ExplanationRow

#: Seconds an answer should take, as in the room.
ANSWER_SECONDS = 60


@dataclass(frozen=True, slots=True)
class Question:
    card: Card  # the card as drawn (the base; the variant is rendered when asked)
    variant: str | None  # None: the base scenario


@dataclass(frozen=True, slots=True)
class CardScore:
    """How one answer went."""

    key: str  # "speed-physics/q1#h20"
    seconds: float
    right: int
    wrong: int
    mistakes: tuple[str, ...]  # each wrong figure and what went wrong
    covered: int
    points: int
    missed: tuple[str, ...]  # the key points not made

    @property
    def over_time(self) -> bool:
        return self.seconds > ANSWER_SECONDS

    @property
    def to_review(self) -> bool:
        return bool(self.wrong or self.missed or self.over_time or not self.right)


def weight(card: Card, weak: Mapping[str, int]) -> float:
    """Priority cards twice as likely; each lapse or logged mistake adds one more share."""
    return (2.0 if card.is_priority else 1.0) + weak.get(card.key, 0)


def pick(cards: Sequence[Card], weak: Mapping[str, int], count: int,
         rng: random.Random) -> list[Question]:
    """``count`` distinct cards (fewer if there are not so many), weighted, each with a
    variant drawn at random."""
    pool = [card for card in cards if card.parent is None]
    chosen: list[Question] = []
    while pool and len(chosen) < count:
        card = rng.choices(pool, weights=[weight(c, weak) for c in pool])[0]
        pool.remove(card)
        options: list[str | None] = [None, *(v.id for v in card.variants)]
        chosen.append(Question(card, rng.choice(options)))
    return chosen


def score(explanation: Explanation, seconds: float) -> CardScore:
    return CardScore(
        key=explanation.card_key,
        seconds=seconds,
        right=sum(1 for f in explanation.figures if f.verdict == "right"),
        wrong=len(explanation.wrong),
        mistakes=tuple(f.message() for f in explanation.wrong)
        + ((explanation.refused,) if explanation.refused else ()),
        covered=len(explanation.covered),
        points=len(explanation.points),
        missed=tuple(p.text for p in explanation.missed),
    )


def explanation_row(card: Card, explanation: Explanation, seconds: float) -> ExplanationRow:
    """The explanation as the review database keeps it: the text and how it scored."""
    scored = score(explanation, seconds)
    return ExplanationRow(card.key, card.variant, explanation.text, max(0, int(seconds * 1000)),
                          scored.right, scored.wrong, scored.covered, scored.points,
                          scored.mistakes)


def scorecard_lines(scores: Sequence[CardScore]) -> list[str]:
    """The scorecard as text: a line per card, totals, and what to review."""
    lines = ["Scorecard", f"  {'card':<34} {'time':>5}  {'figures':>9}  {'points':>6}"]
    for s in scores:
        late = "!" if s.over_time else " "
        lines.append(f"  {s.key:<34} {s.seconds:>4.0f}s{late} {s.right:>3} ✓ {s.wrong:>2} ✗  "
                     f"{s.covered:>3}/{s.points}")
    right, wrong = sum(s.right for s in scores), sum(s.wrong for s in scores)
    covered, points = sum(s.covered for s in scores), sum(s.points for s in scores)
    lines.append(f"  {'all':<34} {sum(s.seconds for s in scores):>4.0f}s  {right:>3} ✓ "
                 f"{wrong:>2} ✗  {covered:>3}/{points}")
    review = [s for s in scores if s.to_review]
    lines += ["", "To review" if review else "Nothing to review: every figure right, "
              "every point made, on time."]
    for s in review:
        why = [*s.mistakes]
        if s.missed:
            why.append("missed: " + "; ".join(s.missed))
        if s.over_time:
            why.append(f"took {s.seconds:.0f} s of {ANSWER_SECONDS}")
        lines.append(f"  {s.key}")
        lines += [f"    - {reason}" for reason in why]
    return lines
