"""Generalization schemas: places, organisations, nouns, ambiguity and fallbacks."""

from __future__ import annotations

import pytest

from osnguard.privacy.anonymization import generalization_chain
from osnguard.privacy.anonymization.schemas import default_levels, widest_default_degree
from osnguard.privacy.types import Category, Detector, Phrase, Profile

DEMO = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)


def phrase(text: str, category: str, context: str = DEMO) -> Phrase:
    start = max(context.find(text), 0)
    return Phrase(start, start + len(text), text, category, "test", 1.0)


def chain_texts(
    text: str, category: str, context: str = DEMO, profile: Profile | None = None
) -> list[str]:
    chain = generalization_chain(
        phrase(text, category, context), context_text=context, profile=profile or Profile()
    )
    return [level.text for level in chain.levels]


def test_city_generalizes_to_country_and_continent_with_populations() -> None:
    chain = generalization_chain(phrase("Tokyo", "location"), context_text=DEMO, profile=Profile())
    # the seed's city -> country -> continent, with the part of the continent people name between
    assert [lv.text for lv in chain.levels] == ["Tokyo", "Japan", "East Asia", "Asia"]
    populations = [lv.population for lv in chain.levels if lv.text != "East Asia"]
    assert all(populations) and populations == sorted(populations)
    ks = [lv.k for lv in chain.levels if lv.k is not None]
    assert ks[0] == 1 and ks == sorted(ks)


def test_harvard_goes_through_its_type_and_place() -> None:
    # no "a university in Cambridge": a small town's universities are too few to hide one
    # (issue 14: "MIT -> a university in Massachusetts -> a US university -> a university")
    assert chain_texts("Harvard University", "education") == [
        "Harvard University",
        "a university in Massachusetts",
        "a university in the US",
        "a university",
    ]


def test_organisation_from_its_name_and_place() -> None:
    assert chain_texts("Tokyo University", "education") == [
        "Tokyo University",
        "a university in Tokyo",
        "a university in Japan",
        "a university",
    ]
    # a workplace said with "at" ends on "work", after its kind
    assert chain_texts("Mercy Hospital", "work", "I work at Mercy Hospital.")[-2:] == [
        "a hospital",
        "work",
    ]
    # ... but a job at it is no "job at work"
    assert chain_texts("Mercy Hospital", "work", "new job at Mercy Hospital!")[-1] == "a hospital"


def test_nouns_climb_wordnet_to_a_natural_top() -> None:
    assert chain_texts("nurse", "work", "I am a nurse.")[-1] == "professional"  # never "person"
    assert chain_texts("nurse", "gender", "I am a nurse.")[-1] == "person"
    assert chain_texts("sushi", "interests")[-1] == "food"
    # The context picks the field-of-study sense of "major", not the officer.
    assert chain_texts("computer science major", "education") == [
        "computer science major",
        "student",
        "person",
    ]
    assert chain_texts("students", "education", "The students came.")[1] == "people"


def test_ambiguous_place_resolved_by_profile_and_context() -> None:
    harvard = Profile.from_dict({"education": ["Harvard University"]})
    chain = generalization_chain(
        phrase("Cambridge", "location", "I live in Cambridge."),
        context_text="I live in Cambridge.",
        profile=harvard,
    )
    assert chain.levels[1].text == "Massachusetts"
    assert len(chain.readings) >= 3
    plain = generalization_chain(
        phrase("Cambridge", "location", "I live in Cambridge."),
        context_text="I live in Cambridge.",
        profile=Profile(),
    )
    assert plain.levels[1].text == "England"
    # The user can pick another reading.
    other = generalization_chain(
        phrase("Cambridge", "location", "I live in Cambridge."),
        context_text="I live in Cambridge.",
        profile=harvard,
        reading=plain.reading,
    )
    assert other.levels[1].text == "England"


