import pytest

from drill.scheduling.intervals import describe_interval
from drill.scheduling.ratings import (
    Rating,
    Suggestion,
    TypedAnswer,
    parse_rating,
    suggest_rating,
)

ASKS = ("decode_floor", "tokens_per_s")


def answer(ask: str, verdict: str, *mistakes: str) -> TypedAnswer:
    return TypedAnswer(ask, "some text", verdict, mistakes)  # type: ignore[arg-type]


def rating_of(answers: list[TypedAnswer], seconds: float | None = None) -> Rating | None:
    suggestion = suggest_rating(answers, ASKS, seconds, quick_seconds=30)
    return suggestion.rating if suggestion else None


def test_every_ask_correct_suggests_good_and_says_so() -> None:
    answers = [answer("decode_floor", "correct"), answer("tokens_per_s", "correct")]
    assert suggest_rating(answers, ASKS, 45, 30) == Suggestion(Rating.GOOD, "all 2 right")


def test_every_ask_correct_within_the_quick_time_suggests_easy() -> None:
    answers = [answer("decode_floor", "correct"), answer("tokens_per_s", "correct")]
    assert suggest_rating(answers, ASKS, 12.4, 30) == Suggestion(Rating.EASY,
                                                                  "all 2 right in 12 s")
    assert rating_of(answers, 30.0) is Rating.EASY  # the limit itself is still quick
    assert rating_of(answers, None) is Rating.GOOD  # no time known: not quick


def test_some_asks_right_suggests_hard() -> None:
    answers = [answer("decode_floor", "correct"), answer("tokens_per_s", "incorrect")]
    assert suggest_rating(answers, ASKS) == Suggestion(Rating.HARD, "1 of 2 right")
    # an ask left blank is not right either
    assert rating_of([answer("decode_floor", "correct")]) is Rating.HARD


def test_none_right_suggests_again() -> None:
    answers = [answer("decode_floor", "incorrect"), answer("tokens_per_s", "incorrect")]
    assert suggest_rating(answers, ASKS) == Suggestion(Rating.AGAIN, "none of 2 right")
    assert suggest_rating([answer("a", "incorrect")], ("a",)) == Suggestion(Rating.AGAIN,
                                                                            "wrong")


def test_a_mistake_fixed_later_still_counts_as_a_miss() -> None:
    answers = [
        answer("decode_floor", "incorrect", "bytes-over-flops"),
        answer("decode_floor", "correct"),
        answer("tokens_per_s", "correct"),
    ]
    assert rating_of(answers, 5) is Rating.HARD


def test_only_unreadable_or_no_answers_suggest_nothing() -> None:
    assert suggest_rating([answer("decode_floor", "invalid")], ASKS) is None
    assert suggest_rating([], ASKS) is None
    assert suggest_rating([], ()) is None


def test_ratings_keep_ankis_numbers_and_hard_is_a_pass() -> None:
    assert [int(r) for r in (Rating.AGAIN, Rating.HARD, Rating.GOOD, Rating.EASY)] == [1, 2, 3, 4]
    assert Rating.HARD.is_pass and not Rating.AGAIN.is_pass
    assert Rating.EASY.label == "Easy"


def test_parse_rating_accepts_numbers_and_names_only() -> None:
    assert parse_rating("3") is Rating.GOOD
    assert parse_rating("hard") is Rating.HARD
    assert parse_rating(1) is Rating.AGAIN
    for bad in ("5", "0", "meh", 7):
        with pytest.raises(ValueError):
            parse_rating(bad)


def test_unknown_verdicts_are_refused() -> None:
    with pytest.raises(ValueError):
        TypedAnswer("a", "1 ms", "maybe")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(60, "1m"), (330, "6m"), (600, "10m"), (3 * 3600, "3h"), (86400, "1d"), (8 * 86400, "8d"),
     (45 * 86400, "1.5mo"), (730 * 86400, "2y")],
)
def test_intervals_read_like_ankis_buttons(seconds: int, text: str) -> None:
    from datetime import timedelta

    assert describe_interval(timedelta(seconds=seconds)) == text
