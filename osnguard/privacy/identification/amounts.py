"""Recognizer of ages and money amounts (Detector.AMOUNT) that concern the author.

Ages: "I'm 34", "turned 19" (the verb is part of the phrase, as the guidelines ask), "20 y/o",
"78 years old", "her 60th", "my 30s", "born in 1990", "the twins are 3". Statutory and generic
ages are not the author's: "retire at 67", "over 18s", "a 5 year old car" (a thing's age).

Money: an amount ("£1,200", "$85k", "3 grand", "€6,500") is finance when its clause speaks of the
author's money (rent, salary, debt, savings, loans, bills...), not of a price ("£4 coffee"); a
loan's term and rate ("30 yr fixed at 6.1%") is finance too; a change of weight ("down 3 stone")
is health.

Both need a clause that refers to the author or someone close (`osnguard.privacy.author`).
"""

from __future__ import annotations

import re
from typing import Any

from osnguard.privacy import lexicon, resources
from osnguard.privacy.author import author_reference, person_of
from osnguard.privacy.identification.categories import CATEGORY_REASON
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase

_UNITS_AFTER = (
    r"(?!\s*(?:%|percent|min|mins|minutes|hours?|hrs?|days?|weeks?|wks?|months?|mins?|km|k\b|"
    r"miles?|quid|pounds|dollars|euros|bucks|am\b|pm\b|a\.m|p\.m|:|\.\d|,\d|x\b|times|more|"
    r"people|of|percent|kg|lbs?|st\b|stone|cm|ft|mph|points|pts|degrees|°))"
)
AGE_PATTERNS: tuple[re.Pattern[str], ...] = (
    # "turned 19", "turning 40" (the verb is part of the phrase)
    re.compile(r"\b(?:turned|turning|turns|turn)\s+\d{1,3}\b" + _UNITS_AFTER, re.I),
    # "20 y/o", "78 years old", "34yo", "a 14-year-old"
    re.compile(
        r"\b\d{1,3}\s*(?:yo|y/o|y\.o\.?|yrs? old|years? old|-years?-old|year-old)(?![\w/])", re.I
    ),
    # "60th" before a birthday word or after a possessive ("amma's 60th"; group 1 is the phrase)
    re.compile(r"\b\d{1,3}(?:st|nd|rd|th)(?=\s+(?:birthday|bday|b-day|bash|party)\b)", re.I),
    # ... unless a noun follows that it counts ("on my 4th attempt", "her 2nd child")
    re.compile(
        r"(?:'s|’s|\bmy|\bher|\bhis) (\d{1,3}(?:st|nd|rd|th))\b"
        r"(?!\s+(?!(?:birthday|bday|b-day|bash|party|today|tomorrow|yesterday|and|was|is|"
        r"this|next|last|on|in|at|with)\b)[a-z]+\b)",
        re.I,
    ),
    # "happy 40th to me!", "happy 60th mum" (not "happy 4th of July", "happy 5th anniversary")
    re.compile(
        r"\bhappy (\d{1,3}(?:st|nd|rd|th))\b"
        r"(?!\s+(?:of|(?:wedding\s+)?anniversary|week|month|year|day|time)\b)",
        re.I,
    ),
    # "40 today and feeling it": an age opening a sentence on the day
    re.compile(r"(?:^|[.!?]\s+)(\d{1,2})(?= today\b\s*(?:$|[.!]|and\b|[^\w\s,]))", re.I),
    # "Happy birthday to the best dad in the world, 70 today and still ...": after a comma in a
    # birthday wish
    re.compile(
        r"\b(?:birthday|bday|b-day)\b[^.!?\d]*?,\s+(\d{1,3})(?= today\b\s*(?:$|[.!]|and\b|[^\w\s,]))",
        re.I,
    ),
    # "in my 30s", "early twenties"
    re.compile(r"\b(?:my|our|her|his) ((?:early |mid |mid-|late )?(?:\d0s|\d0's))\b", re.I),
    re.compile(
        r"\bmy ((?:early |mid |mid-|late )?(?:teens|twenties|thirties|forties|fifties|sixties|"
        r"seventies|eighties|nineties))\b",
        re.I,
    ),
    re.compile(r"\bborn in (?:19|20)\d{2}\b", re.I),
    # "Hong Kong born ('89)", "born '94": a birth year in brackets or short form
    re.compile(r"\bborn\s*\(?\s*(['’](?:\d{2})|(?:19|20)\d{2})\s*\)", re.I),
    re.compile(r"\bborn\s+(['’]\d{2})\b", re.I),
    # an age event: "widowed at 34", "back at uni at 45", "first time voting at 18"
    re.compile(
        r"\bat (1[3-9]|[2-9]\d|1[01]\d)\b"
        r"(?![:.]\d|\s*(?:am|pm|%|o'?clock|mph|km|kg|weeks?|wks?|months?|days?))",
        re.I,
    ),
    # "dad said he knew since I was 12", "when she was 9": an age then
    re.compile(
        r"\b(?:since|when|till|until|before|after)\s+(?:i|she|he|we|they)\s+(?:was|were)\s+"
        r"(\d{1,2})\b(?![:.]\d|\s*(?:am|pm|%|o'?clock|weeks?|months?|days?|mins?|minutes))",
        re.I,
    ),
    # "paying it off till I'm 40", "by the time I'm 30": an age the author looks ahead to
    re.compile(
        r"\b(?:till|until|til|by the time|when|before|once)\s+(?:i'?m|i am|i turn|she'?s|he'?s)\s+"
        r"(1[3-9]|[2-9]\d)\b(?![:.]\d|\s*(?:%|mins?|minutes|hours?|k\b|weeks?|months?))",
        re.I,
    ),
    # "my twins ... they're 7 on Tuesday": the age a close person reaches on a day
    re.compile(
        r"\b(?:they'?re|they are|she'?s|he'?s|she is|he is)\s+(\d{1,2})\s+"
        r"(?=(?:on|today|tomorrow|next|this|in)\b)",
        re.I,
    ),
    # "Sweet 16 for our twins", "her quinceañera": a birthday that says the age
    re.compile(r"\b(sweet\s+(?:16|sixteen)|quincea[ñn]era)\b", re.I),
    # "took me till 34 to say it": the age by which something happened
    re.compile(
        r"\btook (?:me|her|him|us|them)\s+(?:till|until|til|to)\s+(1[3-9]|[2-9]\d)\b(?![:.]\d)",
        re.I,
    ),
    # "when you're 52", "nonbinary, 27, and ...", "14 and just passed my Grade 8"
    re.compile(r"\b(?:you'?re|you are|ur)\s+(\d{2})\b(?!\s*(?:%|mins?|minutes|hours?|k\b))", re.I),
    re.compile(r"(?:^|[,;]\s*)(\d{2})(?=\s*,|\s+and\s+(?:starting|still|single|newly|just)\b)"),
    re.compile(r"^(\d{1,2})(?= and\b)"),
    # "after the break-up. 31 and sleeping in my childhood bedroom": an age opening a sentence
    re.compile(
        r"(?<=[.!?] )(\d{2})(?= and (?:sleeping|living|still|single|back|moving|starting)\b)"
    ),
    # "... on the 3rd attempt!! 17 and finally free": an age opening a later sentence
    re.compile(
        r"(?:[.!?]\s+|[\U0001F300-\U0001FAFF]\s*)(1[3-9]|[2-9]\d)(?=\s+and\s+(?:finally|still|just|"
        r"already|now|single|newly|starting|loving|living|counting|on|no|never)\b|"
        # "34, no kids, £9k in savings": an age opening a list that describes its author
        r",\s+(?:no|single|married|divorced|renting|unemployed|childless|living)\b)"
    ),
)
# ages said in words ("my thirties"): the only ages without a digit
AGE_WORDS = re.compile(r"(?:teens|ties)\b", re.I)
# "I'm 34", "she's 14", "the twins are 3": a bare number after a copula, the number is the phrase
COPULA_AGE = re.compile(
    # ("Mia's 16 today": a name's "'s" is her "is")
    r"\b(?:i'?m|i am|am|she'?s|he'?s|is|are|was|just|now|aged|age|ages|officially|"
    r"(?!(?:it|that|what|there|here|who|let|where|how)['’]s\b)[A-Z][a-z]+['’]s)\s+(?:just\s+|only\s+|nearly\s+|"
    r"almost\s+)?(\d{1,2})\b(?=\s*(?:$|[.!?,;)🎉🥳]|and\b|today\b|now\b|tomorrow\b|this\b|next\b|"
    r"(?:years?|yrs?)\s+(?:old|young|of age)\b|already\b|going on\b|\n|soon\b|tmrw?\b|"
    # "I'm 40 on Thursday", "I'm 30 in two weeks": the day the age is reached
    r"on\s+(?:the\s+\d|(?:mon|tue|wed|thu|fri|sat|sun)\w*\b|my\b)|"
    r"in\s+(?:a|an|\d+|two|three|four|five|six|ten)\s+(?:days?|weeks?|months?)\b))",
    re.I,
)
NOT_AN_AGE = re.compile(
    r"\b(?:retire|retirement|pension age|over|under|aged? limit|minimum|legal|drinking age|"
    r"voting age|car|house|flat|building|dog|cat|laptop|phone|bottle|whisky|wine)\b",
    re.I,
)

