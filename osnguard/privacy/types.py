"""Data types shared by the engine's stages: profiles and identified private phrases."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

PROFILE_ATTRIBUTES: tuple[str, ...] = (
    "hometown",
    "current_city",
    "education",
    "work",
    "religion",
    "politics",
    "sports",
    "interests",
    "birthday",
    "relationship",
    "languages",
)

CATEGORIES: tuple[str, ...] = (
    "location",
    "education",
    "work",
    "health",
    "religion",
    "politics",
    "age",
    "gender",
    "relationship",
    "sexuality",
    "ethnicity",
    "language",
    "finance",
    "identity",
    "contact",
    "time",
)

DETECTORS: tuple[str, ...] = ("tagger", "profile", "location_rule", "temporal", "pattern")


@dataclass(frozen=True)
class Profile:
    """A user's personal attributes, each a tuple of strings (see PROFILE_ATTRIBUTES)."""

    values: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "Profile":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("profile must be an object mapping attribute names to lists")
        values: dict[str, tuple[str, ...]] = {}
        for key, raw in data.items():
            if key not in PROFILE_ATTRIBUTES:
                raise ValueError(
                    f"unknown profile attribute {key!r}; expected one of {', '.join(PROFILE_ATTRIBUTES)}"
                )
            items = [raw] if isinstance(raw, str) else raw
            if not isinstance(items, (list, tuple)) or not all(isinstance(v, str) for v in items):
                raise ValueError(f"profile attribute {key!r} must be a string or a list of strings")
            values[key] = tuple(v.strip() for v in items if v.strip())
        return cls(values)

    def items(self) -> list[tuple[str, str]]:
        return [(key, value) for key, vals in self.values.items() for value in vals]


@dataclass
class Phrase:
    """One private phrase of a message, with why it is private and who found it."""

    start: int
    end: int
    text: str
    category: str
    reason: str
    confidence: float
    detectors: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    attribute: str | None = None  # the profile attribute it links to, if any
    interval: tuple[str, str] | None = None  # ISO start/end, for time phrases
    timex_type: str | None = None  # DATE, TIME, DURATION or SET, for time phrases

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if self.interval is not None:
            data["interval"] = list(self.interval)
        return data
