"""Queueing closed forms on plain numbers, shared by the solvers and the labs' simulations.

Erlang C has no finite formula in a pool size that is itself a given (it is a sum of c
terms), so a solver names it as one function, and drill evaluates that function here; the
labs compare their simulated pools against the very same number. Plain Python, no sympy.
"""

from __future__ import annotations


def erlang_c(servers: int, offered: float) -> float:
    """The chance an arrival finds all ``servers`` busy, for an offered load a = λ ÷ μ.

    Built up from Erlang B by its recurrence, B(k) = a·B(k−1) ÷ (k + a·B(k−1)), which
    never forms a^c or c! and so stays accurate for large pools; then
    C = B ÷ (1 − ρ(1 − B)). At or above full load (a ≥ c) every arrival waits: 1.
    """
    if servers < 1 or not offered > 0:
        raise ValueError(f"Erlang C needs at least one server and a positive load, not "
                         f"{servers} servers and {offered:g}")
    if offered >= servers:
        return 1.0
    blocking = 1.0
    for k in range(1, servers + 1):
        blocking = offered * blocking / (k + offered * blocking)
    utilization = offered / servers
    return blocking / (1 - utilization * (1 - blocking))
