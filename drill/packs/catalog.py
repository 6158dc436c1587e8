"""The catalog of facts: GPUs, models and interconnects, as ``packs/catalog/`` states them.

Cards draw givens from it for their variants (an H200 instead of an H100, Qwen2.5-7B
instead of Llama 3 8B), and the labs size rooflines with it::

    from drill.packs.catalog import load_catalog
    catalog = load_catalog()
    gpu = catalog.gpu("h100")                # case, spaces and dashes do not matter
    gpu.bandwidth, gpu.peak("fp8")           # Quantity in base units (bytes/s, FLOP/s)
    model = catalog.model("Qwen2.5-7B")
    model.kv_bytes_per_token(2)              # 56 KiB/token, from the architecture

Figures are typed math read by drill's safe parser ("3.35 TB/s"), so they carry units and
are checked for dimension as they load. Every entry names its source (a document and its
date, under the file's ``sources:``), and single facts may name another in
``fact_sources:``; an entry without one does not load. Plain Python: no sympy, no Textual.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Protocol, TypeVar

import yaml

from drill.packs.facts import GPU_FACTS, INTERCONNECT_FACTS, MODEL_FACTS
from drill.packs.fields import BOOL, NO_SCOPE, NULL, Entries, Fields, Scope, suggest
from drill.packs.locate import builtin_packs_dir
from drill.packs.yamlsafe import PackReadError, compose, read_text
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_in, format_number

CATALOG_FOLDER = "catalog"
GPU_FILE = "gpus.yaml"
MODEL_FILE = "models.yaml"
INTERCONNECT_FILE = "interconnects.yaml"

FLOP_RATE = dims.dim(computation=1, time=-1)
BANDWIDTH = dims.dim(information=1, time=-1)
BYTES = dims.dim(information=1)
POWER = read("1 W").value.dim
TOKENS = read("1 token").value.dim
KV_PER_TOKEN = dims.dim(information=1, token=-1)

#: Bytes one element takes at each precision a card or lab may name.
PRECISION_BYTES: dict[str, float] = {
    "fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "int8": 1, "int4": 0.5, "fp4": 0.5,
}

#: The share of a GPU's memory vLLM takes by default (``gpu_memory_utilization``), used
#: when a catalog states no ``engine:`` of its own.
DEFAULT_MEMORY_UTILIZATION = 0.9

_GPU_QUANTITIES: dict[str, dims.Dim] = {
    "bf16_dense": FLOP_RATE, "fp8_dense": FLOP_RATE, "fp4_dense": FLOP_RATE,
    "bandwidth": BANDWIDTH, "memory": BYTES, "memory_datasheet": BYTES, "tdp": POWER,
}
_GPU_KEYS = ("aliases", "vendor", "source", "fact_sources", "interconnect",
             *_GPU_QUANTITIES)
_GPU_REQUIRED = ("vendor", "source", "bf16_dense", "fp8_dense", "bandwidth", "memory")
_MODEL_COUNTS = ("layers", "attention_heads", "kv_heads", "head_dim")
_MODEL_OPTIONAL_COUNTS = ("hidden_size", "intermediate_size", "vocab_size", "experts",
                          "active_experts", "shared_experts", "expert_intermediate_size",
                          "kv_lora_rank", "qk_rope_head_dim")
_MODEL_KEYS = ("aliases", "source", "fact_sources", "params", "active_params",
               *_MODEL_COUNTS, *_MODEL_OPTIONAL_COUNTS, "tied_embeddings", "sliding_window")
_MODEL_REQUIRED = ("source", "params", *_MODEL_COUNTS)
_LINK_KEYS = ("id", "aliases", "kind", "per", "source", "links", "per_direction", "total")
_LINK_REQUIRED = ("id", "kind", "per", "source", "per_direction", "total")
_SOURCE_KEYS = ("document", "date", "url")
_DATE = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")


__all__ = [
    "GPU_FACTS", "INTERCONNECT_FACTS", "MODEL_FACTS", "PRECISION_BYTES", "Catalog",
    "CatalogError", "Gpu", "Interconnect", "Model", "Source", "UnknownEntry", "catalog_dir",
    "describe_gpu", "load_catalog", "normalize",
]


class CatalogError(Exception):
    """The catalog files are broken; the message names the file, line and column."""


class UnknownEntry(LookupError):
    """No GPU or model by that name; ``suggestions`` are close names."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.suggestions = suggestions

    def __str__(self) -> str:
        return self.message


