"""Pattern identifiers (SPEC §1.6): e-mail, phone, URL, @handle, card, IBAN and account numbers.

Regular expressions find candidates; checksums confirm the numbers (Luhn for payment cards,
ISO 13616 mod-97 for IBANs), so "1234 5678 9012 3456" is not reported as a card. These run on
any language. Every finding is a `Phrase` with detector "pattern".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

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
    """True when the digits of `number` pass the Luhn checksum (payment cards)."""
    digits = [int(c) for c in number if c.isdigit()]
    if len(digits) < 12:
        return False
    total = 0
    for i, digit in enumerate(reversed(digits)):
        if i % 2 == 1:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0 and len(set(digits)) > 1


# IBAN lengths per country (ISO 13616 registry, the common ones).
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24,
    "AE": 23,
    "AT": 20,
    "BA": 20,
    "BE": 16,
    "BG": 22,
    "BH": 22,
    "BR": 29,
    "CH": 21,
    "CY": 28,
    "CZ": 24,
    "DE": 22,
    "DK": 18,
    "EE": 20,
    "ES": 24,
    "FI": 18,
    "FO": 18,
    "FR": 27,
    "GB": 22,
    "GI": 23,
    "GL": 18,
    "GR": 27,
    "HR": 21,
    "HU": 28,
    "IE": 22,
    "IL": 23,
    "IS": 26,
    "IT": 27,
    "JO": 30,
    "KW": 30,
    "KZ": 20,
    "LB": 28,
    "LI": 21,
    "LT": 20,
    "LU": 20,
    "LV": 21,
    "MC": 27,
    "ME": 22,
    "MK": 19,
    "MT": 31,
    "MU": 30,
    "NL": 18,
    "NO": 15,
    "PK": 24,
    "PL": 28,
    "PS": 29,
    "PT": 25,
    "QA": 29,
    "RO": 24,
    "RS": 22,
    "SA": 24,
    "SE": 24,
    "SI": 19,
    "SK": 24,
    "SM": 27,
    "TN": 24,
    "TR": 26,
    "UA": 29,
    "VG": 24,
    "XK": 20,
}


def iban_valid(value: str) -> bool:
    """True for a well-formed IBAN whose mod-97 check digits are right."""
    iban = re.sub(r"\s", "", value).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", iban):
        return False
    expected = IBAN_LENGTHS.get(iban[:2])
    if expected is not None and len(iban) != expected:
        return False
    rearranged = iban[4:] + iban[:4]
    numeric = "".join(str(int(c, 36)) for c in rearranged)
    return int(numeric) % 97 == 1


def _phone_valid(value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    if value.strip().startswith("+"):
        return 8 <= len(digits) <= 15
    return len(digits) == 10 or (len(digits) == 11 and digits[0] == "1")


def _ssn_valid(value: str) -> bool:
    area, group, serial = value.split("-")
    return (
        area not in ("000", "666")
        and not area.startswith("9")
        and group != "00"
        and serial != "0000"
    )


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
        "phone",
        re.compile(
            _B
            + r"(?:\+\d{1,3}[\s.-]?(?:\(\d{1,4}\)[\s.-]?)?\d{1,4}(?:[\s.-]?\d{2,4}){1,4}"
            + r"|(?:1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}"
            + r"|\d{10})"
            + _E
        ),
        "contact",
        "This is a phone number: anyone can call you with it.",
        0.95,
        _phone_valid,
    ),
    Pattern(
        "account",
        re.compile(
            r"(?i)\b(?:account|acct|a/c|routing|sort code|member(?:ship)?|policy|passport|licen[cs]e)"
            r"(?:\s+(?:no\.?|number|num|#))?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{5,19})\b"
        ),
        "finance",
        "This is an account or document number.",
        0.85,
        lambda v: sum(c.isdigit() for c in v) >= 5,
    ),
    Pattern(
        "handle",
        re.compile(r"(?<![\w@.])@[A-Za-z0-9_]{1,30}(?![\w@]|\.[A-Za-z]{2,})"),
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
    personal = {p.reason for p in PATTERNS if p.name not in PUBLIC_KINDS}
    return bool(personal.intersection([phrase.reason, *phrase.reasons]))


def find(text: str) -> list[Phrase]:
    """All pattern findings in `text`, earlier-listed patterns winning overlaps."""
    found: list[Phrase] = []
    taken: list[tuple[int, int]] = []
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
