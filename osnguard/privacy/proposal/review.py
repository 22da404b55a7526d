"""The author's review of a proposal: a thin layer of choices over the stages (the compose page and
API use it).

The author may, per friend group, pick another option for any private phrase (another
generalization; for a time phrase another NCP* wording or its removal), pick another reading of
an ambiguous phrase for the whole message, reject fingerprint synonyms ("studied -> examined"),
and edit a group's text freely (an edit replaces that group's per-phrase choices).

- Phrases are keyed by their span in the message, `"start:end"`, so a key made for another text
  is caught as stale instead of silently landing on another phrase.
- `review_phrases` lists every phrase's options (with readings) for the UI; they are computed once
  and `ReviewedGeneralizer` hands the same options to the anonymization stage.
- `ReviewedGeneralizer` is a drop-in `generalizer=` for `anonymize`.
- `RejectingCheck` wraps a fingerprint naturalness check so rejected synonyms are never used.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from osnguard.privacy.anonymization import (
    GroupGeneralization,
    GroupSpec,
    Option,
    OptionKind,
    PhraseAlternatives,
    Reading,
    alternatives,
    anonymize_groups,
    generalize_text,
    options_available,
    usable_phrases,
)
from osnguard.privacy.fingerprinting import NaturalnessCheck, default_check
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import Phrase, Profile

KEY_RE = re.compile(r"^(\d{1,6}):(\d{1,6})$")


def phrase_key(phrase: Phrase) -> str:
    """A phrase's stable key: its span in the message."""
    return f"{phrase.start}:{phrase.end}"


def _pair(original: str, replacement: str) -> tuple[str, str]:
    return (" ".join(original.lower().split()), " ".join(replacement.lower().split()))


@dataclass(frozen=True)
class ReviewChoices:
    """What the author chose while reviewing (all optional).

    `degrees`: group name -> phrase key -> option degree; `readings`: phrase key -> reading key;
    `rejected`: (original, replacement) synonym pairs, lower-case; `edits`: group name -> text.
    """

    degrees: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    readings: Mapping[str, str] = field(default_factory=dict)
    rejected: frozenset[tuple[str, str]] = frozenset()
    edits: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        *,
        degrees: Mapping[str, Mapping[str, int]] | None = None,
        readings: Mapping[str, str] | None = None,
        rejected: Sequence[Sequence[str]] | None = None,
        edits: Mapping[str, str] | None = None,
    ) -> ReviewChoices:
        pairs = frozenset(_pair(a, b) for a, b in (rejected or ()))
        return cls(
            {g: dict(d) for g, d in (degrees or {}).items()},
            dict(readings or {}),
            pairs,
            {g: " ".join(t.split()) for g, t in (edits or {}).items() if t and t.strip()},
        )


@dataclass(frozen=True)
class OptionOffer:
    """One option of a phrase as the review offers it (the JSON of `PhraseReview.option_dicts`)."""

    degree: int
    text: str
    kind: OptionKind
    info_loss: float  # rounded to 4 places
    k: int | None
    fre: float
    natural: bool
    available: bool


@dataclass(frozen=True)
class ReadingOffer:
    """One reading of an ambiguous phrase, for the UI."""

    key: str
    description: str


@dataclass(frozen=True)
class ReadingsOffer:
    """An ambiguous phrase's readings and the one followed (`PhraseReview.readings_dict`)."""

    key: str
    phrase: str
    reading: str | None
    options: list[ReadingOffer]


@dataclass
class PhraseReview:
    """One private phrase as the review offers it: its options (most specific first), which of
    them can be chosen (`available`: the option does not reach into another phrase), and its
    readings when the phrase is ambiguous."""

    key: str
    index: int
    phrase: Phrase
    options: list[Option]
    available: list[bool]
    readings: list[Reading]
    reading: str | None

    @property
    def ambiguous(self) -> bool:
        return len(self.readings) > 1

    @property
    def alternatives(self) -> PhraseAlternatives:
        """The options as the anonymization stage takes them back."""
        return PhraseAlternatives(self.phrase, self.options, self.readings, self.reading)

    def offers(self) -> list[OptionOffer]:
        return [
            OptionOffer(
                o.degree,
                o.text,
                o.kind,
                round(float(o.info_loss), 4),
                o.k,
                o.fre,
                bool(o.natural),
                ok,
            )
            for o, ok in zip(self.options, self.available)
        ]

    def option_dicts(self) -> list[dict[str, Any]]:
        data: list[dict[str, Any]] = to_data(self.offers())
        return data

    def readings_dict(self) -> dict[str, Any]:
        offer = ReadingsOffer(
            self.key,
            self.phrase.text,
            self.reading,
            [ReadingOffer(r.key, r.description) for r in self.readings],
        )
        data: dict[str, Any] = to_data(offer)
        return data


def parse_key(key: str, text: str) -> tuple[int, int]:
    match = KEY_RE.match(str(key))
    if not match:
        raise ValueError(
            f'{key!r} is not a phrase key; keys look like "8:13" '
            "(the phrase's start:end in the message)"
        )
    start, end = int(match.group(1)), int(match.group(2))
    if not 0 <= start < end <= len(text):
        raise ValueError(
            f"phrase key {key} lies outside the message; the message changed since the review"
        )
    return start, end