def normalize(name: str) -> str:
    """The form names are compared in: "H100 SXM" and "h100-sxm" are the same GPU."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


@dataclass(frozen=True, slots=True)
class Source:
    """Where a catalog fact comes from: a public document and the date it bears."""

    id: str
    document: str
    date: str  # YYYY, YYYY-MM or YYYY-MM-DD
    url: str | None = None

    def cite(self) -> str:
        return f"{self.document} ({self.date})" + (f", {self.url}" if self.url else "")


_NO_SOURCE = Source("", "", "")


@dataclass(frozen=True, slots=True)
class Interconnect:
    """A link between GPUs or hosts: NVLink, PCIe, InfiniBand. Rates in bytes/s."""

    name: str
    id: str  # what a card's facts name it by: nvlink4
    kind: str
    per: str  # what the figures are for: "GPU", "x16 slot", "port"
    per_direction: Quantity
    total: Quantity
    links: int | None = None
    aliases: tuple[str, ...] = ()
    texts: Mapping[str, str] = field(default_factory=dict)
    source: Source = _NO_SOURCE

    def fact_text(self, fact: str) -> str | None:
        if fact not in INTERCONNECT_FACTS:
            raise UnknownEntry(f"no interconnect fact '{fact}'{_hint(fact, INTERCONNECT_FACTS)}")
        return self.texts.get(fact)

    def source_of(self, fact: str) -> Source:  # one source per link, whatever the fact
        return self.source


@dataclass(frozen=True, slots=True)
class Gpu:
    name: str
    vendor: str
    bf16_dense: Quantity  # FLOP/s, dense (no sparsity)
    fp8_dense: Quantity | None  # None: no FP8 tensor cores (A100)
    bandwidth: Quantity  # bytes/s of HBM
    memory: Quantity  # bytes, as the device reports them
    aliases: tuple[str, ...] = ()
    #: Each fact as the catalog writes it: {"bandwidth": "3.35 TB/s", ...}.
    texts: Mapping[str, str] = field(default_factory=dict)
    memory_datasheet: Quantity | None = None  # bytes, as the datasheet prints them
    fp4_dense: Quantity | None = None
    tdp: Quantity | None = None  # W
    interconnect: Interconnect | None = None
    #: The share of ``memory`` an engine takes by default (vLLM's gpu_memory_utilization).
    memory_utilization: float = DEFAULT_MEMORY_UTILIZATION
    source: Source = _NO_SOURCE
    fact_sources: Mapping[str, Source] = field(default_factory=dict)

    def peak(self, precision: str = "bf16") -> Quantity:
        """Dense peak FLOP/s at ``precision`` ("bf16", "fp16", "fp8" or "fp4")."""
        key = precision.lower()
        if key in ("bf16", "fp16"):
            return self.bf16_dense
        if key in ("fp8", "fp4"):
            found = self.fp8_dense if key == "fp8" else self.fp4_dense
            if found is None:
                raise UnknownEntry(f"the {self.name} has no {key.upper()} tensor cores")
            return found
        raise UnknownEntry(f"no peak for precision '{precision}': use bf16, fp8 or fp4")

    def ridge_point(self, precision: str = "bf16") -> float:
        """FLOP per byte at which compute time equals memory time."""
        return self.peak(precision).value / self.bandwidth.value

    @property
    def memory_usable(self) -> Quantity:
        """The bytes an engine takes by default: ``memory`` × its utilization share."""
        return Quantity(self.memory.value * self.memory_utilization, BYTES)

    def fact_text(self, fact: str) -> str | None:
        """A fact as text a card's given can take ("4.8 TB/s"); None when the chip lacks it."""
        if fact not in GPU_FACTS:
            raise UnknownEntry(f"no GPU fact '{fact}'{_hint(fact, GPU_FACTS)}")
        if fact == "memory":
            return format_in(self.memory, "GiB", 4)
        if fact == "memory_usable":
            return format_in(self.memory_usable, "GiB", 4)
        if fact in ("link_per_direction", "link_total"):
            if self.interconnect is None:
                return None
            return self.interconnect.texts[fact.removeprefix("link_")]
        return self.texts.get(fact)

    def source_of(self, fact: str) -> Source:
        """The document ``fact`` comes from."""
        if fact in ("link_per_direction", "link_total") and self.interconnect is not None:
            return self.interconnect.source
        return self.fact_sources.get(fact, self.source)