MONEY = re.compile(
    r"(?<![\w£$€₹₦¥])(?:(?:less than|more than|over|under|about|around|nearly|almost)\s+)?"
    # a balance below zero keeps its sign ("shows -£340")
    r"(?:(?:[-−](?=[£$€₹₦¥]))?(?:[£$€₹₦¥]|A\$|C\$|NZ\$|US\$|R|KSh|Ksh)\s?\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:k|K|m|bn|grand)?"
    rf"|\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:k|K)?\s?(?:grand|{lexicon.CURRENCY_WORDS})"
    # "85k a month", "30k pa": thousands said by their period, without a currency
    r"|\d(?:[\d,]*\d)?\s?[kK](?=\s+(?:a|per)\s+(?:month|year|week)\b|\s?(?:pm|pcm|pa|p/a)\b))"
    r"(?:\s?(?:LPA|lpa|lakhs?|crores?))?"
    # the period the amount is paid by is part of it ("$80 a week", "$2,900/mo")
    rf"{lexicon.PAID_PERIOD}?"
    r"(?![\w])",
)
PAID_BY = re.compile(rf"{lexicon.PAID_PERIOD}$")
FINANCE_WORDS = frozenset(
    {
        "rent", "salary", "salaries", "paid", "pay", "paying", "payslip", "paycheck", "wage",
        "landlord", "landlady",
        "wages", "earn", "earning", "earns", "earned", "income", "debt", "debts", "owe", "owed",
        "owing", "loan", "loans", "mortgage", "savings", "saved", "save", "saving", "bills",
        "bill", "overdraft", "deposit", "budget", "raise", "rise", "bonus", "pension", "credit",
        "tax", "taxes", "month", "monthly", "year", "yearly", "annual", "annually", "pa", "p/a",
        "hour", "hourly", "arrears", "inheritance", "inherited", "fees", "tuition", "fine",
        "lost", "borrowed", "borrow", "lent", "spent", "spend", "afford", "broke", "net",
        "worth", "package", "offer", "severance", "redundancy", "council", "refund", "make",
        "max", "maximum", "upfront",
        "makes", "making", "gross", "lpa", "ctc", "stipend", "allowance", "approved", "remortgage",
        "pcm", "pw", "mo", "lease", "fund", "funds", "invested", "investments", "portfolio",
        "charged", "charges", "overdrawn", "closed", "closing", "escrow", "homeowners",
        "homeowner", "downpayment",
    }
)  # fmt: skip
# "earning 32k", "on 45k": thousands with no currency or period, after a verb of pay
EARNED_THOUSANDS = re.compile(
    r"\b(?:earn|earns|earning|earned|make|makes|making|made|salary of|paid|on|offered|lost|"
    r"lose|losing|invested|owe|owed)\s+"
    r"(\d{1,3}(?:\.\d)?\s?[kK])(?![\w£$€])",
    re.IGNORECASE,
)
# Thousands with no currency ("85k") are money only beside a word of rent or pay
BARE_THOUSANDS = re.compile(r"\d[\d,]*\s?[kK]")
RENT_OR_PAY_WORDS = frozenset(
    {
        "rent", "salary", "base", "bonus", "pay", "paid", "earn", "earning", "earns", "earned", "income",
        "mortgage", "wage", "wages", "made", "make", "making", "makes", "owe", "owed", "debt",
        "savings", "saved", "loan", "landlord", "landlady",
    }
)  # fmt: skip
# Thousands standing alone ("68k base plus bonus, up from 52k"): money only beside a word of
# rent or pay (below), never a race ("a 10k", "ran 5k") or a count of people ("12k followers")
LONE_THOUSANDS = re.compile(
    r"(?<![\w£$€₹₦¥.,])(?<!\ba\s)(?<!\bthe\s)(?<!\bran\s)(?<!\brun\s)"
    r"(\d{2,3}(?:\.\d)?\s?[kK])(?![\w£$€])"
)
HELD_BEFORE = re.compile(
    r"\b(?:i|we)(?:['’]ve|\s+have|\s+had)\s+(?:only\s+|just\s+)?(?:got\s+)?$"
    r"|\b(?:left with|down to)\s+(?:only\s+|just\s+)?$",
    re.IGNORECASE,
)
HELD_AFTER = re.compile(
    r"\s+(?:in|on)\s+(?:my|our)\s+(?:[\w-]+\s+)?(?:isa|savings|account|pension|pot|bank)\b",
    re.IGNORECASE,
)
ON_PAY_BEFORE = re.compile(r"\bon\s+(?:about\s+|around\s+|nearly\s+|over\s+)?$", re.IGNORECASE)
NOT_MONEY_AFTER = frozenset(
    {"run", "race", "runs", "steps", "followers", "views", "subs", "subscribers", "likes",
     "miles", "km", "people", "fans", "words", "cals", "calories"}
)  # fmt: skip
PRICE_WORDS = frozenset({"coffee", "pint", "ticket", "tickets", "each", "sale", "off", "price"})
# what travel or a ticket costs, said before it ("flights are £1,400"): a price, no one's money
PRICED_BEFORE = re.compile(
    r"\b(?:flights?|tickets?|tix|fares?|trains?|hotels?|taxis?|ubers?)\s+(?:are|is|were|was|"
    r"cost|costs|costing|now|at)\s+(?:like\s+|about\s+|around\s+|nearly\s+|over\s+|almost\s+)?$",
    re.IGNORECASE,
)
# money raised or given for a cause is not the author's own ("raised £500 for the hospice fund")
FUNDRAISING_WORDS = frozenset(
    {"raised", "raising", "donate", "donated", "donating", "sponsor", "sponsored",
     "charity", "justgiving", "gofundme", "fundraiser", "fundraising"}
)  # fmt: skip


