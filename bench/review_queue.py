"""Benchmark: build today's queue with 10,000 cards and 500,000 logged reviews.

    python -m bench.review_queue [--cards N] [--reviews N] [--repeats N] [--keep DIR] [--json]

Generates a database (random but seeded, so every run measures the same data), opens it
the way the app does and times ``ReviewSession.queue()``. Target: ≤ 100 ms. The benchmark
suite calls :func:`measure_queue`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from drill.config.settings import Settings
from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.scheduling.ids import card_id
from drill.scheduling.timestamps import to_ms
from drill.storage.database import open_database

TARGET_MS = 100.0
NOW = datetime(2025, 6, 10, 16, 0, tzinfo=UTC)
ZONE = ZoneInfo("America/New_York")
PACK_SIZE = 200


def make_cards(count: int, rng: random.Random) -> list[Card]:
    """Packs of 200; about a third priority; every tenth card a follow-up of the one before."""
    cards = []
    for index in range(count):
        pack, order = f"pack-{index // PACK_SIZE:03d}", index % PACK_SIZE
        parent = f"c{order - 1}" if order % 10 == 9 else None
        cards.append(Card(
            pack=pack, id=f"c{order}", title=f"Card {index}",
            priority="priority" if rng.random() < 0.33 else "solid",
            scenario="A generated scenario.", parent=parent, order=order,
        ))
    return cards


def generate(path: Path, cards: list[Card], reviews: int, rng: random.Random) -> None:
    """Card states and a review log as a long-time user would have them."""
    now_ms = to_ms(NOW)
    day_ms = 86_400_000
    card_rows, seen = [], []
    for card in cards:
        roll = rng.random()
        if roll < 0.15:
            continue  # new: no row
        cid = card_id(card.key)
        seen.append(cid)
        if roll < 0.18:  # learning or relearning, due around now
            phase, due, step = rng.choice((1, 3)), now_ms + rng.randint(-3600_000, 3600_000), 0
        else:  # review, from a month overdue to half a year ahead
            phase, due, step = 2, now_ms + rng.randint(-30 * day_ms, 180 * day_ms), None
        suspended = int(rng.random() < 0.02)
        lapses = rng.randint(0, 9)
        card_rows.append((
            cid, card.key, phase, step, rng.uniform(1, 300), rng.uniform(1, 10), due,
            due - rng.randint(1, 60) * day_ms, rng.randint(1, 100), lapses, suspended,
            None, int(lapses >= 8),
        ))
    two_years = 730 * day_ms

    def log_rows() -> Any:
        for review_id in range(1, reviews + 1):
            phase_before = rng.choice((0, 1, 2, 2, 2, 2, 3))
            yield (
                review_id, now_ms - rng.randint(0, two_years), rng.choice(seen),
                "review" if rng.random() < 0.97 else "cram", rng.choice((1, 2, 3, 3, 3, 4)),
                phase_before, 2, 86400 * rng.randint(0, 60), 86400 * rng.randint(1, 90),
                rng.randint(2000, 90_000),
            )

    def answer_rows() -> Any:
        for answer_id in range(1, reviews // 5 + 1):
            verdict = rng.choice(("correct", "correct", "incorrect", "invalid"))
            yield answer_id, rng.randint(1, reviews), 0, "x", "4.8 ms", verdict

    with open_database(path) as db:
        def fill(conn: Any) -> None:
            conn.executemany(
                "INSERT INTO cards (id, key, phase, step, stability, difficulty, due, "
                "last_review, reps, lapses, suspended, buried_until, leech) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                card_rows,
            )
            conn.executemany(
                "INSERT INTO revlog (id, time, card_id, kind, rating, phase_before, "
                "phase_after, interval_before, interval_after, duration_ms) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                log_rows(),
            )
            conn.executemany(
                "INSERT INTO answers (id, review_id, position, ask_id, text, verdict) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                answer_rows(),
            )
            conn.executemany(
                "INSERT INTO answer_mistakes (answer_id, rank, mistake_id) VALUES (?, 0, ?)",
                ((a, rng.choice(("bytes-over-flops", "power-of-ten", "wrong-dimension")))
                 for a in range(1, reviews // 5 + 1, 2)),
            )
        db.write(fill)
        db.read(lambda conn: conn.execute("ANALYZE"))


def _timed(action: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    result = action()
    return (time.perf_counter() - started) * 1000, result


def measure_queue(
    cards: int = 10_000,
    reviews: int = 500_000,
    repeats: int = 15,
    folder: Path | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """Generate the data, then time building today's queue. Figures in milliseconds."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="drill-bench-") as scratch:
        where = Path(folder) if folder is not None else Path(scratch)
        where.mkdir(parents=True, exist_ok=True)
        path = where / "drill.sqlite3"
        path.unlink(missing_ok=True)
        deck = make_cards(cards, rng)
        generate_ms, _ = _timed(lambda: generate(path, deck, reviews, rng))
        clock = FixedClock(NOW, ZONE)
        open_ms, session = _timed(
            lambda: ReviewSession(deck, open_database(path), Settings(), clock)
        )
        with session:
            first_ms, queue = _timed(session.queue)
            runs = [_timed(session.queue)[0] for _ in range(repeats)]
            clock.advance(timedelta(seconds=1))
            counts_ms, _ = _timed(session.counts)
            stats_ms, _ = _timed(session.stats)
    median = statistics.median(runs)
    return {
        "name": "queue",
        "cards": cards,
        "reviews": reviews,
        "queue_length": len(queue),
        "runs_ms": [round(r, 2) for r in runs],
        "median_ms": round(median, 2),
        "min_ms": round(min(runs), 2),
        "max_ms": round(max(runs), 2),
        "first_ms": round(first_ms, 2),
        "target_ms": TARGET_MS,
        "passed": median <= TARGET_MS and first_ms <= TARGET_MS,
        # For information, not targets:
        "session_open_ms": round(open_ms, 2),
        "home_counts_ms": round(counts_ms, 2),
        "stats_ms": round(stats_ms, 2),
        "generate_ms": round(generate_ms, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--reviews", type=int, default=500_000)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--keep", metavar="DIR", help="write the database here and keep it")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    result = measure_queue(args.cards, args.reviews, args.repeats,
                           Path(args.keep) if args.keep else None)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"queue of {result['queue_length']} cards from {result['cards']:,} cards and "
              f"{result['reviews']:,} reviews: median {result['median_ms']} ms "
              f"(min {result['min_ms']}, max {result['max_ms']}, first {result['first_ms']}); "
              f"target ≤ {TARGET_MS:.0f} ms: {'pass' if result['passed'] else 'FAIL'}")
        print(f"  open session {result['session_open_ms']} ms, home counts "
              f"{result['home_counts_ms']} ms, stats {result['stats_ms']} ms, "
              f"generating the data {result['generate_ms'] / 1000:.1f} s")
    return 0 if result["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
