"""The typed profile attributes (SPEC §0) and how each one's values are validated.

Attribute names match `osnguard.privacy.types.PROFILE_ATTRIBUTES`, so a stored profile converts to the
engine's `Profile` without renaming. Values are kept as text; `birthday` holds ISO dates.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import ValidationError

from osnguard.privacy.types import PROFILE_ATTRIBUTES

MAX_VALUE_LENGTH = 120
MAX_VALUES = 10


@dataclass(frozen=True)
class AttributeSpec:
    """How one profile attribute is labelled, typed and limited."""

    name: str
    label: str
    kind: str  # "place", "organisation", "text" or "date"
    help_text: str
    max_values: int = MAX_VALUES


ATTRIBUTE_SPECS: dict[str, AttributeSpec] = {
    spec.name: spec
    for spec in (
        AttributeSpec("hometown", "Hometown", "place", "Where you grew up, e.g. Tokyo."),
        AttributeSpec("current_city", "Current city", "place", "Where you live now."),
        AttributeSpec(
            "education",
            "Education",
            "organisation",
            "Schools and universities, e.g. Harvard University.",
        ),
        AttributeSpec("work", "Work", "organisation", "Employers or occupations, e.g. student."),
        AttributeSpec(
            "religion", "Religion", "text", "Religious views, if you want them protected."
        ),
        AttributeSpec("politics", "Politics", "text", "Political views or parties."),
        AttributeSpec("sports", "Sports", "text", "Sports you play or follow."),
        AttributeSpec("interests", "Interests", "text", "Hobbies and interests."),
        AttributeSpec("birthday", "Birthday", "date", "Your date of birth.", max_values=1),
        AttributeSpec(
            "relationship", "Relationship", "text", "e.g. married, engaged, single.", max_values=3
        ),
        AttributeSpec("languages", "Languages", "text", "Languages you speak."),
    )
}
assert tuple(ATTRIBUTE_SPECS) == PROFILE_ATTRIBUTES, "keep attributes in step with the engine"
ATTRIBUTE_CHOICES = [(spec.name, spec.label) for spec in ATTRIBUTE_SPECS.values()]


def attribute_clean_values(*, attribute: str, values: object) -> list[str]:
    """Validate and normalise one attribute's values; raise ValidationError with a readable message.

    Strips whitespace, drops empty entries and case-insensitive duplicates, keeps the order given.
    """
    spec = ATTRIBUTE_SPECS.get(attribute)
    if spec is None:
        raise ValidationError(
            f"Unknown profile attribute “{attribute}”. Expected one of: {', '.join(ATTRIBUTE_SPECS)}."
        )
    if isinstance(values, str):
        values = [values]
    if not isinstance(values, (list, tuple)) or not all(isinstance(v, str) for v in values):
        raise ValidationError(f"{spec.label}: give a list of text values.")
    cleaned: list[str] = []
    seen: set[str] = set()
    for raw in values:
        value = " ".join(raw.split())
        if not value:
            continue
        if len(value) > MAX_VALUE_LENGTH:
            raise ValidationError(
                f"{spec.label}: each value must be at most {MAX_VALUE_LENGTH} characters."
            )
        if spec.kind == "date":
            value = _clean_date(value, label=spec.label)
        if value.casefold() not in seen:
            seen.add(value.casefold())
            cleaned.append(value)
    if len(cleaned) > spec.max_values:
        raise ValidationError(f"{spec.label}: at most {spec.max_values} value(s).")
    return cleaned


def _clean_date(value: str, *, label: str) -> str:
    """Accept an ISO date (YYYY-MM-DD) in the past 130 years; return it in ISO form."""
    try:
        date = dt.date.fromisoformat(value)
    except ValueError:
        raise ValidationError(f"{label}: “{value}” is not a date; use YYYY-MM-DD.") from None
    today = dt.date.today()
    if date > today or date.year < today.year - 130:
        raise ValidationError(f"{label}: {value} is not a plausible date of birth.")
    return date.isoformat()
