"""Wrong only in that it accepts fractions adding up to more than 1."""


def overall_speedup(parts: list[list[float]]) -> float:
    touched = sum(fraction for fraction, _ in parts)
    return 1 / ((1 - touched) + sum(fraction / speedup for fraction, speedup in parts))
