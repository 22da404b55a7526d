"""Airports by the names people call them ("Heathrow", "Schiphol", "JFK"), with the city they
serve: "fly out of Heathrow" is London, not the town of Heathrow, Florida.

Built on airportsdata (MIT), which ships the world's airports with their IATA codes, names,
the city each serves and its coordinates. Only names that say one airport are kept: the part of
an airport's name after its city ("London Heathrow Airport" -> "Heathrow", "Toronto Pearson" ->
"Pearson"), when no other
airport has it, it is no English word ("Liberty", "Midway") and no town of 15,000 people or
more has it ("Newark"); and the IATA code of an international airport, written in capitals
("JFK"). Loaded once per process; nothing is downloaded.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

from osnguard.privacy import places, resources
from osnguard.privacy.places import Place
from osnguard.privacy.resources import load_once

# Words of an airport's name that say it is one, not which one.
GENERIC_WORDS: Final = frozenset(
    [
        "airport",
        "international",
        "intl",
        "regional",
        "municipal",
        "airfield",
        "aerodrome",
        "heliport",
        "field",
        "air",
        "base",
        "terminal",
        "county",
        "national",
        "domestic",
        "metropolitan",
    ]
)
TOWN_POPULATION = 15_000  # a name also a town of this many people is the town's
CODE = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class Airport:
    """One airport: its listed name, IATA code, the city it serves and where it is."""

    name: str
    code: str
    city: str
    country: str  # ISO code
    latitude: float
    longitude: float


def _words(name: str) -> list[str]:
    return re.findall(r"[\w'’.-]+", name)


def _distinctive(name: str, city: str) -> str:
    """The part of an airport's name that is its own: "London Heathrow Airport" -> "Heathrow"."""
    words = [w for w in _words(name) if w.casefold() not in GENERIC_WORDS]
    city_words = {w.casefold() for w in _words(city)}
    while words and words[0].casefold() in city_words:
        words = words[1:]
    return " ".join(words)


def _is_word(name: str) -> bool:
    """An English word or a town's name: "Liberty", "Midway", "Newark" say something else."""
    if resources.wordnet().synsets(name.casefold().replace(" ", "_")):
        return True
    return any(
        p.kind != "city" or (p.population or 0) >= TOWN_POPULATION for p in places.lookup(name)
    )


@load_once
def airport_names() -> dict[str, Airport]:
    """Airports by the names that say them: their own name (case-folded) and, as "code:XXX",
    the IATA code of an international airport."""
    import airportsdata

    named: dict[str, list[tuple[str, Airport]]] = {}
    codes: dict[str, Airport] = {}
    for code, row in airportsdata.load("IATA").items():
        airport = Airport(
            row["name"], code, row["city"], row["country"], float(row["lat"]), float(row["lon"])
        )
        own = _distinctive(airport.name, airport.city)
        if len(own) >= 4 and own[:1].isupper():
            named.setdefault(own.casefold(), []).append((own, airport))
        first, _, tail = own.partition(" ")
        if len(tail) >= 4 and tail[:1].isupper() and places.lookup(first):
            # "Toronto Pearson" is said "Pearson": a city the airport is named after goes too
            named.setdefault(tail.casefold(), []).append((tail, airport))
        if "international" in airport.name.casefold():
            codes[f"code:{code}"] = airport
    table = {
        key: found[0][1]
        for key, found in named.items()
        if len(found) == 1 and not _is_word(found[0][0])
    }
    return {**table, **codes}


def find_airport(text: str) -> Airport | None:
    """The airport a name says ("Heathrow", "the Heathrow", "JFK"), or None."""
    name = re.sub(r"^the\s+", "", text.strip(), flags=re.IGNORECASE)
    if CODE.fullmatch(name):
        return airport_names().get(f"code:{name}")
    if not name[:1].isupper():
        return None
    return airport_names().get(name.casefold())


def served_city(airport: Airport) -> Place | None:
    """The gazetteer's city the airport serves: of the readings of its city in its country
    within 100 km of it, the one with the most people (London, not the City of London)."""
    near = [
        place
        for place in places.lookup(airport.city)
        if place.kind == "city"
        and place.country_code == airport.country
        and place.latitude is not None
        and place.longitude is not None
        and _km(airport.latitude, airport.longitude, place.latitude, place.longitude) <= 100
    ]
    return max(near, key=lambda p: p.population or 0, default=None)


def airport_city(name: str) -> Place | None:
    """The city the airport a name says serves ("Heathrow" -> London), or None."""
    airport = find_airport(name)
    return served_city(airport) if airport is not None else None


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371.0 * 2 * math.asin(math.sqrt(a))


__all__ = ["Airport", "airport_city", "airport_names", "find_airport", "served_city"]