def _phrase(start: int, end: int, category: Category, text: str, confidence: float) -> Phrase:
    reason = CATEGORY_REASON[category]
    return Phrase(
        start=start,
        end=end,
        text=text[start:end],
        category=category,
        reason=reason,
        confidence=confidence,
        detectors=[Detector.AMOUNT],
        reasons=[reason],
    )


def _clause_window(text: str, start: int, end: int) -> str:
    """The clause around text[start:end]; with the one before when the amount opens its clause
    ("Mortgage approved!!! £210k on a 2-bed")."""
    left = max(text.rfind(".", 0, start), text.rfind("\n", 0, start), text.rfind("!", 0, start))
    if left >= 0 and not re.search(r"[a-z]", text[left + 1 : start], re.I):
        prefix = text[:left].rstrip(".!\n ")
        left = max(prefix.rfind("."), prefix.rfind("\n"), prefix.rfind("!"))
    right_candidates = [i for i in (text.find(".", end), text.find("\n", end)) if i >= 0]
    right = min(right_candidates) if right_candidates else len(text)
    return text[left + 1 : right].lower()


def ages(context: MessageContext, doc: Any) -> list[Phrase]:
    text = context.text
    spans: list[tuple[int, int]] = []
    for pattern in AGE_PATTERNS:
        group = 1 if pattern.groups else 0
        spans.extend(match.span(group) for match in pattern.finditer(text))
    spans.extend(match.span(1) for match in COPULA_AGE.finditer(text))
    found: list[Phrase] = []
    for start, end in sorted(set(spans), key=lambda s: (s[0], -s[1])):
        if any(start < p.end and p.start < end for p in found):
            continue
        before = text[max(0, start - 25) : start]
        after = text[end : end + 12]
        if NOT_AN_AGE.search(before[-14:]) or NOT_AN_AGE.search(after):
            continue
        if author_reference(text, start, end, doc) is None and person_of(text.split()) is None:
            continue
        found.append(_phrase(start, end, Category.AGE, text, 0.8))
    return found


