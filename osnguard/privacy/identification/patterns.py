"""Pattern identifiers (SPEC §1.6): e-mail, phone, URL, @handle, card, IBAN and account numbers.

Phone numbers are found and validated by `phonenumbers` (Google's libphonenumber metadata) in
international form or in the national formats of `PHONE_REGIONS`; regular expressions find the
other candidates and `python-stdnum` confirms the numbers (Luhn for payment cards, ISO 13616 for
IBANs, US SSN rules), so "1234 5678 9012 3456" is not reported as a card. Street addresses are
matched by their shape (a house number, capitalised words and a street type). These run on any
language. Every finding is a `Phrase` with detector "pattern".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import phonenumbers
from phonenumbers import Leniency
from stdnum import iban, luhn
from stdnum.us import ssn

from osnguard.privacy.lexicon import STREET_TYPE
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase


@dataclass(frozen=True)
class Pattern:
    """One kind of identifier: a regex, an optional validator, its category and reason."""

    name: str
    regex: re.Pattern[str]
    category: str
    reason: str
    confidence: float
    validate: Callable[[str], bool] | None = None


def luhn_valid(number: str) -> bool:
    """True when the digits of `number` pass the Luhn checksum (payment cards: 12-19 digits,
    not all the same)."""
    digits = re.sub(r"\D", "", number)
    return 12 <= len(digits) <= 19 and len(set(digits)) > 1 and luhn.is_valid(digits)


def iban_valid(value: str) -> bool:
    """True for an IBAN with its country's length and right mod-97 check digits."""
    return bool(iban.is_valid(value))


def _ssn_valid(value: str) -> bool:
    return bool(ssn.is_valid(value))


# Regions tried for national phone formats (with a leading +, any number is read whole).
PHONE_REGIONS = (
    "GB", "US", "IE", "AU", "CA", "NZ", "IN", "NG", "KE", "ZA", "GH", "FR", "DE", "ES", "IT",
    "NL", "MX", "BR", "PH", "SG",
)  # fmt: skip
PHONE_REASON = "This is a phone number: anyone can call you with it."
MIN_PHONE_DIGITS = 7
# A word that calls the number after it a phone (not "order number", "flight no.")
PHONE_WORD = re.compile(
    r"(?:\b(?:call|ring|text|txt|phone|whatsapp|whatsap|sms|tel|ph|mob|mobile|cell)\b|"
    r"\b(?:my|our|his|her|their|mum's|dad's) (?:number|no\.?)(?!\w))",
    re.IGNORECASE,
)
PHONE_CUE = re.compile(PHONE_WORD.pattern + r"[^\d]{0,15}$", re.IGNORECASE)  # just before it
PHONE_WORD_RIGHT_BEFORE = re.compile(
    r"\b(?:call|ring|text|txt|phone|whatsapp|tel|ph|mob|mobile|cell)(?:\s+(?:me|us))?"
    r"(?:\s+(?:on|at))?[:\s]+$",
    re.IGNORECASE,
)


def find_phones(text: str, regions: tuple[str, ...] = PHONE_REGIONS) -> list[tuple[int, int]]:
    """[start, end) of the phone numbers in `text` that `phonenumbers` validates for one of
    `regions` (international numbers whatever the region), and of the possible ones a phone
    word just before calls a phone (`PHONE_CUE`)."""
    if sum(c.isdigit() for c in text) < MIN_PHONE_DIGITS:
        return []
    spans: set[tuple[int, int]] = set()
    cued = PHONE_WORD.search(text) is not None
    for region in regions:
        for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=Leniency.VALID):
            spans.add((match.start, match.end))
        # a number the words before call a phone is one, even in a range the plan keeps for
        # examples and fiction ("call me on +44 7700 900456"); no such word, no second pass
        if not cued:
            continue
        for match in phonenumbers.PhoneNumberMatcher(text, region, leniency=Leniency.POSSIBLE):
            digits = sum(c.isdigit() for c in match.raw_string)
            if digits >= 9 and PHONE_CUE.search(text[max(0, match.start - 25) : match.start]):
                spans.add((match.start, match.end))
            elif digits >= MIN_PHONE_DIGITS and PHONE_WORD_RIGHT_BEFORE.search(
                text[max(0, match.start - 12) : match.start]
            ):
                spans.add((match.start, match.end))  # "Text 555-0143": a local number, called so
    kept: list[tuple[int, int]] = []
    for start, end in sorted(spans, key=lambda s: (s[0], -s[1])):
        if not any(start < k_end and k_start < end for k_start, k_end in kept):
            kept.append((start, end))
    return kept