def test_unknown_phrase_is_its_only_level_and_suppressible() -> None:
    chain = generalization_chain(
        phrase("Xyzzqq", "identity", "Xyzzqq"), context_text="Xyzzqq", profile=Profile()
    )
    assert [lv.text for lv in chain.levels] == ["Xyzzqq"] and chain.suppressible


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError):
        generalization_chain(phrase("   ", "location", "   "), context_text="", profile=Profile())
    with pytest.raises(ValueError):
        generalization_chain(
            phrase("Cambridge", "location", "Cambridge"),
            context_text="Cambridge",
            profile=Profile(),
            reading="city:0",
        )


def test_informal_spellings_are_looked_up_under_their_standard_form() -> None:
    assert chain_texts("Japan's", "location", "Japan's trains")[:2] == ["Japan's", "East Asia's"]
    assert chain_texts("hayfever", "health", "my hayfever")[0] == "hayfever"
    assert len(chain_texts("hayfever", "health", "my hayfever")) > 1
    assert chain_texts("NewJersey", "location", "in NewJersey")[1:3] == ["the Northeast", "the US"]
    # A lower-case health word is never read as a town ("gay" is also a town in Russia).
    assert "Russia" not in chain_texts("gayyyy", "health", "so gayyyy")


def test_a_country_in_africa_or_the_middle_east_stops_at_its_part_of_the_world() -> None:
    # "in Africa" for Ghana reads as if the continent were a country; "Asia" for Dubai is odd
    tops = [
        ("Accra", "West Africa"),
        ("Nairobi", "East Africa"),
        ("Dubai", "the Middle East"),
        ("Karachi", "South Asia"),
    ]
    for city, top in tops:
        assert chain_texts(city, "location", f"back in {city}")[-1] == top, city


def test_a_list_of_languages_is_counted() -> None:
    text = "I speak Hindi, Marathi, English at home"
    assert chain_texts("Hindi, Marathi, English", "language", text) == [
        "Hindi, Marathi, English",
        "three languages",
        "several languages",
    ]
    assert chain_texts("Hindi", "language", text)[1:] == ["a South Asian language", "a language"]


def test_a_school_known_only_by_name_is_a_university_when_its_name_or_sentence_says_so() -> None:
    def levels(name: str, context: str) -> list[str]:
        start = context.index(name)
        found = Phrase(
            start, start + len(name), name, "education", "test", 1.0, [Detector.ORGANISATION]
        )
        chain = generalization_chain(found, context_text=context, profile=Profile())
        return [level.text for level in chain.levels[1:]]

    assert levels("UoN", "then a 10am lecture at UoN, medicine is a cult") == [
        "a university",
        "university",
    ]
    assert levels("Trinity", "Niamh graduated from Trinity today") == [
        "a university",
        "university",
    ]
    assert levels("St Brigid's NS", "kids start at St Brigid's NS today") == [
        "a primary school",
        "a school",
        "school",
    ]


def test_a_counted_family_word_keeps_its_count() -> None:
    text = "the youngest of 5 older brothers, and two sons of my own"
    assert chain_texts("5 older brothers", "gender", text)[1:] == [
        "5 older siblings",
        "5 older family members",
    ]
    assert chain_texts("two sons", "gender", text)[1:] == ["two children", "two kids"]
    assert chain_texts("baby girl", "gender", "my baby girl")[1:] == ["baby", "little one"]


def test_two_peoples_generalize_to_the_wider_one() -> None:
    assert chain_texts("Jamaican-Canadian", "ethnicity", "proud Jamaican-Canadian here") == [
        "Jamaican-Canadian",
        "Canadian",
    ]
    text = "As a Palestinian-American I worry"
    assert chain_texts("a Palestinian-American", "ethnicity", text)[1:] == ["an American"]


