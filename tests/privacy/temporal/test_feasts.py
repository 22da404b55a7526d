"""Festivals of the lunar and lunisolar calendars, from the `holidays` library."""

from __future__ import annotations

from datetime import date

from osnguard.privacy.temporal import feasts


def test_a_festival_has_its_first_day_of_the_year() -> None:
    assert feasts.first_day("diwali", 2027) == date(2027, 10, 29)
    assert feasts.first_day("passover", 2027) == date(2027, 4, 22)
    assert feasts.first_day("chinese new year", 2027) == date(2027, 2, 6)


def test_names_people_write_are_aliases() -> None:
    assert feasts.days("Deepavali", (2027,)) == feasts.days("diwali", (2027,))
    assert feasts.days("Pesach", (2027,)) == [date(2027, 4, 22)]


def test_eid_is_either_eid() -> None:
    days = feasts.days("Eid", (2027,))
    assert len(days) == 2 and days[0].month == 3 and days[1].month == 5


def test_an_unknown_name_has_no_day() -> None:
    assert feasts.days("Christmas", (2027,)) == []


def test_the_shipped_table_is_the_librarys() -> None:
    """`data/feasts.tsv` is what `scripts/build_feasts.py` builds from the `holidays` library."""
    for festival in ("diwali", "eid al-fitr", "passover", "chinese new year"):
        for year in (2001, 2027, 2035):
            assert feasts.first_day(festival, year) == feasts.library_first_day(festival, year)


def test_no_day_outside_the_tables_years() -> None:
    assert feasts.first_day("diwali", 2040) is None