_B = r"(?<![\w@/.+-])"  # left boundary: not inside a word, handle, path or number
_E = r"(?![\w@-])"  # right boundary

PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "email",
        re.compile(
            r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])"
        ),
        "contact",
        "This is an e-mail address: anyone can contact you with it.",
        0.99,
    ),
    Pattern(
        "url",
        re.compile(r"(?<![\w@])(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)\]]", re.I),
        "contact",
        "This is a link; it can lead to you or your accounts.",
        0.9,
    ),
    Pattern(
        "iban",
        re.compile(_B + r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?" + _E),
        "finance",
        "This is a bank account number (IBAN).",
        0.99,
        iban_valid,
    ),
    Pattern(
        "card",
        re.compile(_B + r"\d(?:[ -]?\d){12,18}" + _E),
        "finance",
        "This is a payment card number.",
        0.98,
        luhn_valid,
    ),
    Pattern(
        "ssn",
        re.compile(_B + r"\d{3}-\d{2}-\d{4}" + _E),
        "identity",
        "This looks like a social security number.",
        0.85,
        _ssn_valid,
    ),
    Pattern(
        "address",
        re.compile(
            r"(?<![\w-])(?:(?:[Ff]lat|[Aa]pt\.?|[Aa]partment|[Uu]nit)\s*\d+[A-Za-z]?,?\s+)?"
            r"(?:No\.?\s?)?\d{1,5}[A-Za-z]?,?\s+"  # "No. 14 Ashgrove Road": the "No." too
            r"(?:(?:(?:[A-Z][\w'\u2019-]*|\d+(?:st|nd|rd|th))\.?\s+){1,3}"
            rf"(?i:{STREET_TYPE})\b\.?"
            # the street type first: "4418 Avenue H", "12 Rue de la Paix", "3 Calle Mayor"
            r"|(?:Avenue|Ave|Rue|Calle|Via|Avenida|Rua|Route)\s+"
            r"(?:(?:de|del|des|du|la|le|les|da|do|dos|das|di|della)\s+)*"
            r"[A-Z0-9][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*){0,2})"
            r"(?:,\s*(?:Apt\.?|Flat|Unit)\s*\d+[A-Za-z]?)?"
            # the town, after a postcode where one is written first ("75019 Paris"), or with no
            # comma where the address ends there ("14 Banksia St Coburg", "... Coburg VIC 3058")
            # (a suburb and its city, each with its postcode: ", Karori, Wellington 6012")
            r"(?:(?:,\s*(?:\d{4,5}\s+)?[A-Z][\w'\u2019-]+(?:\s+[A-Z][\w'\u2019-]+){0,2}"
            r"(?:\s+(?:[A-Z]{2,3}\s+)?\d{4,5}\b)?){1,2}"
            r"|\s+[A-Z][a-z'\u2019-]+(?:\s+[A-Z][a-z'\u2019-]+)?"
            r"(?:\s+(?:VIC|NSW|QLD|WA|SA|TAS|ACT|NT))?(?:\s+\d{4})?(?=\s*(?:$|[.,!?;:)\n]))"
            # or anywhere, when a state code or postcode says it is the town ("... Coburg VIC
            # 3058 is our new place")
            r"|\s+[A-Z][a-z'\u2019-]+(?:\s+[A-Z][a-z'\u2019-]+)?"
            r"(?:\s+(?:VIC|NSW|QLD|WA|SA|TAS|ACT|NT)(?:\s+\d{4})?|\s+\d{4,5})\b)?"
            # a UK postcode after the town ("London NW1 6XE"), an Irish Eircode ("Cobh, P24 X2Y3")
            r"(?:,?\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|\s+\d[A-Z]{2}\b"
            r"|,?\s+[AC-FHKNPRTV-Y]\d[0-9W]\s?[0-9AC-FHKNPRTV-Y]{4}\b)?"
        ),
        "contact",
        "This is a street address: it tells people where to find you.",
        0.9,
    ),
    Pattern(
        "house_number",
        # a neighbour's house: "please leave with No. 24", "next door at No 7"
        re.compile(r"(?:(?<=with )|(?<=at )|(?<=to ))No\.?\s?\d{1,4}[A-Za-z]?\b"),
        "contact",
        "This is a house number near yours: it tells people where to find you.",
        0.8,
    ),
    Pattern(
        "account",
        re.compile(
            r"(?i)\b(?:account|acct|a/c|routing|sort code|member(?:ship)?|policy|passport|licen[cs]e)"
            r"(?:\s+(?:no\.?|number|num|#))?(?:\s+is)?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{5,19})\b"
        ),
        "finance",
        "This is an account or document number.",
        0.85,
        lambda v: sum(c.isdigit() for c in v) >= 5,
    ),
    Pattern(
        "handle",
        # ("@sarah-k-22": Venmo and Instagram-style handles keep their dashes and dots)
        re.compile(r"(?<![\w@.])@[A-Za-z0-9_]{1,30}(?:[.-][A-Za-z0-9_]{1,30})*(?![\w@])"),
        "identity",
        "This is a social-network handle: it names an account.",
        0.95,
    ),
)


