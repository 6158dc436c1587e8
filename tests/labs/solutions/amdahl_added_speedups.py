"""Wrong: the speedups themselves are added (the classic slip)."""


def overall_speedup(parts: list[list[float]]) -> float:
    if sum(fraction for fraction, _ in parts) > 1 + 1e-9:
        raise ValueError("the fractions add up to more than the whole run")
    return float(sum(speedup for _, speedup in parts)) if parts else 1.0
