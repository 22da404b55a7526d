"""How the compose page words the verdict, and what the review says a leak can be traced to."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from osnguard.posts.presentation import leak_trace, option_label, verdict_certainty


def test_certainty_is_how_sure_the_verdict_is_not_the_probability_of_private() -> None:
    assert verdict_certainty(True, 0.93) == 93
    assert verdict_certainty(False, 0.1) == 90  # "Nothing private found · 90% sure"
    assert verdict_certainty(False, 0.49) == 51
    assert verdict_certainty(None, None) is None


@pytest.mark.parametrize(
    ("friends", "min_distance", "expected"),
    [
        (0, None, "no friends"),
        (1, None, "its one friend"),
        (5, 0, "a copy points to this group"),
        (5, None, "a copy points to this group"),
        (5, 2, "the friend who shared it"),
    ],
)
def test_leak_trace_says_what_a_copy_points_to(
    friends: int, min_distance: int | None, expected: str
) -> None:
    group = SimpleNamespace(friends=friends, min_distance=min_distance)
    assert expected in leak_trace(group)


def test_leak_trace_tells_pasted_from_retyped_copies_with_the_invisible_layer() -> None:
    same_words = SimpleNamespace(friends=5, min_distance=0)
    told = leak_trace(same_words, invisible=True)
    assert "pasted anywhere, even in part, points to the friend" in told
    assert "retyped, a copy points to this group" in told


def test_leak_trace_says_how_many_posts_add_up_to_a_friend_when_friends_share_words() -> None:
    same_words = SimpleNamespace(friends=30, min_distance=0)
    # 30 friends in 8 looks a post: log(30) + the margin over log(8) is about 4 posts
    assert "about 4 of your posts together point to the friend" in leak_trace(same_words, looks=8)
    assert "together point" not in leak_trace(same_words, looks=1)
    assert "together point" not in leak_trace(same_words, looks=2)  # 11 posts: not promised


def test_an_option_label_gives_its_figures_and_flags_odd_wordings() -> None:
    odd = SimpleNamespace(kind="generalization", text="in Asia", info_loss=0.8, k=48, natural=False)
    assert option_label(odd) == "“in Asia” · loss 0.80 · hides you among 48 · ⚠ reads unnaturally"
    kept = SimpleNamespace(kind="original", text="Tokyo", info_loss=0, k=1, natural=True)
    assert option_label(kept) == "“Tokyo” (as written) · loss 0.00"