# Kinds that point at an account or a page rather than at the author's own details.
PUBLIC_KINDS = ("url", "handle")


def is_personal_detail(phrase: Phrase) -> bool:
    """True when a pattern found an e-mail, phone, card, IBAN, SSN or account number in the
    phrase (also after merging, through its reasons); links and @handles often name someone
    else or a public page, so they are not."""
    personal = {p.reason for p in PATTERNS if p.name not in PUBLIC_KINDS} | {PHONE_REASON}
    return bool(personal.intersection([phrase.reason, *phrase.reasons]))


def identifier_kind(phrase: Phrase) -> str | None:
    """The kind of identifier the patterns found in the phrase ("phone", "email", "iban",
    "card", "ssn", "address", "house_number", "account", "url", "handle"), from its reasons;
    None when no pattern found it."""
    reasons = [phrase.reason, *phrase.reasons]
    if PHONE_REASON in reasons:
        return "phone"
    return next((p.name for p in PATTERNS if p.reason in reasons), None)


# Words that name a number as a service's line ("the helpline is", "Samaritans on")
SERVICE_LINE_BEFORE = re.compile(
    r"\b(?:helpline|hotline|crisis line|freephone|support line|advice line)\b[^.!?\n]{0,20}$",
    re.IGNORECASE,
)
SERVICE_NUMBER_TYPES = frozenset(
    {
        phonenumbers.PhoneNumberType.TOLL_FREE,
        phonenumbers.PhoneNumberType.PREMIUM_RATE,
        phonenumbers.PhoneNumberType.SHARED_COST,
        phonenumbers.PhoneNumberType.UAN,
    }
)


def is_service_line(number: str, regions: tuple[str, ...] = PHONE_REGIONS) -> bool:
    """A freephone, shared-cost or premium number (0808 ..., 1-800 ...) in every region that
    reads it ("0809 555 0123" is a Nigerian mobile, whatever else it may be): a service's line."""
    kinds = set()
    for region in regions:
        try:
            parsed = phonenumbers.parse(number, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(parsed):
            kinds.add(phonenumbers.number_type(parsed))
    return bool(kinds) and kinds <= SERVICE_NUMBER_TYPES


def find(text: str) -> list[Phrase]:
    """All pattern findings in `text`, earlier-listed patterns winning overlaps."""
    found: list[Phrase] = []
    taken: list[tuple[int, int]] = []
    for start, end in find_phones(text):
        taken.append((start, end))
        if is_service_line(text[start:end]) or SERVICE_LINE_BEFORE.search(text[:start]):
            continue  # "GamCare helpline is 0808 8020 133": a service's line, no one's contact
        found.append(
            Phrase(
                start,
                end,
                text[start:end],
                Category.CONTACT,
                PHONE_REASON,
                0.95,
                [Detector.PATTERN],
            )
        )
    for pattern in PATTERNS:
        for match in pattern.regex.finditer(text):
            group = 1 if match.re.groups else 0
            start, end = match.span(group)
            value = match.group(group)
            if pattern.validate is not None and not pattern.validate(value):
                continue
            if any(start < t_end and t_start < end for t_start, t_end in taken):
                continue
            taken.append((start, end))
            found.append(
                Phrase(
                    start=start,
                    end=end,
                    text=value,
                    category=Category(pattern.category),
                    reason=pattern.reason,
                    confidence=pattern.confidence,
                    detectors=[Detector.PATTERN],
                )
            )
    return sorted(found, key=lambda p: p.start)


def detect(context: MessageContext) -> list[Phrase]:
    """The detector interface: pattern findings of the message."""
    return find(context.text)