@dataclass(frozen=True, slots=True)
class Model:
    name: str
    params: float  # a count: every parameter
    layers: int
    attention_heads: int
    kv_heads: int
    head_dim: int
    aliases: tuple[str, ...] = ()
    texts: Mapping[str, str] = field(default_factory=dict)
    active_params: float | None = None  # a mixture of experts: the parameters one token uses
    hidden_size: int | None = None
    intermediate_size: int | None = None
    vocab_size: int | None = None
    tied_embeddings: bool | None = None
    sliding_window: int | None = None  # tokens; None when every token attends to all
    experts: int | None = None
    active_experts: int | None = None
    shared_experts: int | None = None
    expert_intermediate_size: int | None = None
    kv_lora_rank: int | None = None  # MLA: the cache keeps one latent per layer per token
    qk_rope_head_dim: int | None = None
    source: Source = _NO_SOURCE
    fact_sources: Mapping[str, Source] = field(default_factory=dict)

    @property
    def is_moe(self) -> bool:
        return self.experts is not None

    def weight_bytes(self, bytes_per_param: float = 2) -> Quantity:
        """Bytes of weights at ``bytes_per_param`` (2 for BF16, 1 for FP8): every expert."""
        return Quantity(self.params * bytes_per_param, BYTES)

    def kv_bytes_per_token(self, element_bytes: float = 2) -> Quantity:
        """KV cache per token: a key and a value per layer per KV head, head_dim wide; with
        MLA (DeepSeek), one latent of kv_lora_rank + qk_rope_head_dim per layer.

        The same law as the ``kv-per-token`` solver for the models without MLA (a test
        holds them together).
        """
        if self.kv_lora_rank is not None:
            width = self.kv_lora_rank + (self.qk_rope_head_dim or 0)
            return Quantity(self.layers * width * element_bytes, KV_PER_TOKEN)
        return Quantity(2 * self.layers * self.kv_heads * self.head_dim * element_bytes,
                        KV_PER_TOKEN)

    def embedding_params(self) -> float | None:
        """Parameters of the token embedding and the output head (one matrix when tied)."""
        if self.vocab_size is None or self.hidden_size is None or self.tied_embeddings is None:
            return None
        return self.vocab_size * self.hidden_size * (1 if self.tied_embeddings else 2)

    def fact_text(self, fact: str) -> str | None:
        """A fact as text a card's given can take ("8.03 billion", "128 KiB/token"); None
        when the model lacks it (a dense model's experts)."""
        if fact in self.texts:
            return self.texts[fact]
        derived = {
            "weights_bf16": lambda: format_in(self.weight_bytes(2), "GB"),
            "weights_fp8": lambda: format_in(self.weight_bytes(1), "GB"),
            "kv_per_token_bf16": lambda: format_in(self.kv_bytes_per_token(2), "KiB/token"),
            "kv_per_token_fp8": lambda: format_in(self.kv_bytes_per_token(1), "KiB/token"),
        }
        if fact in derived:
            return derived[fact]()
        if fact == "embedding_params":
            count = self.embedding_params()
            return None if count is None else f"{format_number(count / 1e9)} billion"
        if fact in MODEL_FACTS:
            return None
        raise UnknownEntry(f"no model fact '{fact}'{_hint(fact, MODEL_FACTS)}")

    def source_of(self, fact: str) -> Source:
        return self.fact_sources.get(fact, self.source)


