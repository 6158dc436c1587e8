"""The catalog of facts: GPUs and models, as the YAML in ``packs/catalog/`` states them.

Cards draw givens from it for their variants (an H200 instead of an H100, Qwen2.5-7B
instead of Llama 3 8B), and the labs size rooflines with it::

    from drill.packs.catalog import load_catalog
    catalog = load_catalog()
    gpu = catalog.gpu("h100")                # case, spaces and dashes do not matter
    gpu.bandwidth, gpu.peak("fp8")           # Quantity in base units (bytes/s, FLOP/s)
    model = catalog.model("Qwen2.5-7B")
    model.kv_bytes_per_token(2)              # 56 KiB/token, from the architecture

Figures are typed math read by drill's safe parser ("3.35 TB/s"), so they carry units and
are checked for dimension as they load. Plain Python: no sympy, no Textual.
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

from drill.packs.facts import GPU_FACTS, MODEL_FACTS
from drill.packs.fields import NULL, Fields, Scope
from drill.packs.locate import builtin_packs_dir
from drill.packs.yamlsafe import PackReadError, compose, read_text
from drill.quantities import dimensions as dims
from drill.quantities.parsing import ParseError, read
from drill.quantities.quantity import Quantity
from drill.quantities.units import format_in, format_number

CATALOG_FOLDER = "catalog"
GPU_FILE = "gpus.yaml"
MODEL_FILE = "models.yaml"

FLOP_RATE = dims.dim(computation=1, time=-1)
BANDWIDTH = dims.dim(information=1, time=-1)
BYTES = dims.dim(information=1)
KV_PER_TOKEN = dims.dim(information=1, token=-1)

#: Bytes one element takes at each precision a card or lab may name.
PRECISION_BYTES: dict[str, float] = {
    "fp32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "int8": 1, "int4": 0.5,
}


_GPU_KEYS = ("aliases", "vendor", *GPU_FACTS)
_GPU_REQUIRED = ("vendor", "bf16_dense", "fp8_dense", "bandwidth", "memory")
_MODEL_KEYS = ("aliases", "params", "layers", "attention_heads", "kv_heads", "head_dim")
_MODEL_REQUIRED = _MODEL_KEYS[1:]


__all__ = [
    "GPU_FACTS", "MODEL_FACTS", "PRECISION_BYTES", "Catalog", "CatalogError", "Gpu", "Model",
    "UnknownEntry", "catalog_dir", "describe_gpu", "load_catalog", "normalize",
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
class Gpu:
    name: str
    vendor: str
    bf16_dense: Quantity  # FLOP/s, dense (no sparsity)
    fp8_dense: Quantity | None  # None: no FP8 tensor cores (A100)
    bandwidth: Quantity  # bytes/s of HBM
    memory: Quantity  # bytes
    aliases: tuple[str, ...] = ()
    #: Each fact as the catalog writes it: {"bandwidth": "3.35 TB/s", ...}.
    texts: Mapping[str, str] = field(default_factory=dict)

    def peak(self, precision: str = "bf16") -> Quantity:
        """Dense peak FLOP/s at ``precision`` ("bf16", "fp16" or "fp8")."""
        key = precision.lower()
        if key in ("bf16", "fp16"):
            return self.bf16_dense
        if key == "fp8":
            if self.fp8_dense is None:
                raise UnknownEntry(f"the {self.name} has no FP8 tensor cores")
            return self.fp8_dense
        raise UnknownEntry(f"no peak for precision '{precision}': use bf16 or fp8")

    def ridge_point(self, precision: str = "bf16") -> float:
        """FLOP per byte at which compute time equals memory time."""
        return self.peak(precision).value / self.bandwidth.value

    def fact_text(self, fact: str) -> str | None:
        """A fact as text a card's given can take ("4.8 TB/s"); None when the chip lacks it."""
        if fact not in GPU_FACTS:
            raise UnknownEntry(f"no GPU fact '{fact}'{_hint(fact, GPU_FACTS)}")
        return self.texts.get(fact)


@dataclass(frozen=True, slots=True)
class Model:
    name: str
    params: float  # a count
    layers: int
    attention_heads: int
    kv_heads: int
    head_dim: int
    aliases: tuple[str, ...] = ()
    texts: Mapping[str, str] = field(default_factory=dict)

    def weight_bytes(self, bytes_per_param: float = 2) -> Quantity:
        """Bytes of weights at ``bytes_per_param`` (2 for BF16, 1 for FP8)."""
        return Quantity(self.params * bytes_per_param, BYTES)

    def kv_bytes_per_token(self, element_bytes: float = 2) -> Quantity:
        """KV cache per token: a key and a value per layer per KV head, head_dim wide.

        The same law as the ``kv-per-token`` solver (a test holds them together).
        """
        return Quantity(2 * self.layers * self.kv_heads * self.head_dim * element_bytes,
                        KV_PER_TOKEN)

    def fact_text(self, fact: str) -> str:
        """A fact as text a card's given can take ("8.03 billion", "128 KiB/token")."""
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
        raise UnknownEntry(f"no model fact '{fact}'{_hint(fact, MODEL_FACTS)}")


