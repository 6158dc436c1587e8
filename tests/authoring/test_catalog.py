"""The catalog of GPU and model facts: figures, lookup, sources, and the KV law."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drill.packs.catalog import (
    GPU_FACTS,
    MODEL_FACTS,
    CatalogError,
    UnknownEntry,
    catalog_dir,
    load_catalog,
)
from drill.quantities.parsing import read
from drill.quantities.units import convert
from testkit import Evaluate

REQUIRED_GPUS = ("H100", "H200", "A100", "H20", "B200", "MI300X")
REQUIRED_MODELS = ("Llama 3 8B", "Llama 3 70B", "Qwen2.5-7B")


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
            assert gpu.fp8_dense.value == pytest.approx(2 * gpu.bf16_dense.value, rel=0.01)
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
    for model in load_catalog().models:
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
            read(model.fact_text(fact))


def test_every_entry_cites_its_source_in_a_comment() -> None:
    for name, source in (("gpus.yaml", r"datasheet|data sheet|specification"),
                         ("models.yaml", r"config\.json")):
        text = (catalog_dir() / name).read_text(encoding="utf-8")
        blocks = re.split(r"\n  (?=\S)", text)[1:]  # one block per entry
        assert blocks
        for block in blocks:
            comments = " ".join(line for line in block.splitlines() if "#" in line)
            assert re.search(source, comments), f"{name}: no source for {block.split(':')[0]}"


def test_a_broken_catalog_names_the_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "gpus.yaml").write_text(
        "gpus:\n  X1:\n    vendor: ACME\n    bf16_dense: 3 TB/s\n    fp8_dense: null\n"
        "    bandwidth: 1 TB/s\n    memory: 8 GB\n", encoding="utf-8")
    (tmp_path / "models.yaml").write_text("models: {}\n", encoding="utf-8")
    with pytest.raises(CatalogError,
                       match=r"gpus\.yaml:4:17: X1\.bf16_dense .* not a compute rate"):
        load_catalog(tmp_path)
