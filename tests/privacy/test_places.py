"""The places gazetteer: readings, chains, containment and distances."""

from __future__ import annotations

import pytest

from osnguard.privacy import places


def test_shinjuku_chain_goes_through_tokyo_japan_asia() -> None:
    shinjuku = places.lookup("Shinjuku")[0]
    assert shinjuku.kind == "city"
    # a neighbourhood is part of its city, then the city's region (Tokyo prefecture), and so on
    assert [p.name for p in places.chain(shinjuku)] == [
        "Shinjuku",
        "Tokyo",
        "Tokyo",
        "Japan",
        "Asia",
    ]
    assert [p.kind for p in places.chain(shinjuku)] == [
        "city",
        "city",
        "region",
        "country",
        "continent",
    ]


def test_region_has_no_population_but_country_and_continent_do() -> None:
    region, country, continent = places.chain(places.lookup("Kyoto")[0])[1:]
    assert region.population is None
    assert country.population and country.population > 100_000_000
    assert continent.population and continent.population > country.population


def _names(name: str) -> list[str]:
    return [p.name for p in places.chain(places.lookup(name)[0])]


def test_a_neighbourhood_is_part_of_the_large_city_around_it() -> None:
    assert _names("Brixton")[:2] == ["Brixton", "London"]
    assert _names("Golders Green")[1] == "London"  # the largest host, not the borough of Brent
    assert _names("Bondi")[1] == "Sydney"
    london = places.lookup("London")[0]
    assert places.compass(london, places.lookup("Brixton")[0]) == "south"
    assert places.compass(london, places.lookup("Canary Wharf")[0]) == "east"
    assert places.contains(london, places.lookup("Croydon")[0])


def test_a_separate_town_near_a_city_is_not_part_of_it() -> None:
    # Cambridge, MA is its own city in another county; Watford is in Hertfordshire
    cambridge = places.lookup("Cambridge, Massachusetts")[0]
    assert _names("Cambridge, Massachusetts")[1] == "Massachusetts"
    assert places.host(cambridge) is None
    assert _names("Watford")[1] == "England"
    assert places.host(places.lookup("Jersey City")[0]) is None  # another state from New York


def test_world_areas_name_the_part_of_a_continent_people_use() -> None:
    kenya = places.get("country:KE")
    assert kenya is not None and places.world_area(kenya) == "East Africa"
    texas = places.get("region:US.TX")
    assert texas is not None and places.world_area(texas) == "the South"
    australia, us = places.get("country:AU"), places.get("country:US")
    assert australia is not None and not places.continent_reads_naturally(australia)
    assert us is not None and not places.continent_reads_naturally(us)


def test_cambridge_has_several_readings_in_different_countries() -> None:
    readings = [p for p in places.lookup("Cambridge") if p.name == "Cambridge"]
    assert len(readings) >= 3
    assert {"GB", "US", "CA"} <= {p.country_code for p in readings}


def test_paris_france_comes_before_paris_texas() -> None:
    readings = places.lookup("Paris")
    assert readings[0].country_code == "FR"
    texas = [i for i, p in enumerate(readings) if p.country_code == "US" and p.admin1 == "TX"]
    assert texas and texas[0] > 0


def test_qualified_names_keep_only_readings_inside_the_qualifier() -> None:
    assert [(p.country_code, p.admin1) for p in places.lookup("Paris, TX")] == [("US", "TX")]
    assert [(p.country_code, p.admin1) for p in places.lookup("Cambridge, Massachusetts")] == [
        ("US", "MA")
    ]


def test_aliases_and_acronyms() -> None:
    assert places.lookup("NYC")[0].name == "New York City"
    assert places.lookup("U.S.")[0].key == "country:US"
    assert places.lookup("UK")[0].key == "country:GB"
    assert places.lookup("Bombay")[0].name == "Mumbai"
    assert places.lookup("zurich")[0].name == "Zürich"
    assert places.lookup("us") == []  # the pronoun is not the country


def test_a_city_named_so_officially_owns_its_name() -> None:
    # "Cancun" is also listed as a spelling of Changchun, which is no reading of it
    assert [p.name for p in places.lookup("Cancun")] == ["Cancún"]
    # a small town so named leaves the great city's old name a reading
    assert "Kolkata" in [p.name for p in places.lookup("Calcutta")]


@pytest.mark.parametrize("name", ["Xyzzyville", "", "   ", "the"])
def test_unknown_names_give_no_reading(name: str) -> None:
    assert places.lookup(name) == []


def test_non_string_is_a_clear_error() -> None:
    with pytest.raises(ValueError):
        places.lookup(None)  # type: ignore[arg-type]


def test_contains_and_distance() -> None:
    tokyo_city = places.lookup("Tokyo")[0]
    japan = places.lookup("Japan")[0]
    asia = places.lookup("Asia")[0]
    france = places.lookup("France")[0]
    assert places.contains(japan, tokyo_city) and places.contains(asia, tokyo_city)
    assert not places.contains(france, tokyo_city)
    assert not places.contains(tokyo_city, japan)
    paris, london = places.lookup("Paris")[0], places.lookup("London")[0]
    assert places.distance_km(paris, london) == pytest.approx(344, abs=10)
    assert places.distance_km(paris, paris) == pytest.approx(0.0)


def test_member_counts_for_k_figures() -> None:
    asia = places.lookup("Asia")[0]
    assert places.member_count(asia) > 40
    assert places.member_count(places.lookup("Japan")[0]) > 40


def test_a_compass_word_before_a_large_city_is_that_part_of_it() -> None:
    where, city = places.compass_district("East London") or ("", None)
    assert where == "east" and city is not None and city.country_code == "GB"
    assert places.compass_district("East Kilbride") is None  # no large city "Kilbride"
    assert places.compass_district("Brixton") is None


def test_a_neighbourhood_two_kilometres_out_is_in_its_part_of_the_city() -> None:
    manchester = places.lookup("Manchester")[0]
    cheetham = next(p for p in places.lookup("Cheetham Hill") if p.country_code == "GB")
    assert places.compass(manchester, cheetham) == "north"
    soho = next(p for p in places.lookup("Soho") if p.country_code == "GB")
    assert places.compass(places.lookup("London")[0], soho) == "central"


def test_a_holiday_island_is_read_as_the_region_that_holds_it() -> None:
    """GeoNames' cities leave out islands people holiday on ("Gran Canaria", "Maui")."""
    assert [p.key for p in places.lookup("Gran Canaria")] == ["region:ES.53"]
    assert [p.key for p in places.lookup("Maui")] == ["region:US.HI"]
    assert places.lookup("Gozo")[0].key == "country:MT"
