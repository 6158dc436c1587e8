"""Specs: the catalog as a reference sheet (``g`` on Home or on a card), the same sheet
``drill specs`` prints: each GPU's bandwidth, peak FLOP/s per precision, memory and ridge
point, each model's parameters, layers, heads and KV per token, each interconnect, and the
sources of every entry. Where a variant names an H20 or a Qwen2.5-7B, its figures are here.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from drill.packs.catalog import CatalogError, load_catalog
from drill.packs.specs import SpecRow, spec_sheet


def row_content(row: SpecRow) -> Content:
    """One entry: its name, its figures, then its sources, dimmed."""
    return Content("\n").join([
        Content.styled(row.name, "bold $text-accent"),
        Content(row.figure_line()),
        *(Content.styled(line, "$text-muted") for line in row.source_lines()),
    ])


class SpecsScreen(Screen[None]):
    CSS_PATH = "specs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,g", "back", "Back"),
        Binding("1", "jump('gpus')", "GPUs", tooltip="Go to the GPUs"),
        Binding("2", "jump('models')", "Models", tooltip="Go to the models"),
        Binding("3", "jump('interconnects')", "Links", tooltip="Go to the interconnects"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Specs: what the cards assume", classes="screen-title")
        try:
            # The catalog is read once per run and kept (a few milliseconds the first time).
            sheet = spec_sheet(load_catalog())
        except CatalogError as error:
            yield Static(Content.styled(f"The catalog cannot be read: {error}", "$text-error"),
                         id="specs-error")
            yield Footer()
            return
        with VerticalScroll(id="specs-body"):
            for section in sheet.sections():
                yield Static(section.title, classes="section-title", id=f"specs-{section.kind}")
                if section.note:
                    yield Static(Content.styled(section.note, "$text-muted"),
                                 classes="section-note")
                for row in section.rows:
                    yield Static(row_content(row), classes="spec-row")
        yield Footer()

    def action_jump(self, kind: str) -> None:
        titles = self.query(f"#specs-{kind}")
        if titles:  # none when the catalog could not be read
            self.query_one("#specs-body", VerticalScroll).scroll_to_widget(
                titles.first(), animate=False, top=True)

    def action_back(self) -> None:
        self.dismiss(None)