def test_political_initials_are_a_party_only_when_the_sentence_says_so() -> None:
    def top(name: str, context: str) -> str:
        start = context.index(name)
        found = Phrase(start, start + len(name), name, "politics", "test", 1.0)
        chain = generalization_chain(found, context_text=context, profile=Profile())
        return chain.levels[-1].text

    assert top("the DMK", "Voted for the DMK this morning") == "a political party"
    assert top("the DSA", "Phone banking for the DSA every Tuesday") == "a political group"


def test_the_profile_city_anchors_by_its_likeliest_reading() -> None:
    # Bristol (England) has 8 times the people of Bristol, Connecticut: the user's own city
    # anchors, so Clifton is not read as Clifton, New Jersey
    text = "anyone in Clifton got calamine lotion?"
    profile = Profile.coerce({"current_city": ["Bristol"]})
    levels = chain_texts("Clifton", "location", text, profile)
    assert not any("Jersey" in level or "US" in level for level in levels)


def test_a_currency_points_to_where_the_author_lives() -> None:
    text = "he gets the house in Clontarf, I get the dog and €40k of the mortgage"
    levels = chain_texts("Clontarf", "location", text)
    assert not any(w in level for level in levels for w in ("Queensland", "Australia"))


def test_an_ambiguous_town_in_a_name_must_be_in_the_context_country() -> None:
    text = "if the lights are off at our place in Kew, I'm at Kingston Hospital from 8 to 8"
    levels = chain_texts("Kingston Hospital", "work", text)
    assert not any("Jamaica" in level for level in levels)


def test_a_neighbourhood_stops_at_its_country() -> None:
    assert chain_texts("Brixton", "location", "moving to Brixton next month") == [
        "Brixton",
        "south London",
        "London",
        "England",
        "the UK",
    ]


@pytest.mark.parametrize(
    ("phrase_text", "expected"),
    [
        ("Tour guiding", ["working"]),
        ("fixing cars", ["working"]),
        ("teaching 3rd grade", ["teaching", "working"]),
        ("laid off", ["let go"]),
        ("the building", []),  # a noun, not an activity
    ],
)
def test_work_activities_and_events(phrase_text: str, expected: list[str]) -> None:
    text = f"so {phrase_text} it is"
    assert chain_texts(phrase_text, "work", text)[1:] == expected


def test_british_and_irish_places_stop_at_their_country() -> None:
    assert chain_texts("Norwich", "location", "back in Norwich again")[-1] == "the UK"
    assert chain_texts("Cork", "location", "Happy Christmas from Cork")[-1] == "Ireland"
    assert chain_texts("Madrid", "location", "tapas in Madrid")[-1] == "Europe"


def test_money_matters_have_their_own_ladder() -> None:
    assert chain_texts("payday loan", "finance", "payday loan rejected again")[1:] == ["loan"]
    assert chain_texts("broke", "finance", "I'm 31, broke, and living with my parents")[1:] == [
        "struggling"
    ]
    assert chain_texts("HELP debt", "finance", "paid off my HELP debt")[1:] == [
        "student debt",
        "debt",
    ]


def test_events_of_sexuality_and_relationships_have_vaguer_words() -> None:
    # ("talked", not "shared some news": "our son came out to us" -> "talked to us")
    assert chain_texts("came out", "sexuality", "since I came out")[1:] == ["opened up", "talked"]
    assert chain_texts("remarried", "relationship", "he remarried")[1:] == [
        "settled down again",
        "moved on",
    ]
    # which anniversary it is dates the relationship
    assert chain_texts("5th anniversary", "relationship", "Happy 5th anniversary")[1:] == [
        "anniversary"
    ]


def test_a_place_of_worship_said_bare_is_the_service() -> None:
    assert chain_texts("church", "religion", "🕯️ church at midnight with the village")[1:] == [
        "a service"
    ]
    assert chain_texts("church", "religion", "see you after church")[1:] == ["a service"]
    assert chain_texts("church", "religion", "my church is closing")[1:] != ["a service"]
    assert chain_texts("temple", "religion", "at the Hindu temple tonight")[1:] != ["a service"]


