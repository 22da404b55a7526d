"""How the compose page words the verdict."""

from __future__ import annotations

from osnguard.posts.presentation import verdict_certainty


def test_certainty_is_how_sure_the_verdict_is_not_the_probability_of_private() -> None:
    assert verdict_certainty(True, 0.93) == 93
    assert verdict_certainty(False, 0.1) == 90  # "Nothing private found · 90% sure"
    assert verdict_certainty(False, 0.49) == 51
    assert verdict_certainty(None, None) is None
