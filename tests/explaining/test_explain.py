"""Explain mode's domain: figures judged right, wrong or unknown, key points made, and
bad input refused with a message, on the built-in cards."""

from __future__ import annotations

import time

import pytest

from drill.explaining.explain import RIGHT, UNKNOWN, WRONG, explain, worked_card
from drill.explaining.text_guard import MAX_CHARACTERS, MAX_FIGURES
from drill.packs.library import Library, load_library
from drill.packs.model import Card
from drill.solving.solve import Solution

RIGHT_ANSWER = (
    "No. With one user nothing shares the weight read: every decode step streams the whole "
    "model from HBM, so the step is memory-bound. Two bytes per parameter make the 8B "
    "model 16 GB. The floor is 16 GB ÷ 3.35 TB/s ≈ 4.78 ms, so the ceiling is 1 token ÷ "
    "4.78 ms ≈ 209 tokens/s. 300 tokens/s is out of reach; a 2,000 tokens/s result means a "
    "broken benchmark, probably an unsynchronized timer."
)


@pytest.fixture(scope="module")
def q1(library: Library) -> tuple[Card, Solution | None]:
    return worked_card(library.find("speed-physics/q1"))


def test_a_right_answer_has_every_figure_right(q1: tuple[Card, Solution | None]) -> None:
    result = explain(*q1, RIGHT_ANSWER)
    assert result.all_right
    names = {f.name for f in result.figures}
    assert {"decode_floor", "max_tokens_per_s", "weights", "bandwidth"} <= names


def test_a_floor_off_by_ten_is_wrong_and_names_the_right_figure(
        q1: tuple[Card, Solution | None]) -> None:
    text = RIGHT_ANSWER.replace("≈ 4.78 ms, so", "≈ 48 ms, so")
    result = explain(*q1, text)
    assert not result.all_right
    [wrong] = result.wrong
    assert wrong.text == "48 ms"
    assert text[wrong.start:wrong.end] == "48 ms"
    assert wrong.name == "decode_floor"
    assert wrong.expected == "4.78 ms"
    # 16 GB ÷ 3.35 TB/s is 4.776 ms, and 48 ms is ten times that.
    assert wrong.mistake is not None
    assert "16 GB ÷ 3.35 TB/s" in wrong.mistake and "off by 10×" in wrong.mistake
    # The worked equation itself fails too.
    assert any(e.verdict == WRONG and "48 ms" in e.text for e in result.equations)


def test_a_named_mistake_is_named(q1: tuple[Card, Solution | None]) -> None:
    # 16 GB ÷ 989 TFLOPS read as a time is 16.2 µs: the card's 'bytes-over-flops' mistake.
    card, solution = q1
    assert solution is not None
    mistaken = solution.results["weights_over_peak_flops"].shown
    result = explain(card, solution, f"The floor is {mistaken} per token.")
    [wrong] = result.wrong
    assert wrong.mistake is not None and "bytes-over-flops" in wrong.mistake
    assert wrong.expected == "4.78 ms"


def test_a_mistake_set_against_the_right_figure_is_a_contrast(library: Library) -> None:
    card, solution = worked_card(library.find("model-sizing/kv-per-token"))
    result = explain(card, solution, "It is 128 KiB/token; a KV head per query head would "
                                     "make it 512 KiB per token.")
    assert result.all_right


@pytest.mark.parametrize(("said", "verdict", "point_made"), [
    ("Only 2 of the 200 requests lie above the P99.", RIGHT, True),
    ("Only 2 out of the 200 requests lie above the P99.", RIGHT, True),
    ("Only 3 of the 200 requests lie above the P99.", WRONG, False),
])
def test_a_count_said_as_part_of_the_next_is_of_its_kind(
        library: Library, said: str, verdict: str, point_made: bool) -> None:
    # 200 × (1 − 99%) = 2 requests: "2 of the 200 requests" states it without repeating
    # the unit, as people say it.
    card, solution = worked_card(library.find("serving-math/p99-samples"))
    result = explain(card, solution, said)
    first = result.figures[0]
    assert (first.text, first.verdict) == (said.split()[1], verdict)
    covered = {point.text for point in result.covered}
    assert ("Only a couple of samples lie above the P99" in covered) is point_made


def test_a_figure_the_card_does_not_know_is_unknown(q1: tuple[Card, Solution | None]) -> None:
    result = explain(*q1, "The floor is 4.78 ms and the rack draws 40 kW.")
    verdicts = {f.text: f.verdict for f in result.figures}
    assert verdicts == {"4.78 ms": RIGHT, "40 kW": UNKNOWN}
    # An interviewer would ask what the 40 kW is: it is not "all right" until placed.
    assert not result.all_right


