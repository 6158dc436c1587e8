"""A mock interview: which cards to ask, in which variant, and the scorecard.

Cards are drawn across packs without replacement, weighted by priority and by the
learner's weak spots (lapses, logged mistakes, wrong figures in earlier explanations);
follow-up cards are not drawn on their own, as they come after their parent, as the
interviewer's next question. Each card is asked in a variant drawn at random (its base
scenario among them). Plain data: the command line and the app ask the questions and
time the answers, through the same draw, scores and saved rows. Each answer is written
to the review database the moment it is checked (:func:`keep_answer`), not at the end.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from drill.explaining.explain import Explanation
from drill.packs.model import Card
from drill.scheduling.ratings import TypedAnswer
from drill.storage.database import Database
from drill.storage.interviews import (
    ExplanationRow,
    StoredExplanation,
    add_to_interview,
    finish_interview,
    interview_explanations,
    save_interview,
    weak_spots,
)

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
    asks_right: int = 0  # the card's asks answered as numbers (the app asks them)
    asks_wrong: int = 0
    asks: int = 0  # how many the card has (some may be left unanswered)

    @property
    def over_time(self) -> bool:
        return self.seconds > ANSWER_SECONDS

    @property
    def to_review(self) -> bool:
        return bool(self.wrong or self.asks_wrong or self.missed or self.over_time
                    or not (self.right or self.asks_right))

    def reasons(self) -> list[str]:
        """Why the card is worth reviewing: each mistake, the points missed, the overrun."""
        why = [*self.mistakes]
        if self.missed:
            why.append("missed: " + "; ".join(self.missed))
        if self.over_time:
            why.append(f"took {self.seconds:.0f} s of {ANSWER_SECONDS}")
        if not (self.right or self.asks_right or self.mistakes):
            why.append("no figure of the card was given")
        return why


def weight(card: Card, weak: Mapping[str, int]) -> float:
    """Priority cards twice as likely; each lapse or logged mistake adds one more share."""
    return (2.0 if card.is_priority else 1.0) + weak.get(card.key, 0)


def draw(database: Database, cards: Sequence[Card], count: int,
         rng: random.Random) -> list[Question]:
    """The interview's questions: :func:`pick` over the learner's weak spots as the
    review database has them. Raises StorageError."""
    return pick(cards, database.read(weak_spots), count, rng)


def follow_up(card: Card, find: Callable[[str], Card | None],
              rng: random.Random) -> Question | None:
    """The card's follow-up as the interviewer's next question (a fresh variant of it),
    if it has one that ``find`` (a card by key) knows."""
    if not card.follow_up:
        return None
    follow = find(f"{card.pack}/{card.follow_up}")
    if follow is None:
        return None
    return Question(follow, rng.choice([None, *(v.id for v in follow.variants)]))


def save(database: Database, started_ms: int, finished_ms: int,
         rows: Sequence[ExplanationRow]) -> tuple[int, list[StoredExplanation]]:
    """Keep the interview and every explanation in it, in one transaction; its id and
    the explanations as stored (their ids let a rating chosen afterwards keep them).
    Raises StorageError."""

    def work(conn: sqlite3.Connection) -> tuple[int, list[StoredExplanation]]:
        interview_id = save_interview(conn, started_ms, finished_ms, rows)
        return interview_id, interview_explanations(conn, interview_id)

    return database.write(work)


def keep_answer(database: Database, interview_id: int | None, started_ms: int,
                when_ms: int, position: int, row: ExplanationRow) -> tuple[int, int]:
    """Write one answer of an interview the moment it is checked, so that quitting, a
    closed terminal or a kill keeps every answer checked so far (the interview's row is
    made with the first). The interview's id and the explanation's. Raises
    StorageError."""
    return database.write(lambda conn: add_to_interview(
        conn, interview_id, started_ms, when_ms, position, row))


def finish(database: Database, interview_id: int, finished_ms: int) -> None:
    """Mark the interview ended (its answers are kept already). Raises StorageError."""
    database.write(lambda conn: finish_interview(conn, interview_id, finished_ms))


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


def score(explanation: Explanation, seconds: float, answers: Sequence[TypedAnswer] = (),
          asks: Sequence[str] = ()) -> CardScore:
    """How one answer went: the explanation's figures and points, and the card's asks
    typed as numbers (``answers``; ``asks``: the card's ask ids in order, to name them
    by number)."""
    numbers = {ask: n for n, ask in enumerate(asks, start=1)}
    typed_wrong = [a for a in answers if a.verdict == "incorrect"]
    return CardScore(
        key=explanation.card_key,
        seconds=seconds,
        right=sum(1 for f in explanation.figures if f.verdict == "right"),
        wrong=len(explanation.wrong),
        mistakes=tuple(f.message() for f in explanation.wrong)
        + ((explanation.refused,) if explanation.refused else ())
        + tuple(f"ask {numbers.get(a.ask_id, a.ask_id)}: {a.text}"
                + (f" ({', '.join(a.mistakes)})" if a.mistakes else "") for a in typed_wrong),
        covered=len(explanation.covered),
        points=len(explanation.points),
        missed=tuple(p.text for p in explanation.missed),
        asks_right=sum(1 for a in answers if a.verdict == "correct"),
        asks_wrong=len(typed_wrong),
        asks=len(asks),
    )


def explanation_row(card: Card, explanation: Explanation, seconds: float,
                    scored: CardScore | None = None) -> ExplanationRow:
    """The explanation as the review database keeps it: the text and how it scored
    (``scored``: its score with the typed asks, when there were any)."""
    scored = scored or score(explanation, seconds)
    # An ask left unanswered is not right: it is kept with the wrong ones, so that
    # `drill stats` scores the interview out of every ask, as its scorecard does.
    not_right = max(scored.asks_wrong, scored.asks - scored.asks_right)
    return ExplanationRow(card.key, card.variant, explanation.text, max(0, int(seconds * 1000)),
                          scored.right, scored.wrong, scored.covered, scored.points,
                          scored.mistakes, scored.asks_right, not_right)


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
    lines += ["", "To review" if review else NOTHING_TO_REVIEW]
    for s in review:
        lines.append(f"  {s.key}")
        lines += [f"    - {reason}" for reason in s.reasons()]
    return lines


NOTHING_TO_REVIEW = "Nothing to review: every figure right, every point made, on time."
