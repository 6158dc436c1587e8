"""Fixtures for the built-in content: the packs as YAML data (``evaluate``, a solver's or
a card's formulas' results, is in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

PACKS = Path(__file__).resolve().parents[2] / "packs"
BUILTIN = ("speed-physics", "serving-math")


def load_yaml(pack: str) -> dict[str, Any]:
    """A built-in pack's YAML by pack id (its file name may start with an order number)."""
    (path,) = PACKS.glob(f"*{pack}.yaml")
    with path.open(encoding="utf-8") as file:
        data: dict[str, Any] = yaml.safe_load(file)
    assert data["pack"] == pack
    return data


@pytest.fixture(scope="session")
def packs() -> dict[str, dict[str, Any]]:
    """Each built-in pack's YAML, read with the safe loader: pack id → data."""
    return {pack: load_yaml(pack) for pack in BUILTIN}


@pytest.fixture(scope="session")
def cards(packs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every built-in card by key, ``speed-physics/q1`` → the card's YAML mapping."""
    return {f"{pack}/{card['id']}": card for pack, data in packs.items()
            for card in data["cards"]}