def test_a_school_year_is_its_stage_of_school() -> None:
    assert chain_texts("Year 7", "education", "my daughter starts Year 7 next week")[1:] == [
        "secondary school",
        "school",
    ]
    assert chain_texts("3rd grade", "education", "teaching 3rd grade again")[1:] == [
        "primary school",
        "school",
    ]


def test_an_occasion_of_a_ladder_word_keeps_its_noun() -> None:
    text = "straight to my Wednesday AA meeting"
    assert chain_texts("AA meeting", "health", text)[1:] == [
        "support group meeting",
        "group meeting",
    ]


def test_an_institution_in_a_place_widens_the_place_then_names_the_kind() -> None:
    context = "Gurpurab at the Gurdwara in Southall tomorrow"
    assert chain_texts(
        "the Gurdwara in Southall", "religion", context, Profile({"current_city": ("London",)})
    )[1:] == [
        "a gurdwara in west London",
        "a gurdwara in London",
        "a gurdwara in England",
        "a gurdwara in the UK",
        "a gurdwara",
        "a place of worship",
    ]


def test_festivals_and_practices_have_faith_neutral_wordings() -> None:
    assert chain_texts("Gurpurab", "religion", "Gurpurab at the gurdwara")[1:] == [
        "a festival",
        "a celebration",
    ]
    assert chain_texts("Navratri garba", "religion", "Navratri garba tonight")[1:] == [
        "festival dancing",
        "dancing",
    ]


def test_a_named_denomination_is_a_religious_group() -> None:
    context = "left the Jehovah's Witnesses 2 years ago"
    assert chain_texts("the Jehovah's Witnesses", "religion", context)[-1] == "religious group"


def test_a_workplace_said_with_at_ends_on_work_but_a_new_job_does_not() -> None:
    assert chain_texts("Tesco", "work", "14 hour shift at Tesco again")[-1] == "work"
    assert chain_texts("Siemens", "work", "Starting at Siemens on Monday")[-1] == "a company"


def test_a_role_with_modifiers_is_first_its_head_noun_and_never_a_person() -> None:
    context = "I've joined the refinery as a process safety engineer"
    assert chain_texts("a process safety engineer", "work", context)[1:] == ["an engineer"]


def test_a_people_is_said_by_its_adjective() -> None:
    assert chain_texts("Ashkenazi", "ethnicity", "I'm Ashkenazi on my mum's side")[1:] == ["Jewish"]


@pytest.mark.parametrize(
    ("city", "expected"),
    [
        ("Prague", ["Prague", "the Czech Republic", "Europe"]),  # not "Praha": the same city
        ("Washington", ["Washington", "the US"]),  # not "District of Columbia"
    ],
)
def test_a_region_that_is_the_city_under_another_name_is_skipped(
    city: str, expected: list[str]
) -> None:
    assert chain_texts(city, "location", f"I live in {city}") == expected


def test_a_region_named_by_a_common_noun_takes_the() -> None:
    assert chain_texts("Gqeberha", "location", "I live in Gqeberha")[1] == "the Eastern Cape"
    # and one people name by its initials is said so
    assert chain_texts("Canberra", "location", "I live in Canberra")[1] == "the ACT"


def test_a_local_people_climbs_to_its_nation() -> None:
    context = "proud Brummie, born and bred"
    assert chain_texts("Brummie", "ethnicity", context)[1:3] == ["English", "British"]


def test_a_people_said_as_a_way_of_speaking_widens_only_to_languages() -> None:
    # "fluent British" or "fluent European" would say a language that does not exist
    context = "I speak broken Urdu and fluent Brummie"
    assert chain_texts("Brummie", "ethnicity", context)[1:] == ["English"]


def test_a_workplace_named_by_its_town_widens_the_town_then_drops_it() -> None:
    context = "I'm at the Kraków office this week"
    assert chain_texts("the Kraków office", "work", context)[1:3] == [
        "the office in Poland",
        "the office",
    ]