def test_a_partial_answer_misses_points(q1: tuple[Card, Solution | None]) -> None:
    result = explain(*q1, "It is bandwidth-bound: the floor is 4.78 ms.")
    covered = {p.text: p.matched for p in result.covered}
    assert covered["With one user, memory bandwidth, not TFLOPS, sets the floor"] == (
        "bandwidth-bound",)
    assert "decode_floor" in covered["The floor is the weight bytes over the HBM bandwidth"]
    missed = {p.text for p in result.missed}
    assert "The fast benchmark is broken, not a fast server" in missed
    assert len(result.points) == 5


def test_a_variant_is_checked_against_its_own_numbers(library: Library) -> None:
    card, solution = worked_card(library.find("speed-physics/q1"), "h20")
    assert solution is not None
    floor = solution.results["decode_floor"].shown
    assert floor != "4.78 ms"
    assert explain(card, solution, f"The floor is {floor}.").all_right
    assert explain(card, solution, "The floor is 4.78 ms.").wrong


@pytest.mark.parametrize("text, says", [
    ("", "empty"),
    ("   \n\t ", "empty"),
    ("x" * (MAX_CHARACTERS + 1), "characters"),
    ("4.78 ms " * 12_800, "characters"),  # a 100 KB paste
    ("1 " * (MAX_FIGURES + 1), "figures"),
], ids=["empty", "blank", "one-too-long", "100-kb", "too-many-figures"])
def test_bad_input_is_refused_with_a_message(q1: tuple[Card, Solution | None], text: str,
                                             says: str) -> None:
    result = explain(*q1, text)
    assert result.refused is not None and says in result.refused
    assert not result.all_right


@pytest.mark.parametrize("text", [
    "no numbers at all, just talk about bandwidth",
    "\u202e sm 84 \u202c is the floor\x00\x1b[31m 4.78 ms",
    "4.78 ms " * MAX_FIGURES,
    "= 1 ≈ 2 " * (MAX_FIGURES // 2),
    "(((((((((((( 16 GB ÷ ÷ ÷ 3.35 ))))) = = = ≈ ≈ 10¹²³⁴⁵⁶⁷⁸⁹ TB/s",
    "__import__('os').system('echo hacked') = 4.78 ms",
], ids=["no-figures", "control-and-bidi", "many-figures", "many-equations", "garbled-math",
        "code"])
def test_odd_text_is_read_quickly_and_never_raises(q1: tuple[Card, Solution | None],
                                                   text: str) -> None:
    # CPU time, not the wall clock: a worker sharing a busy core can be paused for
    # seconds without doing any work, and the point is "never a hang".
    started = time.process_time()
    result = explain(*q1, text)
    assert time.process_time() - started < 1.0
    assert result.refused is None
    assert all(f.verdict in (RIGHT, WRONG, UNKNOWN) for f in result.figures)


def test_no_figures_gets_a_note(q1: tuple[Card, Solution | None]) -> None:
    result = explain(*q1, "It is memory-bound.")
    assert result.figures == ()
    assert any("no figures" in note for note in result.notes())


def _cards_and_variants() -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    for card in load_library().cards:
        found.append((card.key, None))
        found += [(card.key, variant.id) for variant in card.variants]
    return found


@pytest.mark.parametrize("key, variant", _cards_and_variants())
def test_each_built_in_answer_passes_its_own_explain_check(
        library: Library, key: str, variant: str | None) -> None:
    card, solution = worked_card(library.find(key), variant)
    assert 3 <= len(card.points) <= 6, "every built-in card has 3 to 6 key points"
    result = explain(card, solution, "\n".join(card.answer))
    assert [f.message() for f in result.wrong] == []
    assert [e.message for e in result.equations if e.verdict != RIGHT] == []
    assert [p.text for p in result.missed] == []


def test_a_result_the_working_does_not_give_is_wrong(library: Library) -> None:
    # 1 ÷ 0.8 is 1.25, so the 1.5× it is set equal to is wrong, though it is within 5% of
    # the card's ceiling of 1 ÷ 0.7 ≈ 1.43×.
    card, solution = worked_card(library.find("speed-physics/q7"))
    result = explain(card, solution, "so 1 ÷ 0.8 = 1.5× overall")
    assert [f.text for f in result.wrong] == ["1.5×"]
