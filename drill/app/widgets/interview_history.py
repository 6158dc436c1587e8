"""The mock interviews on the Stats screen: each one's score over time, as a row of bars
(oldest on the left), then the latest ones line by line with what the score is made of."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Static

if TYPE_CHECKING:
    from drill.storage.interviews import InterviewSummary

BLOCKS = "▁▂▃▄▅▆▇█"
LISTED = 8  # interviews listed line by line (the bars show more)


def score_text(summary: InterviewSummary) -> str:
    return "–" if summary.score is None else f"{summary.score:.0%}"


def score_bars(interviews: Sequence[InterviewSummary]) -> Content:
    """One bar per interview, oldest first, its height the score (a dot: nothing judged)."""
    cells: list[tuple[str, str]] = []
    for summary in reversed(interviews):
        score = summary.score
        if score is None:
            cells.append(("·", "$text-muted"))
        else:
            block = BLOCKS[min(len(BLOCKS) - 1, int(score * len(BLOCKS)))]
            cells.append((block, "$success" if score >= 0.8 else "$warning" if score >= 0.5
                          else "$error"))
    return Content.assemble(*cells)


def interview_lines(interviews: Sequence[InterviewSummary], zone: tzinfo) -> list[Content]:
    """The bars, then the latest interviews, newest first."""
    if not interviews:
        return [Content.styled("No mock interviews yet: press i on Home for one.",
                               "$text-muted")]
    lines = [Content.assemble(("score over time  ", "$text-muted"), score_bars(interviews),
                              ("  (oldest to latest)", "$text-muted"))]
    for summary in interviews[:LISTED]:
        when = datetime.fromtimestamp(summary.finished / 1000, UTC).astimezone(zone)
        cards = "card" if summary.cards == 1 else "cards"
        asks = (f" · asks {summary.asks_right}/{summary.asks_right + summary.asks_wrong}"
                if summary.asks_right + summary.asks_wrong else "")
        lines.append(Content.assemble(
            (when.strftime("%Y-%m-%d %H:%M"), "$text-muted"), "  ",
            (f"{score_text(summary):>4}", "bold"),
            f"  {summary.cards} {cards} · figures {summary.figures_right}✓ "
            f"{summary.figures_wrong}✗{asks} · points {summary.points_covered}/"
            f"{summary.points_total}"))
    return lines


class InterviewHistory(Static):
    """The interviews, drawn once from the summaries it is given (newest first)."""

    DEFAULT_CSS = "InterviewHistory { height: auto; }"

    def __init__(self, interviews: Sequence[InterviewSummary], zone: tzinfo, *,
                 id: str | None = None) -> None:
        super().__init__(Content("\n").join(interview_lines(interviews, zone)), id=id)
