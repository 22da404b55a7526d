"""Hiding contact details and identifiers: the options of a phone number, e-mail address, street
address, account number or id that the patterns found.

Such a phrase has no generalization chain: "07911 123456" is not an instance of anything a
friend should read. It gets, most specific first:
1. the phrase as written;
2. a partial mask that keeps what locates it only roughly ("07911 …", "j…@gmail.com",
   "DE44 …"), or for an address the area it names ("Moseley");
3. a description in the author's voice ("my number", "my email", "my address").
Groups above the closest one (level 1 and up) always get the description, or an address's area
(`groups.py`): a friend outside the family never receives an identifier by default.

The functions take the kind `identification.patterns.identifier_kind` gives a phrase.
"""

from __future__ import annotations

import re

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
        # "22 Wellington Road, Moseley" -> "Moseley"; no area named: no mask
        area = text.rsplit(",", 1)[1].strip() if "," in text else ""
        return area if area and not any(ch.isdigit() for ch in area) else None
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


__all__ = ["DESCRIPTIONS", "MASK", "partial_mask"]