@dataclass(frozen=True, slots=True)
class Catalog:
    gpus: tuple[Gpu, ...] = ()
    models: tuple[Model, ...] = ()

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


_T = TypeVar("_T", Gpu, Model)
_Builder = Callable[[Fields, str, yaml.Node], _T | None]


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
    gpus = _read(base / GPU_FILE, "gpus", _gpu)
    models = _read(base / MODEL_FILE, "models", _model)
    return Catalog(tuple(gpus), tuple(models))


def _read(path: Path, section: str, build: _Builder[_T]) -> list[_T]:
    shown = str(path)
    try:
        root = compose(read_text(path))
    except PackReadError as error:
        raise CatalogError(f"{shown}:{error.line}:{error.column}: {error.message}") from None
    if root is None:
        raise CatalogError(f"{shown}: the file is empty")
    fields = Fields(shown)
    entries: list[_T] = []
    top = fields.mapping(root, f"the {section} catalog", (section,), (section,))
    if top is not None and section in top:
        items = fields.mapping(top[section][1], section, None, ())
        seen: set[str] = set()
        for key_node, node in (items or {}).values():
            name = str(key_node.value)
            errors = fields.error_count()
            built: _T | None = build(fields, name, node)
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


def _gpu(fields: Fields, name: str, node: yaml.Node) -> Gpu | None:
    scope = Scope(name)
    entries = fields.mapping(node, f"GPU '{name}'", _GPU_KEYS, _GPU_REQUIRED, scope)
    if entries is None:
        return None
    texts: dict[str, str] = {}
    values: dict[str, Quantity | None] = {}
    wanted = {"bf16_dense": FLOP_RATE, "fp8_dense": FLOP_RATE, "bandwidth": BANDWIDTH,
              "memory": BYTES}
    for fact, dimension in wanted.items():
        if fact not in entries:
            continue
        value_node = entries[fact][1]
        if fact == "fp8_dense" and value_node.tag == NULL:
            values[fact] = None
            continue
        text, quantity = _quantity(fields, value_node, f"{name}.{fact}", dimension, scope)
        if quantity is not None:
            texts[fact] = text
            values[fact] = quantity
    vendor = fields.text(entries["vendor"][1], "vendor", scope) if "vendor" in entries else None
    aliases = _aliases(fields, entries, scope)
    required = ("bf16_dense", "bandwidth", "memory")
    if vendor is None or any(values.get(f) is None for f in required):
        return None
    return Gpu(name=name, vendor=vendor, bf16_dense=_q(values["bf16_dense"]),
               fp8_dense=values.get("fp8_dense"), bandwidth=_q(values["bandwidth"]),
               memory=_q(values["memory"]), aliases=aliases, texts=texts)


def _model(fields: Fields, name: str, node: yaml.Node) -> Model | None:
    scope = Scope(name)
    entries = fields.mapping(node, f"model '{name}'", _MODEL_KEYS, _MODEL_REQUIRED, scope)
    if entries is None:
        return None
    texts: dict[str, str] = {}
    params: float | None = None
    if "params" in entries:
        text, quantity = _quantity(fields, entries["params"][1], f"{name}.params",
                                   dims.DIMENSIONLESS, scope)
        if quantity is not None:
            params = quantity.value
            texts["params"] = text
    counts: dict[str, int] = {}
    for key in ("layers", "attention_heads", "kv_heads", "head_dim"):
        if key in entries:
            value = fields.integer(entries[key][1], f"{name}.{key}", scope)
            if value is not None and value <= 0:
                fields.error(entries[key][1], f"{name}.{key} must be at least 1", scope)
            elif value is not None:
                counts[key] = value
                texts[key] = str(value)
    aliases = _aliases(fields, entries, scope)
    if params is None or len(counts) < 4:
        return None
    if counts["attention_heads"] % counts["kv_heads"]:
        fields.error(entries["kv_heads"][1],
                     f"{name}: attention_heads must be a multiple of kv_heads", scope)
    return Model(name=name, params=params, aliases=aliases, texts=texts, **counts)


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


def _aliases(fields: Fields, entries: Mapping[str, tuple[yaml.ScalarNode, yaml.Node]],
             scope: Scope) -> tuple[str, ...]:
    if "aliases" not in entries:
        return ()
    items = fields.sequence(entries["aliases"][1], "aliases", scope) or []
    return tuple(t for t in (fields.text(item, "alias", scope) for item in items) if t)


def _q(value: Quantity | None) -> Quantity:
    assert value is not None  # checked by the caller
    return value


def describe_gpu(gpu: Gpu) -> str:
    """One line for listings: "H100 (NVIDIA): 989 TFLOPS BF16, 3.35 TB/s, 80 GB"."""
    fp8 = f", {gpu.texts['fp8_dense']} FP8" if "fp8_dense" in gpu.texts else ""
    return (f"{gpu.name} ({gpu.vendor}): {gpu.texts['bf16_dense']} BF16{fp8}, "
            f"{gpu.texts['bandwidth']}, {gpu.texts['memory']}, ridge "
            f"{format_number(gpu.ridge_point())} FLOP/byte")
