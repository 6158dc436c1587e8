"""`drill specs`: the catalog as a reference sheet, with sources, as text and as JSON."""

from __future__ import annotations

import json

import pytest

from drill.cli import main


def test_specs_prints_gpus_models_and_interconnects_with_sources(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["specs"]) == 0
    out = capsys.readouterr().out
    for title in ("GPUs", "Models", "Interconnects"):
        assert f"\n{title}\n" in f"\n{out}"
    assert "bandwidth 7.7 TB/s" in out  # the B200
    assert "memory 79.65 GiB · memory_datasheet 80 GB" in out  # the H100
    assert "ridge_bf16 295 FLOP/byte" in out
    assert "kv_per_token_bf16 128 KiB/token" in out  # Llama 3 8B
    assert "per_direction 450 GB/s · total 900 GB/s" in out  # NVLink 4
    assert out.count("source: ") >= 8 + 8 + 8


def test_specs_json_has_every_part_and_each_row_its_sources(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["specs", "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["gpu_memory_utilization"] == 0.9
    rows = [*sheet["gpus"], *sheet["models"], *sheet["interconnects"]]
    assert all(row["sources"] and row["sources"][0]["date"] for row in rows)
    v3 = next(row for row in sheet["models"] if row["name"] == "DeepSeek-V3")
    assert (v3["params"], v3["active_params"], v3["kv_lora_rank"]) == (
        "671 billion", "37 billion", "512")
    assert main(["specs", "interconnects", "--json"]) == 0
    only = json.loads(capsys.readouterr().out)
    assert set(only) == {"interconnects", "gpu_memory_utilization"}
    ib = next(row for row in only["interconnects"] if row["id"] == "ib_ndr")
    assert ib["per_direction"] == "400 Gb/s"