def review_phrases(
    text: str,
    phrases: Sequence[Phrase],
    *,
    profile: Profile,
    now: datetime | None,
    readings: Mapping[str, str] | None = None,
) -> list[PhraseReview]:
    """The options of every private phrase the groups generalize, with the author's readings
    applied.

    Raises ValueError for a key that names no phrase (stale) or a reading the phrase does not have.
    """
    kept = usable_phrases(text, phrases)
    by_key = {phrase_key(p): i for i, p in enumerate(kept)}
    readings = dict(readings or {})
    for key in readings:
        parse_key(key, text)
        if key not in by_key:
            raise ValueError(
                f"no private phrase at {key} ({text[slice(*parse_key(key, text))]!r}); "
                "the message changed since the review"
            )
    out: list[PhraseReview] = []
    for index, phrase in enumerate(kept):
        key = phrase_key(phrase)
        found = alternatives(text, phrase, profile=profile, now=now)
        wanted = readings.get(key)
        if wanted is not None and wanted != found.reading:
            if wanted not in {r.key for r in found.readings}:
                offered = ", ".join(f"{r.key} ({r.description})" for r in found.readings) or "none"
                raise ValueError(
                    f"{phrase.text!r} has no reading {wanted!r}; its readings are: {offered}"
                )
            found = alternatives(text, phrase, profile=profile, now=now, reading=wanted)
        out.append(
            PhraseReview(
                key, index, phrase, list(found.options), [], list(found.readings), found.reading
            )
        )
    for review, available in zip(out, options_available([r.options for r in out])):
        review.available = available
    return out


def check_degrees(
    reviews: Sequence[PhraseReview],
    degrees: Mapping[str, Mapping[str, object]],
    group_names: Sequence[str],
    text: str,
) -> None:
    """Raise ValueError for an unknown group, a stale phrase key, or a degree out of range."""
    by_key = {r.key: r for r in reviews}
    unknown = sorted(set(degrees) - set(group_names))
    if unknown:
        raise ValueError(f"unknown group(s): {', '.join(unknown)}")
    for group, chosen in degrees.items():
        for key, degree in chosen.items():
            start, end = parse_key(key, text)
            review = by_key.get(key)
            if review is None:
                raise ValueError(
                    f"{group}: no private phrase at {key} ({text[start:end]!r}); "
                    "the message changed since the review"
                )
            if (
                isinstance(degree, bool)
                or not isinstance(degree, int)
                or not 0 <= degree < len(review.options)
            ):
                raise ValueError(
                    f"{group}: {review.phrase.text!r} has options 0..{len(review.options) - 1}, "
                    f"not {degree!r}"
                )
            if not review.available[degree]:
                raise ValueError(
                    f"{group}: option {degree} of {review.phrase.text!r} would cut into another "
                    "private phrase; choose another"
                )


class ReviewedGeneralizer:
    """`anonymize_groups` over the reviewed options, with the author's per-group degrees and
    edits applied.

    The options are those `review_phrases` computed (with the author's readings); they are not
    computed again. After a call, `generated` holds each group's generalization before any edit,
    `degrees` the degree each group ends up with per phrase key, `defaults` the degrees the engine
    proposed before the author's choices, and `edited` the groups whose edit won.
    """

    def __init__(self, reviews: Sequence[PhraseReview], choices: ReviewChoices) -> None:
        self.reviews = list(reviews)
        self.choices = choices
        self.generated: dict[str, GroupGeneralization] = {}
        self.degrees: dict[str, dict[str, int]] = {}
        self.defaults: dict[str, dict[str, int]] = {}
        self.edited: set[str] = set()

    def __call__(
        self,
        text: str,
        phrases: Sequence[Phrase],
        *,
        groups: Sequence[GroupSpec],
        profile: Profile,
        now: datetime | None,
    ) -> list[GroupGeneralization]:
        options = [review.alternatives for review in self.reviews]
        proposed = anonymize_groups(
            text, phrases, groups=groups, profile=profile, now=now, options=options
        )
        out = []
        for group in proposed:
            degrees = [level.degree for level in group.phrase_levels]
            self.defaults[group.name] = {r.key: d for r, d in zip(self.reviews, degrees)}
            chosen = self.choices.degrees.get(group.name, {})
            if chosen and len(degrees) == len(self.reviews):
                for review in self.reviews:
                    if review.key in chosen:
                        degrees[review.index] = chosen[review.key]
                if degrees != [level.degree for level in group.phrase_levels]:
                    group = generalize_text(
                        text,
                        phrases,
                        degrees,
                        profile=profile,
                        now=now,
                        name=group.name,
                        level=group.level,
                        options=options,
                    )
            self.generated[group.name] = group
            self.degrees[group.name] = {r.key: d for r, d in zip(self.reviews, degrees)}
            edit = self.choices.edits.get(group.name)
            if edit and edit != " ".join(group.text.split()):
                self.edited.add(group.name)
                group = replace(group, text=edit, choices=[], phrase_levels=[])
            out.append(group)
        return out


class RejectingCheck:
    """A fingerprint naturalness check that refuses the author's rejected (original, replacement)
    pairs, so fingerprinting offers the next natural synonym instead."""

    def __init__(
        self, rejected: frozenset[tuple[str, str]], base: NaturalnessCheck | None = None
    ) -> None:
        self.rejected = rejected
        self.base = base

    def __call__(
        self, left: Sequence[str], original: str, replacement: str, right: Sequence[str]
    ) -> bool:
        if _pair(original, replacement) in self.rejected:
            return False
        if self.base is None:
            self.base = default_check()
        return bool(self.base(left, original, replacement, right))


def is_rejected(rejected: frozenset[tuple[str, str]], original: str, replacement: str) -> bool:
    return _pair(original, replacement) in rejected
