"""A drill process for the crash and two-writer tests (run as a script, not collected).

    python rating_child.py DATA_DIR COUNT SEED [--wait]

Rates random cards of a 20-card pack through ReviewSession, printing "REVIEW_ID KEY" after
each rating is committed. COUNT 0 means forever (until killed). With --wait it prints
"ready" once the database is open and starts when a line arrives on stdin, so two
children can be started together.
"""

from __future__ import annotations

import random
import sys
import time
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
            sys.stdin.readline()
        done = 0
        while count == 0 or done < count:
            card = rng.choice(CARDS)
            answer = TypedAnswer("x", f"{rng.random():.3f} ms", "incorrect", ("power-of-ten",))
            rated = session.rate(card.key, rng.randint(1, 4), rng.randint(0, 90_000), [answer])
            print(rated.review_id, card.key, flush=True)
            done += 1
            # A short pause, as between a person's ratings; without it one process takes
            # the lock back at once and the other only waits (SQLite is not fair).
            time.sleep(rng.random() * 0.002)
    return 0


if __name__ == "__main__":
    sys.exit(main())
