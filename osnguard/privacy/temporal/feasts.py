"""Dates of festivals that move with the lunar or lunisolar calendars ("till after Diwali",
"over Eid", "before Passover"), read from the `holidays` library, so a post's festival is a day
the temporal stage can place and generalize like "Christmas".

Each festival is looked up in the country whose calendar the library computes it for (Diwali in
India's, Eid in Saudi Arabia's Umm al-Qura calendar, Passover in Israel's); the first day of the
festival in a year is its date. Names people write are aliases of one festival ("Deepavali",
"Hari Raya Puasa", "Pesach"). A name with two festivals ("Eid") has both, and the caller takes
the one nearest in the direction it needs.
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache

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
    "ganesh chaturthi": ("ganesh chaturthi",),
    "eid": ("eid al-fitr", "eid al-adha"),
    "eid ul fitr": ("eid al-fitr",),
    "eid ul-fitr": ("eid al-fitr",),
    "eid-ul-fitr": ("eid al-fitr",),
    "eid al fitr": ("eid al-fitr",),
    "hari raya": ("eid al-fitr",),
    "hari raya puasa": ("eid al-fitr",),
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


@lru_cache(maxsize=64)
def _calendar(country: str, year: int) -> tuple[tuple[date, str], ...]:
    import holidays  # loaded when a post names a festival, not with the engine (memory)

    make = getattr(holidays, _COUNTRIES[country])
    found = make(years=year, categories=make.supported_categories)
    return tuple(sorted(found.items()))


def first_day(festival: str, year: int) -> date | None:
    """The festival's first day in the year, or None when the library has none for it."""
    country, name = _SOURCES[festival]
    return next(
        (
            day
            for day, names in _calendar(country, year)
            # ("Magh Bihu; Makar Sankranti; Pongal": the festivals of one day)
            if any(part.startswith(name) for part in names.split("; "))
        ),
        None,
    )


def days(written: str, years: tuple[int, ...]) -> list[date]:
    """Every first day of the festivals the written name may mean, in the given years."""
    found = []
    for festival in ALIASES.get(written.lower(), ()):
        for year in years:
            day = first_day(festival, year)
            if day is not None:
                found.append(day)
    return sorted(found)


__all__ = ["ALIASES", "days", "first_day"]
