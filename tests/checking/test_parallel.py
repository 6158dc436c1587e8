"""Checking a pack's cards on several processes gives the serial run's findings, in order."""

from __future__ import annotations

import gc
import multiprocessing
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from drill.checking.checker import check_cards, check_loaded
from drill.checking.parallel import PARALLEL_FROM, in_runs, map_runs, workers_for
from drill.packs.loader import UnloadedCard, load_pack
from drill.packs.locate import builtin_packs_dir
from testkit import RunCli


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def _planted_pack(folder: Path, copies: int) -> Path:
    """The speed-physics cards ``copies`` times over under new ids, with one number in
    seven bumped by one, so that the check has findings all over the file."""
    source = yaml.safe_load((builtin_packs_dir() / "01-speed-physics.yaml").read_text())
    cards = []
    for round_ in range(copies):
        for original in source["cards"]:
            card = dict(original)
            card["id"] = f"{card['id']}-{round_}"
            card.pop("follow_up", None)
            cards.append(card)
    text = yaml.dump({**source, "pack": "planted", "cards": cards}, Dumper=_NoAliases,
                     allow_unicode=True, sort_keys=False)
    lines, numbered = [], 0
    for line in text.splitlines(keepends=True):
        if re.search(r"\d", line) and "id:" not in line:
            numbered += 1
            if numbered % 7 == 0:
                line = re.sub(r"\d+", lambda m: str(int(m.group()) + 1), line, count=1)
        lines.append(line)
    path = folder / "planted.yaml"
    path.write_text("".join(lines))
    return path


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Two copies: each card has a twin under another id (reuse across processes), and
    # 28 cards are plenty to share out between two workers.
    return _planted_pack(tmp_path_factory.mktemp("planted"), copies=2)


def test_runs_cover_every_item_once_in_order() -> None:
    assert in_runs(10, 3) == [(0, 4), (4, 7), (7, 10)]
    assert in_runs(10, 20) == [(n, n + 1) for n in range(10)]
    assert in_runs(1, 4) == [(0, 1)]


