"""The anonymization operators: a registry keyed by the kind of phrase, tried in order."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from osnguard.privacy.anonymization import (
    CHAIN_BUILDERS,
    OPERATORS,
    ChainKind,
    OperatorContext,
    OperatorKind,
    Option,
    OptionKind,
    alternatives,
    builder_order,
    operators_for,
)
from osnguard.privacy.types import Category, Detector, Phrase, Profile

TEXT = "I moved to Tokyo last week."
NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def phrase(text: str, category: str) -> Phrase:
    start = TEXT.index(text)
    return Phrase(start, start + len(text), text, category, "test", 1.0)


def test_every_operator_kind_is_registered() -> None:
    assert set(OPERATORS) == set(OperatorKind)
    assert set(CHAIN_BUILDERS) == {ChainKind.PLACE, ChainKind.ORGANISATION, ChainKind.NOUN}


def test_time_phrases_are_tried_in_time_first_and_others_as_identifiers_first() -> None:
    assert operators_for(phrase("last week", "time")) == (
        OperatorKind.TEMPORAL,
        OperatorKind.REMOVAL,
    )
    assert operators_for(phrase("Tokyo", "location")) == (
        OperatorKind.IDENTIFIER,
        OperatorKind.VALUE,
        OperatorKind.GENERALIZATION,
    )


def test_builder_order_follows_category_and_names() -> None:
    assert builder_order(phrase("Tokyo", "location"))[0] == ChainKind.PLACE
    assert builder_order(phrase("Tokyo", "education"))[0] == ChainKind.ORGANISATION
    assert builder_order(Phrase(0, 6, "sister", "gender", "test", 1.0)) == (ChainKind.NOUN,)
    assert builder_order(Phrase(0, 6, "cancer", "health", "test", 1.0)) == (
        ChainKind.ORGANISATION,
        ChainKind.NOUN,
    )


def test_the_temporal_operator_does_not_apply_without_a_time() -> None:
    context = OperatorContext(Profile(), None)
    assert OPERATORS[OperatorKind.TEMPORAL](TEXT, phrase("last week", "time"), context) is None


def test_alternatives_takes_the_first_operator_that_applies() -> None:
    found = alternatives(TEXT, phrase("last week", "time"), profile=None, now=NOW)
    assert found.options[0].kind == OptionKind.ORIGINAL
    assert {o.kind for o in found.options[1:]} <= {OptionKind.TEMPORAL, OptionKind.SUPPRESSION}
    place = alternatives(TEXT, phrase("Tokyo", "location"), profile=None)
    assert [o.kind for o in place.options[1:]] == [OptionKind.GENERALIZATION] * (
        len(place.options) - 1
    )


def test_seasons_follow_the_authors_hemisphere() -> None:
    text = "off to the mountains in July"
    start = text.index("in July")
    july = Phrase(start, start + 7, "in July", "time", "test", 1.0)
    now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def texts(profile: dict[str, list[str]]) -> list[str]:
        return [o.text for o in alternatives(text, july, profile=profile, now=now).options]

    assert "in the summer" in texts({"current_city": ["Manchester"]})
    assert "in the winter" in texts({"current_city": ["Melbourne"]})
    assert "in the summer" not in texts({"current_city": ["Melbourne"]})


def _natural_texts(text: str, word: str, category: str) -> list[str]:
    start = text.index(word)
    found = alternatives(
        text, Phrase(start, start + len(word), word, category, "test", 1.0), profile=None
    )
    return [o.text for o in found.options[1:] if o.natural]


def test_a_language_is_named_by_its_family_then_as_a_language() -> None:
    assert _natural_texts("my gran only speaks Punjabi at home", "Punjabi", "language")[:2] == [
        "a South Asian language",
        "a language",
    ]


def test_a_language_before_a_language_noun_stays_a_bare_modifier() -> None:
    assert _natural_texts("korean class every tuesday", "korean", "language") == [
        "language"
    ]  # lower case kept
    assert "language" not in _natural_texts("the only Igbo girl in my class", "Igbo", "language")


def test_a_festival_reads_right_in_a_greeting_and_after_a_determiner() -> None:
    assert _natural_texts("Happy Diwali everyone", "Diwali", "religion")[0] == "holidays"
    assert _natural_texts("celebrating this Diwali at home", "Diwali", "religion")[0] == "festival"
    assert _natural_texts("celebrating Diwali at home", "Diwali", "religion")[0] == "a festival"


def test_an_address_widens_from_its_area_through_its_places() -> None:
    text = "garage sale at 4418 Avenue H, Austin TX this Saturday"
    address = "4418 Avenue H, Austin TX"
    start = text.index(address)
    phrase = Phrase(start, start + len(address), address, "contact", "test", 1.0)
    phrase.reasons = ["This is a street address: it tells people where to find you."]
    phrase.reason = phrase.reasons[0]
    texts = [o.text for o in alternatives(text, phrase, profile=None).options]
    assert texts == [address, "Austin", "Texas", "the US", "my address"]


def test_a_party_before_the_noun_it_describes_is_political() -> None:
    assert _natural_texts("went to the Reform UK hustings", "the Reform UK", "politics")[0] == (
        "a political"
    )
    assert "a political" not in _natural_texts(
        "voting for the Teals' candidate", "the Teals", "politics"
    )


def test_a_time_with_a_possessive_goes_with_it_but_not_an_is() -> None:
    def texts(text: str, word: str) -> list[str]:
        start = text.index(word)
        found = alternatives(
            text, Phrase(start, start + len(word), word, "time", "test", 1.0), profile=None, now=NOW
        )
        return [o.text for o in found.options]

    assert texts("so excited, tonight's outfit is my nani's", "tonight") == ["tonight", "the"]
    # "'s" as "is": the time is the subject, said by a noun ("This evening's the night")
    said = texts("Tonight's the night, wish me luck", "Tonight")
    assert said[0] == "Tonight" and "This evening" in said and "Today" in said
    assert not {"Soon", "Later", "Recently"} & set(said)


def test_a_hospital_is_the_hospital_and_a_name_keeps_its_possessive() -> None:
    text = "thank you to the midwives at the Royal Women's, you were so kind"
    start = text.index("the Royal")
    found = Phrase(
        start, text.index("'s"), "the Royal Women", Category.HEALTH, "test", 0.9,
        [Detector.ORGANISATION],
    )  # fmt: skip
    options = alternatives(text, found, profile=Profile(), now=NOW).options
    hospital = next(o for o in options if o.text == "the hospital")
    assert text[: hospital.start] + hospital.text + text[hospital.end :] == (
        "thank you to the midwives at the hospital, you were so kind"
    )
    text = "Night shift at Kingston Hospital again"
    start = text.index("Kingston")
    work = Phrase(
        start, start + 17, "Kingston Hospital", Category.WORK, "test", 0.9, [Detector.ORGANISATION]
    )
    named = alternatives(text, work, profile=Profile(), now=NOW)
    assert [o.text for o in named.options][1] == "the hospital"


def _identity_options(text: str, name: str) -> list[Option]:
    start = text.index(name)
    found = Phrase(start, start + len(name), name, Category.IDENTITY, "test", 0.9)
    return alternatives(text, found, profile=Profile(), now=NOW).options


def _applied(text: str, option: Option) -> str:
    return text[: option.start] + option.text + text[option.end :]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("new number guys!! ps it's Aoife from the choir", "Aoife"),
        ("If anyone finds her call Hemi on 021 555 0187", "Hemi"),
        ("bank details: IE29 AIBK 9311 5212 3456 78 (Siobhán Byrne). thank you", "Siobhán Byrne"),
    ],
)
def test_the_authors_own_name_is_me(text: str, name: str) -> None:
    assert [o.text for o in _identity_options(text, name)] == [name, "me"]


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        (
            "the flat is empty, @liam_k can you water the plants?",
            "@liam_k",
            "the flat is empty, can you water the plants?",
        ),
        ("at sunset yesterday. @zola_nk you knew", "@zola_nk", "at sunset yesterday. You knew"),
        ("so proud of you @eilidh.m", "@eilidh.m", "so proud of you"),
        (
            "Thank you @Prof_Adeyemi for the reference",
            "@Prof_Adeyemi",
            "Thank you for the reference",
        ),
    ],
)
def test_a_friend_spoken_to_is_left_out(text: str, name: str, expected: str) -> None:
    options = _identity_options(text, name)
    automatic = [o for o in options if o.automatic and o.degree > 0]
    assert [_applied(text, o) for o in automatic] == [expected]


def test_a_friend_spoken_of_is_an_initial_then_someone() -> None:
    text = "me and @thabo_m are driving down to Hermanus"
    assert [o.text for o in _identity_options(text, "@thabo_m")] == ["@thabo_m", "T.", "someone"]


def _time_options(text: str, span: str, now: datetime = NOW) -> list[str]:
    start = text.index(span)
    found = Phrase(start, start + len(span), span, Category.TIME, "test", 0.9)
    return [o.text for o in alternatives(text, found, profile=Profile(), now=now).options]


def test_a_clock_time_after_another_day_is_not_today() -> None:
    text = "Shabbat dinner at ours this Friday from 7, Kiddush at 7:30. bring a friend!"
    assert _time_options(text, "at 7:30") == ["at 7:30", "in the evening", ""]


@pytest.mark.parametrize(
    ("text", "span", "expected"),
    [
        ("87 days till I see him", "87 days", "Months"),
        ("celebrating 40 years of marriage", "40 years", "decades"),
        ("6 years teaching 3rd grade", "6 years", "Years"),
    ],
)
def test_a_counted_length_before_a_noun_is_said_in_its_own_units(
    text: str, span: str, expected: str
) -> None:
    assert _time_options(text, span) == [span, expected]


def test_a_weekday_naming_a_habit_is_weekly() -> None:
    text = "Therapy at 4 then straight to my Wednesday AA meeting."
    assert _time_options(text, "Wednesday") == ["Wednesday", "weekly"]


def test_a_day_before_the_event_it_names_is_said_as_a_kind_of_day() -> None:
    text = "learning BSL with her at Tuesday night classes in Hove has been the best thing"
    assert _time_options(text, "at Tuesday night") == [
        "at Tuesday night",
        "at weeknight",
        "at evening",
    ]
    # a day that merely stands before a noun is a day ("home on Friday fingers crossed")
    said = _time_options("the nurses are angels. home on Friday fingers crossed", "on Friday")
    assert "on weekday" not in said and len(said) > 2


def test_a_day_and_its_meal_keep_the_meal() -> None:
    text = "so Saturday brunch at Fernandez & Wells is my treat"
    assert _time_options(text, "Saturday brunch") == [
        "Saturday brunch",
        "weekend brunch",
        "brunch",
    ]


def test_institutions_are_said_by_their_kind_and_city() -> None:
    def said(text: str, name: str, category: Category) -> list[str]:
        start = text.index(name)
        found = Phrase(
            start, start + len(name), name, category, "test", 0.9, [Detector.ORGANISATION]
        )
        return [o.text for o in alternatives(text, found, profile=Profile(), now=NOW).options]

    # a named one after "the" becomes "a" kind ("left the Jehovah's Witnesses")
    assert "a religious group" in said(
        "I left the Jehovah's Witnesses at 19", "Jehovah's Witnesses", Category.RELIGION
    )
    # a name that ends with its city keeps the city
    assert (
        said("service at Hillsong Brisbane was packed", "Hillsong Brisbane", Category.RELIGION)[1]
        == "a place of worship in Brisbane"
    )


def test_a_clock_time_before_a_noun_is_its_part_of_the_day() -> None:
    text = "the 7:12 DART from Bray every day, pray for me"
    said = _time_options(text, "7:12", datetime(2026, 1, 29, 21, 45, tzinfo=UTC))
    assert said[:3] == ["7:12", "early", "morning"] and said[-1] == ""


@pytest.mark.parametrize(
    ("text", "span", "category", "expected"),
    [
        # a common noun keeps its "the"
        ("See everyone at the pro-choice march outside", "pro-choice march", "politics", "march"),
        # a post that starts with a bare noun gets no article
        ("med school interview at Aga Khan on the 3rd", "med school", "education", "school"),
    ],
)
def test_no_article_the_author_did_not_write(
    text: str, span: str, category: str, expected: str
) -> None:
    start = text.index(span)
    found = Phrase(start, start + len(span), span, Category(category), "test", 0.9)
    said = [o.text.lower() for o in alternatives(text, found, profile=Profile(), now=NOW).options]
    assert expected in said and f"a {expected}" not in said


def test_a_sentence_start_keeps_the_authors_case() -> None:
    assert _natural_texts("Insomnia again, 4am", "Insomnia", "health")[0][0].isupper()
    assert _natural_texts("so tired. insomnia again", "insomnia", "health")[0][0].islower()


def test_a_time_the_sentence_needs_is_reworded_not_taken_out() -> None:
    # what "be" says, and a length before "of"
    assert "" not in _time_options(
        "my PhD viva is on the 2nd of December", "on the 2nd of December"
    )
    said = _time_options("diagnosed after 9 years of being told it was nothing", "after 9 years")
    assert "" not in said and "after nearly a decade" in said
    # a length that ends today is said as a length
    said = _time_options("It's been 3 years today since I lost him", "3 years today")
    assert said[1:] == ["a few years", "years"]
    # a preposition stays with the length it governs
    said = _time_options("back from 2 weeks in Kerala", "from 2 weeks")
    assert said[1] == "from a couple of weeks"


def test_a_length_before_the_state_it_measures_keeps_the_state() -> None:
    assert _time_options("we're 6 months sober from gambling", "6 months")[1:] == [
        "half a year",
        "months",
    ]  # never "a while sober"
    assert _time_options("3 weeks in and loving the new job", "3 weeks in")[1:] == [
        "A few weeks in"
    ]


def test_a_citizenship_loses_its_nationality_not_widens_it() -> None:
    text = "proud to finally be an Irish citizen after 10 years"
    start = text.index("Irish")
    found = Phrase(start, start + 5, "Irish", Category.ETHNICITY, "test", 0.9)
    options = alternatives(text, found, profile=Profile(), now=NOW).options
    rendered = [text[: o.start] + o.text + text[o.end :] for o in options[1:]]
    assert rendered == ["proud to finally be a citizen after 10 years"]


def options_of(text: str, words: str, category: str, profile: dict | None = None) -> list[str]:
    start = text.index(words)
    found = alternatives(
        text,
        Phrase(start, start + len(words), words, category, "test", 1.0),
        profile=Profile.coerce(profile or {}),
        now=NOW,
    )
    return [text[: o.start] + o.text + text[o.end :] for o in found.options[1:]]


def test_the_tropics_tell_no_seasons() -> None:
    # January in Nairobi is no summer (and in London no "summer" either)
    text = "moving to a new flat in January if the landlord doesn't budge"
    nairobi = options_of(text, "in January", "time", {"current_city": ["Nairobi"]})
    assert nairobi and not any(
        season in o for o in nairobi for season in ("summer", "winter", "spring", "autumn")
    )
    assert any(
        "winter" in o for o in options_of(text, "in January", "time", {"current_city": ["Leeds"]})
    )


def test_a_party_voted_for_and_a_relative_s_home() -> None:
    text = "Voting Labour for the first time on Thursday"
    assert options_of(text, "Labour", "politics")[0].startswith("Voting for a ")
    text = "Shabbat dinner at my in-laws every Friday"
    assert "at my family's every Friday" in options_of(text, "in-laws", "relationship")[-1]


def test_a_time_removed_takes_the_verb_that_only_it_completed() -> None:
    text = "come to the vigil tonight, starts at 6"
    assert options_of(text, "at 6", "time")[-1] == "come to the vigil tonight"


def test_a_campaign_is_no_party_and_a_milestone_keeps_its_length() -> None:
    text = "marched with Extinction Rebellion in Parliament Square yesterday"
    assert options_of(text, "Extinction Rebellion", "politics")[0] == (
        "marched with a campaign group in Parliament Square yesterday"
    )
    text = "my boyfriend and I just hit 2 years!! celebrating tonight"
    assert all("hit!!" not in o for o in options_of(text, "2 years", "time"))


def test_a_length_keeps_what_it_relates_and_where_it_was_spent() -> None:
    text = "got my citizenship today, 12 years after arriving from Manila"
    assert options_of(text, "12 years after", "time")[-1] == (
        "got my citizenship today, years after arriving from Manila"
    )
    # "moving back to Ireland in Canada" would say something else
    text = "moving back to Dublin after 8 years in Toronto"
    assert all(
        not o.startswith("moving back to Dublin in")
        for o in options_of(text, "after 8 years", "time")
    )
