"""Build-it-yourself exercises: a statement, a function to write, and cases to pass.

Every expected value comes from a solver (``amdahl``, ``amdahl-two-parts``,
``kernel-roofline``), as do the known wrong answers a case can recognize ("you added the
speedups"). Cases are made on demand, so listing exercises never loads sympy.
The user's code is run by :mod:`drill.labs.exercise_runner`, in another process.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class UnknownExercise(LookupError):
    """No exercise by that name; the message lists the ones there are."""


@dataclass(frozen=True, slots=True)
class Raises:
    """The expected outcome of a case that must be refused with this exception."""

    exception: str  # "ValueError"; a subclass is accepted


@dataclass(frozen=True, slots=True)
class Slip:
    """A known wrong answer to a case, and what it says about the mistake."""

    value: Any
    message: str


@dataclass(frozen=True, slots=True)
class Case:
    args: tuple[Any, ...]  # JSON-ready positional arguments
    expected: Any  # JSON-ready value, or Raises
    about: str  # what the case checks, in a few words
    slips: tuple[Slip, ...] = ()


@dataclass(frozen=True, slots=True)
class Exercise:
    name: str
    title: str
    statement: str
    function: str  # the function the user's file must define
    signature: str  # its first line, as the starter file has it
    example: str  # a call and its answer, for the starter's docstring
    make_cases: Callable[[], tuple[Case, ...]]
    matches: Callable[[Any, Any], bool]  # (expected, got) → right?

    def cases(self) -> tuple[Case, ...]:
        return self.make_cases()

    def call_text(self, case: Case) -> str:
        """``overall_speedup([[0.3, 2]])``: how the case calls the function."""
        import json

        arguments = ", ".join(json.dumps(a, ensure_ascii=False) for a in case.args)
        return f"{self.function}({arguments})"

    def starter(self) -> str:
        """The file ``drill exercise start`` writes: statement, signature, a stub body."""
        body = "\n".join(f"    {line}" if line else "" for line in self.statement.splitlines())
        return (
            f'"""{self.title}\n\n'
            f'Check it with: drill exercise check {self.name} THIS_FILE\n"""\n\n\n'
            f"{self.signature}\n"
            f'    """\n{body}\n\n    Example: {self.example}\n    """\n'
            f"    raise NotImplementedError\n"
        )


# -- comparing answers -------------------------------------------------------------------
RELATIVE_TOLERANCE = 1e-6


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def same_number(expected: Any, got: Any) -> bool:
    return (is_number(got) and math.isfinite(got)
            and math.isclose(got, expected, rel_tol=RELATIVE_TOLERANCE))


def same_bound_and_time(expected: Any, got: Any) -> bool:
    """``["memory", 1.0e-5]`` against what came back: a pair, the bound, the time."""
    if not (isinstance(got, list) and len(got) == 2 and isinstance(got[0], str)):
        return False
    bound, seconds = got
    return bound.strip().lower() == expected[0] and same_number(expected[1], seconds)


# -- amdahl ------------------------------------------------------------------------------
AMDAHL_STATEMENT = """\
Each optimization speeds up its own share of the old run time: a part that took a
fraction f of the time now runs s times faster. The parts do not overlap.

Return the overall speedup (old time ÷ new time) of applying all of them.
`parts` is a list of [f, s] pairs; an empty list means nothing changed.

Raise ValueError when the fractions add up to more than 1 (more than the whole run);
allow a rounding slack of 1e-9."""


def _amdahl_cases() -> tuple[Case, ...]:
    from drill.labs.solved import number, solved_values

    def one(share: float, factor: float) -> dict[str, float]:
        values = solved_values("amdahl", {"share": number(share), "factor": number(factor)})
        return {name: q.value for name, q in values.items()}

    def two(a: float, fa: float, b: float, fb: float) -> dict[str, float]:
        values = solved_values("amdahl-two-parts", {
            "share_a": number(a), "factor_a": number(fa),
            "share_b": number(b), "factor_b": number(fb)})
        return {name: q.value for name, q in values.items()}

    def single(share: float, factor: float, about: str) -> Case:
        results = one(share, factor)
        return Case(([[share, factor]],), results["overall_speedup"], about, _differing(
            results["overall_speedup"],
            Slip(results["local_speedup"],
                 "that is the part's own speedup; the rest of the run did not get faster"),
        ))

    def pair(a: float, fa: float, b: float, fb: float, about: str) -> Case:
        results = two(a, fa, b, fb)
        return Case(([[a, fa], [b, fb]],), results["combined_speedup"], about, _differing(
            results["combined_speedup"],
            Slip(results["added_speedups"],
                 "speedups do not add: add the times that remain, then invert"),
            Slip(results["multiplied_speedups"],
                 "multiplying each part's Amdahl speedup counts the untouched time twice"),
        ))

    # Three parts where two share a factor are two parts, one of their summed share.
    merged = two(0.2 + 0.3, 2, 0.1, 4)
    return (
        Case(([],), one(0.0, 2)["overall_speedup"], "no optimization at all"),
        single(0.3, 2, "attention, 30% of the time, 2× faster"),
        single(0.3, 100, "the same part 100× faster: near the 1 ÷ 0.7 ceiling"),
        single(0.8, 2, "a part of 80% made 2× faster"),
        single(0.4, 1, "a speedup of 1× changes nothing"),
        single(0.5, 0.5, "a part made twice as slow"),
        pair(0.3, 3, 0.5, 2, "attention 30% at 3× and the MLP 50% at 2×"),
        pair(0.5, 2, 0.5, 4, "two halves covering the whole run"),
        Case(([[0.2, 2], [0.1, 4], [0.3, 2]],), merged["combined_speedup"],
             "three optimizations"),
        Case(([[0.34, 2], [0.56, 2], [0.1, 2]],), two(0.9, 2, 0.1, 2)["combined_speedup"],
             "fractions adding up to 1 on paper and to 1.0000000000000002 in floats: "
             "within the rounding slack"),
        Case(([[0.6, 2], [0.5, 3]],), Raises("ValueError"), "fractions adding up to 1.1"),
        Case(([[0.5, 2], [0.51, 3]],), Raises("ValueError"),
             "fractions adding up to 1.01, just past the whole run"),
        Case(([[1.2, 2]],), Raises("ValueError"), "one fraction above 1"),
    )


