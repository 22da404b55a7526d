"""Small text helpers every stage shares."""

from __future__ import annotations


def match_case(template: str, text: str, *, all_caps: bool = False) -> str:
    """Capitalise `text` like `template`: its first letter, and with `all_caps` a whole-word
    capitals template ("NYC" -> "TEXT") as well."""
    if all_caps and template.isupper() and len(template) > 1:
        return text.upper()
    if template[:1].isupper() and not text[:1].isupper():
        return text[:1].upper() + text[1:]
    return text
