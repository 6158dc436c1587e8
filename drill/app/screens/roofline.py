"""The roofline explorer: a GEMM on a GPU's roofline, m changed with the arrows.

A log-log chart of attainable FLOP/s against arithmetic intensity: the GPU's roof, its
ridge point, and the current GEMM as a point. ← and → halve and double m (the batch
during decode) and the point slides along the roof; g cycles the GPU from the catalog
(an H20 pulls the ridge far to the left); p cycles the precision: BF16, FP8 (the roof
rises to the FP8 peak), INT8 and INT4 weights (the point moves right: fewer bytes per
FLOP). Every figure comes from the solvers, worked out in a worker thread, so the screen
never waits on sympy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, get_current_worker

from drill.app.widgets.lab_chart import LabChart, Plot
from drill.labs.canvas import POINTS, VERTICAL, Axis, Series

if TYPE_CHECKING:
    from drill.labs.card_link import RooflineStart
    from drill.labs.gpus import RooflineGpu
    from drill.labs.roofline import GemmPoint, Precision

#: Intensities the chart spans, FLOP per byte: below batch-1 decode to past any ridge.
X_LOW, X_HIGH = 0.5, 8000.0
M_LOW, M_HIGH = 1, 65536
STYLES = {"roof": "$primary", "ridge": "$warning", "gemm": "bold $accent"}


@dataclass(frozen=True, slots=True)
class Picture:
    """What the screen shows for one GPU and one m (worked out in a worker)."""

    gpu: RooflineGpu
    gemm: GemmPoint
    roof: tuple[tuple[float, float], ...]
    y_axis: Axis
    precision: Precision


class RooflineScreen(Screen[None]):
    CSS_PATH = "roofline.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "change_m(0.5)", "m ÷ 2", tooltip="Halve m, the batch"),
        Binding("right", "change_m(2)", "m × 2", tooltip="Double m, the batch"),
        Binding("g", "cycle_gpu(1)", "Next GPU", tooltip="Put the GEMM on the next GPU"),
        Binding("G", "cycle_gpu(-1)", "Previous GPU", show=False),
        Binding("p", "cycle_precision", "Precision",
                tooltip="BF16, FP8, INT8 weights, INT4 weights"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, start: RooflineStart | None = None) -> None:
        super().__init__()
        self.m = start.m if start and start.m else 1
        self.k = start.k if start and start.k else 4096
        self.n = start.n if start and start.n else 4096
        self.wanted_gpu = start.gpu if start else None
        self.gpus: tuple[RooflineGpu, ...] = ()
        self.gpu_index = 0
        self.precision_index = 0  # into drill.labs.roofline.PRECISIONS: BF16 first
        self._y_axis: Axis | None = None

    def compose(self) -> ComposeResult:
        yield Static("Roofline", id="roofline-title", classes="screen-title")
        yield LabChart("Working out the roofline…", id="roofline-chart")
        yield Static(id="roofline-facts")
        yield Footer()

    def on_mount(self) -> None:
        self.recompute()

    # -- keys --------------------------------------------------------------------------
    def action_change_m(self, factor: float) -> None:
        self.m = max(M_LOW, min(M_HIGH, round(self.m * factor)))
        self.recompute()

    def action_cycle_gpu(self, step: int) -> None:
        if self.gpus:
            self.gpu_index = (self.gpu_index + step) % len(self.gpus)
            self.recompute()

    def action_cycle_precision(self) -> None:
        from drill.labs.roofline import PRECISIONS

        self.precision_index = (self.precision_index + 1) % len(PRECISIONS)
        self.recompute()

    def action_back(self) -> None:
        self.dismiss(None)

    # -- working it out ----------------------------------------------------------------
    def recompute(self) -> None:
        self.query_one("#roofline-facts", Static).update(
            Content.styled(f"m = {self.m:,}: working it out…", "$text-muted"))
        self._work(self.m, self.gpu_index, self.precision_index, self.gpus, self._y_axis)

    class Drawn(Message):
        """The worker's picture (None when it failed: ``error`` says why), with the GPUs
        it read from the catalog."""

        def __init__(self, worker: Worker[None], picture: Picture | None,
                     gpus: tuple[RooflineGpu, ...], gpu_index: int, error: str = "") -> None:
            super().__init__()
            self.worker, self.picture, self.error = worker, picture, error
            self.gpus, self.gpu_index = gpus, gpu_index

    @work(thread=True, exclusive=True, group="roofline")
    def _work(self, m: int, gpu_index: int, precision_index: int,
              known: tuple[RooflineGpu, ...], y_axis: Axis | None) -> None:
        from drill.labs.gpus import gpus
        from drill.labs.roofline import PRECISIONS, gemm_point, roof

        worker = get_current_worker()
        try:
            if not known:
                known = gpus()
                gpu_index = next((i for i, g in enumerate(known) if g.name == self.wanted_gpu),
                                 0)
            if y_axis is None:
                # One axis for every GPU and precision, so switching moves the roof and
                # never the scale: from the lowest BF16 roof to the highest FP8 one.
                roofs = [roof(gpu, X_LOW, X_HIGH) for gpu in known]
                low = min(r[0][1] for r in roofs)
                high = max(r[-1][1] for r in roofs)
                high = max([high, *(roof(gpu, X_LOW, X_HIGH, PRECISIONS[1])[-1][1]
                                    for gpu in known if gpu.fp8_peak_flops)])
                y_axis = Axis(low / 2, high * 2, log=True)
            gpu = known[gpu_index]
            precision = PRECISIONS[precision_index]
            picture = Picture(gpu, gemm_point(gpu, m, self.k, self.n, precision),
                              roof(gpu, X_LOW, X_HIGH, precision), y_axis, precision)
        except Exception as error:  # a catalog or solver failure: say so, keep the app
            self.post_message(self.Drawn(worker, None, known, gpu_index, str(error)))
            return
        self.post_message(self.Drawn(worker, picture, known, gpu_index))

    @on(Drawn)
    def _drawn(self, message: Drawn) -> None:
        if message.worker.is_cancelled:
            return  # another m, GPU or precision asked for since: its picture comes next
        if message.gpus:
            self.gpus, self.gpu_index = message.gpus, message.gpu_index
        if message.picture is None:
            self.query_one("#roofline-facts", Static).update(
                Content.styled(f"Cannot draw the roofline: {message.error}", "$text-error"))
            return
        self._y_axis = message.picture.y_axis  # every GPU on one scale
        self._show(message.picture)

    def _show(self, picture: Picture) -> None:
        gemm, gpu = picture.gemm, picture.gpu
        self.query_one("#roofline-title", Static).update(title_text(picture))
        self.query_one("#roofline-chart", LabChart).show(Plot(
            x=Axis(X_LOW, X_HIGH, log=True),
            y=picture.y_axis,
            series=(
                Series("roof", picture.roof),
                Series("ridge", ((gemm.roofline.ridge_point, 0.0),), VERTICAL),
                Series("gemm", ((gemm.intensity, gemm.attainable.value),), POINTS),
            ),
            styles=STYLES,
            legend=(("roof", f"{gpu.name} roof"), ("ridge", "ridge"),
                    ("gemm", f"m = {gemm.m:,}")),
            x_title="FLOP/byte",
            y_title="FLOP/s",
        ))
        self.query_one("#roofline-facts", Static).update(facts_text(picture))


def title_text(picture: Picture) -> Content:
    from drill.quantities.units import format_number

    gpu, precision = picture.gpu, picture.precision
    peak = gpu.peak(precision.math)
    return Content.assemble(
        ("Roofline · ", "bold"), (gpu.name, "bold $text-accent"),
        (f" · {peak} {precision.math.upper()} · {gpu.bandwidth} · ridge "
         f"{format_number(picture.gemm.roofline.ridge_point)} FLOP/byte", "$text-muted"),
    )


def facts_text(picture: Picture) -> Content:
    from drill.labs.roofline import percent_of_peak
    from drill.quantities.units import format_number, format_quantity

    gemm = picture.gemm
    bound = gemm.bound
    return Content.assemble(
        (f"[{gemm.m:,}, {gemm.k:,}] × [{gemm.k:,}, {gemm.n:,}] {picture.precision.label} GEMM",
         "bold"),
        ("   intensity ", "$text-muted"), f"{gemm.intensity:,.1f} FLOP/byte",
        "\n",
        ("attainable ", "$text-muted"),
        f"{format_number(gemm.attainable.value / 1e12)} TFLOP/s",
        (f" ({percent_of_peak(gemm.compute_share)}% of peak)", "$text-muted"),
        ("   time ", "$text-muted"), format_quantity(gemm.time), "   ",
        (f"{bound}-bound", "bold $text-warning" if bound == "memory" else "bold $text-success"),
    )