@dataclass(frozen=True, slots=True)
class Catalog:
    gpus: tuple[Gpu, ...] = ()
    models: tuple[Model, ...] = ()
    interconnects: tuple[Interconnect, ...] = ()
    memory_utilization: float = DEFAULT_MEMORY_UTILIZATION
    memory_utilization_source: Source | None = None

    #: Each entry by every normalized name and alias (the first entry to claim a form
    #: keeps it): every variant of every card looks its GPU and model up.
    _gpu_forms: dict[str, Gpu] = field(init=False, compare=False, repr=False)
    _model_forms: dict[str, Model] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_gpu_forms", _forms(self.gpus))
        object.__setattr__(self, "_model_forms", _forms(self.models))

    def gpu(self, name: str) -> Gpu:
        """The GPU by name or alias, ignoring case, spaces and dashes; or UnknownEntry."""
        found = self._gpu_forms.get(normalize(name))
        return found if found is not None else _find(name, self.gpus, "GPU")

    def model(self, name: str) -> Model:
        found = self._model_forms.get(normalize(name))
        return found if found is not None else _find(name, self.models, "model")

    def interconnect(self, name: str) -> Interconnect:
        """An interconnect by id (``nvlink4``), name or alias; or UnknownEntry."""
        wanted = normalize(name)
        for link in self.interconnects:
            if wanted in {normalize(n) for n in (link.id, link.name, *link.aliases)}:
                return link
        ids = [link.id for link in self.interconnects]
        close = tuple(difflib.get_close_matches(name, ids, n=3, cutoff=0.5))
        hint = (f" (did you mean {', '.join(close)}?)" if close
                else f"; known: {', '.join(ids)}")
        raise UnknownEntry(f"no interconnect '{name}' in the catalog{hint}", close)

    def fact(self, reference: str, gpu: str | None = None,
             model: str | None = None) -> tuple[str | None, Source]:
        """The text and source of a card's fact reference (``gpu.bandwidth``,
        ``model.params``, ``nvlink4.per_direction``) for the scenario's GPU and model."""
        source, _, fact = reference.partition(".")
        entry: Gpu | Model | Interconnect
        if source == "gpu":
            if gpu is None:
                raise UnknownEntry(f"'{reference}' needs the card's gpu")
            entry = self.gpu(gpu)
        elif source == "model":
            if model is None:
                raise UnknownEntry(f"'{reference}' needs the card's model")
            entry = self.model(model)
        else:
            entry = self.interconnect(source)
        return entry.fact_text(fact), entry.source_of(fact)


