"""The catalog of GPU and model facts: figures, lookup, sources, and the KV law."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drill.packs.catalog import (
    GPU_FACTS,
    MODEL_FACTS,
    CatalogError,
    Gpu,
    Interconnect,
    Model,
    UnknownEntry,
    load_catalog,
)
from drill.quantities.parsing import read
from drill.quantities.units import convert
from testkit import Evaluate

REQUIRED_GPUS = ("H100", "H100 PCIe", "H200", "A100", "H20", "B200", "MI300X", "L40S")
REQUIRED_MODELS = ("Llama 3 8B", "Llama 3 70B", "Llama 3.1 405B", "Qwen2.5-7B",
                   "Qwen2.5-72B", "Mixtral 8x7B", "DeepSeek-V3", "Mistral 7B")


def test_h100_matches_the_seed_figures() -> None:
    # The seed pack's H100 SXM: 989 TFLOPS dense BF16 and 3.35 TB/s of HBM.
    gpu = load_catalog().gpu("H100")
    assert convert(gpu.bf16_dense, "TFLOPS") == pytest.approx(989)
    assert convert(gpu.bandwidth, "TB/s") == pytest.approx(3.35)
    assert gpu.ridge_point() == pytest.approx(295, rel=0.005)  # the seed's ridge


def test_every_required_entry_is_there_with_its_figures() -> None:
    catalog = load_catalog()
    for name in REQUIRED_GPUS:
        gpu = catalog.gpu(name)
        assert gpu.bf16_dense.value > 0 and gpu.bandwidth.value > 0 and gpu.memory.value > 0
        # FP8 doubles the dense BF16 rate wherever the chip has it.
        if gpu.fp8_dense is not None:
            assert gpu.fp8_dense.value == pytest.approx(2 * gpu.bf16_dense.value, rel=0.02)
    assert catalog.gpu("A100").fp8_dense is None  # Ampere has no FP8 tensor cores
    for name in REQUIRED_MODELS:
        model = catalog.model(name)
        assert model.attention_heads % model.kv_heads == 0


def test_lookup_ignores_case_spacing_and_accepts_aliases() -> None:
    catalog = load_catalog()
    assert catalog.gpu("h100").name == "H100"
    assert catalog.gpu("H100-SXM").name == "H100"
    assert catalog.gpu("mi300x").name == "MI300X"
    assert catalog.model("qwen2.5-7b").name == "Qwen2.5-7B"
    assert catalog.model("meta-llama/Meta-Llama-3-70B").name == "Llama 3 70B"


def test_unknown_names_come_with_suggestions() -> None:
    with pytest.raises(UnknownEntry) as error:
        load_catalog().gpu("H2000")
    assert "H200" in error.value.suggestions
    assert "no GPU 'H2000'" in str(error.value)
    with pytest.raises(UnknownEntry, match="known GPUs: H100"):
        load_catalog().gpu("TPU")


def test_fp8_peak_of_a_chip_without_fp8_is_a_clear_error() -> None:
    with pytest.raises(UnknownEntry, match="no FP8"):
        load_catalog().gpu("A100").peak("fp8")


@pytest.mark.parametrize(("model", "kib"), [("Llama 3 8B", 128), ("Qwen2.5-7B", 56),
                                             ("Llama 3 70B", 320)])
def test_kv_bytes_per_token_from_the_architecture(model: str, kib: float) -> None:
    # Llama 3 8B: 2 × 32 layers × 8 KV heads × 128 × 2 bytes = 131,072 B = 128 KiB (issue 7);
    # Qwen2.5-7B: 2 × 28 × 4 × 128 × 2 = 57,344 B = 56 KiB.
    found = load_catalog().model(model).kv_bytes_per_token(2)
    assert convert(found, "KiB/token") == pytest.approx(kib)
    assert load_catalog().model(model).fact_text("kv_per_token_bf16") == f"{kib} KiB/token"


def test_the_solver_and_the_catalog_agree_on_every_model(evaluate: Evaluate) -> None:
    # The solver's law is per-head attention; DeepSeek's MLA caches one latent instead
    # (tested on its own below).
    for model in (m for m in load_catalog().models if m.kv_lora_rank is None):
        results = evaluate("kv-per-token", {
            "layers": str(model.layers), "kv_heads": str(model.kv_heads),
            "attention_heads": str(model.attention_heads), "head_dim": str(model.head_dim),
            "element_bytes": "2 B", "context": "1,000 tokens",
        })
        assert results["kv_per_token"].dim == model.kv_bytes_per_token(2).dim
        assert results["kv_per_token"].value == pytest.approx(model.kv_bytes_per_token(2).value)
        assert results["kv_per_token_all_heads"].value > results["kv_per_token"].value


def test_every_fact_can_be_read_back_as_a_given() -> None:
    catalog = load_catalog()
    for gpu in catalog.gpus:
        for fact in GPU_FACTS:
            text = gpu.fact_text(fact)
            if text is not None:
                read(text)
    for model in catalog.models:
        for fact in MODEL_FACTS:
            text = model.fact_text(fact)
            if text is not None:
                read(text)


def test_every_fact_names_a_dated_source() -> None:
    catalog = load_catalog()
    entries: list[Gpu | Model | Interconnect] = [*catalog.gpus, *catalog.models,
                                                 *catalog.interconnects]
    for entry in entries:
        assert entry.source.document and re.fullmatch(r"\d{4}(-\d{2}){0,2}", entry.source.date)
    for gpu in catalog.gpus:
        for fact in GPU_FACTS:
            assert gpu.source_of(fact).date, (gpu.name, fact)
    # Memory as the driver reports it comes from a driver listing, not the datasheet.
    h100 = catalog.gpu("H100")
    assert h100.source_of("memory") != h100.source_of("bandwidth")
    assert "datasheet" in h100.source_of("bandwidth").document


def test_a_broken_catalog_names_the_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "gpus.yaml").write_text(
        "gpus:\n  X1:\n    vendor: ACME\n    bf16_dense: 3 TB/s\n    fp8_dense: null\n"
        "    bandwidth: 1 TB/s\n    memory: 8 GB\n    source: s\n"
        "sources:\n  s: {document: ACME X1 datasheet, date: 2024-01}\n", encoding="utf-8")
    (tmp_path / "models.yaml").write_text("models: {}\n", encoding="utf-8")
    with pytest.raises(CatalogError,
                       match=r"gpus\.yaml:4:17: X1\.bf16_dense .* not a compute rate"):
        load_catalog(tmp_path)


_GPU = ("gpus:\n  X1:\n    vendor: ACME\n    bf16_dense: 3 PFLOPS\n    fp8_dense: null\n"
        "    bandwidth: 1 TB/s\n    memory: 8 GiB\n")


def test_an_entry_without_a_source_does_not_load(tmp_path: Path) -> None:
    (tmp_path / "gpus.yaml").write_text(_GPU, encoding="utf-8")
    (tmp_path / "models.yaml").write_text("models: {}\n", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"GPU 'X1' is missing 'source'"):
        load_catalog(tmp_path)


def test_a_source_must_be_listed_and_dated(tmp_path: Path) -> None:
    (tmp_path / "gpus.yaml").write_text(
        _GPU + "    source: acme-sheet\nsources:\n  acme-datasheet: {document: D, date: 2024}\n",
        encoding="utf-8")
    (tmp_path / "models.yaml").write_text("models: {}\n", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"source 'acme-sheet' is not under 'sources:' "
                                           r"\(did you mean 'acme-datasheet'\?\)"):
        load_catalog(tmp_path)
    (tmp_path / "gpus.yaml").write_text(
        _GPU + "    source: s\nsources:\n  s: {document: D, date: last spring}\n",
        encoding="utf-8")
    with pytest.raises(CatalogError, match=r"date 'last spring' must be YYYY"):
        load_catalog(tmp_path)


@pytest.mark.parametrize(("gpu", "mib"), [("H100", 81_559), ("H100 PCIe", 81_559),
                                           ("H200", 143_771), ("A100", 81_920),
                                           ("H20", 97_871), ("B200", 183_359),
                                           ("L40S", 46_068)])
def test_memory_is_what_the_driver_reports_in_gib(gpu: str, mib: int) -> None:
    found = load_catalog().gpu(gpu)
    assert found.memory.value == mib * 2**20
    # 81,559 MiB is 79.65 GiB (and 85.5 decimal GB), not the datasheet's 80 GB.
    assert found.fact_text("memory") == f"{mib / 1024:.4g} GiB"
    assert found.memory_datasheet is not None
    assert found.memory_datasheet.value != found.memory.value


def test_the_datasheet_memory_and_the_usable_share_are_named_apart() -> None:
    h100 = load_catalog().gpu("H100")
    assert h100.fact_text("memory") == "79.65 GiB"
    assert h100.fact_text("memory_datasheet") == "80 GB"
    # vLLM's gpu_memory_utilization 0.9 of 81,559 MiB: 73,403 MiB = 71.68 GiB.
    assert h100.fact_text("memory_usable") == "71.68 GiB"
    mi300x = load_catalog().gpu("MI300X")
    assert mi300x.memory.value == 205_822_885_888  # rocm-smi's VRAM total: 191.7 GiB
    assert mi300x.fact_text("memory") == "191.7 GiB"


def test_b200_bandwidth_is_nvidias_current_figure() -> None:
    b200 = load_catalog().gpu("B200")
    assert convert(b200.bandwidth, "TB/s") == pytest.approx(7.7)
    assert convert(b200.peak("fp4"), "PFLOPS") == pytest.approx(9)
    assert convert(b200.tdp or b200.bandwidth, "W") == pytest.approx(1000)


@pytest.mark.parametrize(("reference", "text"), [
    ("nvlink4.per_direction", "450 GB/s"), ("nvlink4.total", "900 GB/s"),
    ("nvlink5.per_direction", "900 GB/s"), ("nvlink5.total", "1.8 TB/s"),
    ("pcie4_x16.per_direction", "32 GB/s"), ("pcie5_x16.per_direction", "64 GB/s"),
    ("ib_ndr.per_direction", "400 Gb/s"), ("ib_xdr.per_direction", "800 Gb/s"),
])
def test_interconnect_facts(reference: str, text: str) -> None:
    found, source = load_catalog().fact(reference)
    assert found == text
    assert source.date


def test_a_gpu_names_its_link_and_a_card_can_follow_it() -> None:
    catalog = load_catalog()
    assert catalog.gpu("B200").fact_text("link_per_direction") == "900 GB/s"
    assert catalog.gpu("H100").fact_text("link_total") == "900 GB/s"
    assert catalog.gpu("L40S").fact_text("link_per_direction") == "32 GB/s"  # PCIe Gen4
    with pytest.raises(UnknownEntry, match="did you mean nvlink4"):
        catalog.interconnect("nvlnk4")


def test_mixture_of_experts_and_mla_figures() -> None:
    catalog = load_catalog()
    v3 = catalog.model("DeepSeek-V3")
    assert (v3.experts, v3.active_experts, v3.shared_experts) == (256, 8, 1)
    assert v3.params == pytest.approx(671e9) and v3.active_params == pytest.approx(37e9)
    # MLA caches (512 + 64) numbers per layer: 576 × 61 × 2 bytes = 70,272 B per token.
    assert v3.kv_bytes_per_token(2).value == 70_272
    mixtral = catalog.model("Mixtral 8x7B")
    assert (mixtral.experts, mixtral.active_experts) == (8, 2)
    assert mixtral.active_params == pytest.approx(12.9e9)
    assert catalog.model("Mistral 7B").fact_text("sliding_window") == "4,096 tokens"
    assert catalog.model("Llama 3 8B").fact_text("sliding_window") is None
    # Untied: the embedding and the output head are two 128,256 × 4,096 matrices.
    assert catalog.model("Llama 3 8B").embedding_params() == 2 * 128_256 * 4_096
    assert catalog.model("Llama 3 8B").fact_text("experts") is None
