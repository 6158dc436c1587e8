"""``drill roofline``: a BF16 GEMM's intensity, attainable FLOP/s and time, per m."""

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
        help="place a BF16 GEMM on a GPU's roofline for several m (batch sizes)",
        description="For an [m, k] × [k, n] BF16 matrix product, print per m its "
        "arithmetic intensity, the FLOP/s it can reach, its time and whether memory or "
        "compute bounds it, with the GPU's ridge point. The default is the chapter's "
        "table: m = 1, 8, 64, 256, 4096 through a 4096 × 4096 weight.",
        epilog="example: drill roofline --m 1 32 512 --k 8192 --n 8192",
    )
    parser.add_argument("--gpu", metavar="NAME", help="the GPU (default: H100)")
    parser.add_argument("--m", metavar="N", nargs="+", type=dimension,
                        help="rows of the left matrix: the batch during decode "
                        "(default: 1 8 64 256 4096)")
    parser.add_argument("--k", metavar="K", type=dimension, default=4096,
                        help="the shared dimension (default: 4096)")
    parser.add_argument("--n", metavar="N", type=dimension, default=4096,
                        help="columns of the right matrix (default: 4096)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from drill.labs.gpus import UnknownGpu, default_gpu, find_gpu
    from drill.labs.roofline import CHAPTER_BATCHES, roofline_table
    from drill.solving.solve import SolveError

    try:
        gpu = default_gpu() if args.gpu is None else find_gpu(args.gpu)
    except UnknownGpu as error:
        print(f"drill roofline: error: {error}", file=sys.stderr)
        return EXIT_FAILED if args.gpu is None else EXIT_USAGE
    try:
        table = roofline_table(gpu, args.m or CHAPTER_BATCHES, args.k, args.n)
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
    k, n = (table.rows[0].k, table.rows[0].n) if table.rows else (0, 0)
    out = [
        f"BF16 GEMM [m, {k:,}] × [{k:,}, {n:,}] on the {gpu.name} "
        f"({gpu.peak_flops}, {gpu.bandwidth})",
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
    return {
        "gpu": {"name": table.gpu.name, "peak_flops": table.gpu.peak_flops,
                "bandwidth": table.gpu.bandwidth, "source": table.gpu.source},
        "element_bytes": 2,
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
