"""The engine's one converter between result dataclasses and JSON data."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

import pytest

from osnguard.privacy.serialization import from_data, to_data
from osnguard.privacy.types import Category, Choice, ChoiceKind, Phrase, Version


@dataclass
class Nested:
    when: datetime
    pair: tuple[int, str]
    tags: tuple[str, ...] = ()
    category: Category | None = None
    extra: dict[str, float] = field(default_factory=dict)


def test_round_trip_of_an_engine_result() -> None:
    version = Version(
        friend="bob",
        group="Friends",
        text="in Japan",
        choices=[
            Choice(
                slot=0,
                kind=ChoiceKind.GENERALIZATION,
                original="Tokyo",
                text="Japan",
                start=3,
                end=8,
            )
        ],
    )
    data = to_data(version)
    assert data["choices"][0]["kind"] == "generalization"
    assert from_data(Version, data) == version


def test_nested_types_enums_tuples_and_datetimes() -> None:
    value = Nested(
        when=datetime(2026, 1, 2, tzinfo=UTC), pair=(1, "a"), tags=("x",), category=Category.HEALTH
    )
    data = to_data(value)
    assert data == {
        "when": "2026-01-02T00:00:00+00:00",
        "pair": [1, "a"],
        "tags": ["x"],
        "category": "health",
        "extra": {},
    }
    assert from_data(Nested, data) == value


def test_bad_data_names_the_field() -> None:
    with pytest.raises(ValueError, match=r"Nested\.category must be one of"):
        from_data(Nested, {"when": "2026-01-02", "pair": [1, "a"], "category": "weather"})
    with pytest.raises(ValueError, match=r"Nested\.pair is missing"):
        from_data(Nested, {"when": "2026-01-02"})
    with pytest.raises(ValueError, match=r"Phrase\.start must be a whole number"):
        from_data(
            Phrase,
            {
                "start": "0",
                "end": 1,
                "text": "x",
                "category": "time",
                "reason": "",
                "confidence": 1,
            },
        )


def test_omit_leaves_fields_out_at_every_depth() -> None:
    version = Version(friend="bob", group="g", text="t", choices=[])
    assert "friend" not in to_data(version, omit=frozenset({"friend"}))
