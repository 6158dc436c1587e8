"""Wrong: Amdahl per part is right, but the parts' gains are added, not their times."""


def overall_speedup(parts: list[list[float]]) -> float:
    if sum(fraction for fraction, _ in parts) > 1 + 1e-9:
        raise ValueError("the fractions add up to more than the whole run")
    gains = [1 / ((1 - fraction) + fraction / speedup) - 1 for fraction, speedup in parts]
    return 1 + sum(gains)
