"""The start-up cache of Home's figures: a hit draws what working them out afresh draws,
and anything that changed them (a rating, a pack file, the time) is a miss.

The entries are written the way a start writes them (the start-up child's
``drill.app.prefetch._build``), into this test's own cache folder. The app tests' pack
has four cards: ``floor``, its follow-up (new only once ``floor`` was reviewed),
``amdahl`` and ``spoken``; the clock is stopped at 09:00 UTC, and study days start at
04:00.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from drill.app import home_cache
from drill.app.backend import Backend
from drill.app.drill_app import DrillApp
from drill.app.home_view import HomeView, home_view
from drill.app.options import AppOptions
from drill.app.prefetch import _build
from drill.app.screens.home import HomeScreen
from drill.app.widgets.figure_row import FigureRow
from drill.scheduling.clock import FixedClock
from drill.storage.app_claim import claim_folder
from testkit import RunCli, load_app_solvers

pytestmark = pytest.mark.slow


@pytest.fixture
def options(data_dir: Path, clock: FixedClock, tmp_path: Path,
            monkeypatch: pytest.MonkeyPatch) -> AppOptions:
    """The app tests' pack, copied so a test can edit it; a cache folder of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    packs = tmp_path / "packs"
    shutil.copytree(Path(__file__).parent / "packs", packs)
    load_app_solvers()
    return AppOptions(data_dir=data_dir, pack_dirs=(packs,), clock=clock,
                      prepare_in_background=False, builtin_packs=False)


def fresh(options: AppOptions) -> HomeView:
    """Home's figures worked out from the data, as a start without the cache does."""
    backend = Backend(options.data_dir, options.pack_dirs, options.clock,
                      options.builtin_packs)
    backend.open()
    try:
        return home_view(backend)
    finally:
        backend.close()


def kept(options: AppOptions) -> HomeView | None:
    """A start that works the figures out (and keeps them), then what the next start
    reads from the cache."""
    _build(options)
    return home_cache.read(options)


def rate(options: AppOptions, key: str, rating: int) -> None:
    backend = Backend(options.data_dir, options.pack_dirs, options.clock,
                      options.builtin_packs)
    backend.open()
    try:
        backend.rate(key, rating, 5.0, [])
    finally:
        backend.close()


def figures(view: HomeView | None) -> tuple[int, int, int, int, str | None]:
    assert view is not None
    return (view.due, view.new, view.done_today, view.streak,
            view.next_card.key if view.next_card else None)


def test_the_first_start_keeps_nothing_as_it_creates_the_database(
    options: AppOptions,
) -> None:
    assert kept(options) is None  # the database did not exist before it was read
    assert figures(kept(options)) == (0, 3, 0, 0, "app-demo/floor")


def test_a_kept_entry_is_what_working_the_figures_out_gives(options: AppOptions) -> None:
    kept(options)
    view = kept(options)
    assert view == fresh(options)
    # due 0; new: floor, amdahl, spoken (the follow-up waits for floor's first review)
    assert figures(view) == (0, 3, 0, 0, "app-demo/floor")


def test_a_rating_makes_the_entry_a_miss_and_the_next_start_keeps_the_new_figures(
    options: AppOptions,
) -> None:
    kept(options)
    assert kept(options) is not None
    rate(options, "app-demo/floor", 1)  # Again: floor is learning, back within a minute
    assert home_cache.read(options) is None
    view = kept(options)
    assert view == fresh(options)
    # due: floor (learning, within the 20-minute learn-ahead); new: the follow-up (floor
    # was reviewed), amdahl, spoken; one rating today, a streak of one day.
    assert figures(view) == (1, 3, 1, 1, "app-demo/floor-follow-up")


def test_an_edited_pack_file_makes_the_entry_a_miss(options: AppOptions) -> None:
    kept(options)
    assert kept(options) is not None
    pack = options.pack_dirs[0] / "app-demo.yaml"
    text = pack.read_text(encoding="utf-8")
    pack.write_text(text.replace("  - id: spoken", "  - id: spoken-again"), encoding="utf-8")
    assert home_cache.read(options) is None
    assert kept(options) == fresh(options)


def test_a_pack_file_added_to_a_folder_not_there_before_makes_the_entry_a_miss(
    options: AppOptions,
) -> None:
    kept(options)
    assert kept(options) is not None
    assert options.data_dir is not None
    own = options.data_dir / "packs"  # the data folder's own packs: none until now
    own.mkdir()
    pack = (options.pack_dirs[0] / "app-demo.yaml").read_text(encoding="utf-8")
    (own / "mine.yaml").write_text(pack.replace("pack: app-demo", "pack: mine", 1),
                                   encoding="utf-8")
    assert home_cache.read(options) is None
    view = kept(options)
    assert view == fresh(options)
    assert view is not None and len(view.packs) == 2


def test_settings_changed_make_the_entry_a_miss(options: AppOptions) -> None:
    kept(options)
    assert kept(options) is not None
    assert options.data_dir is not None
    (options.data_dir / "settings.toml").write_text("new_cards_per_day = 1\n",
                                                   encoding="utf-8")
    assert home_cache.read(options) is None
    assert figures(kept(options)) == (0, 1, 0, 0, "app-demo/floor")


