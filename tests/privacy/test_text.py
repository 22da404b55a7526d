"""Shared text helpers."""

from osnguard.privacy.text import match_case
from osnguard.privacy.types import Profile


def test_match_case_follows_the_first_letter() -> None:
    assert match_case("Tokyo", "japan") == "Japan"
    assert match_case("tokyo", "Japan") == "Japan"
    assert match_case("tokyo", "japan") == "japan"


def test_match_case_all_caps_only_when_asked() -> None:
    assert match_case("NYC", "the city") == "The city"
    assert match_case("NYC", "the city", all_caps=True) == "THE CITY"
    assert match_case("I", "we", all_caps=True) == "We"


def test_profile_coerce() -> None:
    profile = Profile.from_dict({"hometown": ["Kyoto"]})
    assert Profile.coerce(profile) is profile
    assert Profile.coerce({"hometown": "Kyoto"}) == profile
    assert Profile.coerce(None) == Profile()