class _Named(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...


_Entry = TypeVar("_Entry", bound=_Named)


def _forms(entries: tuple[_Entry, ...]) -> dict[str, _Entry]:
    forms: dict[str, _Entry] = {}
    for candidate in entries:
        for form in (candidate.name, *candidate.aliases):
            forms.setdefault(normalize(form), candidate)
    return forms


def _find(name: str, entries: tuple[_Entry, ...], kind: str) -> _Entry:
    wanted = normalize(name)
    by_form: dict[str, str] = {}
    for candidate in entries:
        forms = (candidate.name, *candidate.aliases)
        if wanted in {normalize(n) for n in forms}:
            return candidate
        by_form.update({normalize(n): candidate.name for n in forms})
    names = [candidate.name for candidate in entries]
    close = [by_form[f] for f in difflib.get_close_matches(wanted, list(by_form), n=6,
                                                           cutoff=0.6)]
    unique = tuple(dict.fromkeys(close))[:3]
    hint = (f" (did you mean {', '.join(unique)}?)" if unique
            else f"; known {kind}s: {', '.join(names)}")
    raise UnknownEntry(f"no {kind} '{name}' in the catalog{hint}", unique)


def _hint(word: str, options: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, list(options), n=2, cutoff=0.6)
    return f" (did you mean {' or '.join(close)}?)" if close else f"; known: {', '.join(options)}"


# -- loading ----------------------------------------------------------------------------


_T = TypeVar("_T", Gpu, Model, Interconnect)


def catalog_dir() -> Path:
    return builtin_packs_dir() / CATALOG_FOLDER


def load_catalog(folder: Path | None = None) -> Catalog:
    """The catalog in ``folder`` (default: the built-in one); raises CatalogError."""
    return _load(str(folder) if folder else _builtin_folder())


@lru_cache(maxsize=1)
def _builtin_folder() -> str:
    """The built-in catalog's folder, as a key of :func:`_load`: every variant of every
    card asks for the catalog, and joining the path again cost more than reading it."""
    return str(catalog_dir())


@lru_cache(maxsize=8)
def _load(folder: str) -> Catalog:
    base = Path(folder)
    links: list[Interconnect] = []
    if (base / INTERCONNECT_FILE).exists():
        links = _CatalogFile(base / INTERCONNECT_FILE, "interconnects").read(_CatalogFile.link)
    gpu_file = _CatalogFile(base / GPU_FILE, "gpus", links=links)
    gpus = gpu_file.read(_CatalogFile.gpu)
    models = _CatalogFile(base / MODEL_FILE, "models").read(_CatalogFile.model)
    return Catalog(tuple(gpus), tuple(models), tuple(links), gpu_file.utilization,
                   gpu_file.utilization_source)


class _CatalogFile:
    """One catalog file as it is read: its sources, then its entries, each error located."""

    def __init__(self, path: Path, section: str, links: list[Interconnect] | None = None
                 ) -> None:
        self.path = path
        self.section = section
        self.links = links or []
        self.fields = Fields(str(path))
        self.sources: dict[str, Source] = {}
        self.utilization = DEFAULT_MEMORY_UTILIZATION
        self.utilization_source: Source | None = None

    def read(self, build: Callable[[_CatalogFile, str, yaml.Node], _T | None]) -> list[_T]:
        shown = str(self.path)
        try:
            root = compose(read_text(self.path))
        except PackReadError as error:
            raise CatalogError(f"{shown}:{error.line}:{error.column}: {error.message}") from None
        if root is None:
            raise CatalogError(f"{shown}: the file is empty")
        fields = self.fields
        entries: list[_T] = []
        top = fields.mapping(root, f"the {self.section} catalog",
                             (self.section, "sources", "engine"), (self.section,))
        if top is not None and "sources" in top:
            self._read_sources(top["sources"][1])
        if top is not None and "engine" in top:
            self._read_engine(top["engine"][1])
        if top is not None and self.section in top:
            items = fields.mapping(top[self.section][1], self.section, None, ())
            seen: set[str] = set()
            for key_node, node in (items or {}).values():
                name = str(key_node.value)
                errors = fields.error_count()
                built: _T | None = build(self, name, node)
                forms = {normalize(n) for n in (name, *(built.aliases if built else ()))}
                if forms & seen:
                    fields.error(key_node, f"'{name}' or one of its aliases names another entry")
                seen |= forms
                if built is not None and fields.error_count() == errors:
                    entries.append(built)
        problems = [d for d in fields.diagnostics if d.is_error]
        if problems:
            raise CatalogError("; ".join(f"{d.location}: {d.message}" for d in problems[:3]))
        return entries

    # -- sources --------------------------------------------------------------------
    def _read_sources(self, node: yaml.Node) -> None:
        items = self.fields.mapping(node, "sources", None, ())
        for key, (_, value) in (items or {}).items():
            entries = self.fields.mapping(value, f"source '{key}'", _SOURCE_KEYS,
                                          ("document", "date"))
            if entries is None:
                continue
            texts = {k: self.fields.text(v, f"{key}.{k}", NO_SCOPE) for k, (_, v) in
                     entries.items()}
            date = texts.get("date")
            if date is not None and not _DATE.fullmatch(date.strip()):
                self.fields.error(entries["date"][1], f"source '{key}': date '{date}' must be "
                                                      f"YYYY, YYYY-MM or YYYY-MM-DD")
                continue
            document = texts.get("document")
            if document and date:
                self.sources[key] = Source(key, " ".join(document.split()), date.strip(),
                                           (texts.get("url") or "").strip() or None)

    def _source(self, node: yaml.Node, what: str, scope: Scope) -> Source | None:
        name = self.fields.text(node, what, scope)
        if name is None:
            return None
        name = name.strip()
        if name not in self.sources:
            self.fields.error(node, f"{what} '{name}' is not under 'sources:'"
                                    f"{suggest(name, list(self.sources))}", scope)
            return None
        return self.sources[name]

    def _entry_sources(self, name: str, entries: Entries, facts: tuple[str, ...],
                       scope: Scope) -> tuple[Source | None, dict[str, Source]]:
        source = (self._source(entries["source"][1], f"{name}: source", scope)
                  if "source" in entries else None)
        by_fact: dict[str, Source] = {}
        if "fact_sources" in entries:
            mapping = self.fields.mapping(entries["fact_sources"][1], f"{name}: fact_sources",
                                          facts, (), scope)
            for fact, (_, value) in (mapping or {}).items():
                found = self._source(value, f"{name}: fact_sources.{fact}", scope)
                if found is not None:
                    by_fact[fact] = found
        return source, by_fact

    def _read_engine(self, node: yaml.Node) -> None:
        entries = self.fields.mapping(node, "engine", ("gpu_memory_utilization", "source"),
                                      ("gpu_memory_utilization", "source"))
        if entries is None:
            return
        value_node = entries["gpu_memory_utilization"][1]
        value = self.fields.number(value_node) if isinstance(value_node, yaml.ScalarNode) \
            else None
        if value is None or not 0 < value <= 1:
            self.fields.error(value_node, "engine.gpu_memory_utilization must be a share "
                                          "between 0 and 1, like 0.9")
        else:
            self.utilization = value
        if "source" in entries:
            self.utilization_source = self._source(entries["source"][1], "engine: source",
                                                   NO_SCOPE)

    # -- entries --------------------------------------------------------------------
    def gpu(self, name: str, node: yaml.Node) -> Gpu | None:
        fields = self.fields
        scope = Scope(name)
        entries = fields.mapping(node, f"GPU '{name}'", _GPU_KEYS, _GPU_REQUIRED, scope)
        if entries is None:
            return None
        texts: dict[str, str] = {}
        values: dict[str, Quantity | None] = {}
        for fact, dimension in _GPU_QUANTITIES.items():
            if fact not in entries:
                continue
            value_node = entries[fact][1]
            if fact in ("fp8_dense", "fp4_dense") and value_node.tag == NULL:
                values[fact] = None
                continue
            text, quantity = _quantity(fields, value_node, f"{name}.{fact}", dimension, scope)
            if quantity is not None:
                texts[fact] = text
                values[fact] = quantity
        source, fact_sources = self._entry_sources(name, entries, GPU_FACTS, scope)
        vendor = fields.text(entries["vendor"][1], "vendor", scope) if "vendor" in entries \
            else None
        link: Interconnect | None = None
        if "interconnect" in entries:
            wanted = fields.text(entries["interconnect"][1], "interconnect", scope)
            forms = {normalize(n): item for item in self.links
                     for n in (item.name, item.id, *item.aliases)}
            if wanted is not None:
                link = forms.get(normalize(wanted))
                if link is None:
                    fields.error(entries["interconnect"][1],
                                 f"{name}: interconnect '{wanted}' is not in "
                                 f"{INTERCONNECT_FILE}"
                                 f"{suggest(wanted, [i.name for i in self.links])}", scope)
        aliases = _aliases(fields, entries, scope)
        required = ("bf16_dense", "bandwidth", "memory")
        if vendor is None or source is None or any(values.get(f) is None for f in required):
            return None
        return Gpu(name=name, vendor=vendor, bf16_dense=_q(values["bf16_dense"]),
                   fp8_dense=values.get("fp8_dense"), bandwidth=_q(values["bandwidth"]),
                   memory=_q(values["memory"]), aliases=aliases, texts=texts,
                   memory_datasheet=values.get("memory_datasheet"),
                   fp4_dense=values.get("fp4_dense"), tdp=values.get("tdp"),
                   interconnect=link, memory_utilization=self.utilization, source=source,
                   fact_sources=fact_sources)

    def model(self, name: str, node: yaml.Node) -> Model | None:
        fields = self.fields
        scope = Scope(name)
        entries = fields.mapping(node, f"model '{name}'", _MODEL_KEYS, _MODEL_REQUIRED, scope)
        if entries is None:
            return None
        texts: dict[str, str] = {}
        counts_of: dict[str, float] = {}
        for key in ("params", "active_params"):
            if key in entries:
                text, quantity = _quantity(fields, entries[key][1], f"{name}.{key}",
                                           dims.DIMENSIONLESS, scope)
                if quantity is not None:
                    counts_of[key] = quantity.value
                    texts[key] = text
        counts: dict[str, int] = {}
        for key in (*_MODEL_COUNTS, *_MODEL_OPTIONAL_COUNTS, "sliding_window"):
            if key not in entries:
                continue
            value_node = entries[key][1]
            if key == "sliding_window" and value_node.tag == NULL:
                continue
            least = 0 if key == "shared_experts" else 1
            value = fields.integer(value_node, f"{name}.{key}", scope)
            if value is not None and value < least:
                fields.error(value_node, f"{name}.{key} must be at least {least}", scope)
            elif value is not None:
                counts[key] = value
                texts[key] = (f"{value:,} tokens" if key == "sliding_window"
                              else str(value))
        tied: bool | None = None
        if "tied_embeddings" in entries:
            tied_node = entries["tied_embeddings"][1]
            if tied_node.tag != BOOL:
                fields.error(tied_node, f"{name}.tied_embeddings must be true or false", scope)
            else:
                tied = str(tied_node.value).lower() in ("true", "yes", "on")
        source, fact_sources = self._entry_sources(name, entries, MODEL_FACTS, scope)
        aliases = _aliases(fields, entries, scope)
        if "params" not in counts_of or source is None or any(
                k not in counts for k in _MODEL_COUNTS):
            return None
        if counts["attention_heads"] % counts["kv_heads"]:
            fields.error(entries["kv_heads"][1],
                         f"{name}: attention_heads must be a multiple of kv_heads", scope)
        moe = [k for k in ("experts", "active_experts", "active_params") if k in entries]
        if moe and len(moe) < 3:
            fields.error(node, f"{name}: a mixture of experts states experts, active_experts "
                               f"and active_params together", scope)
        return Model(name=name, params=counts_of["params"], aliases=aliases, texts=texts,
                     active_params=counts_of.get("active_params"), tied_embeddings=tied,
                     source=source, fact_sources=fact_sources, **counts)

    def link(self, name: str, node: yaml.Node) -> Interconnect | None:
        fields = self.fields
        scope = Scope(name)
        entries = fields.mapping(node, f"interconnect '{name}'", _LINK_KEYS, _LINK_REQUIRED,
                                 scope)
        if entries is None:
            return None
        texts: dict[str, str] = {}
        rates: dict[str, Quantity] = {}
        for key in ("per_direction", "total"):
            if key in entries:
                text, quantity = _quantity(fields, entries[key][1], f"{name}.{key}",
                                           BANDWIDTH, scope)
                if quantity is not None:
                    texts[key] = text
                    rates[key] = quantity
        words = {k: fields.text(entries[k][1], k, scope) for k in ("id", "kind", "per")
                 if k in entries}
        links = None
        if "links" in entries:
            links = fields.integer(entries["links"][1], f"{name}.links", scope)
            if links is not None:
                texts["links"] = str(links)
        source, _ = self._entry_sources(name, entries, INTERCONNECT_FACTS, scope)
        identifier = (words.get("id") or "").strip()
        if identifier and not re.fullmatch(r"[a-z][a-z0-9_]*", identifier):
            fields.error(entries["id"][1], f"{name}: id '{identifier}' must be lowercase "
                                           f"letters, digits and _ (like nvlink4)", scope)
            return None
        if (len(rates) < 2 or source is None or not identifier or not words.get("kind")
                or not words.get("per")):
            return None
        if abs(rates["total"].value - 2 * rates["per_direction"].value) > \
                1e-9 * rates["total"].value:
            fields.error(entries["total"][1], f"{name}: total must be both directions "
                                              f"together, twice per_direction", scope)
        return Interconnect(name=name, id=identifier, kind=str(words["kind"]).strip(),
                            per=str(words["per"]).strip(), per_direction=rates["per_direction"],
                            total=rates["total"], links=links,
                            aliases=_aliases(fields, entries, scope), texts=texts,
                            source=source)


def _quantity(fields: Fields, node: yaml.Node, what: str, dimension: dims.Dim,
              scope: Scope) -> tuple[str, Quantity | None]:
    text = fields.text(node, what, scope)
    if text is None:
        return "", None
    try:
        quantity = read(text).value
    except ParseError as error:
        fields.error(node, f"{what} '{text}' cannot be read: {error.message}", scope)
        return text, None
    if quantity.dim != dimension:
        fields.error(node, f"{what} '{text}' is {dims.describe(quantity.dim)}, not "
                           f"{dims.describe(dimension)}", scope)
        return text, None
    if quantity.value <= 0:
        fields.error(node, f"{what} must be more than zero", scope)
        return text, None
    return text.strip(), quantity


def _aliases(fields: Fields, entries: Entries, scope: Scope) -> tuple[str, ...]:
    if "aliases" not in entries:
        return ()
    items = fields.sequence(entries["aliases"][1], "aliases", scope) or []
    return tuple(t for t in (fields.text(item, "alias", scope) for item in items) if t)


def _q(value: Quantity | None) -> Quantity:
    assert value is not None  # checked by the caller
    return value


def describe_gpu(gpu: Gpu) -> str:
    """One line for listings: "H100 (NVIDIA): 989 TFLOPS BF16, 3.35 TB/s, 79.6 GiB"."""
    fp8 = f", {gpu.texts['fp8_dense']} FP8" if "fp8_dense" in gpu.texts else ""
    return (f"{gpu.name} ({gpu.vendor}): {gpu.texts['bf16_dense']} BF16{fp8}, "
            f"{gpu.texts['bandwidth']}, {gpu.fact_text('memory')}, ridge "
            f"{format_number(gpu.ridge_point())} FLOP/byte")
