"""A footer that rebuilds its keys only when what they show changes.

Textual's ``Footer`` removes and mounts all of its keys again whenever the screen's
bindings may have changed: on every focus change, every ``refresh_bindings`` and every
reactive declared with ``bindings=True``. On the review screen that is several times per
card and again when typing starts, and each rebuild restyles a dozen widgets and lays
the screen out anew, for a footer that mostly reads exactly as before. This one compares
what the keys would show (key, label, enabled, tooltip, in order) with what they show
now, and keeps them when nothing differs.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual import events, on
from textual.screen import Screen
from textual.widgets import Footer


class SteadyFooter(Footer):
    """``Footer``, but a rebuild that would show the same keys is skipped.

    ``ready``: the footer is mounted after the rest of its screen (and after whatever
    its screen's ``check_action`` reads), so the bindings can be read at once. Its keys
    are then composed as it mounts, in the same layout as the screen, instead of after
    the next frame as ``Footer`` does (which lays the screen out twice more).
    """

    def __init__(self, *, ready: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self._ready = ready
        self._heard = False  # of the bindings: Footer composes no key before
        self._shown: tuple[Hashable, ...] | None = None

    def _what_it_would_show(self) -> tuple[Hashable, ...]:
        """Everything ``Footer.compose`` reads, as a value to compare: the bindings it
        shows, and the command palette's, in order."""
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING
        return (self.show_command_palette, app.ENABLE_COMMAND_PALETTE, tuple(
            (key, binding.key, binding.action, binding.description, binding.group,
             binding.tooltip, app.get_key_display(binding), enabled, tooltip)
            for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        ))

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._heard = True
        super().bindings_changed(screen)

    @on(events.Mount)
    async def _compose_at_once(self) -> None:
        if self._ready:
            self.bindings_changed(self.screen)  # what a screen's first refresh would say
            await self.recompose()

    async def recompose(self) -> None:
        if not (self.is_attached and self._heard):
            await super().recompose()
            return
        if not self.screen.is_current:
            return  # out of sight: its screen's return refreshes the bindings again
        shown = self._what_it_would_show()
        if shown != self._shown:
            await super().recompose()
            self._shown = shown