def test_later_the_same_day_and_the_next_day_read_what_working_out_gives_then(
    options: AppOptions, clock: FixedClock,
) -> None:
    kept(options)
    rate(options, "app-demo/floor", 1)  # learning, due again at 09:01
    start = clock.now()
    kept(options)
    seen = {}
    # 09:00:30 (floor in the learn-ahead window, shown after the new cards), 09:02 (floor
    # due: shown first), 03:59 and 04:01 the next morning (a new study day: nothing done
    # yet, the streak still one).
    for offset in (timedelta(seconds=30), timedelta(minutes=2),
                   timedelta(hours=18, minutes=59), timedelta(hours=19, minutes=1)):
        clock.set(start + offset)
        seen[offset] = home_cache.read(options)
        assert seen[offset] == fresh(options)
    assert figures(seen[timedelta(seconds=30)]) == (1, 3, 1, 1, "app-demo/floor-follow-up")
    assert figures(seen[timedelta(minutes=2)]) == (1, 3, 1, 1, "app-demo/floor")
    # floor has been due since yesterday; the day's new limit starts afresh
    assert figures(seen[timedelta(hours=19, minutes=1)]) == (1, 3, 0, 1, "app-demo/floor")
    clock.set(start + home_cache.LOOKAHEAD + timedelta(days=1))  # past the entry's spans
    assert home_cache.read(options) is None
    clock.set(start - timedelta(minutes=1))  # a clock set back: before the entry
    assert home_cache.read(options) is None


def test_a_damaged_or_foreign_entry_is_ignored(options: AppOptions) -> None:
    kept(options)
    assert kept(options) is not None
    path = home_cache.entry_path(options)
    entry = json.loads(path.read_text(encoding="utf-8"))
    damaged = [
        "{ not json",
        "",
        json.dumps({**entry, "format": home_cache.FORMAT + 1}),
        json.dumps({**entry, "fingerprint": "0" * 64}),
        json.dumps({**entry, "spans": [{"start": 0, "end": "later", "view": {}}]}),
        json.dumps({**entry, "spans": [{**entry["spans"][0], "view": {"due": 3}}]}),
        json.dumps({**entry, "code": {}}),
        json.dumps({**entry, "code": {p: [size, mtime + 1] for p, (size, mtime)
                                      in entry["code"].items()}}),
    ]
    for text in damaged:
        path.write_text(text, encoding="utf-8")
        assert home_cache.read(options) is None, text
    assert kept(options) == fresh(options)  # rebuilt


def test_a_crafted_entry_never_crashes_and_a_pipe_is_not_waited_on(
        options: AppOptions) -> None:
    kept(options)
    assert kept(options) is not None
    path = home_cache.entry_path(options)
    entry = json.loads(path.read_text(encoding="utf-8"))
    span = entry["spans"][0]

    def with_due(token: str) -> str:
        return json.dumps({**entry, "spans": [{**span, "view": {**span["view"], "due": "@@"}}]}
                          ).replace('"@@"', token)

    for text in ["[" * 100_000, with_due("Infinity"), with_due("NaN"), with_due("1e400"),
                 with_due("1" + "0" * 400)]:
        path.write_text(text, encoding="utf-8")
        assert home_cache.read(options) is None, text[:40]
    path.unlink()
    os.mkfifo(path)
    assert home_cache.read(options) is None
    assert _build(options) == fresh(options)  # the entry written afresh in the pipe's place
    assert home_cache.read(options) == fresh(options)


def test_a_cache_folder_that_cannot_be_made_only_costs_speed(options: AppOptions) -> None:
    folder = home_cache.cache_dir()
    folder.parent.mkdir(parents=True)
    folder.write_text("a file where the folder would be", encoding="utf-8")
    assert kept(options) is None
    assert kept(options) is None
    assert _build(options) == fresh(options)


def test_no_entry_is_read_while_another_app_has_the_folder(options: AppOptions) -> None:
    kept(options)
    assert kept(options) is not None
    assert options.data_dir is not None
    other = claim_folder(options.data_dir)
    try:
        assert home_cache.read(options) is None  # the start says so, as it always has
    finally:
        other.release()
    assert home_cache.read(options) is not None


def test_drill_cache_clear_removes_the_kept_figures(options: AppOptions,
                                                   run_cli: RunCli) -> None:
    kept(options)
    assert kept(options) is not None
    code, out, _ = run_cli("cache", "clear")
    assert code == 0
    assert "Home's figures kept for 1 data folder" in out
    assert home_cache.read(options) is None
    assert not home_cache.entry_path(options).exists()


def counts_row(app: DrillApp) -> str:
    row = app.screen.query_one("#home-counts", FigureRow)
    return " · ".join(f"{value} {label}" for value, label in row.figures)


@pytest.mark.parametrize("change", ["none", "rating", "pack"])
async def test_home_shows_the_same_counts_from_the_cache_as_without_it(
    options: AppOptions, change: str,
) -> None:
    kept(options)
    kept(options)
    if change == "rating":
        rate(options, "app-demo/amdahl", 4)  # Easy: a review card, due in days
    elif change == "pack":
        pack = options.pack_dirs[0] / "app-demo.yaml"
        text = pack.read_text(encoding="utf-8")
        pack.write_text(text.replace("  - id: spoken", "  - id: spoken-again"),
                        encoding="utf-8")
    cached = home_cache.read(options)
    assert (cached is None) == (change != "none")
    rows = []
    for first_view in (cached, None):
        app = DrillApp(dataclasses.replace(options), first_view=first_view)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            rows.append(counts_row(app))
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.ready  # from the cache, the data is opened after the first frame
            assert counts_row(app) == rows[-1]
    assert rows[0] == rows[1]
    expected = {"none": "0 due · 3 new · 0 done today · 0 days streak",
                "rating": "0 due · 2 new · 1 done today · 1 day streak",
                "pack": "0 due · 3 new · 0 done today · 0 days streak"}
    assert rows[0] == expected[change]
