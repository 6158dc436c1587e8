"""The built-in library, loaded once per test module of explain mode."""

from __future__ import annotations

import pytest

from drill.packs.library import Library, load_library


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library()
