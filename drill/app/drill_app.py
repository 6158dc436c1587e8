"""The app object: global keys, the command palette, and the state screens share.

Attributes down, messages up: the app builds each screen with what it shows (the
backend, the cards' prepared numbers, options), tells the screens what changed
(:mod:`drill.app.messages`), and does what they ask for in messages of their own (open
a review, prepare cards, show the problem screen). No screen imports this module.

Background work is Textual's workers, each posting its result to the app as a message.
Home is drawn at once, without figures; a worker opens the review data and works out
Home's figures (:class:`DataOpened`); then another solves the cards (sympy) so their
answers can be graded (:class:`CardReady`). A card whose numbers are not ready yet shows
"preparing…" in its inputs. A reload cancels the solving worker, and numbers from a
cancelled worker are dropped.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import get_current_worker

from drill.app.backend import Backend, Prepared, StartupError, data_errors
from drill.app.messages import (
    BackendFailed,
    BackendReady,
    CardPrepared,
    CardReady,
    CardWorkedOut,
    DataOpened,
    PacksReloaded,
    PrepareCards,
    ReviewWanted,
    RooflineWanted,
    ScheduleChanged,
)
from drill.app.options import AppOptions

#: How long SIGTERM or SIGHUP waits for the orderly end before the process ends anyway.
SIGNAL_GRACE_SECONDS = 3.0

if TYPE_CHECKING:
    from textual.theme import Theme

    from drill.app.home_view import HomeView
    from drill.app.screens.review import ReviewScreen
    from drill.config.settings import Settings
    from drill.packs.model import Card
    from drill.quantities.calculator import Scratchpad


class DrillApp(App[int]):
    """drill's terminal app: Home, Review, Calculator, Browse, Stats."""

    TITLE = "drill"
    # Home's styles load with the app's: a screen's own CSS file makes Textual parse every
    # style sheet again when the screen first shows, and Home is the first screen.
    CSS_PATH: ClassVar[list[str | PurePath]] = ["drill_app.tcss", "screens/home.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: these work even while an answer input has focus.
        Binding("f2", "calculator", "Calc", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        # Not a priority: a "?" typed into an answer or a search stays text.
        Binding("question_mark", "help", "Keys", show=False),
    ]

    def __init__(self, options: AppOptions | None = None, backend: Backend | None = None
                 ) -> None:
        super().__init__()
        self.options = options or AppOptions()
        self.backend = backend or Backend(
            self.options.data_dir, self.options.pack_dirs, self.options.clock,
            self.options.builtin_packs, self.options.solver_dirs,
            read_only=self.options.read_only,
        )
        self.ready = False  # the backend is open and usable
        self._when_ready: list[Callable[[], object]] = []
        self._scratchpad: Scratchpad | None = None
        self.prepared: dict[str, Prepared] = {}
        #: Cards to prepare, most urgent first (read and changed on the app's thread only).
        self._wanted: list[Card] = []

    # -- start and stop --------------------------------------------------------------

    def get_default_screen(self) -> Screen[None]:
        """Home is the app's default screen: pushed on Textual's own default screen it
        would cost that screen too. (When the data cannot be opened, the problem screen
        goes on an empty one.)"""
        from drill.app.home_view import home_shape
        from drill.app.screens.home import HomeScreen
        from drill.config.location import data_dir

        settings = self._saved_settings()
        if settings is not None and settings.theme in self.available_themes:
            self.theme = settings.theme
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        options = self.options
        shape = home_shape(data_dir(options.data_dir), options.pack_dirs,
                           options.builtin_packs, settings)
        if options.prepare_in_background:
            return HomeScreen(None, self.backend, shape=shape)  # figures in DataOpened
        view = self._open()
        if view.error:
            # Pushed, so that its own style sheet is loaded (a default screen's is not).
            self.call_later(self._show_problem, view.error)
            return Screen()
        return HomeScreen(view, self.backend, ready=True, shape=shape)

    def _saved_settings(self) -> Settings | None:
        """settings.toml as it is (None when it cannot be read: opening the data reports
        why): the theme, and what Home needs to know before the data is open."""
        from drill.config.location import data_dir
        from drill.config.settings import SettingsError, load_settings

        try:
            return load_settings(data_dir(self.options.data_dir), write_default=False)
        except (SettingsError, OSError):
            return None

    def _open(self) -> HomeView:
        """Open the review data; Home's figures, or the error that stopped it."""
        from drill.app.home_view import HomeView, home_view

        try:
            self.backend.open()
            # The first queries can fail too (a missing table, a hand-edited value).
            return home_view(self.backend)
        except StartupError as error:
            return HomeView(error=str(error))
        except data_errors() as error:
            return HomeView(error=str(error))

    @work(thread=True, exclusive=True, group="open")
    def _open_in_background(self) -> None:
        self.post_message(DataOpened(self._open()))

    def _remember_theme(self, theme: Theme) -> None:
        """Keep the user's theme in settings.toml for the next start."""
        from drill.config.location import data_dir
        from drill.config.settings import SettingsError, save_string_setting

        try:
            save_string_setting(data_dir(self.options.data_dir), "theme", theme.name)
        except (SettingsError, OSError) as error:
            self.notify(f"The theme is not remembered: {error}", severity="warning")

    def on_mount(self) -> None:
        self._quit_on_hangup_and_terminate()
        if self.backend.is_open:
            self._backend_opened()
        elif self.options.prepare_in_background:
            # After the first frame: the worker's imports would hold the GIL while Home
            # is being drawn.
            self.call_after_refresh(self._open_in_background)

    def on_data_opened(self, message: DataOpened) -> None:
        if message.view.error:
            self._show_problem(message.view.error)
        else:
            self._backend_opened(message.view)

    def _quit_on_hangup_and_terminate(self) -> None:
        """SIGTERM and SIGHUP end the app the orderly way, as Ctrl+Q does, so the terminal
        leaves the alternate screen and mouse tracking (Python's default would just die)."""
        import asyncio
        import signal

        if self.is_headless:
            return  # tests: the event loop is the test runner's
        loop = asyncio.get_running_loop()
        for number in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
            if number is None:
                continue
            code = 128 + number
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, partial(self._end_on_signal, code))

    def _end_on_signal(self, code: int) -> None:
        """End as Ctrl+Q does, with a deadline: a terminal that hung up (its window closed)
        takes no more writes, so restoring it can wait forever on the output thread, and a
        worker waiting to hand its result to the app waits with it. Every rating is committed
        when it is given, so ending the process then loses nothing."""
        import os

        deadline = threading.Timer(SIGNAL_GRACE_SECONDS, os._exit, args=(code,))
        deadline.daemon = True
        deadline.start()
        self.exit(code, return_code=code)

    def _show_problem(self, message: str) -> None:
        from drill.app.screens.problem import ProblemScreen

        if not self.screen_stack:
            return  # ending: there is no screen left to say it on
        if not isinstance(self.screen, ProblemScreen):
            self.push_screen(ProblemScreen(message))

    def _backend_opened(self, view: HomeView | None = None) -> None:
        """``view``: Home's figures, worked out with the opening."""
        self.ready = True
        for screen in self.screen_stack:
            screen.post_message(BackendReady(view))
        waiting, self._when_ready = self._when_ready, []
        for callback in waiting:
            callback()
        # The first screen is up: now the notices, and sympy in the background.
        self.call_after_refresh(self.show_pack_problems)
        self.call_after_refresh(self._say_if_read_only)
        self._daily_backup()
        if self.options.prepare_in_background:
            self.set_timer(0.2, self._prepare_todays_cards)

    def _say_if_read_only(self) -> None:
        notice = self.backend.read_only_notice()
        if notice:
            self.notify(notice, title="Read-only session", severity="warning", timeout=20,
                        markup=False)

    @work(thread=True, group="backup")
    def _daily_backup(self) -> None:
        problem = self.backend.daily_backup()
        if problem:
            self.notify(problem, severity="warning")  # thread-safe

    def when_ready(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once the review data is open (at once if it is)."""
        if self.ready:
            callback()
        else:
            self._when_ready.append(callback)

    def show_pack_problems(self) -> None:
        """One notice naming each broken place (file:line); the other packs go on working."""
        problems = self.backend.problems()
        if not problems:
            return
        shown = problems[:3]
        more = len(problems) - len(shown)
        text = "\n".join(shown) + (f"\n… and {more} more (drill check)" if more else "")
        title = "A pack has an error" if len(problems) == 1 else f"{len(problems)} pack errors"
        self.notify(text, title=title, severity="error", timeout=12, markup=False)

    def on_unmount(self) -> None:
        self.backend.close()

    @property
    def scratchpad(self) -> Scratchpad:
        if self._scratchpad is None:
            from drill.quantities.calculator import Scratchpad

            self._scratchpad = Scratchpad()
        return self._scratchpad

    # -- preparing cards (sympy) in the background --------------------------------------

    def _prepare_todays_cards(self) -> None:
        if not self.is_running or not self.screen_stack:
            return  # the timer fired while the app was ending (its data already closed)
        try:
            cards = [entry.card for entry in self.backend.session.queue().entries]
        except data_errors() as error:
            self._show_problem(str(error))
            return
        self.want_prepared(cards, urgent=False)

    def want_prepared(self, cards: Sequence[Card], urgent: bool = True) -> None:
        """Ask for these cards' targets; urgent ones jump the line. Posts CardPrepared."""
        missing = [card for card in cards if card.shown_key not in self.prepared]
        if not missing:
            return
        if not self.options.prepare_in_background:
            for card in missing:
                self._store(self.backend.prepare_safely(card))
            return
        keys = {card.shown_key for card in missing}
        rest = [card for card in self._wanted if card.shown_key not in keys]
        self._wanted = missing + rest if urgent else rest + missing
        self._prepare(tuple(self._wanted))  # the worker before, if any, stops at its card

    @work(thread=True, exclusive=True, group="prepare")
    def _prepare(self, cards: Sequence[Card]) -> None:
        worker = get_current_worker()
        for card in cards:
            if worker.is_cancelled:
                return
            self.post_message(CardReady(self.backend.prepare_safely(card), worker))

    def on_card_ready(self, message: CardReady) -> None:
        if message.worker.is_cancelled:
            return  # maybe from a card as it was before a reload: the new worker has it
        self._wanted = [card for card in self._wanted if card.shown_key != message.prepared.key]
        self._store(message.prepared)

    def _store(self, prepared: Prepared) -> None:
        self.prepared[prepared.key] = prepared
        for screen in self.screen_stack:
            screen.post_message(CardPrepared(prepared.key))

    # -- what the screens ask for -----------------------------------------------------

    def on_prepare_cards(self, message: PrepareCards) -> None:
        self.want_prepared(message.cards)

    def on_card_worked_out(self, message: CardWorkedOut) -> None:
        self.prepared.setdefault(message.prepared.key, message.prepared)

    def on_review_wanted(self, message: ReviewWanted) -> None:
        self.push_screen(self.review_screen(cram=message.cram, pack=message.pack))

    def on_roofline_wanted(self, message: RooflineWanted) -> None:
        self._open_roofline(message.card)

    def on_backend_failed(self, message: BackendFailed) -> None:
        """Review data that fails under a screen (another program locked or removed it)
        gets the problem screen and its message, not a traceback. The screens catch
        the review service's errors (:func:`~drill.app.backend.data_errors`) where they
        call it and post this message:
        Textual has no public hook for an exception a handler lets through."""
        self._show_problem(message.error)

    def on_key(self, event: events.Key) -> None:
        """Before the bindings: a key pressed while a review card was still being put on
        screen may have come the long way round (through the screen before it), and must
        not rate the new card."""
        early_key = getattr(self.screen, "early_key", None)  # ReviewScreen's
        if early_key is not None and early_key(event):
            event.prevent_default()  # no binding fires

    # -- global actions ----------------------------------------------------------------

    def action_help_quit(self) -> None:
        """Ctrl+C: name the key that quits from every screen. Textual names the first
        quit key it finds active, which is Home's ``q`` on Home but ``ctrl+q`` while an
        answer is typed; one key, said the same way everywhere, is learnt once."""
        self.notify("Press [b]ctrl+q[/b] to quit drill", title="Do you want to quit?")

    def action_help(self) -> None:
        """The keys of the screen in front, and what each does."""
        from drill.app.screens.help import HelpScreen, key_rows

        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        name = type(screen).__name__.removesuffix("Screen").lower() or "this screen"
        self.push_screen(HelpScreen(name, key_rows(screen)))

    async def action_calculator(self) -> None:
        """Open the calculator over the current screen, or close it if it is showing; a
        wide review screen shows it beside the card instead."""
        from drill.app.screens.calculator import CalculatorScreen
        from drill.app.screens.review import ReviewScreen

        screen = self.screen
        if isinstance(screen, CalculatorScreen):
            screen.dismiss(None)
        elif not (isinstance(screen, ReviewScreen) and await screen.toggle_side_calculator()):
            self.push_screen(CalculatorScreen(self.scratchpad))

    def action_home(self) -> None:
        """Back to Home from wherever the user is."""
        from drill.app.screens.home import HomeScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def review_screen(
        self, cram: Sequence[Card] | None = None, first: Card | None = None,
        pack: str | None = None,
    ) -> ReviewScreen:
        """A review screen, given what it needs from the app."""
        from drill.app.screens.review import ReviewScreen

        return ReviewScreen(self.backend, self.prepared, self.options, cram=cram, first=first,
                            pack=pack, scratchpad=self.scratchpad)

    # Review, Browse, Stats and reload need the review data open in this process: a key
    # pressed on Home before it is (just after start-up) acts as soon as it is. Review
    # and extra practice are Home's keys, bound to the app's actions so that the review
    # is on screen before the next key is handled (keys typed straight after Enter are
    # the first answer's).

    def action_review(self) -> None:
        self.when_ready(self._start_review)

    def _start_review(self) -> None:
        try:
            nothing_due = self.backend.session.next_card() is None
        except data_errors() as error:
            self._show_problem(str(error))
            return
        if nothing_due:
            self.notify("Nothing is due now. Press x for extra practice.", timeout=4)
            return
        self.push_screen(self.review_screen())

    def action_extra(self) -> None:
        self.when_ready(self._start_extra)

    def _start_extra(self) -> None:
        """Cram the priority cards in pack order; nothing is rescheduled."""
        cards = [card for card in self.backend.cards if card.is_priority]
        cards = cards or list(self.backend.cards)
        if cards:
            self.push_screen(self.review_screen(cram=cards))

    def action_browse(self) -> None:
        self.when_ready(self._browse)

    def _browse(self) -> None:
        from drill.app.screens.browse import BrowseScreen

        if not isinstance(self.screen, BrowseScreen):
            self.push_screen(BrowseScreen(self.backend))

    def action_stats(self) -> None:
        self.when_ready(self._stats)

    def _stats(self) -> None:
        from drill.app.screens.stats import StatsScreen

        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen(self.backend))

    def action_specs(self) -> None:
        """The catalog's reference sheet, over the screen in front (Home or a card)."""
        from drill.app.screens.specs import SpecsScreen

        if not isinstance(self.screen, SpecsScreen):
            self.push_screen(SpecsScreen())

    def action_interview(self) -> None:
        self.when_ready(self._interview)

    def _interview(self) -> None:
        from drill.app.screens.interview import InterviewScreen

        if not isinstance(self.screen, InterviewScreen):
            self.push_screen(self.interview_screen())

    def interview_screen(self, seed: int | None = None) -> Screen[None]:
        """A mock interview, given what it needs from the app (``seed``: the same draw)."""
        from drill.app.screens.interview import InterviewScreen

        return InterviewScreen(self.backend, self.options.timer_clock,
                               prepare_now=not self.options.prepare_in_background, seed=seed)

    def action_roofline(self) -> None:
        """The roofline explorer, on the current card's GEMM when it is about one."""
        from drill.app.screens.review import ReviewScreen

        self._open_roofline(self.screen.card if isinstance(self.screen, ReviewScreen) else None)

    def _open_roofline(self, card: Card | None) -> None:
        from drill.app.screens.roofline import RooflineScreen
        from drill.labs.card_link import roofline_start

        if isinstance(self.screen, RooflineScreen):
            return
        self.push_screen(RooflineScreen(roofline_start(card) if card is not None else None))

    def action_simulations(self) -> None:
        from drill.app.screens.simulations import SimulationScreen

        if not isinstance(self.screen, SimulationScreen):
            self.push_screen(SimulationScreen())

    def action_exercises(self) -> None:
        """The exercises, their files in the data folder's ``exercises/``."""
        from drill.app.screens.exercises import ExercisesScreen
        from drill.config.location import data_dir

        if not isinstance(self.screen, ExercisesScreen):
            folder = data_dir(self.options.data_dir) / "exercises"
            self.push_screen(ExercisesScreen(folder))

    def action_labs(self) -> None:
        """The Labs menu; the lab chosen there is opened here."""
        from drill.app.screens.labs import LabsScreen

        def open_lab(action: str | None) -> None:
            if action is not None:
                self.call_later(self.run_action, action)

        if not isinstance(self.screen, LabsScreen):
            self.push_screen(LabsScreen(), open_lab)

    def action_reload_packs(self) -> None:
        """Read the pack files again; errors become notices and the session goes on."""
        self.when_ready(self._reload_packs)

    def _reload_packs(self) -> None:
        self.backend.reload()
        self.workers.cancel_group(self, "prepare")
        self._wanted = []  # the old cards: screens ask again for what they show
        self.prepared.clear()
        self.clear_notifications()  # the last reload's errors may be fixed now
        problems = self.backend.problems()
        self.show_pack_problems()
        cards = len(self.backend.cards)
        errors = f"; {len(problems)} error{'' if len(problems) == 1 else 's'}" if problems else ""
        self.notify(f"Reloaded {cards} cards{errors}", timeout=4)
        for screen in self.screen_stack:
            screen.post_message(ScheduleChanged())
            screen.post_message(PacksReloaded())
        if self.options.prepare_in_background:
            self._prepare_todays_cards()

    #: The app's actions get_system_commands lists (Textual's own commands have quit).
    _COMMANDS_LISTED = frozenset({"calculator", "home", "browse", "stats", "roofline",
                                  "simulations", "exercises", "labs", "reload_packs",
                                  "quit"})

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title == "Keys":
                # drill's own list of keys (the one ? opens), which Esc and ? close;
                # Textual's side panel closed with neither.
                yield SystemCommand("Keys", "Every key of this screen and what it does",
                                    self.action_help)
            else:
                yield command
        if not self.ready:
            return
        yield SystemCommand("Calculator", "Work out math with units (F2)", self.action_calculator)
        yield SystemCommand("Home", "Today's counts and packs", self.action_home)
        yield SystemCommand("Browse cards", "Search cards, see their history, cram one",
                            self.action_browse)
        yield SystemCommand("Stats", "Reviews, forecast, top mistakes", self.action_stats)
        yield SystemCommand("Roofline explorer", "A GEMM on a GPU's roofline, m with the arrows",
                            self.action_roofline)
        yield SystemCommand("Simulations", "The serving formulas against seeded simulations",
                            self.action_simulations)
        yield SystemCommand("Exercises", "Write a function (Amdahl, roofline) and check it",
                            self.action_exercises)
        yield SystemCommand("Reload packs", "Read the pack files again",
                            self.action_reload_packs)
        yield from self._screen_commands(screen)

    def _screen_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The screen's own keys, so everything it can do is in the palette too."""
        from textual.actions import parse

        seen = set()
        for binding in type(screen).BINDINGS:
            if not isinstance(binding, Binding) or not binding.description:
                continue
            _, name, parameters = parse(binding.action)
            if binding.action.startswith("app."):
                if name in self._COMMANDS_LISTED:
                    continue  # the app's own commands above cover these
                namespace: App[int] | Screen[object] = self
            else:
                namespace = screen
            if binding.description in seen or not namespace.check_action(name, parameters):
                continue
            seen.add(binding.description)
            # "escape,q" binds two keys: the palette names the first.
            first = binding.key.split(",")[0].strip()
            key = self.get_key_display(dataclasses.replace(binding, key=first))
            yield SystemCommand(
                binding.description,
                f"{binding.tooltip} ({key})" if binding.tooltip else f"key: {key}",
                partial(screen.run_action, binding.action),
            )
