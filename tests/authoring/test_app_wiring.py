"""The app shows variants on later reviews and logs them; its reload key reloads the
user's solver code too, and a broken module is a notice naming its file and line."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.widgets import Static

from drill.app.drill_app import DrillApp
from drill.app.options import AppOptions
from drill.app.screens.home import HomeScreen
from drill.app.screens.review import ReviewScreen
from drill.app.widgets.ask_field import AskField
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.solving.sources import load_sources, resolve_sources
from drill.solving.variants import pick_variant

pytestmark = pytest.mark.slow

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

PACK = """\
pack: mine
title: Mine
cards:
  - id: floor
    title: Decode on one {gpu}
    priority: priority
    gpu: H100
    scenario: "One user on one {gpu}: how short can a decode step be?"
    answer:
      - "{weights} ÷ {bandwidth} ≈ {decode_floor:4.78 ms}."
    solver: decode-floor
    givens:
      weights: 16 GB
      bandwidth: 3.35 TB/s
      peak_flops: 989 TFLOPS
      params: 8 billion
    facts:
      bandwidth: gpu.bandwidth
      peak_flops: gpu.bf16_dense
    variants:
      - id: h20
        gpu: H20
    asks:
      - id: decode_floor
        question: The shortest decode step?
        unit: ms
"""

SOLVER = """\
from drill.solving.registry import solver


@solver("t-app-reload", size="GB", speed="GB/s")
def read_time(size, speed):
    \"\"\"Bytes over speed.\"\"\"
    return {"time": size / speed}
"""


@pytest.fixture
def forget_user_solvers() -> Iterator[None]:
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    load_builtin_solvers()

    before = set(REGISTRY)
    yield
    for name in set(REGISTRY) - before:
        del REGISTRY[name]


def _app(data: Path, packs: Path, **changes: object) -> DrillApp:
    options = AppOptions(data_dir=data, pack_dirs=(packs,), timer_clock=lambda: 0.0,
                         clock=FixedClock(NOW), prepare_in_background=False,
                         builtin_packs=False, **changes)  # type: ignore[arg-type]
    return DrillApp(options)


def _setup(tmp_path: Path, reviews: int, settings: str = "") -> tuple[Path, Path]:
    data, packs = tmp_path / "data", tmp_path / "packs"
    packs.mkdir(parents=True)
    (packs / "mine.yaml").write_text(PACK, encoding="utf-8")
    data.mkdir()
    if settings:
        (data / "settings.toml").write_text(settings, encoding="utf-8")
    library = load_sources(resolve_sources(data, None, [packs], include_builtin=False))
    with ReviewSession.open(library.cards, data, FixedClock(NOW)) as session:
        for _ in range(reviews):
            session.cram("mine/floor", 3, 1000)
    return data, packs


async def _review(app: DrillApp) -> ReviewScreen:
    card = app.backend.card("mine/floor")
    assert card is not None
    await app.push_screen(app.review_screen(cram=[card]))
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_a_later_review_shows_a_variant_grades_it_and_logs_it(tmp_path: Path) -> None:
    data, packs = _setup(tmp_path, reviews=1)
    app = _app(data, packs)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        review = await _review(app)
        await pilot.pause()
        card = review.card
        assert card is not None
        expected = pick_variant(app.backend.card("mine/floor"), 1)  # type: ignore[arg-type]
        assert expected == "h20" and card.variant == "h20"
        scenario = str(review.query_one("#card-scenario", Static).render())
        assert "one H20" in scenario
        # 16 GB ÷ 4 TB/s = 4 ms is right for the H20 (the H100's 4.78 ms would be wrong).
        await pilot.press(*"16 GB / 4 TB/s", "enter")
        await pilot.pause()
        field = review.query_one("#ask-decode_floor", AskField)
        assert str(field.query_one(".ask-verdict", Static).render()).startswith("✓")
        await pilot.press("3")
        await pilot.pause()
        logged = [entry.variant for entry in app.backend.session.history("mine/floor")]
    assert logged == [None, "h20"]


async def test_the_first_review_and_the_setting_off_show_the_base(tmp_path: Path) -> None:
    data, packs = _setup(tmp_path, reviews=0)
    app = _app(data, packs)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        review = await _review(app)
        await pilot.pause()
        assert review.card is not None and review.card.variant is None
    data, packs = _setup(tmp_path / "off", reviews=1, settings="variants = false\n")
    app = _app(data, packs)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        review = await _review(app)
        await pilot.pause()
        assert review.card is not None and review.card.variant is None
        assert "one H100" in str(review.query_one("#card-scenario", Static).render())


async def test_reload_reloads_solver_code_and_names_a_broken_module(
    tmp_path: Path, forget_user_solvers: None
) -> None:
    from drill.solving.registry import REGISTRY, load_builtin_solvers

    load_builtin_solvers()

    data, packs = _setup(tmp_path, reviews=0)
    code = tmp_path / "code"
    code.mkdir()
    module = code / "reader.py"
    module.write_text(SOLVER, encoding="utf-8")
    app = _app(data, packs, solver_dirs=(code,))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        assert "t-app-reload" in REGISTRY
        module.write_text(SOLVER + "\nraise ValueError('half-edited')\n", encoding="utf-8")
        await pilot.press("r")
        await pilot.pause()
        # By the widget's CSS type: its class is not public.
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert f"{module}:9:1" in toasts and "half-edited" in toasts
        assert isinstance(app.screen, HomeScreen)  # the session goes on
        assert app.backend.card("mine/floor") is not None
        assert "t-app-reload" not in REGISTRY  # half a module is not kept
        module.write_text(SOLVER, encoding="utf-8")
        await pilot.press("r")
        await pilot.pause()
        assert "t-app-reload" in REGISTRY


@pytest.mark.parametrize(("reviews", "shown", "hidden"), [
    (0, ["Decode on one H100", "One user on one H100"], ["variant"]),
    (1, ["A variant of: Decode on one", "variant h20"], ["One user on one H100"]),
])
async def test_home_says_when_the_next_review_shows_a_variant(
    tmp_path: Path, reviews: int, shown: list[str], hidden: list[str],
) -> None:
    # Home cannot render a variant's text (that takes sympy); it must not show the base
    # card's figures as if they were the ones the review will ask about.
    data, packs = _setup(tmp_path, reviews=reviews)
    app = _app(data, packs)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        text = str(app.screen.query_one("#home-next", Static).render())
        for piece in shown:
            assert piece in text
        for piece in hidden:
            assert piece not in text