def _word_after(text: str, end: int) -> str:
    """The word that follows text[:end], lower case ("" at the end)."""
    return (text[end : end + 12].lower().split() or [""])[0]


def _said_of_author(
    pattern: re.Pattern[str], category: Category, context: MessageContext, doc: Any
) -> list[Phrase]:
    """Every match of `pattern` in a clause, or a post, that speaks of the author."""
    text = context.text
    return [
        _phrase(m.start(), m.end(), category, text, 0.75)
        for m in pattern.finditer(text)
        if author_reference(text, m.start(), m.end(), doc) is not None
        or person_of(text.split()) is not None
    ]


def weight_changes(context: MessageContext, doc: Any) -> list[Phrase]:
    """A change of the author's weight ("down 3 stone", "lost 20lbs"): health."""
    return _said_of_author(lexicon.WEIGHT_CHANGE, Category.HEALTH, context, doc)


def loan_terms(context: MessageContext, doc: Any) -> list[Phrase]:
    """A mortgage's or loan's term and rate in a post that speaks of the author ("30 yr fixed at
    6.1%": the author's mortgage, never a length of time)."""
    return _said_of_author(lexicon.LOAN_TERMS, Category.FINANCE, context, doc)


def money(context: MessageContext, doc: Any) -> list[Phrase]:
    text = context.text
    found: list[Phrase] = []
    spans = [m.span() for m in MONEY.finditer(text)]
    earned = {m.span(1) for m in EARNED_THOUSANDS.finditer(text)}  # its verb says it is money
    spans += sorted(earned)
    spans += [
        m.span(1)
        for m in LONE_THOUSANDS.finditer(text)
        if _word_after(text, m.end()) not in NOT_MONEY_AFTER
    ]
    for start, end in sorted(set(spans), key=lambda span: (span[0], -span[1])):
        if any(start < p.end and p.start < end for p in found):
            continue  # (the longer of two from one start first: "85k a month", not "85k")
        amount = text[start:end]
        if not any(ch.isdigit() for ch in amount):
            continue
        window = set(re.findall(r"[a-z/]+", _clause_window(text, start, end)))
        next_word = _word_after(text, end)
        # "I'm on 42k", "starting ... on 42k": what one earns, as British English says it
        earns = (
            bool(ON_PAY_BEFORE.search(text, 0, start))
            and "k" in amount.lower()
            and next_word.rstrip(".,;:!?") not in NOT_MONEY_AFTER
        )
        # "I have £3.20 until payday", "just hit 10k in my Vanguard ISA": the author's own money
        held = bool(HELD_BEFORE.search(text, 0, start) or HELD_AFTER.match(text, end))
        if (start, end) in earned and next_word.rstrip(".,;:!?") in NOT_MONEY_AFTER:
            continue  # "lost 3k followers", "made 5k steps": a count
        earns = earns or held or (start, end) in earned
        # an amount by the hour, week or month is pay or rent ("£25/hr", "$80 a week")
        if (
            not (window & FINANCE_WORDS or PAID_BY.search(amount) or earns)
            or next_word in PRICE_WORDS
            or PRICED_BEFORE.search(text, 0, start)
        ):
            continue
        if window & FUNDRAISING_WORDS and not window & RENT_OR_PAY_WORDS:
            continue
        bare = PAID_BY.sub("", amount).strip()
        if BARE_THOUSANDS.fullmatch(bare) and not (window & RENT_OR_PAY_WORDS or earns):
            continue  # "ran 5k a week" is a distance; "rent went up to 85k a month" is money
        # in a first-person post the author's money is often the subject ("rent is €1,100")
        if author_reference(text, start, end, doc) is None and person_of(text.split()) is None:
            continue
        found.append(_phrase(start, end, Category.FINANCE, text, 0.75))
    return _ranges_joined(found, text)


