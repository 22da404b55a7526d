"""Dates of festivals that move with the lunar or lunisolar calendars ("till after Diwali",
"over Eid", "before Passover"), read from the `holidays` library, so a post's festival is a day
the temporal stage can place and generalize like "Christmas".

Each festival is looked up in the country whose calendar the library computes it for (Diwali in
India's, Eid in Saudi Arabia's Umm al-Qura calendar, Passover in Israel's); the first day of the
festival in a year is its date. Names people write are aliases of one festival ("Deepavali",
"Hari Raya Puasa", "Pesach"). A name with two festivals ("Eid") has both, and the caller takes
the one nearest in the direction it needs.

The dates ship as `data/feasts.tsv` (festival, year, first day; 2001-2035), built from the library
by `python scripts/build_feasts.py`: the engine reads the table, so the library's calendars (about
7 MB) are not loaded with it.
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from pathlib import Path

# festival -> (country code, the library's name for it, as a prefix)
_SOURCES: dict[str, tuple[str, str]] = {
    "diwali": ("IN", "Diwali"),
    "holi": ("IN", "Holi"),
    "dussehra": ("IN", "Dussehra"),
    "onam": ("IN", "Onam"),
    "pongal": ("IN", "Pongal"),
    "raksha bandhan": ("IN", "Raksha Bandhan"),
    "ganesh chaturthi": ("IN", "Ganesh Chaturthi"),
    "janmashtami": ("IN", "Janmashtami"),
    "eid al-fitr": ("SA", "Eid al-Fitr"),
    "eid al-adha": ("SA", "Eid al-Adha"),
    "chinese new year": ("CN", "Chinese New Year (Spring Festival)"),
    "mid-autumn festival": ("CN", "Mid-Autumn Festival"),
    "vesak": ("SG", "Vesak Day"),
    "passover": ("IL", "Pesach"),
    "rosh hashanah": ("IL", "Rosh Hashanah"),
    "yom kippur": ("IL", "Yom Kippur"),
    "sukkot": ("IL", "Sukkot"),
    "shavuot": ("IL", "Shavuot"),
    "purim": ("IL", "Purim"),
    "hanukkah": ("IL", "Hanukkah"),
}
# names people write -> the festivals they may mean
ALIASES: dict[str, tuple[str, ...]] = {
    **{name: (name,) for name in _SOURCES},
    "deepavali": ("diwali",),
    "divali": ("diwali",),
    "dasara": ("dussehra",),
    "rakhi": ("raksha bandhan",),
    "eid": ("eid al-fitr", "eid al-adha"),
    "eid ul fitr": ("eid al-fitr",),
    "eid ul-fitr": ("eid al-fitr",),
    "eid-ul-fitr": ("eid al-fitr",),
    "eid al fitr": ("eid al-fitr",),
    "hari raya": ("eid al-fitr",),
    "hari raya puasa": ("eid al-fitr",),
    "raya": ("eid al-fitr",),
    "eid ul adha": ("eid al-adha",),
    "eid ul-adha": ("eid al-adha",),
    "eid-ul-adha": ("eid al-adha",),
    "eid al adha": ("eid al-adha",),
    "bakrid": ("eid al-adha",),
    "bakra eid": ("eid al-adha",),
    "hari raya haji": ("eid al-adha",),
    "lunar new year": ("chinese new year",),
    "cny": ("chinese new year",),
    "spring festival": ("chinese new year",),
    "mid autumn festival": ("mid-autumn festival",),
    "wesak": ("vesak",),
    "buddha purnima": ("vesak",),
    "pesach": ("passover",),
    "rosh hashana": ("rosh hashanah",),
    "chanukah": ("hanukkah",),
    "hannukah": ("hanukkah",),
}
_COUNTRIES = {"IN": "India", "SA": "SaudiArabia", "CN": "China", "SG": "Singapore", "IL": "Israel"}


TABLE = Path(__file__).parent / "data" / "feasts.tsv"
TABLE_YEARS = range(2001, 2036)  # the years the library computes for every country here


def library_first_day(festival: str, year: int) -> date | None:
    """The festival's first day in the year as the `holidays` library computes it (the table's
    source; the engine reads the table)."""
    import holidays  # the builder's and the tests' only

    country, name = _SOURCES[festival]
    make = getattr(holidays, _COUNTRIES[country])
    found = make(years=year, categories=make.supported_categories)
    return next(
        (
            day
            for day, names in sorted(found.items())
            # ("Magh Bihu; Makar Sankranti; Pongal": the festivals of one day)
            if any(part.startswith(name) for part in names.split("; "))
        ),
        None,
    )


def table_rows() -> list[tuple[str, int, date]]:
    """Every festival's first day in TABLE_YEARS, from the library."""
    return [
        (festival, year, day)
        for festival in _SOURCES
        for year in TABLE_YEARS
        if (day := library_first_day(festival, year)) is not None
    ]


@lru_cache(maxsize=1)
def _table() -> dict[tuple[str, int], date]:
    rows = TABLE.read_text(encoding="utf-8").splitlines()[1:]
    found = {}
    for row in rows:
        festival, year, day = row.split("\t")
        found[(festival, int(year))] = date.fromisoformat(day)
    return found


def first_day(festival: str, year: int) -> date | None:
    """The festival's first day in the year, or None outside the table's years."""
    if festival not in _SOURCES:
        raise KeyError(festival)
    return _table().get((festival, year))


def days(written: str, years: tuple[int, ...]) -> list[date]:
    """Every first day of the festivals the written name may mean, in the given years."""
    found = []
    for festival in ALIASES.get(written.lower(), ()):
        for year in years:
            day = first_day(festival, year)
            if day is not None:
                found.append(day)
    return sorted(found)


__all__ = ["ALIASES", "TABLE", "days", "first_day", "library_first_day", "table_rows"]
