"""``drill roofline``: a GEMM's intensity, attainable FLOP/s and time, per m, in BF16, FP8,
or with INT8/INT4 weights."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from drill.cli.exit_codes import EXIT_FAILED, EXIT_OK, EXIT_USAGE

if TYPE_CHECKING:
    from drill.labs.roofline import RooflineTable

#: Beyond this a dimension is a typo, not a GEMM anyone runs.
LARGEST_DIMENSION = 10**9


def dimension(text: str) -> int:
    """A matrix dimension: a whole number from 1 up (argparse type)."""
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 1 <= value <= LARGEST_DIMENSION:
        raise argparse.ArgumentTypeError(
            f"{value} is out of range (1 to {LARGEST_DIMENSION:,})")
    return value


def add_parser(subparsers: Any, common: argparse.ArgumentParser) -> None:
    parser = subparsers.add_parser(
        "roofline",
        parents=[common],
        help="place a GEMM on a GPU's roofline for several m (batch sizes)",
        description="For an [m, k] × [k, n] matrix product, print per m its "
        "arithmetic intensity, the FLOP/s it can reach, its time and whether memory or "
        "compute bounds it, with the GPU's ridge point. The default is the chapter's "
        "table: m = 1, 8, 64, 256, 4096 through a 4096 × 4096 BF16 weight.",
        epilog="example: drill roofline --m 1 32 512 --k 8192 --n 8192 --precision int4",
    )
    parser.add_argument("--gpu", metavar="NAME", help="the GPU (default: H100)")
    parser.add_argument("--m", metavar="N", nargs="+", type=dimension,
                        help="rows of the left matrix: the batch during decode "
                        "(default: 1 8 64 256 4096)")
    parser.add_argument("--k", metavar="K", type=dimension, default=4096,
                        help="the shared dimension (default: 4096)")
    parser.add_argument("--n", metavar="N", type=dimension, default=4096,
                        help="columns of the right matrix (default: 4096)")
    parser.add_argument("--precision", default="bf16", type=str.lower,
                        choices=("bf16", "fp8", "int8", "int4"),
                        help="bf16 (default); fp8: weights and activations in FP8 at the FP8 "
                        "peak; int8, int4: weight-only, BF16 activations and math (group "
                        "scales left out)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.labs.gpus import UnknownGpu, default_gpu, find_gpu
    from drill.labs.roofline import CHAPTER_BATCHES, find_precision, roofline_table
    from drill.solving.solve import SolveError

    try:
        gpu = default_gpu() if args.gpu is None else find_gpu(args.gpu)
    except UnknownGpu as error:
        print(f"drill roofline: error: {error}", file=sys.stderr)
        return EXIT_FAILED if args.gpu is None else EXIT_USAGE
    precision = find_precision(args.precision)
    try:
        table = roofline_table(gpu, args.m or CHAPTER_BATCHES, args.k, args.n, precision)
    except UnknownGpu as error:  # FP8 on a GPU without an FP8 peak
        print(f"drill roofline: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SolveError as error:
        print(f"drill roofline: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print(json.dumps(as_json(table), ensure_ascii=False, indent=2))
    else:
        print("\n".join(as_text(table)))
    return EXIT_OK


def as_text(table: RooflineTable) -> list[str]:
    from drill.labs.roofline import percent_of_peak
    from drill.quantities.units import format_number, format_quantity

    gpu = table.gpu
    precision = table.precision
    k, n = (table.rows[0].k, table.rows[0].n) if table.rows else (0, 0)
    out = [
        f"{precision.label} GEMM [m, {k:,}] × [{k:,}, {n:,}] on the {gpu.name} "
        f"({gpu.peak(precision.math)}, {gpu.bandwidth})",
        f"ridge point: {format_number(table.ridge_point)} FLOP/byte "
        "(below it memory sets the pace, above it compute)",
        "",
        f"{'m':>8}  {'intensity':>11}  {'attainable':>11}  {'of peak':>7}  {'time':>9}  bound",
        f"{'':>8}  {'FLOP/byte':>11}  {'TFLOP/s':>11}",
    ]
    for row in table.rows:
        tflops = row.attainable.value / 1e12
        out.append(
            f"{row.m:>8,}  {row.intensity:>11,.1f}  {_tflops(tflops):>11}  "
            f"{percent_of_peak(row.compute_share) + '%':>7}  "
            f"{format_quantity(row.time):>9}  {row.bound}"
        )
    return out


def _tflops(value: float) -> str:
    # Whole TFLOP/s as the chapter prints them; small rates keep three figures.
    from drill.quantities.units import format_number

    return f"{value:,.0f}" if value >= 10 else format_number(value)


def as_json(table: RooflineTable) -> dict[str, object]:
    from drill.quantities.parsing import read

    precision = table.precision
    weight_bytes = read(precision.weight_bytes).value.value
    activation_bytes = read(precision.activation_bytes).value.value
    return {
        "gpu": {"name": table.gpu.name, "peak_flops": table.gpu.peak(precision.math),
                "bandwidth": table.gpu.bandwidth, "source": table.gpu.source},
        "precision": precision.name,
        "weight_bytes": weight_bytes,
        "activation_bytes": activation_bytes,
        # One width for every element, as the chapter's BF16 table has; None when they differ.
        "element_bytes": weight_bytes if weight_bytes == activation_bytes else None,
        "ridge_point_flop_per_byte": table.ridge_point,
        "rows": [
            {
                "m": row.m, "k": row.k, "n": row.n,
                "flops": row.roofline.flops.value,
                "bytes": row.roofline.moved.value,
                "intensity_flop_per_byte": row.intensity,
                "attainable_flop_per_s": row.attainable.value,
                "compute_share": row.compute_share,
                "time_s": row.time.value,
                "bound": row.bound,
            }
            for row in table.rows
        ],
    }
