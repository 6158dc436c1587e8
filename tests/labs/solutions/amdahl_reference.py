"""A correct solution of the amdahl exercise: add the times left, then invert."""


def overall_speedup(parts: list[list[float]]) -> float:
    touched = sum(fraction for fraction, _ in parts)
    if touched > 1 + 1e-9:
        raise ValueError(f"the fractions add up to {touched}, more than the whole run")
    new_time = (1 - touched) + sum(fraction / speedup for fraction, speedup in parts)
    return 1 / new_time
