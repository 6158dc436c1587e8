"""Untrusted pack text: loading (and checking) never raises, whatever the file holds."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drill.checking.checker import check_loaded
from drill.packs.loader import LoadResult, load_pack_text

DEMO = (Path(__file__).resolve().parent / "samples" / "demo.yaml").read_text(encoding="utf-8")
YAMLISH = st.sampled_from(
    [*":-[]{}&*!|>'\"#%@`,?\n\t ", "  ", "- ", ": ", "\n  ", "---", "...", "~", "null", "yes",
     "1e999", "0x1F", "!!python/object:os.system", "&a", "*a", "<<: *a", "id: q1", "cards:",
     "asks:"]
)


def _never_raises(text: str) -> LoadResult:
    result = load_pack_text(text, Path("fuzz.yaml"))
    for diagnostic in result.diagnostics:
        assert diagnostic.message
        assert diagnostic.severity in ("error", "warning")
    return result


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    _never_raises(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(YAMLISH | st.text(max_size=5), max_size=80).map("".join))
def test_yaml_like_text(text: str) -> None:
    _never_raises(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(DEMO)), st.integers(0, 40),
    st.text(max_size=20) | YAMLISH,
)
def test_garbled_demo_pack_loads_and_checks_without_surprises(start: int, length: int,
                                                             insert: str) -> None:
    text = DEMO[:start] + insert + DEMO[start + length:]
    result = _never_raises(text)
    report = check_loaded(result)
    # The checker turns unexpected exceptions into "internal error" lines: there must be none.
    # (The garbled text may itself hold those words, quoted back in another diagnostic.)
    assert not [d for d in report.diagnostics
                if d.message.startswith("internal error while checking")], report.diagnostics
