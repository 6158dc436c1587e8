"""The roofline explorer reproduces the chapter's table and moves with the GPU."""

from __future__ import annotations

import pytest

from drill.labs.gpus import UnknownGpu, default_gpu, find_gpu, gpus
from drill.labs.roofline import (
    find_precision,
    gemm_point,
    kernel_point,
    ridge_point,
    roof,
    roofline_table,
)
from drill.packs.catalog import load_catalog


def test_the_chapters_table_on_an_h100() -> None:
    # The chapter prints this table for k = n = 4096, BF16, on an H100.
    table = roofline_table(find_gpu("H100"))
    assert [row.m for row in table.rows] == [1, 8, 64, 256, 4096]
    assert [round(row.intensity, 1) for row in table.rows] == [1.0, 8.0, 62.1, 227.6, 1365.3]
    assert [round(row.attainable.value / 1e12) for row in table.rows] == [3, 27, 208, 762, 989]
    assert [row.bound for row in table.rows] == ["memory"] * 4 + ["compute"]
    assert round(table.ridge_point) == 295


def test_batch_one_decode_uses_a_third_of_a_percent_of_the_compute() -> None:
    # At batch 1 a decode GEMM reaches about a third of a percent of the H100's peak.
    assert round(gemm_point(default_gpu(), 1).compute_share * 100, 1) == 0.3


def test_time_is_the_slower_of_math_and_memory() -> None:
    # m = 4096 on an H100: 2·4096³ FLOP at 989 TFLOPS is about 139 µs; m = 1 reads
    # 2·(4096 + 4096² + 4096) bytes at 3.35 TB/s, about 10 µs.
    prefill, decode = gemm_point(default_gpu(), 4096), gemm_point(default_gpu(), 1)
    assert prefill.time.value == pytest.approx(2 * 4096**3 / 989e12)
    assert decode.time.value == pytest.approx(2 * (4096 + 4096**2 + 4096) / 3.35e12)


def test_the_ridge_point_agrees_with_the_catalogs_own() -> None:
    # The catalog computes its ridge point in plain Python; the labs ask the solvers.
    for gpu in gpus():
        expected = load_catalog().gpu(gpu.name).ridge_point("bf16")
        assert ridge_point(gpu) == pytest.approx(expected)
        assert roofline_table(gpu, [1]).ridge_point == pytest.approx(expected)


def test_an_h20_moves_the_ridge_far_left() -> None:
    # Little compute, much bandwidth: m = 64 is already compute-bound on an H20.
    h20, h100 = find_gpu("H20"), find_gpu("H100")
    assert ridge_point(h20) < 64 < ridge_point(h100)
    assert gemm_point(h20, 64).bound == "compute"
    assert gemm_point(h100, 64).bound == "memory"


def test_gpus_are_found_by_alias_and_unknown_names_suggest_close_ones() -> None:
    assert find_gpu("h100-sxm").name == "H100"
    with pytest.raises(UnknownGpu, match="H200"):
        find_gpu("H2000")
    assert default_gpu().name == "H100"
    assert len(gpus()) >= 6


def test_at_the_ridge_a_kernel_counts_as_compute_bound() -> None:
    # One second of math and one second of memory traffic on an H100, exactly.
    gpu = default_gpu()
    tie = kernel_point(gpu, 989e12, 3.35e12)
    assert tie.compute_time.value == tie.memory_time.value == 1.0
    assert tie.bound == "compute"  # the attainable FLOP/s is the peak, as the chapter says
    assert kernel_point(gpu, 0.99 * 989e12, 3.35e12).bound == "memory"


def test_the_roof_rises_with_slope_one_then_stays_flat() -> None:
    gpu = default_gpu()
    corners = roof(gpu, 0.1, 10_000)
    (low, at_low), (ridge, at_ridge), (high, at_high) = corners
    assert (low, high) == (0.1, 10_000)
    assert ridge == pytest.approx(ridge_point(gpu))
    assert at_low == pytest.approx(0.1 * 3.35e12)  # intensity × bandwidth
    assert at_ridge == pytest.approx(989e12)
    assert at_high == pytest.approx(989e12)
    assert len(roof(gpu, 1000, 2000)) == 2  # no ridge in between: one flat segment


@pytest.mark.parametrize("m", [0, -1])
def test_a_gemm_needs_positive_dimensions(m: int) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        gemm_point(default_gpu(), m)



def test_only_the_peak_itself_reads_100_percent() -> None:
    from drill.labs.roofline import percent_of_peak

    # 99.8% rounded to two figures would be "100": it stays 99.8, and 99.97% is 99.9.
    assert percent_of_peak(0.998) == "99.8"
    assert percent_of_peak(0.9997) == "99.9"
    assert percent_of_peak(1.0) == "100"
    assert percent_of_peak(0.5) == "50"
    assert percent_of_peak(0.0643) == "6.4"


# -- precisions ----------------------------------------------------------------------
def test_int4_weights_quadruple_the_batch_one_intensity() -> None:
    # m = 1 through a 4096 × 4096 weight: 2·4096² FLOP over half a byte per weight plus the
    # BF16 input and output rows, 0.5·4096² + 2·(4096 + 4096) bytes: about 3.99 FLOP/byte,
    # against 1.0 in BF16.
    point = gemm_point(default_gpu(), 1, precision=find_precision("int4"))
    assert point.intensity == pytest.approx(2 * 4096**2 / (0.5 * 4096**2 + 2 * 8192))
    assert point.roofline.moved.value == 0.5 * 4096**2 + 2 * 8192
    assert point.bound == "memory"


def test_weight_only_precisions_keep_the_bf16_ridge() -> None:
    # INT8 and INT4 weights are dequantized for BF16 math: the peak, so the ridge, is
    # BF16's (989 TFLOPS ÷ 3.35 TB/s ≈ 295 FLOP/byte on an H100).
    for name in ("int8", "int4"):
        table = roofline_table(default_gpu(), [1], precision=find_precision(name))
        assert round(table.ridge_point) == 295


def test_fp8_doubles_the_ridge_and_the_intensity_together() -> None:
    # 1,979 TFLOPS ÷ 3.35 TB/s ≈ 591 FLOP/byte; one byte per element doubles every
    # intensity, so m = 256 stays memory-bound and m = 4096 compute-bound, as in BF16.
    fp8 = find_precision("fp8")
    table = roofline_table(default_gpu(), [1, 256, 4096], precision=fp8)
    assert round(table.ridge_point) == 591
    bf16 = roofline_table(default_gpu(), [1, 256, 4096])
    assert [round(a.intensity / b.intensity, 6) for a, b in zip(table.rows, bf16.rows,
                                                                  strict=True)] == [2.0] * 3
    assert [row.bound for row in table.rows] == ["memory", "memory", "compute"]


def test_fp8_on_a_gpu_without_fp8_tensor_cores_is_refused() -> None:
    with pytest.raises(UnknownGpu, match="no FP8"):
        gemm_point(find_gpu("A100"), 1, precision=find_precision("fp8"))


def test_precisions_are_found_by_name_and_unknown_ones_are_named() -> None:
    assert find_precision("FP8").weight_bytes == "1 B"
    with pytest.raises(ValueError, match="bf16, fp8, int8, int4"):
        find_precision("fp4")
