"""Hiding contact details and identifiers: the options of a phone number, e-mail address, street
address, account number or id that the patterns found.

Such a phrase has no generalization chain: "07911 123456" is not an instance of anything a
friend should read. It gets, most specific first:
1. the phrase as written;
2. a partial mask that keeps what locates it only roughly ("07911 …", "j…@gmail.com",
   "DE44 …"), or for an address the area it names ("Moseley") and the places around it;
3. a description in the author's voice, by the identifier's form and the words around it
   (`description`: "my mobile", "my cell", "my line", "my Gmail", "my email", "my address",
   "ask me" for one that stands on its own).
Groups above the closest one (level 1 and up) always get the description, or an address's area
and city ("my address" then stays in the review; `groups.py`): a friend outside the family never
receives an identifier by default.

The functions take the kind `identification.patterns.identifier_kind` gives a phrase.
"""

from __future__ import annotations

import re

from osnguard.privacy.lexicon import STREET_TYPE

# The author's words for each kind of identifier that can be hidden (a phrase that names someone
# else's detail, "No. 24", is described as theirs).
DESCRIPTIONS: dict[str, str] = {
    "phone": "my number",
    "email": "my email",
    "address": "my address",
    "house_number": "a neighbour",
    "iban": "my account",
    "account": "my account",
    "card": "my card",
    "ssn": "my social security number",
}
MASK = "…"


# How people name a mobile number where they live, by the number's form
_PHONE_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    # North America: area codes never start with 0 or 1 ("021 555 0187" is a NZ mobile)
    (re.compile(r"^(?:\+?1[\s.-]?)?\(?[2-9]\d{2}\)?[\s.-]?\d{3}[\s.-]?\d{4}$"), "my cell"),
    (re.compile(r"^(?:\+234\s?|0)[789][01]\d"), "my line"),  # Nigeria
    (
        re.compile(r"^(?:\+44\s?|0)7\d|^(?:\+353\s?|0)8\d|^(?:\+61\s?|0)4\d|^(?:\+64\s?|0)2\d"),
        "my mobile",
    ),
)
# Mail providers people name their address by ("my Gmail")
_MAIL_PROVIDERS: tuple[tuple[str, str], ...] = (
    ("gmail.", "my Gmail"),
    ("googlemail.", "my Gmail"),
    ("outlook.", "my Outlook address"),
    ("hotmail.", "my Hotmail"),
    ("live.", "my Outlook address"),
    ("proton.", "my Proton address"),
    ("protonmail.", "my Proton address"),
    ("pm.me", "my Proton address"),
    ("fastmail.", "my Fastmail"),
    ("yahoo.", "my Yahoo address"),
    ("icloud.", "my iCloud address"),
)
# An identifier standing on its own, not the object of a word ("bank details: IE29 …",
# "new number guys!! +353 …"): "ask me" reads there, "my account" would not
_STANDALONE_BEFORE = re.compile(r"(?:^|[:!?]|\bdetails|\bguys)\s*$", re.IGNORECASE)
_CONTACT_ME_BEFORE = re.compile(
    r"\b(?:whatsapp|text|call|ring|message|phone|dm|sms)\s+me\s*$", re.IGNORECASE
)
# The identifier's own kind said right before it, with no verb between ("my IBAN DE89 …")
_KIND_NAMED_BEFORE = re.compile(
    r"\bmy\s+(?:iban|account(?:\s+number)?|sort\s+code|mobile|cell|phone(?:\s+number)?|"
    r"number|e-?mail(?:\s+address)?|address)\s*:?\s*$",
    re.IGNORECASE,
)
# "my email is …": the description must not repeat the word before it
_NAMED_BEFORE = re.compile(r"\b(?:e-?mail|number|address|account)\s+(?:is|:)\s*$", re.I)


# A line other than the author's mobile, named in the post ("call the house on …", "my
# mobile's dead"): the number is then said without saying what line it is
_OTHER_LINE = re.compile(
    r"\b(?:landline|(?:house|home|office|work|desk)\s+(?:phone|number|line)|the house|"
    r"the office)\b|\b(?:mobile|cell|phone)(?:['’]s|\s+is)\s+(?:dead|broken|off|lost|gone)\b",
    re.IGNORECASE,
)
_PHONE_KINDS = frozenset(word for _, word in _PHONE_WORDS)


