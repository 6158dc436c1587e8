"""Benchmark: ``drill check`` as a whole process, on the built-in packs and on big packs.

    python -m bench.checking [--repeats N]

Targets: the built-in packs ≤ 2 s; a generated pack of 1,000 cards ≤ 10 s, and the time
per card must not grow with the pack (250, 500 and 1,000 cards are measured).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
BUILTIN_TARGET_S = 2.0
LARGE_TARGET_S = 10.0
#: Allowed growth of the cost per extra card from the 250→500 step to the 500→1,000 step.
LINEAR_SLACK = 1.5


def _time_check(paths: list[Path], repeats: int) -> list[float]:
    runs = []
    for _ in range(repeats):
        started = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "drill", "check", *map(str, paths)],
            cwd=ROOT, capture_output=True, text=True,
        )
        runs.append(time.perf_counter() - started)
        if result.returncode != 0:
            raise RuntimeError(f"drill check failed:\n{result.stdout}{result.stderr}")
    return runs


class _NoAliases(yaml.SafeDumper):
    """Packs refuse YAML aliases; the repeated cards share objects, so write them out."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def generate_pack(cards: int, folder: Path) -> Path:
    """A pack of ``cards`` cards made by repeating the built-in cards under new ids."""
    source = yaml.safe_load((ROOT / "packs" / "01-speed-physics.yaml").read_text())
    originals = source["cards"]
    made = []
    for index in range(cards):
        card = dict(originals[index % len(originals)])
        round_ = index // len(originals)
        card["id"] = f"{card['id']}-{round_}"
        if card.get("follow_up"):
            card["follow_up"] = f"{card['follow_up']}-{round_}"
        made.append(card)
    # Keep follow-up links inside the generated pack: drop the ones cut off at the end.
    ids = {c["id"] for c in made}
    for card in made:
        if card.get("follow_up") not in ids:
            card.pop("follow_up", None)
    pack = {**source, "pack": f"generated-{cards}", "title": f"Generated ({cards} cards)",
            "cards": made}
    path = folder / f"generated-{cards}.yaml"
    path.write_text(yaml.dump(pack, Dumper=_NoAliases, allow_unicode=True, sort_keys=False))
    return path


def measure_checking(repeats: int = 5, sizes: tuple[int, ...] = (250, 500, 1000)) -> dict[str, Any]:
    builtin = _time_check([], repeats)
    per_size: dict[int, float] = {}
    runs_by_size: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="drill-bench-check-") as scratch:
        for size in sizes:
            path = generate_pack(size, Path(scratch))
            runs = _time_check([path], max(3, repeats // 2))
            runs_by_size[size] = runs
            # The growth test compares differences of these times, which noise on a busy
            # machine swamps: the fastest run is the one least disturbed.
            per_size[size] = min(runs)
    small, middle, large = (per_size[s] for s in sizes)
    first_step = (middle - small) / (sizes[1] - sizes[0])
    second_step = (large - middle) / (sizes[2] - sizes[1])
    growth = second_step / first_step if first_step > 0 else 1.0
    builtin_median = statistics.median(builtin)
    large_median = statistics.median(runs_by_size[sizes[-1]])
    return {
        "builtin": {
            "name": "check: built-in packs",
            "unit": "s",
            "median": builtin_median, "min": min(builtin), "max": max(builtin),
            "target": f"≤ {BUILTIN_TARGET_S:g} s",
            "passed": builtin_median <= BUILTIN_TARGET_S,
        },
        "large": {
            "name": f"check: {sizes[-1]:,}-card pack",
            "unit": "s",
            "median": large_median, "min": large,
            "max": max(runs_by_size[sizes[-1]]),
            "target": f"≤ {LARGE_TARGET_S:g} s",
            "passed": large_median <= LARGE_TARGET_S,
            "fastest_by_size": {str(s): round(t, 3) for s, t in per_size.items()},
        },
        "linear": {
            "name": "check: growth per card",
            "unit": "×",
            "median": growth, "min": growth, "max": growth,
            "target": f"≤ {LINEAR_SLACK:g}× (linear)",
            "passed": growth <= LINEAR_SLACK,
            "ms_per_card": [round(first_step * 1000, 3), round(second_step * 1000, 3)],
        },
    }


if __name__ == "__main__":
    import json

    print(json.dumps(measure_checking(), indent=2))
