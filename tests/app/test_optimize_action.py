"""Stats → o: drill optimize from the app, and the session schedules with the fit at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from drill.app.screens.stats import StatsScreen
from drill.config.settings import load_settings
from testkit import FSRS_DEFAULTS, MakeApp, study_generated_history

pytestmark = pytest.mark.slow


async def test_o_on_stats_fits_keeps_and_uses_the_parameters(
    make_app: MakeApp, data_dir: Path
) -> None:
    study_generated_history(data_dir, cards=40, days=60)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = str(app.screen.query_one("#optimize-result", Static).render())
        assert "before" in shown and "after" in shown and "(the defaults)" in shown
        assert "Saved in settings.toml" in shown
        saved = load_settings(data_dir).fsrs_parameters
        assert len(saved) == 21 and saved != tuple(round(p, 4) for p in FSRS_DEFAULTS)
        # The open session rates with them now, not at the next start.
        assert app.backend.session.model.parameters == saved
        assert app.backend.settings.fsrs_parameters == saved


async def test_o_with_too_few_reviews_says_how_many(make_app: MakeApp, data_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("o")
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = str(app.screen.query_one("#optimize-result", Static).render())
        assert shown.startswith("Not yet: 0 of your reviews came a study day or more after")
        assert "needs at least 64" in shown
        assert load_settings(data_dir).fsrs_parameters == ()
        assert app.backend.session.model.parameters == FSRS_DEFAULTS


async def test_question_mark_on_stats_lists_optimize(make_app: MakeApp) -> None:
    from drill.app.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = str(app.screen.query_one("#help-keys", Static).render())
        rows = [row.split(maxsplit=1) for row in listed.lower().splitlines()]
        assert ["o", "fit fsrs's parameters to your own reviews, as drill optimize does"] in rows