def test_an_institutions_department_does_not_hide_its_kind() -> None:
    context = "night shift at Kenyatta National Hospital A&E from 8pm"
    assert chain_texts("Kenyatta National Hospital A&E", "work", context)[1] == "a hospital"


@pytest.mark.parametrize(
    ("place", "context", "widest"),
    [
        ("Didsbury", "we live in Didsbury", "Manchester"),  # a neighbourhood: its city
        ("Lagos", "Lagos traffic is mad", "Nigeria"),  # a city: its country, not West Africa
        ("Omaha", "moving to Omaha", "Nebraska"),  # a US city: its state
        ("Kerala", "off to Kerala", "India"),  # a region: its country
        ("Ghana", "back home in Ghana", "West Africa"),  # a country keeps its ladder
    ],
)
def test_a_group_gets_a_place_no_wider_than_people_say_it(
    place: str, context: str, widest: str
) -> None:
    chain = generalization_chain(
        phrase(place, "location", context), context_text=context, profile=Profile()
    )
    assert chain.levels[widest_default_degree(chain)].text == widest


def test_an_organisations_place_stops_where_its_own_place_does() -> None:
    chain = generalization_chain(
        phrase("Tokyo University", "education"), context_text=DEMO, profile=Profile()
    )
    assert all(default_levels(chain))  # "a university in Japan", then "a university"
    text = "Jummah at East London Mosque today"
    mosque = generalization_chain(
        Phrase(
            text.index("East"), text.index(" today"), "East London Mosque", Category.RELIGION,
            "test", 0.9, [Detector.ORGANISATION],
        ),
        context_text=text,
        profile=Profile(),
    )  # fmt: skip
    offered = [level.text for level, ok in zip(mosque.levels, default_levels(mosque)) if ok]
    assert offered == [
        "East London Mosque",
        "a mosque in east London",
        "a mosque in London",
        "a mosque",
    ]


def test_administrative_words_of_region_names_are_dropped() -> None:
    assert chain_texts("Kraków", "location", "I live in Kraków")[1] == "Lesser Poland"


@pytest.mark.parametrize(
    ("name", "context", "profile", "expected"),
    [
        # a facility named after a city is in it
        ("Brighton Pier", "the 9am sea swim at Brighton Pier", {}, ["Brighton", "England"]),
        # a street is said by the author's city
        ("Burgh Quay", "Worked the night desk at Burgh Quay", {"hometown": ["Dublin"]}, ["Dublin"]),
        # a street named like a town is no town ("Barrow Street" is in Dublin)
        ("Barrow Street", "Barrow Street here I come", {"current_city": ["Dublin"]}, ["Dublin"]),
        # anything else is "a station in London", where the author is
        (
            "Victoria Station",
            "meet at Victoria Station",
            {"current_city": ["London"]},
            ["a station in London", "a station"],
        ),
        # ... unless the message says it is elsewhere
        (
            "the North Cathedral",
            "mass at the North Cathedral. Happy Christmas from Cork",
            {"current_city": ["London"]},
            ["a cathedral"],
        ),
    ],
)
def test_a_facility_is_placed_only_where_it_is(
    name: str, context: str, profile: dict, expected: list[str]
) -> None:
    chain = generalization_chain(
        phrase(name, "location", context), context_text=context, profile=Profile.from_dict(profile)
    )
    assert [level.text for level in chain.levels][1 : 1 + len(expected)] == expected


def test_regions_are_named_as_people_name_them() -> None:
    assert chain_texts("Ibadan", "location", "growing up in Ibadan")[1] == "Oyo State"
    # Greek regions are not said in posts: Thessaloniki is in Greece
    assert chain_texts("Thessaloniki", "location", "flying to Thessaloniki")[1] == "Greece"


