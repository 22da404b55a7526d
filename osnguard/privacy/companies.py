"""Listed companies and what they do, for generalizing an employer by its sector ("Siemens" ->
"an engineering company" -> "a company"; issue 14), and for telling a chain's branch from a
school or a person in identification ("study sessions at the Starbucks").

Built on pytickersymbols (MIT), which ships the constituents of the major stock indices (about
1,800 companies) with their industry labels; `SECTORS` maps the labels to the words people use
for a line of business; `BANKS` adds the retail banks the indices leave out. Loaded once per
process; nothing is downloaded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from osnguard.privacy import places
from osnguard.privacy.resources import load_once

# Industry label patterns (searched in the company's labels joined, lower case), first match
# wins: the sector noun, and the broader noun between it and "company" (None when none reads
# naturally there).
SECTORS: Final[tuple[tuple[re.Pattern[str], str, str | None], ...]] = tuple(
    (re.compile(pattern), sector, broader)
    for pattern, sector, broader in (
        (r"\bbank", "bank", None),
        (r"insurance", "insurance company", "financial company"),
        (r"consult", "consulting firm", None),
        (r"auto & truck|automobile|automotive", "carmaker", None),
        (r"airline|aviation|airport", "airline", None),
        (r"computer hardware|consumer electronics|computers", "tech company", None),
        (r"software|internet", "software company", "tech company"),
        (r"semiconductor", "chipmaker", "tech company"),
        (r"telecom", "telecoms company", None),
        (r"aerospace", "engineering company", None),  # Rolls-Royce's engines, not its energy arm
        (r"petroleum|oil|gas\b|fossil", "oil company", "energy company"),
        (r"energy|utilit|electric utilities", "energy company", None),
        (r"pharma|biotech", "pharmaceutical company", "healthcare company"),
        (r"health|medical", "healthcare company", None),
        (r"food retail|food & drug retail|grocer|supermarket", "supermarket", "retailer"),
        (r"retail|discount stores|department stores", "retailer", None),
        # before media: the index files Starbucks under "Hotels & Entertainment Services"
        (r"restaurant", "restaurant chain", None),
        (r"hotel|lodging|hospitality", "hospitality company", None),
        (r"broadcast|media|publishing|entertainment", "media company", None),
        (r"information technology|technology|electronic", "tech company", None),
        (r"chemical", "chemical company", None),
        (r"mining|metals|steel|mineral", "mining company", None),
        (r"real estate|reit", "property company", None),
        (r"construction", "construction company", None),
        (r"transport|logistic|railroad|shipping|freight", "transport company", None),
        (r"beverage|brew", "drinks company", None),
        (r"food", "food company", None),
        (r"conglomerate|industrial|machinery|engineering|aerospace|defen[cs]e", "engineering company", None),
        (r"financ|invest|asset management", "financial company", None),
    )
)  # fmt: skip

# Legal forms after a listed name ("Shell plc", "Tesla, Inc."), stripped to the name people use.
_LEGAL_FORM = re.compile(
    r"[\s,]+(?:plc|inc|ag|se|sa|s\.a|n\.v|nv|ltd|limited|corporation|corp|co|company|group|"
    r"holdings?|kgaa|& co\. kgaa|asa|ab|oyj|spa|s\.p\.a|reit|platforms)\.?$",
    re.IGNORECASE,
)
# Brands people name instead of the listed company.
BRANDS: Final = MappingProxyType(
    {
        "google": "alphabet",
        "youtube": "alphabet",
        "facebook": "meta",
        "instagram": "meta",
        "whatsapp": "meta",
        "chase": "jpmorgan chase",
        "aws": "amazon",
    }
)
# Banks people bank with that the indices leave out (retail and app banks of the countries our
# users write from); written for osnguard from general knowledge.
BANKS: Final = (
    "Monzo", "Starling", "Revolut", "Nationwide", "Halifax", "Lloyds", "NatWest", "Santander",
    "TSB", "Metro Bank", "First Direct", "Co-operative Bank", "DBS", "OCBC", "UOB", "Maybank",
    "CIMB", "GTBank", "GTCO", "Zenith Bank", "Access Bank", "UBA", "First Bank", "Kuda", "OPay",
    "Moniepoint", "Nubank", "N26", "Chime", "Capitec", "FNB", "Absa", "Nedbank", "Standard Bank",
    "AIB", "Bank of Ireland", "PTSB", "KBC", "Rabobank", "ING", "ASB", "Westpac", "ANZ", "NAB",
    "Commonwealth Bank", "CommBank", "ICICI", "HDFC", "SBI", "Axis Bank", "Kotak", "Equity Bank",
    "KCB", "BDO", "BPI", "Metrobank", "GCash", "Ally", "Wells Fargo", "Capital One", "Citi",
    "Bank of America", "US Bank", "TD", "RBC", "Scotiabank", "BMO", "CIBC", "Tangerine",
    "Leeds Building Society", "Yorkshire Building Society", "Coventry Building Society",
    "Skipton Building Society",
)  # fmt: skip
# Partnerships the indices cannot list, which people name as employers (written for osnguard
# from general knowledge): name -> sector noun
PARTNERSHIPS: Final = MappingProxyType(
    {
        "Deloitte": "Big Four firm", "PwC": "Big Four firm", "KPMG": "Big Four firm",
        "EY": "Big Four firm", "Ernst & Young": "Big Four firm",
        "Grant Thornton": "accounting firm", "McKinsey": "consulting firm",
        "BCG": "consulting firm", "Bain": "consulting firm", "Arup": "engineering firm",
        "Clifford Chance": "law firm", "Linklaters": "law firm", "Allen & Overy": "law firm",
        "Freshfields": "law firm", "Slaughter and May": "law firm",
    }
)  # fmt: skip
# Words after a company's name that say which of its sites ("Google Dublin", "Infosys Pune campus").
SITE_WORDS = frozenset({"campus", "office", "offices", "plant", "factory", "hq", "site", "branch"})


@dataclass(frozen=True)
class Company:
    """A listed company: its name, sector noun and the broader noun above it."""

    name: str
    sector: str
    broader: str | None


def _base_name(name: str) -> str:
    previous = None
    while previous != name:
        previous, name = name, _LEGAL_FORM.sub("", name).strip(" ,")
    return name


def _sector(industries: list[str]) -> tuple[str, str | None]:
    labels = " | ".join(industries).lower()
    for pattern, sector, broader in SECTORS:
        if pattern.search(labels):
            return sector, broader
    return "company", None


@load_once
def company_table() -> dict[str, Company]:
    """Listed companies by their name (lower case), with and without the legal form."""
    from pytickersymbols import PyTickerSymbols

    table: dict[str, Company] = {}
    for stock in PyTickerSymbols().get_all_stocks():
        name = stock.get("name") or ""
        base = _base_name(name)
        if len(base) < 3:
            continue
        sector, broader = _sector(list(stock.get("industries") or []))
        company = Company(base, sector, broader)
        for key in (name.casefold(), base.casefold()):
            table.setdefault(key, company)
    for bank in BANKS:
        table.setdefault(bank.casefold(), Company(bank, "bank", None))
    for firm, sector in PARTNERSHIPS.items():
        table.setdefault(firm.casefold(), Company(firm, sector, "big firm"))
    return table


def companies_within(noun: str) -> int | None:
    """How many listed companies a sector noun covers ("bank": 100; "company": all), for k-figures."""
    found = set(company_table().values())
    if noun == "company":
        return len(found)
    count = sum(noun in (c.sector, c.broader) for c in found)
    return count or None


def find_company(text: str) -> tuple[Company, str | None] | None:
    """The listed company a capitalised name refers to, and the place of the site it names
    ("Google Dublin" -> Alphabet, "Dublin"); None when the name is not a listed company's."""
    words = text.split()
    if words[:1] == ["the"] or words[:1] == ["The"]:
        words = words[1:]
    if not words or not words[0][:1].isupper():
        return None
    table = company_table()
    for size in range(len(words), 0, -1):
        name, rest = " ".join(words[:size]), words[size:]
        company = table.get(BRANDS.get(name.casefold(), name.casefold()))
        if company is None:
            continue
        where = " ".join(w for w in rest if w.casefold() not in SITE_WORDS)
        if not where:
            return company, None  # "Siemens", "the Siemens office"
        if _is_site_place(where):
            return company, where  # "Google Dublin", "Infosys Pune campus"
    return None


def _is_site_place(name: str) -> bool:
    """A city of 100,000+ people, a region or a country: "Apple Park" is no site in a place."""
    readings = places.lookup(name)
    return bool(readings) and (
        readings[0].kind != "city" or (readings[0].population or 0) >= 100_000
    )