AMOUNT_RANGE_JOINER = re.compile(rf"\s*{lexicon.AMOUNT_RANGE_JOINER}\s*")


def _ranges_joined(found: list[Phrase], text: str) -> list[Phrase]:
    """Two amounts joined as a range are one phrase ("£31k to £34.5k", "£40k-£45k"), which a
    friend's version words as one ("over £30k", not "over £30k to over £30k")."""
    joined: list[Phrase] = []
    for phrase in found:
        last = joined[-1] if joined else None
        if last is not None and AMOUNT_RANGE_JOINER.fullmatch(text[last.end : phrase.start]):
            joined[-1] = _phrase(last.start, phrase.end, Category.FINANCE, text, last.confidence)
        else:
            joined.append(phrase)
    return joined


def detect(context: MessageContext) -> list[Phrase]:
    """Ages and money amounts of the author or close people."""
    digits = any(ch.isdigit() for ch in context.text)
    if not digits and not AGE_WORDS.search(context.text):
        return []
    doc: Any = context.doc
    if doc is None and context.language in ("en", None):
        doc = resources.parse(context.text)
    found = ages(context, doc)
    if digits:
        loans = loan_terms(context, doc) + weight_changes(context, doc)
        found += loans + [
            p
            for p in money(context, doc)
            if not any(p.start < q.end and q.start < p.end for q in loans)
        ]
    return sorted(found, key=lambda p: p.start)


__all__ = ["ages", "detect", "loan_terms", "money", "weight_changes"]