AMDAHL = Exercise(
    name="amdahl",
    title="Amdahl's law for several optimizations at once",
    statement=AMDAHL_STATEMENT,
    function="overall_speedup",
    signature="def overall_speedup(parts: list[list[float]]) -> float:",
    example="overall_speedup([[0.3, 3], [0.5, 2]]) is about 1.82",
    make_cases=_amdahl_cases,
    matches=same_number,
)


def _differing(expected: float, *slips: Slip) -> tuple[Slip, ...]:
    """The slips that give another answer than the right one for this case."""
    return tuple(slip for slip in slips if not same_number(expected, slip.value))


# -- roofline ----------------------------------------------------------------------------
ROOFLINE_STATEMENT = """\
A kernel does `flops` floating-point operations and moves `bytes_moved` bytes to and
from memory, on a GPU with a peak of `peak_flops` FLOP/s and `bandwidth` bytes/s.

Return a pair (bound, seconds): bound is "memory" when moving the bytes takes longer
than the math, otherwise "compute"; seconds is how long the kernel takes on the roofline
model, where math and memory traffic overlap."""


def _roofline_cases() -> tuple[Case, ...]:
    from drill.labs.gpus import RooflineGpu, gpus
    from drill.labs.roofline import CHAPTER_K, CHAPTER_N, gemm_point, kernel_solution

    def case(gpu: RooflineGpu, flops: float, moved: float, about: str) -> Case:
        solution = kernel_solution(gpu, flops, moved)
        point, results = solution.point, solution.results
        args = (flops, moved, _figure(gpu.peak_flops), _figure(gpu.bandwidth))
        slips = (
            Slip([point.bound, results["summed_time"].value],
                 "that adds the two times; on the roofline they overlap: take the larger"),
            Slip([point.bound, results["faster_time"].value],
                 "that is the faster of the two times; the slower one decides"),
            Slip([point.bound, results["bytes_over_peak_flops"].value],
                 "that divides bytes by FLOP/s; bytes go over the bandwidth"),
        )
        return Case(args, [point.bound, point.time.value], about, slips)

    def gemm(gpu: RooflineGpu, m: int) -> Case:
        point = gemm_point(gpu, m)
        return case(gpu, point.roofline.flops.value, point.roofline.moved.value,
                    f"{gpu.name}: BF16 GEMM [{m}, {CHAPTER_K}] × [{CHAPTER_K}, {CHAPTER_N}]")

    catalog = gpus()
    first = catalog[0]
    cases = [gemm(first, m) for m in (1, 64, 256, 4096)]
    cases.append(case(first, 2 * 8e9, 16e9, f"{first.name}: a batch-1 decode step of an 8B "
                                            f"model, 16 GB of weights"))
    cases.append(case(first, 1e15, 1e9, f"{first.name}: a long prefill, 1 PFLOP over 1 GB"))
    cases += [gemm(gpu, 64) for gpu in catalog[1:]]
    return tuple(cases)


def _figure(text: str) -> float:
    """A GPU's figure as the number the function receives, in FLOP/s or bytes/s."""
    from drill.quantities.parsing import read

    return read(text).value.value


ROOFLINE = Exercise(
    name="roofline",
    title="Memory-bound or compute-bound? A roofline classifier",
    statement=ROOFLINE_STATEMENT,
    function="roofline",
    signature="def roofline(flops: float, bytes_moved: float, peak_flops: float,\n"
              "             bandwidth: float) -> tuple[str, float]:",
    example='roofline(1e12, 1e9, 989e12, 3.35e12) is ("compute", about 1.01e-3)',
    make_cases=_roofline_cases,
    matches=same_bound_and_time,
)

EXERCISES: dict[str, Exercise] = {exercise.name: exercise for exercise in (AMDAHL, ROOFLINE)}


def find_exercise(name: str) -> Exercise:
    exercise = EXERCISES.get(name.strip().lower())
    if exercise is None:
        raise UnknownExercise(f"no exercise '{name}' (there are: {', '.join(EXERCISES)})")
    return exercise


def starter_path(exercise: Exercise, folder: Path) -> Path:
    """Where the starter file of ``exercise`` goes in ``folder``: ``amdahl.py``."""
    return folder / f"{exercise.name}.py"


def write_starter(exercise: Exercise, folder: Path, *, overwrite: bool = False) -> Path:
    """Write the starter file into ``folder`` (made if missing) and return its path.

    A file already there is the user's work: it is kept, with FileExistsError, unless
    ``overwrite``; other failures are the OSError of the file system."""
    target = starter_path(exercise, folder)
    folder.mkdir(parents=True, exist_ok=True)
    with target.open("w" if overwrite else "x", encoding="utf-8") as out:
        out.write(exercise.starter())
    return target