def test_a_university_is_uni_where_people_say_so() -> None:
    def top(context: str, profile: dict) -> str:
        found = Phrase(
            context.index("UoM"), context.index("UoM") + 3, "UoM", Category.EDUCATION, "test",
            0.9, [Detector.ORGANISATION],
        )  # fmt: skip
        chain = generalization_chain(
            found, context_text=context, profile=Profile.from_dict(profile)
        )
        return chain.levels[-1].text

    assert (
        top("moving into halls at UoM, Fallowfield crew", {"hometown": ["Stoke-on-Trent"]}) == "uni"
    )
    assert top("moving into halls at UoM", {"hometown": ["Boston"]}) == "university"


def test_ramadan_is_the_fast_or_a_month() -> None:
    # the operator keeps "a month" where the name is a time ("this Ramadan") and "the fast"
    # where it is not ("Ramadan starts Tuesday"): tests/privacy/proposal/test_true_versions.py
    assert chain_texts("Ramadan", "religion", "iftar every Thursday this Ramadan")[1:] == [
        "the fast",
        "a month",
    ]


def test_a_region_keeps_its_accents() -> None:
    assert chain_texts("Goiânia", "location", "back home in Goiânia")[1] == "Goiás"


@pytest.mark.parametrize(
    ("name", "category", "context", "expected"),
    [
        # a building an institution keeps may be named by the institution's kind
        ("the North Cathedral", "religion", "mass at the North Cathedral", "a place of worship"),
        # a sea, a bridge or a research station is no company, whoever works there
        ("the North Sea", "work", "shift on a rig in the North Sea", "a sea"),
        ("Rothera Research Station", "work", "posted to Rothera Research Station", "a station"),
    ],
)
def test_a_facility_is_named_by_an_institution_kind_only_if_it_houses_one(
    name: str, category: str, context: str, expected: str
) -> None:
    assert chain_texts(name, category, context)[-1] == expected


def test_a_gendered_word_for_a_person_has_a_neutral_one() -> None:
    assert chain_texts("woman", "gender", "As a Traveller woman from Tuam")[1:] == ["person"]
    assert chain_texts("waitress", "gender", "worked as a waitress for years")[1:] == ["server"]
    assert chain_texts("girls", "gender", "the only girls in the class")[1:] == ["people"]


def test_a_village_nothing_places_is_not_asserted() -> None:
    text = "my daughter starts primary in Clontarf next Monday"
    # the gazetteer's only Clontarf is a village in Queensland; Dublin's is not in it
    assert chain_texts("Clontarf", "location", text, Profile()) == ["Clontarf"]
    brisbane = Profile.from_dict({"current_city": ["Brisbane"]})
    assert len(chain_texts("Clontarf", "location", text, brisbane)) > 1


def test_a_street_with_no_city_to_say_it_by_has_no_ladder() -> None:
    # taken out with its preposition instead ("at the hall on a road" would not read)
    assert chain_texts("Elm Road", "location", "AA at the church hall on Elm Road", Profile()) == [
        "Elm Road"
    ]
    # a commute from a town near the user's city keeps the city as where the street is
    dublin = Profile.from_dict({"current_city": ["Dublin"]})
    text = "Barrow Street here I come. 7:12 DART from Bray every day"
    assert chain_texts("Barrow Street", "location", text, dublin)[1:] == ["Dublin"]


def test_a_treatment_word_for_the_one_who_gives_it_is_a_person() -> None:
    assert chain_texts("physio", "health", "anyone know a good physio?")[1:] == [
        "health professional"
    ]
    assert chain_texts("physio", "health", "physio at 8 then work")[1] == "treatment"
    # a dentist one goes to is an appointment, one's own dentist a person
    assert chain_texts("dentist", "health", "dentist at 2:15 then the school run")[1:] == [
        "an appointment"
    ]
    assert chain_texts("dentist", "health", "my dentist says I grind my teeth")[1:] == [
        "health professional"
    ]


