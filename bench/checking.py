"""Benchmark: ``drill check`` as a whole process, cold and warm, in CPU time.

    python -m bench.checking

Every figure is the CPU time of the whole process (its workers included), the median of
several runs. A *cold* run has an empty cache folder of its own (a fresh
``XDG_CACHE_HOME``), so nothing checked or solved before is reused; a *warm* run reads
the findings kept by the run before it. The cold check of a generated 1,000-card pack is
compared with ``python -c "import sympy"`` measured in the same run (target ≤ 5×), and
its growth must be linear: the cost of each extra card from 100 to 550 cards and from
550 to 1,000 cards must stay within 1.5× of each other.
"""

from __future__ import annotations

import os
import resource
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
#: The cold check of a 1,000-card pack, as a multiple of importing sympy.
COLD_TARGET_RATIO = 5.0
#: Allowed growth of the cost per extra card from the first step to the second.
LINEAR_SLACK = 1.5
SIZES = (100, 550, 1000)


def _cpu_run(command: list[str], cache: Path | None = None,
             env: dict[str, str] | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process and its children; ``cache``: its
    cache folder (a fresh empty one makes the run cold)."""
    environment = {**os.environ, **(env or {})}
    if cache is not None:
        environment["XDG_CACHE_HOME"] = str(cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                            env=environment)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def _check(paths: list[Path], cache: Path, env: dict[str, str] | None = None
           ) -> tuple[float, float]:
    return _cpu_run([sys.executable, "-m", "drill", "check", *map(str, paths)], cache, env)


def _cold_checks(paths: list[Path], repeats: int, scratch: Path,
                 env: dict[str, str] | None = None) -> list[tuple[float, float]]:
    runs = []
    for _ in range(repeats):
        cache = Path(tempfile.mkdtemp(prefix="cache-", dir=scratch))  # empty: cold
        runs.append(_check(paths, cache, env))
    return runs


class _NoAliases(yaml.SafeDumper):
    """Packs refuse YAML aliases; the repeated cards share objects, so write them out."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _letters(number: int) -> str:
    """a, b, ..., z, aa, ab, ...: a tag for a copy that the closed world reads as no
    figure."""
    tag = ""
    number += 1
    while number:
        number, letter = divmod(number - 1, 26)
        tag = chr(ord("a") + letter) + tag
    return tag


def generate_pack(cards: int, folder: Path, distinct: bool = False) -> Path:
    """A pack of ``cards`` cards made by repeating the built-in cards under new ids;
    ``distinct``: each copy's title also gets a tag of its own, so no two cards are alike
    and none is passed as a copy of one already found clean."""
    source = yaml.safe_load((ROOT / "packs" / "01-speed-physics.yaml").read_text())
    originals = source["cards"]
    made = []
    for index in range(cards):
        card = dict(originals[index % len(originals)])
        round_ = index // len(originals)
        card["id"] = f"{card['id']}-{round_}"
        if distinct:
            card["title"] = f"{card['title']}, take {_letters(index)}"
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
    path = folder / f"generated-{cards}{'-distinct' if distinct else ''}.yaml"
    path.write_text(yaml.dump(pack, Dumper=_NoAliases, allow_unicode=True, sort_keys=False))
    return path


def measure_checking(repeats: int = 5, sizes: tuple[int, ...] = SIZES) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="drill-bench-check-") as folder:
        scratch = Path(folder)
        sympy_cpu = statistics.median(
            _cpu_run([sys.executable, "-c", "import sympy"])[0] for _ in range(repeats))
        builtin_cold = [cpu for cpu, _ in _cold_checks([], repeats, scratch)]
        warm_cache = Path(tempfile.mkdtemp(prefix="cache-", dir=scratch))
        _check([], warm_cache)
        builtin_warm = [_check([], warm_cache)[0] for _ in range(repeats)]
        cpu_by_size: dict[int, list[float]] = {}
        wall_by_size: dict[int, list[float]] = {}
        for size in sizes:
            path = generate_pack(size, scratch)
            runs = _cold_checks([path], repeats, scratch)
            cpu_by_size[size] = [cpu for cpu, _ in runs]
            wall_by_size[size] = [wall for _, wall in runs]
        largest = generate_pack(sizes[-1], scratch)
        serial = _cold_checks([largest], repeats, scratch, {"DRILL_CHECK_WORKERS": "1"})
        distinct = [cpu for cpu, _ in _cold_checks(
            [generate_pack(sizes[-1], scratch, distinct=True)], repeats, scratch)]
    median = {size: statistics.median(runs) for size, runs in cpu_by_size.items()}
    # The growth compares differences of these times, which a busy machine's noise
    # swamps: the fastest run of each size is the one least disturbed.
    fastest = {size: min(runs) for size, runs in cpu_by_size.items()}
    small, middle, large = (fastest[s] for s in sizes)
    first_step = (middle - small) / (sizes[1] - sizes[0])
    second_step = (large - middle) / (sizes[2] - sizes[1])
    growth = second_step / first_step if first_step > 0 else 1.0
    ratios = [cpu / sympy_cpu for cpu in cpu_by_size[sizes[-1]]]
    serial_cpu = [cpu for cpu, _ in serial]
    serial_wall = [wall for _, wall in serial]
    return {
        "sympy": _row("python -c 'import sympy' (the yardstick)", "s", [sympy_cpu], "",
                      True),
        # Cold, the built-ins pay for importing sympy and solving every card: shown, and
        # held to no target of its own (the 1,000-card pack's ratio is the cold target).
        "builtin": _row("check: built-in packs, cold", "s", builtin_cold, "(shown only)",
                        True),
        "builtin_warm": _row("check: built-in packs, warm", "s", builtin_warm,
                             f"≤ {BUILTIN_TARGET_S:g} s",
                             statistics.median(builtin_warm) <= BUILTIN_TARGET_S),
        "large": {
            **_row(f"check: {sizes[-1]:,}-card pack, cold, ÷ import sympy", "×", ratios,
                   f"≤ {COLD_TARGET_RATIO:g}×",
                   statistics.median(ratios) <= COLD_TARGET_RATIO),
            "cpu_s_by_size": {str(s): round(t, 3) for s, t in median.items()},
            "fastest_cpu_s_by_size": {str(s): round(t, 3) for s, t in fastest.items()},
            "wall_s_by_size": {str(s): round(statistics.median(w), 3)
                               for s, w in wall_by_size.items()},
            "serial_cpu_s": round(statistics.median(serial_cpu), 3),
            "serial_wall_s": round(statistics.median(serial_wall), 3),
            "sympy_import_cpu_s": round(sympy_cpu, 3),
        },
        # The generated pack repeats seven cards, and a card alike one already found clean
        # is not checked again: the same pack with no two cards alike shows the cost of
        # cards that are all new.
        "distinct": _row(f"check: {sizes[-1]:,} cards no two alike, cold, ÷ import sympy",
                         "×", [cpu / sympy_cpu for cpu in distinct],
                         f"≤ {COLD_TARGET_RATIO:g}×",
                         statistics.median(distinct) / sympy_cpu <= COLD_TARGET_RATIO),
        "linear": {
            **_row("check: growth of the cost per card, cold", "×", [growth],
                   f"≤ {LINEAR_SLACK:g}× (linear)", growth <= LINEAR_SLACK),
            "ms_per_card": [round(first_step * 1000, 3), round(second_step * 1000, 3)],
        },
    }


def _row(name: str, unit: str, runs: list[float], target: str, passed: bool) -> dict[str, Any]:
    return {"name": name, "unit": unit, "median": statistics.median(runs), "min": min(runs),
            "max": max(runs), "target": target, "passed": passed}


if __name__ == "__main__":
    import json

    print(json.dumps(measure_checking(), indent=2))
