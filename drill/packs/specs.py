"""The catalog as a learner's reference sheet: what ``drill specs`` prints.

One row per GPU (peak FLOP/s per precision, bandwidth, memory as reported and as printed,
the usable share, ridge point, power, link), per model (parameters total and active,
layers, heads, KV per token, vocabulary) and per interconnect, each row with the sources
its figures come from. Plain data, so the CLI and the app show the same sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from drill.packs.catalog import Catalog, Gpu, Interconnect, Model, Source
from drill.quantities.units import format_in, format_number

__all__ = ["KINDS", "SpecRow", "SpecSection", "SpecSheet", "spec_sheet"]

#: The parts of the sheet, in the order they are shown.
KINDS = ("gpus", "models", "interconnects")
_TITLES = {"gpus": "GPUs", "models": "Models", "interconnects": "Interconnects"}


@dataclass(frozen=True, slots=True)
class SpecRow:
    """One entry: its name, its figures in order (label → text) and their sources."""

    name: str
    figures: tuple[tuple[str, str], ...]
    sources: tuple[Source, ...]

    def figure_line(self) -> str:
        """The figures on one line, as the CLI prints them and the app shows them."""
        return " · ".join(f"{label} {text}" for label, text in self.figures)

    def source_lines(self) -> tuple[str, ...]:
        """One ``source: …`` line per source."""
        return tuple(f"source: {source.cite()}" for source in self.sources)

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, **dict(self.figures),
                "sources": [{"id": s.id, "document": s.document, "date": s.date,
                             **({"url": s.url} if s.url else {})} for s in self.sources]}


@dataclass(frozen=True, slots=True)
class SpecSection:
    """One part of the sheet: its title, a note on how to read it (may be empty), its rows."""

    kind: str
    title: str
    note: str
    rows: tuple[SpecRow, ...]


@dataclass(frozen=True, slots=True)
class SpecSheet:
    gpus: tuple[SpecRow, ...]
    models: tuple[SpecRow, ...]
    interconnects: tuple[SpecRow, ...]
    memory_utilization: float

    def as_json(self) -> dict[str, object]:
        return {"gpus": [r.as_json() for r in self.gpus],
                "models": [r.as_json() for r in self.models],
                "interconnects": [r.as_json() for r in self.interconnects],
                "gpu_memory_utilization": self.memory_utilization}

    def sections(self, kinds: tuple[str, ...] = KINDS) -> tuple[SpecSection, ...]:
        """The parts named in ``kinds`` (each one of :data:`KINDS`), in that order."""
        notes = {"gpus": f"memory: as the device reports it; memory_usable: "
                         f"{self.memory_utilization:g} of it, vLLM's default "
                         f"gpu_memory_utilization"}
        rows = {"gpus": self.gpus, "models": self.models, "interconnects": self.interconnects}
        return tuple(SpecSection(kind, _TITLES[kind], notes.get(kind, ""), rows[kind])
                     for kind in kinds)

    def text_lines(self, kinds: tuple[str, ...] = KINDS) -> tuple[str, ...]:
        """The sheet as plain text lines, as ``drill specs`` prints it."""
        lines: list[str] = []
        for n, section in enumerate(self.sections(kinds)):
            if n:
                lines.append("")
            lines.append(section.title)
            if section.note:
                lines.append(f"  ({section.note})")
            for row in section.rows:
                lines += [f"  {row.name}", f"    {row.figure_line()}",
                          *(f"    {line}" for line in row.source_lines())]
        return tuple(lines)


def spec_sheet(catalog: Catalog) -> SpecSheet:
    return SpecSheet(tuple(_gpu_row(g) for g in catalog.gpus),
                     tuple(_model_row(m) for m in catalog.models),
                     tuple(_link_row(i) for i in catalog.interconnects),
                     catalog.memory_utilization)


def _sources(entry: Gpu | Model | Interconnect, facts: tuple[str, ...]) -> tuple[Source, ...]:
    found = [entry.source, *(entry.source_of(f) for f in facts)]
    return tuple({s.id: s for s in found if s.id}.values())


def _gpu_row(gpu: Gpu) -> SpecRow:
    figures: list[tuple[str, str]] = [("vendor", gpu.vendor),
                                      ("bf16_dense", gpu.texts["bf16_dense"])]
    for fact in ("fp8_dense", "fp4_dense"):
        figures.append((fact, gpu.texts.get(fact, "—")))
    figures += [
        ("bandwidth", gpu.texts["bandwidth"]),
        ("memory", str(gpu.fact_text("memory"))),
        ("memory_datasheet", gpu.texts.get("memory_datasheet", "—")),
        ("memory_usable", str(gpu.fact_text("memory_usable"))),
        ("ridge_bf16", f"{format_number(gpu.ridge_point('bf16'))} FLOP/byte"),
        ("tdp", gpu.texts.get("tdp", "—")),
        ("interconnect", gpu.interconnect.name if gpu.interconnect else "—"),
        ("link_per_direction", gpu.fact_text("link_per_direction") or "—"),
    ]
    return SpecRow(gpu.name, tuple(figures), _sources(gpu, tuple(gpu.fact_sources)))


def _model_row(model: Model) -> SpecRow:
    def count(value: int | None) -> str:
        return "—" if value is None else f"{value:,}"

    figures: list[tuple[str, str]] = [
        ("params", model.texts["params"]),
        ("active_params", model.texts.get("active_params", model.texts["params"])),
        ("layers", count(model.layers)),
        ("attention_heads", count(model.attention_heads)),
        ("kv_heads", count(model.kv_heads)),
        ("head_dim", count(model.head_dim)),
        ("hidden_size", count(model.hidden_size)),
        ("intermediate_size", count(model.intermediate_size)),
        ("vocab_size", count(model.vocab_size)),
        ("tied_embeddings", "—" if model.tied_embeddings is None
         else ("yes" if model.tied_embeddings else "no")),
        ("kv_per_token_bf16", format_in(model.kv_bytes_per_token(2), "KiB/token")),
        ("weights_bf16", format_in(model.weight_bytes(2), "GB")),
        ("sliding_window", model.texts.get("sliding_window", "—")),
    ]
    if model.is_moe:
        figures += [("experts", count(model.experts)),
                    ("active_experts", count(model.active_experts)),
                    ("shared_experts", count(model.shared_experts)),
                    ("expert_intermediate_size", count(model.expert_intermediate_size))]
    if model.kv_lora_rank is not None:
        figures += [("kv_lora_rank", count(model.kv_lora_rank)),
                    ("qk_rope_head_dim", count(model.qk_rope_head_dim))]
    return SpecRow(model.name, tuple(figures), _sources(model, tuple(model.fact_sources)))


def _link_row(link: Interconnect) -> SpecRow:
    figures = (("id", link.id), ("kind", link.kind), ("per", link.per),
               ("per_direction", link.texts["per_direction"]), ("total", link.texts["total"]),
               ("links", link.texts.get("links", "—")))
    return SpecRow(link.name, figures, (link.source,))
