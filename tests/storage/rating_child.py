"""A drill process for the crash and two-writer tests (run as a script, not collected).

    python rating_child.py DATA_DIR COUNT SEED [--wait]

Rates random cards of a 20-card pack through ReviewSession, printing "REVIEW_ID KEY" after
each rating is committed. COUNT 0 means forever (until killed). With --wait it prints
"ready" once the database is open, then rates in batches: each line on stdin is a number,
how many to rate next (it stops at the end of its input), so the test decides when two
children write at once.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC

from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import SystemClock
from drill.scheduling.ratings import TypedAnswer

CARDS = [
    Card(pack="crash", id=f"c{i}", title=f"card {i}", priority="solid", scenario="s", order=i)
    for i in range(20)
]


def main() -> int:
    folder, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    with ReviewSession.open(CARDS, folder, clock=SystemClock(UTC)) as session:
        if "--wait" in sys.argv:
            print("ready", flush=True)
            for line in sys.stdin:
                for _ in range(int(line)):
                    rate_one(session, rng)
            return 0
        done = 0
        while count == 0 or done < count:
            rate_one(session, rng)
            done += 1
    return 0


def rate_one(session: ReviewSession, rng: random.Random) -> None:
    """Rate a random card; say so once it is committed."""
    card = rng.choice(CARDS)
    answer = TypedAnswer("x", f"{rng.random():.3f} ms", "incorrect", ("power-of-ten",))
    rated = session.rate(card.key, rng.randint(1, 4), rng.randint(0, 90_000), [answer])
    print(rated.review_id, card.key, flush=True)


if __name__ == "__main__":
    sys.exit(main())
