"""English word lists every stage shares: number words, ordinals, months, weekdays and country
adjectives.

One definition each, so that identification, temporal recognition, generalization and the
fingerprint realisations read "twelve", "Sept" or "tues" the same way.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Final

# cardinal number words, "zero" to "hundred"
NUMBER_WORDS: Final = MappingProxyType(
    {
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
        "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
        "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
    }
)  # fmt: skip
# the word for each number NUMBER_WORDS names, below a hundred
NUMBER_NAMES: Final = MappingProxyType(
    {value: word for word, value in NUMBER_WORDS.items() if value < 100}
)
ORDINALS: Final = MappingProxyType(
    {
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
        "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
        "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
        "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
    }
)  # fmt: skip
# month names and their abbreviations, lower case, to 1..12
MONTHS: Final = MappingProxyType(
    {
        name: number
        for number, names in enumerate(
            (
                ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
                ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
                ("september", "sept", "sep"), ("october", "oct"), ("november", "nov"),
                ("december", "dec"),
            ),
            start=1,
        )
        for name in names
    }
)  # fmt: skip
# A weekday's full name as a regex piece ("Monday", "wednesday"): add "s" for the plural
WEEKDAY_NAME: Final = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# A day's name or its short forms ("Mon", "Tues", "Thurs", "Weds" aside)
WEEKDAY_WORD: Final = (
    r"(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|"
    r"sat(?:urday)?|sun(?:day)?)"
)
# The period an amount of money is paid by, written after it ("$80 a week", "$2,900/mo", "£850
# pcm"), as a regex piece with its leading space
PAID_PERIOD: Final = (
    r"(?:\s(?:a|an|per|every)\s(?:hour|hr|week|month|year|fortnight|wk|mo|yr)"
    r"|\s?/\s?(?:hr|hour|h|mo|month|wk|week|yr|year)|\s?(?:ph|pw|pcm|pm|p/a|p/h))"
)
# Currencies said after the number ("500 quid", "2,300 bob"), a regex alternation
CURRENCY_WORDS: Final = (
    r"quid|pounds|dollars|euros|bucks|rupees|naira|rand|shillings|bob|cedis|pesos"
)
# What joins the two ends of a range of amounts ("£31k to £34.5k", "£40k-£45k"), a regex piece
AMOUNT_RANGE_JOINER: Final = r"(?:-|–|—|\bto\b)"
# A school-leaver's grades written as letters ("AAB", "A*AA"): found in a post about results
# (identification), said "my grades" (anonymization)
LETTER_GRADES: Final = r"(?:A\*|[A-E]){3,5}"
# A saint's name, as churches, schools and hospitals are named ("St Anne's", "Saint Aldates"), a
# regex piece
SAINT_NAME: Final = r"S(?:ain)?t\.?\s+[A-Z][\w-]*"
# A loan's fixed term and rate, as a regex ("30 yr fixed at 6.1%", "5-year fixed @ 4.2%", "6.1%
# fixed"), with the kind of rate in group "kind"
LOAN_TERMS: Final = re.compile(
    r"\b\d{1,2}\s?-?\s?(?:yr|year)s?\s+(?P<kind>fixed|loan|mortgage|term)"
    r"(?:\s+(?:at|@)\s*\d{1,2}(?:\.\d{1,3})?\s?%)?"
    r"|\b\d{1,2}(?:\.\d{1,3})?\s?%\s+(?P<rate>fixed|variable|tracker|mortgage|apr|rate|interest)\b",
    re.IGNORECASE,
)
# A change of one's weight ("down 3 stone", "lost 20lbs", "4 stone down", "6kg lighter"), as a
# regex with groups "verb" (before) or "after", "n" and "unit"
_WEIGHT_UNITS = r"stone|st|kgs?|kilos?|lbs?|pounds"
WEIGHT_CHANGE: Final = re.compile(
    r"\b(?P<verb>down|lost|dropped|shed|gained|put on)\s+(?:about\s+|over\s+|nearly\s+)?"
    rf"(?P<n>\d{{1,3}}(?:\.\d)?)\s?(?P<unit>{_WEIGHT_UNITS})\b"
    rf"|\b(?P<n2>\d{{1,3}}(?:\.\d)?)\s?(?P<unit2>{_WEIGHT_UNITS})\s+"
    r"(?P<after>down|lost|lighter|heavier|up|gone)\b",
    re.IGNORECASE,
)
# A pregnancy's stage in weeks, as a regex piece ("12 weeks", "at 19 weeks", "16wks")
WEEKS_ALONG: Final = r"(?P<at>at\s+)?(?P<weeks>\d{1,2})\s*(?:weeks?|wks?)"
# States a length is said before, and what they disclose ("90 days sober", "10 years together")
LENGTH_STATES: Final = MappingProxyType(
    {"sober": "health", "clean": "health", "together": "relationship", "married": "relationship"}
)
# Words after a town's name in the name of its event ("Cape Town Pride", "Leeds Mela")
TOWN_EVENT_WORDS: Final = frozenset({"pride", "mardi", "carnival", "mela", "marathon"})
# A greeting's words before a day, a holiday or a name ("Happy Friday", "Merry Xmas")
GREETING_WORDS: Final = frozenset({"happy", "merry", "blessed", "joyous", "joyful"})
# Possessive determiners before a name or a noun ("my consultant", "our little Amara")
POSSESSIVES: Final = frozenset({"my", "our", "his", "her", "their", "your"})
# "Ramadan Mubarak", "Eid Kareem", "Chag Sameach": the festival's name in a greeting
GREETED_AFTER: Final = frozenset({"mubarak", "kareem", "sameach", "saameach"})
GREETING_AFTER: Final = re.compile(rf"^\s+(?:{'|'.join(sorted(GREETED_AFTER))})\b", re.IGNORECASE)
GREETING_BEFORE: Final = re.compile(rf"\b(?:{'|'.join(sorted(GREETING_WORDS))})\s+$", re.IGNORECASE)
# Street types as written in addresses, capitalised, with their abbreviations ("Banksia St")
STREET_TYPES: Final = (
    "Street", "St", "Road", "Rd", "Avenue", "Ave", "Lane", "Ln", "Drive", "Dr", "Close",
    "Crescent", "Cres", "Terrace", "Tce", "Way", "Place", "Pl", "Court", "Ct", "Boulevard",
    "Blvd", "Gardens", "Gdns", "Grove", "Row", "Square", "Sq", "Hill", "Parade", "Walk", "Mews",
    "Highway", "Hwy", "Circle", "View", "Rise", "Heights", "Vale", "Meadows",
)  # fmt: skip
STREET_TYPE: Final = f"(?:{'|'.join(STREET_TYPES)})"
# weekday names and their abbreviations, lower case, to Monday = 0 .. Sunday = 6
WEEKDAYS: Final = MappingProxyType(
    {
        name: number
        for number, names in enumerate(
            (
                ("monday", "mon"), ("tuesday", "tue", "tues"), ("wednesday", "wed", "weds"),
                ("thursday", "thu", "thur", "thurs"), ("friday", "fri"), ("saturday", "sat"),
                ("sunday", "sun"),
            )
        )
        for name in names
    }
)  # fmt: skip

# Country adjectives by the country's name in running text (anonymization.schemas.place_text), for
# "an American university" or "a German engineering company".
DEMONYMS: Final = MappingProxyType(
    {
        "the United States": "American", "Japan": "Japanese", "China": "Chinese", "Korea": "Korean",
        "South Korea": "South Korean", "India": "Indian", "France": "French", "Germany": "German",
        "Italy": "Italian", "Spain": "Spanish", "Canada": "Canadian", "Mexico": "Mexican",
        "Brazil": "Brazilian", "Australia": "Australian", "the United Kingdom": "British",
        "England": "English", "Scotland": "Scottish", "Ireland": "Irish", "Russia": "Russian",
        "the Netherlands": "Dutch", "Sweden": "Swedish", "Norway": "Norwegian", "Poland": "Polish",
        "Switzerland": "Swiss", "Austria": "Austrian", "Portugal": "Portuguese", "Greece": "Greek",
        "Turkey": "Turkish", "Egypt": "Egyptian", "Israel": "Israeli", "Nigeria": "Nigerian",
        "South Africa": "South African", "Argentina": "Argentinian", "Chile": "Chilean",
        "Thailand": "Thai", "Vietnam": "Vietnamese", "Indonesia": "Indonesian", "the Philippines": "Filipino",
        "Singapore": "Singaporean", "Malaysia": "Malaysian", "Pakistan": "Pakistani", "Iran": "Iranian",
        "New Zealand": "New Zealand", "Belgium": "Belgian", "Denmark": "Danish", "Finland": "Finnish",
        "the US": "American", "the UK": "British", "the UAE": "Emirati", "Kenya": "Kenyan",
        "Ghana": "Ghanaian", "Luxembourg": "Luxembourgish",
    }
)  # fmt: skip