def test_a_family_word_said_as_a_name_takes_my() -> None:
    text = "came out to my parents last night. mum cried, dad just hugged me"
    assert chain_texts("mum", "gender", text)[1] == "my parent"
    # spoken to, it is not generalized ("love you parent" would not read)
    assert chain_texts("mum", "gender", "love you mum, see you soon") == ["mum"]


def test_a_counted_stage_goes_before_the_term() -> None:
    assert chain_texts("12 weeks pregnant", "health", "12 weeks pregnant with our second")[1] == (
        "pregnant"
    )


def test_a_nationality_widens_by_its_part_of_the_world() -> None:
    assert chain_texts("Ghanaian", "ethnicity", "As a Ghanaian woman in tech")[1:] == [
        "West African",
        "African",
    ]
    assert chain_texts("British", "ethnicity", "As a British woman in tech")[1:] == ["European"]


def test_with_nothing_to_place_it_a_name_says_only_what_its_readings_share() -> None:
    # Connecticut's Glastonbury has four times the people of Somerset's: neither is asserted
    assert chain_texts("Glastonbury", "location", "who else is at Glastonbury?", Profile()) == [
        "Glastonbury"
    ]
    # both St Iveses are in England
    assert chain_texts("St Ives", "location", "a week in St Ives", Profile())[1] == "England"
    # a city of 100,000 with three times the next reading's people is the one meant
    assert chain_texts("Norwich", "location", "back in Norwich again", Profile())[1] == "England"


def test_a_kind_of_place_and_where_it_is_widens_without_its_article() -> None:
    text = "we got married in a tiny church in Galway"
    assert chain_texts("church in Galway", "religion", text, Profile())[-3:] == [
        "a church in Ireland",
        "a church",
        "a place of worship",
    ]


def test_a_place_is_never_said_by_its_geometry() -> None:
    text = "Voting for the first time on Thursday. Polling station is the church hall"
    assert not {"topographic point", "point"} & {
        w.lower().removeprefix("a ") for w in chain_texts("Polling station", "location", text)
    }


def test_a_street_is_never_an_institution() -> None:
    text = "voted Labour today at the school on Hamilton Road"
    assert "a school" not in chain_texts("Hamilton Road", "education", text, Profile())


def test_what_happens_to_one_relative_is_not_the_familys() -> None:
    assert chain_texts("grandad", "gender", "my grandad passed away on Sunday")[-1] == "relative"
    # what a relative keeps doing may be the family's
    assert chain_texts("mum", "gender", "my mum keeps asking when I'll marry")[-1] == "family"


# gender words of the identification lexicon that name no family member or partner
NOT_KIN = {
    "on t", "they/them", "she/her", "he/him", "she/they", "he/they", "they/she", "they/he",
    "trans woman", "trans man", "transgender", "trans", "top surgery", "bottom surgery",
    "on oestrogen", "on estrogen", "on testosterone",
}  # fmt: skip


def test_every_family_word_identification_finds_has_a_neutral_ladder() -> None:
    from osnguard.privacy.anonymization.schemas import _kinship_chain
    from osnguard.privacy.identification import terms

    found = {
        entry.text.casefold()
        for entries in terms.lexicon().entries.values()
        for entry in entries
        if entry.category == Category.GENDER and entry.mode == "any"
    }
    missing = {
        word
        for word in found - NOT_KIN
        if _kinship_chain(word) is None
        and not word.startswith(("big ", "little ", "older ", "younger "))  # "little sibling"
    }
    assert not missing


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Shabbat dinner at ours, my brother is bringing his girlfriend to meet Abba", "Abba"),
        ("so proud of my girl Jordan today", "Jordan"),
    ],
)
def test_a_family_word_or_a_persons_name_is_never_a_place(text: str, word: str) -> None:
    category = "gender" if word == "Abba" else "identity"
    levels = chain_texts(word, category, context=text)
    assert not {"Central African Republic", "the Central African Republic", "Asia"} & set(levels)
    assert all("Africa" not in level and "Asia" not in level for level in levels)
