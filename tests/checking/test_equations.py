"""Finding worked equations in prose: where the math starts and stops, what is skipped."""

from __future__ import annotations

import pytest

from drill.checking.equations import find_equations


def sides(text: str) -> list[list[tuple[str, bool]]]:
    return [[(s.text, s.numeric) for s in eq.sides] for eq in find_equations(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hence no step beats 16 GB ÷ 3.35 TB/s ≈ 4.8 ms. Then",
         [[("16 GB ÷ 3.35 TB/s", True), ("4.8 ms", True)]]),
        ("Since 6.0 ÷ 4.8 = 1.25, each user is slower",
         [[("6.0 ÷ 4.8", True), ("1.25", True)]]),
        ("step floor = model bytes ÷ HBM speed = 16 × 10⁹ ÷ 3.35 × 10¹² ≈ 4.8 ms.",
         [[("", False), ("model bytes ÷ HBM speed", False),
           ("16 × 10⁹ ÷ 3.35 × 10¹²", True), ("4.8 ms", True)]]),
        ("300 kernels × 4 µs = 1.2 ms spent on the host",
         [[("300 kernels × 4 µs", True), ("1.2 ms", True)]]),
        ("It's 1 ÷ 0.8 = 1.25×, not 3×.", [[("1 ÷ 0.8", True), ("1.25×", True)]]),
        ("the speedup is 1 ÷ 0.85 ≈ 1.18× overall", [[("1 ÷ 0.85", True), ("1.18×", True)]]),
        ("against batch 1 (4.8 ms ≈ 200).", [[("4.8 ms", True), ("200", True)]]),
        ("FLOPs ≈ 2 × parameters × tokens;", [[("FLOPs", False), ("2 ×", False)]]),
        ("overall = 1 ÷ ((1 − p) + p ÷ s).", [[("", False), ("1 ÷ ((1 −", False)]]),
        ("cost per 1 M = $/h ÷ (tokens/s × 3,600) × 10⁶.",
         [[("per 1 M", False), ("$/h ÷ (tokens/s × 3,600) × 10⁶", False)]]),
        ("shrinks to 0.3 ÷ 3 = 0.1 of the step and the MLP to 0.5 ÷ 2 = 0.25 of it.",
         [[("0.3 ÷ 3", True), ("0.1", True)], [("0.5 ÷ 2", True), ("0.25", True)]]),
        ("Llama 3 8B ≈ 16 GB", [[("8B", True), ("16 GB", True)]]),
        ("$3 ÷ 15.5 ≈ $0.19. That's cheaper", [[("$3 ÷ 15.5", True), ("$0.19", True)]]),
        ("a <= b and c => d and x == y", []),
        ("No math here, just words.", []),
    ],
)
def test_equation_sides(text: str, expected: list[list[tuple[str, bool]]]) -> None:
    assert sides(text) == expected


def test_sides_know_where_they_are() -> None:
    text = "The floor is 16 GB ÷ 3.35 TB/s ≈ 4.8 ms."
    (equation,) = find_equations(text)
    left, right = equation.sides
    assert text[left.start:left.end] == "16 GB ÷ 3.35 TB/s"
    assert text[right.start:right.end] == "4.8 ms"
    assert equation.start == text.index("16 GB")
    assert equation.relations == ("≈",)