def test_a_small_pack_is_checked_here_and_a_big_one_on_every_core(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DRILL_CHECK_WORKERS", raising=False)
    assert workers_for(PARALLEL_FROM - 1, load=0.0) == 1
    assert workers_for(PARALLEL_FROM) >= 1
    cores = min(len(os.sched_getaffinity(0)), 8)
    assert workers_for(PARALLEL_FROM, load=0.0) == workers_for(PARALLEL_FROM, load=0.9) == cores
    # Only onto idle cores: one process running leaves one core fewer, all of them none.
    assert workers_for(PARALLEL_FROM, load=1.2) == max(1, cores - 1)
    assert workers_for(PARALLEL_FROM, load=float(cores)) == 1
    assert workers_for(PARALLEL_FROM, load=cores + 3.0) == 1
    monkeypatch.setenv("DRILL_CHECK_WORKERS", "1")
    assert workers_for(10 * PARALLEL_FROM) == 1
    monkeypatch.setenv("DRILL_CHECK_WORKERS", "3")
    assert workers_for(2) == 2  # never more processes than cards
    monkeypatch.setenv("DRILL_CHECK_WORKERS", "many")
    assert workers_for(10) == 1  # not a number: as if unset


@pytest.mark.slow
@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_parallel_findings_are_the_serial_ones_whatever_the_start_method(
        planted: Path, method: str) -> None:
    if method not in multiprocessing.get_all_start_methods():
        pytest.fail(f"this platform has no {method} start method")  # drill runs on Linux
    loaded = load_pack(planted, "planted.yaml")
    assert loaded.pack is not None
    cards = [UnloadedCard(card, False) for card in loaded.pack.cards]
    serial = check_cards(cards, loaded.text)
    parallel = map_runs(check_cards, cards, loaded.text, 2,
                        multiprocessing.get_context(method))
    assert parallel == serial
    assert sum(len(stage) for _, stages in serial for stage in stages) > 40  # all found


def test_a_forked_check_leaves_the_collector_as_it_found_it(planted: Path) -> None:
    """Before forking, the check freezes its heap (the workers' collector then leaves it
    alone) and unfreezes it afterwards, but not a heap its caller had frozen already."""
    loaded = load_pack(planted, "planted.yaml")
    assert loaded.pack is not None
    cards = [UnloadedCard(card, False) for card in loaded.pack.cards[:4]]
    fork = multiprocessing.get_context("fork")
    try:
        gc.unfreeze()
        map_runs(check_cards, cards, loaded.text, 2, fork)
        assert gc.get_freeze_count() == 0  # its own freeze undone
        gc.freeze()
        frozen = gc.get_freeze_count()
        map_runs(check_cards, cards, loaded.text, 2, fork)
        assert gc.get_freeze_count() >= frozen > 0  # the caller's kept
    finally:
        gc.freeze()  # as the suite's own set-up left it (tests/conftest.py)


@pytest.mark.slow
def test_a_report_is_the_same_on_one_process_or_two(planted: Path) -> None:
    loaded = load_pack(planted, "planted.yaml")
    one = check_loaded(loaded, workers=1)
    two = check_loaded(loaded, workers=2)
    assert two == one
    assert one.errors > 20 and one.cards == 28


@pytest.mark.slow
def test_drill_check_prints_the_same_bytes_on_one_process_or_two(
        planted: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    outputs = []
    for workers in ("1", "2"):
        monkeypatch.setenv("DRILL_CHECK_WORKERS", workers)
        # A cache of its own each time: the second run must check, not read the first.
        monkeypatch.setenv("XDG_CACHE_HOME", str(planted.parent / f"cache-{workers}"))
        outputs.append(run_cli("check", str(planted)))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 1 and "error:" in outputs[0][1]


@pytest.mark.slow
def test_a_worker_started_afresh_loads_the_users_solvers_too(tmp_path: Path) -> None:
    """The sample pack's cards use solvers of a user's folder: a spawned worker has to
    load that folder again, or every card would be "unknown solver". (A copy under new
    solver names: the suite has the originals registered already.)"""
    from drill.solving.solver_modules import load_solver_folders
    from testkit import SAMPLES

    for name in ("demo.yaml", "sample_solvers.py"):
        text = (SAMPLES / name).read_text().replace('"sample-', '"copied-')
        (tmp_path / name).write_text(text.replace("solver: sample-", "solver: copied-"))
    assert load_solver_folders([tmp_path]) == []
    loaded = load_pack(tmp_path / "demo.yaml", "demo.yaml")
    assert loaded.pack is not None and len(loaded.pack.cards) >= 2
    assert {card.solver for card in loaded.pack.cards} >= {"copied-decode"}
    cards = [UnloadedCard(card, False) for card in loaded.pack.cards]
    serial = check_cards(cards, loaded.text)
    parallel = map_runs(check_cards, cards, loaded.text, 2,
                        multiprocessing.get_context("spawn"))
    assert parallel == serial
    assert not any("unknown solver" in d.message
                   for _, stages in serial for stage in stages for d in stage)


def test_cards_alike_are_worked_out_once_but_each_finding_is_at_its_own_card(
        tmp_path: Path) -> None:
    """Each planted card twice, the second under another id: its findings are the
    first's, each at the same place relative to its own card (nothing worked out for
    one is reported at the other's lines)."""
    planted = yaml.safe_load(_planted_pack(tmp_path, copies=1).read_text())
    twice = [copy for card in planted["cards"]
             for copy in (card, {**card, "id": f"{card['id']}-again"})]
    path = tmp_path / "twice.yaml"
    path.write_text(yaml.dump({**planted, "cards": twice}, Dumper=_NoAliases,
                              allow_unicode=True, sort_keys=False))
    loaded = load_pack(path, "twice.yaml")
    assert loaded.pack is not None
    starts = {card.key: card.where.line for card in loaded.pack.cards}
    relative: dict[str, list[tuple[str, int, int, str | None]]] = {key: [] for key in starts}
    cards = [UnloadedCard(card, False) for card in loaded.pack.cards]
    everything = [d for _, stages in check_cards(cards, loaded.text)
                  for stage in stages for d in stage]
    for found in everything:
        assert found.card_key is not None
        relative[found.card_key].append(
            (found.message, found.location.line - starts[found.card_key],
             found.location.column, found.variant))
    pairs = [(key, f"{key}-again") for key in starts if not key.endswith("-again")]
    for first, second in pairs:
        assert relative[first] == relative[second], first
    assert sum(len(relative[first]) for first, _ in pairs) > 10


def where_checked(items: Sequence[int], text: str) -> list[tuple[int, int]]:
    """A check that says which process checked each item (module-level: a worker
    imports it by name)."""
    return [(item, os.getpid()) for item in items]


def test_a_pool_starts_only_once_the_cards_left_look_worth_it() -> None:
    items = list(range(200))
    fork = multiprocessing.get_context("fork")
    here = map_runs(where_checked, items, "", 2, fork, worth=1e9)
    assert here == [(item, os.getpid()) for item in items]  # never worth it: all here
    soon = map_runs(where_checked, items, "", 2, fork, worth=1e-12)
    assert [item for item, _ in soon] == items
    # Two runs of five here to take the pace, then the pool: some elsewhere.
    assert {pid for _, pid in soon[:10]} == {os.getpid()}
    assert {pid for _, pid in soon[10:]} - {os.getpid()}


def test_a_count_of_workers_given_starts_the_pool_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from drill.checking.parallel import POOL_WORTH_S, pool_worth

    monkeypatch.delenv("DRILL_CHECK_WORKERS", raising=False)
    assert pool_worth() == POOL_WORTH_S > 0
    monkeypatch.setenv("DRILL_CHECK_WORKERS", "2")
    assert pool_worth() == 0.0