def description(kind: str, text: str, before: str = "", *, after: str = "") -> str:
    """The author's words for an identifier in its sentence: "my mobile", "my cell", "my line"
    for a phone by its form, unless the post names another line or device ("Call the house on
    021 …, my mobile's dead": "my number"); "my Gmail" for an address at a known provider, else
    "my email"; "ask me" for one that stands on its own ("bank details: IE29 …")."""
    if kind in ("phone", "iban", "account") and _STANDALONE_BEFORE.search(before):
        return "ask me"
    if _KIND_NAMED_BEFORE.search(before):
        return ""  # "rent goes to my IBAN DE89 …" -> "rent goes to my IBAN": it names itself
    if kind == "phone" and _NAMED_BEFORE.search(before):
        return "in my bio"  # "my number is 07911 …" -> "my number is in my bio"
    if kind == "phone":
        compact = text.strip()
        word = next(
            (word for form, word in _PHONE_WORDS if form.search(compact)), DESCRIPTIONS[kind]
        )
        if word in _PHONE_KINDS and _OTHER_LINE.search(f"{before} {after}"):
            word = DESCRIPTIONS[kind]
        # "WhatsApp me +52 55 …" -> "WhatsApp me on my number"
        return f"on {word}" if _CONTACT_ME_BEFORE.search(before) else word
    if kind == "email" and "@" in text:
        domain = text.rsplit("@", 1)[1].lower()
        provider = next((word for start, word in _MAIL_PROVIDERS if domain.startswith(start)), None)
        if provider:
            return provider
        if _NAMED_BEFORE.search(before):
            return "in my bio"
    if _NAMED_BEFORE.search(before):
        # "my account is 12-3456-…" -> "my account is in my DMs", never "is my account"
        return "in my DMs"
    if kind == "address" and re.match(r"No\b", text):
        # "Parcel for No. 14 Ashgrove Road": a house on the street, named as a neighbour's
        return DESCRIPTIONS["house_number"]
    return DESCRIPTIONS[kind]


# the town written after the street with no comma ("14 Banksia St Coburg VIC 3058")
TOWN_AFTER_STREET = re.compile(
    rf"\b{STREET_TYPE}\.?\s+(?P<area>[A-Z][a-z'\u2019-]+(?:\s+[A-Z][a-z'\u2019-]+)?)"
    r"(?:\s+(?:VIC|NSW|QLD|WA|SA|TAS|ACT|NT))?(?:\s+\d{4})?$"
)


def area_name(area: str) -> str:
    """An address's area as said in a post: without a state code or postcode ("Austin TX" ->
    "Austin")."""
    return re.sub(r",?\s+[A-Z]{2}(?:\s+\d{5}(?:-\d{4})?)?$", "", area).strip() or area


# What follows a town in an address: a postcode, with its state code ("VIC 3058", "TX 78701")
POSTCODE_AFTER_TOWN = re.compile(r"\s+(?:[A-Z]{2,3}\s+)?\d{4,5}$")
UNIT_OR_STATE = re.compile(r"[A-Z]{2,3}|(?i:apt\.?|flat|unit)\b.*")


def partial_mask(kind: str, text: str) -> str | None:
    """The identifier `text` of that kind with its identifying part hidden, or None when no
    part can stay."""
    if kind == "phone":
        return _mask_digits(text)
    if kind == "email" and "@" in text:
        local, domain = text.split("@", 1)
        return f"{local[:1]}{MASK}@{domain}"
    if kind in ("iban", "account", "card"):
        head = re.match(r"\s*([A-Z]{2}\d{2}|\d{4})", text)
        return f"{head.group(1)} {MASK}" if head else None
    if kind == "address":
        # "22 Wellington Road, Moseley" -> "Moseley", "14 Banksia St Coburg" -> "Coburg"; no
        # area named: no mask
        after_street = TOWN_AFTER_STREET.search(text)
        if "," not in text:
            area = after_street.group("area") if after_street else ""
            return area if area and not any(ch.isdigit() for ch in area) else None
        # the first place after the street, its postcode and state code aside: "…, Karori,
        # Wellington 6012" -> "Karori"; "…, Austin, TX 78701" -> "Austin"
        for part in text.split(",")[1:]:
            area = POSTCODE_AFTER_TOWN.sub("", part.strip())
            if area and not any(ch.isdigit() for ch in area) and not UNIT_OR_STATE.fullmatch(area):
                return area
        return None
    return None


def _mask_digits(text: str) -> str | None:
    """Keep the groups that hold the first half of the digits (the area and exchange: "617-555-…",
    "07911 …"), hide the rest; None when that would keep most of the number."""
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    if len(digits) < 6:
        return None
    cut = digits[len(digits) // 2 - 1] + 1
    while cut < len(text) and text[cut].isdigit():
        cut += 1  # finish the group
    if sum(ch.isdigit() for ch in text[:cut]) > 0.7 * len(digits):
        return None
    kept = text[:cut]
    return kept + "-" + MASK if text[cut : cut + 1] == "-" else kept + " " + MASK


__all__ = ["DESCRIPTIONS", "MASK", "area_name", "description", "partial_mask"]
