"""Writes for messages: storing a posted message with its group texts, recipients' versions and
their fingerprints, all in one transaction, after checking every recipient is the author's friend.

The engine computes what to store (`message_post` calls it); `message_store` only validates and
writes, so nothing is ever stored half-way.

`message_propose` applies the author's review (per-group options of each private phrase, readings
of ambiguous phrases, rejected synonyms, edits; see osnguard.privacy.proposal) and returns a
`Proposal` with the review's time and a digest of its versions; `message_post` applies the same
review, and with that time and digest stores exactly the versions the author saw. A proposal is
kept in the "proposals" cache under everything it was computed from (the author's text, review,
settings, profile and groups, and the review's time), so posting what was just reviewed reuses
it instead of running the engine again; any change to those inputs computes afresh.

Failing closed: when identification cannot check a message (a detector, the classifier, spaCy or
WordNet failed), `message_propose` and `message_post` raise `UncheckedMessage` (from the engine)
and store nothing, unless the author passes `post_unchecked=True`: then every friend gets the
original text as written and the message records that choice (`posted_unchecked`).

"How recognisable is your writing" (seed 003): `writing_exposure_request` queues the Celery task
(`dispatch`), which runs `writing_exposure_refresh`: the author's posts against the other authors
of the site's public posts, stored without any other user's name or text.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from osnguard.accounts.selectors import profile_as_engine_dict, profile_settings_get
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.circles.selectors import friend_audience, group_list
from osnguard.privacy.identification import identify
from osnguard.privacy.linkability import MIN_WRITING_WORDS, assess_models, author_model, merged
from osnguard.privacy.proposal import (
    RejectingCheck,
    ReviewChoices,
    ReviewedGeneralizer,
    anonymize,
    check_degrees,
    is_rejected,
    result_data,
    review_phrases,
)
from osnguard.privacy.resources import ResourceMissing
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import TECHNICAL, CheckFailure, FailureKind, Profile, UncheckedMessage

from .dispatch import writing_exposure_send
from .models import MESSAGE_MAX_LENGTH, Fingerprint, GroupVersion, Message, Version, WritingExposure

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from osnguard.privacy.identification import IdentificationResult


@dataclass(frozen=True)
class GroupDraft:
    name: str
    level: int
    text: str
    info_loss: float = 0.0
    k: float | None = None
    choices: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class VersionDraft:
    recipient_id: int
    group_name: str
    text: str
    choices: list[dict[str, Any]] = field(default_factory=list)


def message_clean_text(*, text: object) -> str:
    if not isinstance(text, str):
        raise ValidationError({"text": "The message must be text."})
    if "\x00" in text:
        raise ValidationError(
            {"text": "The message contains a NUL character; remove it and try again."}
        )
    text = text.strip()
    if not text:
        raise ValidationError({"text": "Write something first: the message is empty."})
    if len(text) > MESSAGE_MAX_LENGTH:
        raise ValidationError(
            {
                "text": f"A message can be at most {MESSAGE_MAX_LENGTH:,} characters (this one has {len(text):,})."
            }
        )
    return text


def proposal_max_length() -> int:
    """How long a message may be to get per-group and per-friend versions (PROPOSAL_MAX_LENGTH):
    the engine's work grows with the text, so the cap keeps one request's work bounded."""
    return min(MESSAGE_MAX_LENGTH, settings.PROPOSAL_MAX_LENGTH)


def message_check_proposal_length(*, text: str) -> None:
    if len(text) > proposal_max_length():
        raise ValidationError(
            {
                "text": f"A message with versions for your groups can be at most "
                f"{proposal_max_length():,} characters (this one has {len(text):,}); "
                "shorten it or split it into two posts."
            }
        )


def _check_drafts(
    *,
    author: User,
    groups: list[GroupDraft],
    versions: list[VersionDraft],
    fingerprinted: bool,
) -> dict[str, FriendGroup | None]:
    names = [g.name for g in groups]
    if len(set(names)) != len(names):
        raise ValidationError("Each friend group may have only one text.")
    for group in groups:
        if not group.text.strip():
            raise ValidationError({"groups": f"The text for {group.name} is empty."})
    recipients = [v.recipient_id for v in versions]
    if len(set(recipients)) != len(recipients):
        raise ValidationError("A friend can receive only one version of a message.")
    friends = set(
        Friendship.objects.filter(owner=author, friend_id__in=recipients).values_list(
            "friend_id", flat=True
        )
    )
    strangers = sorted(set(recipients) - friends)
    if strangers:
        raise ValidationError(
            f"Messages go to friends only; {len(strangers)} recipient(s) are not your friends."
        )
    unknown_groups = {v.group_name for v in versions} - set(names)
    if unknown_groups:
        raise ValidationError(f"Versions name unknown groups: {', '.join(sorted(unknown_groups))}.")
    owned = {g.name: g for g in FriendGroup.objects.filter(owner=author, name__in=names)}
    return {name: owned.get(name) for name in names}


def message_store(
    *,
    author: User,
    text: str,
    groups: Iterable[GroupDraft],
    versions: Iterable[VersionDraft],
    audience: str = Message.Audience.FRIENDS,
    private: bool | None = False,
    phrases: list[dict[str, Any]] | None = None,
    fingerprinted: bool = False,
    min_distance: int | None = None,
    warnings: list[str] | None = None,
    posted_unchecked: bool = False,
    check_failures: list[dict[str, Any]] | None = None,
) -> Message:
    """Validate and store a message, its group texts, versions and fingerprints atomically.

    `private` is None for a message identification did not check; `posted_unchecked` records
    that the author chose to post it anyway (with `check_failures`, what could not run)."""
    text = message_clean_text(text=text)
    if audience not in Message.Audience.values:
        raise ValidationError(
            {"audience": f"Audience must be one of {', '.join(Message.Audience.values)}."}
        )
    groups, versions = list(groups), list(versions)
    warnings = list(warnings or [])
    texts = [v.text for v in versions]
    if fingerprinted and len(set(texts)) < len(texts):
        warnings.append(
            f"The message is too short to give all {len(texts)} friends a different version: "
            f"{len(texts) - len(set(texts))} share one, so a leak from them cannot name a single friend."
        )
    group_objects = _check_drafts(
        author=author, groups=groups, versions=versions, fingerprinted=fingerprinted
    )
    with transaction.atomic():
        message = Message.objects.create(
            author=author,
            text=text,
            audience=audience,
            private=private,
            phrases=phrases or [],
            fingerprinted=fingerprinted,
            min_distance=min_distance,
            warnings=warnings,
            posted_unchecked=posted_unchecked,
            check_failures=list(check_failures or []),
        )
        stored_groups = GroupVersion.objects.bulk_create(
            GroupVersion(
                message=message,
                group=group_objects[g.name],
                group_name=g.name,
                level=g.level,
                text=g.text,
                info_loss=g.info_loss,
                k=g.k,
                choices=g.choices,
            )
            for g in groups
        )
        by_name = {g.group_name: g for g in stored_groups}
        if any(g.pk is None for g in stored_groups):  # backends without RETURNING ids
            by_name = {g.group_name: g for g in GroupVersion.objects.filter(message=message)}
        Version.objects.bulk_create(
            Version(
                message=message,
                group_version=by_name[v.group_name],
                recipient_id=v.recipient_id,
                text=v.text,
            )
            for v in versions
        )
        stored = {row.recipient_id: row for row in Version.objects.filter(message=message)}
        Fingerprint.objects.bulk_create(
            Fingerprint(version=stored[v.recipient_id], choices=v.choices)
            for v in versions
            if v.choices
        )
    return message


# --- composing and posting ----------------------------------------------------------------------


def _engine_groups(*, author: User) -> list[dict[str, Any]]:
    """The author's groups, closest first, each with its friends' user ids (as strings)."""
    groups: dict[str, dict[str, Any]] = {
        g.name: {"name": g.name, "level": g.level, "friends": []} for g in group_list(owner=author)
    }
    for member in friend_audience(owner=author):
        groups.setdefault(
            member.group_name, {"name": member.group_name, "level": member.level, "friends": []}
        )
        groups[member.group_name]["friends"].append(str(member.friend_id))
    return sorted(groups.values(), key=lambda g: (g["level"], g["name"]))


def message_analyze(
    *, author: User, text: str, now: datetime | None = None
) -> IdentificationResult:
    """Identify the private phrases of a draft against the author's profile (compose page, API).

    The result may be unchecked (`result.checked` False, `result.failures` say why): callers
    must show that, never a "nothing private" verdict."""
    if not isinstance(text, str):
        raise ValidationError({"text": "The message must be text."})
    if len(text) > MESSAGE_MAX_LENGTH:
        raise ValidationError(
            {
                "text": f"A message can be at most {MESSAGE_MAX_LENGTH:,} characters (this one has {len(text):,})."
            }
        )
    try:
        return identify(
            text, profile=profile_as_engine_dict(user=author), now=_local(now or timezone.now())
        )
    except ValueError as exc:
        raise ValidationError({"text": str(exc)}) from exc


UNCHECKED_PROPOSAL = (
    "This message could not be checked for private details, so no versions can be proposed."
)
UNCHECKED_POST = (
    "This message could not be checked for private details, so it was not posted. Try again later, "
    "or choose to post your original text, unchanged, to all your friends."
)
UNCHECKED_NOTE = (
    "Posted unchecked: osnguard could not check this message for private details, and you chose to "
    "send the original text, unchanged, to all your friends."
)

REVIEW_MAX_AGE = timedelta(hours=1)  # a review older than this must be updated before posting
REVIEW_CLOCK_SKEW = timedelta(minutes=5)
MAX_REJECTED = 200


@dataclass
class GroupReview:
    """What the review shows per group beyond the engine's result: the degree of each phrase,
    the text before any edit, and the fingerprint words in use."""

    name: str
    level: int
    generated_text: str
    edited: bool
    degrees: dict[str, int]
    defaults: dict[str, int]
    synonyms: list[tuple[str, list[str]]]  # (original word, alternatives used in the versions)
    realisations: list[tuple[str, list[str]]]


@dataclass
class Proposal:
    """A proposal for review: the engine's result plus everything the review controls need.

    `now` and `digest` travel back with the post, so what is stored is what was reviewed.
    """

    result: Any  # osnguard.privacy.proposal.AnonymizeResult
    phrases: list[Any]  # osnguard.privacy.proposal.PhraseReview, in text order
    groups: dict[str, GroupReview]
    rejected: list[tuple[str, str]]
    fingerprint_all: bool
    now: datetime
    digest: str
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:

        data = result_data(self.result)
        options = {p.key: p.option_dicts() for p in self.phrases}
        for group in data["groups"]:
            review = self.groups.get(group["name"])
            if review is None:
                continue
            group["generated_text"] = review.generated_text
            group["edited"] = review.edited
            group["phrase_choices"] = [
                {
                    "key": p.key,
                    "phrase": p.phrase.text,
                    "category": p.phrase.category,
                    "degree": review.degrees.get(p.key, 0),
                    "default": review.defaults.get(p.key, 0),
                    "options": options[p.key],
                }
                for p in self.phrases
            ]
            group["synonyms"] = [
                {"original": o, "alternatives": alts} for o, alts in review.synonyms
            ]
            group["realisations"] = [
                {"original": o, "alternatives": alts} for o, alts in review.realisations
            ]
        data["readings"] = [p.readings_dict() for p in self.phrases if p.ambiguous]
        data["rejected_synonyms"] = [list(pair) for pair in self.rejected]
        data["fingerprint_all"] = self.fingerprint_all
        data["warnings"] = list(self.warnings) + [n.message for n in self.result.warnings]
        data["review"] = {"now": self.now.isoformat(), "digest": self.digest}
        return data


def _clean_review(
    *, choices: Any, readings: Any, rejected_synonyms: Any, group_texts: Any
) -> ReviewChoices:
    """Type-check the review fields (values are checked against the message later)."""

    choices = choices or {}
    if not isinstance(choices, dict) or not all(
        isinstance(g, str) and isinstance(d, dict) for g, d in choices.items()
    ):
        raise ValidationError(
            {"choices": 'Choices must look like {"<group>": {"<start:end>": <degree>}}.'}
        )
    degrees: dict[str, dict[str, int]] = {}
    for group, chosen in choices.items():
        degrees[group] = {}
        for key, degree in chosen.items():
            if isinstance(degree, str) and degree.strip().isdigit():
                degree = int(degree)
            if isinstance(degree, bool) or not isinstance(degree, int):
                raise ValidationError(
                    {
                        "choices": f"{group}: the degree for {key} must be a whole number, not {degree!r}."
                    }
                )
            degrees[group][str(key)] = degree
    readings = readings or {}
    if not isinstance(readings, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v for k, v in readings.items()
    ):
        raise ValidationError(
            {"readings": 'Readings must look like {"<start:end>": "<reading key>"}.'}
        )
    rejected_synonyms = rejected_synonyms or []

    def is_pair(pair: Any) -> bool:
        return (
            isinstance(pair, (list, tuple))
            and len(pair) == 2
            and all(isinstance(w, str) and w.strip() and len(w) <= 100 for w in pair)
        )

    if (
        not isinstance(rejected_synonyms, (list, tuple))
        or len(rejected_synonyms) > MAX_REJECTED
        or not all(is_pair(p) for p in rejected_synonyms)
    ):
        raise ValidationError(
            {
                "rejected_synonyms": f"Rejected synonyms must be a list of at most {MAX_REJECTED} "
                '["word", "synonym"] pairs.'
            }
        )
    group_texts = group_texts or {}
    if not isinstance(group_texts, dict) or not all(
        isinstance(g, str) and isinstance(t, str) for g, t in group_texts.items()
    ):
        raise ValidationError({"group_texts": "Group texts must map group names to text."})
    for name, edited in group_texts.items():
        if len(edited) > proposal_max_length():
            raise ValidationError(
                {
                    "group_texts": f"The text for {name} is too long: at most "
                    f"{proposal_max_length():,} characters."
                }
            )
        if "\x00" in edited:
            raise ValidationError({"group_texts": f"The text for {name} contains a NUL character."})
    return ReviewChoices.build(
        degrees=degrees, readings=readings, rejected=rejected_synonyms, edits=group_texts
    )


def _fingerprint_words(result: Any) -> dict[str, tuple[list, list]]:
    """Per group, the synonym and realisation slots used in its versions: (original, alternatives)."""
    out: dict[str, tuple[dict[str, list[str]], dict[str, list[str]]]] = {}
    for version in result.versions:
        synonyms, realisations = out.setdefault(version.group, ({}, {}))
        for choice in version.choices:
            target = (
                synonyms
                if choice.kind == "synonym"
                else realisations
                if choice.kind == "realisation"
                else None
            )
            if target is None:
                continue
            used = target.setdefault(choice.original, [])
            if choice.text != choice.original and choice.text not in used:
                used.append(choice.text)
    return {
        g: ([(o, a) for o, a in s.items() if a], [(o, a) for o, a in r.items() if a])
        for g, (s, r) in out.items()
    }


def _order_warnings(
    groups: list[Any], degrees: dict[str, dict[str, int]], phrases: list[Any], edited: set[str]
) -> list[str]:
    """Where a more private group sees a phrase more precisely than a closer group (allowed, said)."""
    warnings = []
    ordered = [
        g
        for g in sorted(groups, key=lambda g: g.level)
        if g.name not in edited and g.name in degrees
    ]
    for review in phrases:
        key = review.key
        for further in ordered:
            closer = [
                g
                for g in ordered
                if g.level < further.level and degrees[g.name][key] > degrees[further.name][key]
            ]
            if not closer:
                continue
            option = review.options[degrees[further.name][key]]
            shown = "as written" if option.kind == "original" else f"as “{option.text}”"
            names = ", ".join(g.name for g in closer)
            warnings.append(
                f"{further.name} (level {further.level}) sees “{review.phrase.text}” {shown}, "
                f"more precisely than the closer group{'s' if len(closer) > 1 else ''} {names}."
            )
    return warnings


def _edit_warnings(generalizer: Any, phrases: list[Any]) -> list[str]:
    """Where the author's edit of a group's text names a private phrase its level would hide."""
    warnings = []
    for name in sorted(generalizer.edited):
        edit = generalizer.choices.edits.get(name, "")
        degrees = generalizer.degrees.get(name, {})
        named = [
            review.phrase.text
            for review in phrases
            if degrees.get(review.key, 0) > 0
            and re.search(rf"(?<!\w){re.escape(review.phrase.text)}(?!\w)", edit, re.IGNORECASE)
        ]
        if named:
            quoted = ", ".join(f"“{text}”" for text in named)
            warnings.append(
                f"Your edit of {name}'s text names {quoted}, which this group's level would hide."
            )
    return warnings


def _digest(result: Any) -> str:
    payload = json.dumps(
        [[(g.name, g.text) for g in result.groups], [(v.friend, v.text) for v in result.versions]],
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


def _local(moment: datetime) -> datetime:
    """`moment` in the server's TIME_ZONE (naive = UTC): the engine reads "today", "at 10am" or
    "on Saturday" on the clock of the moment it is given, so it must be the local one, not UTC."""
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, UTC)
    return timezone.localtime(moment)


def _review_time(*, reviewed_at: Any, now: datetime | None) -> datetime:
    """The time the review was made for (time phrases are generalized relative to it)."""
    current = _local(now or timezone.now())
    if reviewed_at in (None, ""):
        return current
    if isinstance(reviewed_at, str):
        try:
            parsed = parse_datetime(reviewed_at)
        except ValueError:
            parsed = None
        if parsed is None:
            raise ValidationError(
                {"reviewed_at": "The review time is not a date and time; update the versions."}
            )
        reviewed_at = parsed
    if not isinstance(reviewed_at, datetime):
        raise ValidationError(
            {"reviewed_at": "The review time is not a date and time; update the versions."}
        )
    reviewed_at = _local(reviewed_at)
    if reviewed_at > current + REVIEW_CLOCK_SKEW:
        raise ValidationError(
            {"reviewed_at": "The review time is in the future; update the versions."}
        )
    if current - reviewed_at > REVIEW_MAX_AGE:
        raise ValidationError(
            {
                "reviewed_at": "This review is more than an hour old: update the versions, check "
                "them, then post."
            }
        )
    return reviewed_at


def message_propose(
    *,
    author: User,
    text: str,
    group_texts: dict[str, str] | None = None,
    choices: dict[str, dict[str, int]] | None = None,
    readings: dict[str, str] | None = None,
    rejected_synonyms: list[list[str]] | None = None,
    fingerprint_all: bool | None = None,
    now: datetime | None = None,
    reviewed_at: Any = None,
) -> Proposal:
    """What each group and each friend would get, with the author's review applied.

    `choices` picks an option per group and phrase key ("start:end"), `readings` a reading per
    ambiguous phrase, `rejected_synonyms` (word, synonym) pairs never to use, and `group_texts`
    the author's edits by group (an edit replaces that group's choices). `fingerprint_all`
    defaults to the author's setting. Raises ValidationError with a readable message, and
    UncheckedMessage when identification could not check the message.
    """
    text = message_clean_text(text=text)
    message_check_proposal_length(text=text)
    review = _clean_review(
        choices=choices,
        readings=readings,
        rejected_synonyms=rejected_synonyms,
        group_texts=group_texts,
    )
    author_settings = profile_settings_get(user=author)
    if fingerprint_all is None:
        fingerprint_all = author_settings.fingerprint_all
    moment = _review_time(reviewed_at=reviewed_at, now=now)
    groups = _engine_groups(author=author)
    names = [g["name"] for g in groups]
    unknown = sorted((set(review.edits) | set(review.degrees)) - set(names))
    if unknown:
        raise ValidationError({"groups": f"Unknown group(s): {', '.join(unknown)}."})
    profile_dict = profile_as_engine_dict(user=author)
    key = _proposal_key(
        author_id=author.pk,
        text=text,
        review=review,
        fingerprint_all=bool(fingerprint_all),
        invisible=author_settings.invisible_fingerprint,
        typographic=author_settings.typographic_fingerprint,
        groups=groups,
        profile=profile_dict,
        moment=moment,
    )
    proposals = caches[PROPOSAL_CACHE]
    cached = proposals.get(key)
    if isinstance(cached, Proposal):
        return cached
    proposal = _proposal_compute(
        text=text,
        review=review,
        fingerprint_all=bool(fingerprint_all),
        invisible=author_settings.invisible_fingerprint,
        typographic=author_settings.typographic_fingerprint,
        seed=f"{author.pk}:{text}",
        groups=groups,
        names=names,
        profile=Profile.from_dict(profile_dict),
        moment=moment,
    )
    proposals.set(key, proposal)
    return proposal


PROPOSAL_CACHE = "proposals"  # settings.CACHES: reviewed proposals, for posting them unchanged


def _proposal_key(
    *,
    author_id: int,
    text: str,
    review: ReviewChoices,
    fingerprint_all: bool,
    invisible: bool,
    typographic: bool,
    groups: list[dict[str, Any]],
    profile: dict[str, Any],
    moment: datetime,
) -> str:
    """The cache key of a proposal: a hash of everything the engine computes it from."""
    payload = json.dumps(
        {
            "author": author_id,
            "text": text,
            "degrees": {g: dict(d) for g, d in review.degrees.items()},
            "readings": dict(review.readings),
            "rejected": sorted(review.rejected),
            "edits": dict(review.edits),
            "fingerprint_all": fingerprint_all,
            "invisible": invisible,
            "typographic": typographic,
            "groups": groups,
            "profile": profile,
            "now": moment.isoformat(),
        },
        sort_keys=True,
        default=str,
        ensure_ascii=False,
    )
    return "proposal:" + hashlib.sha256(payload.encode()).hexdigest()


def _proposal_compute(
    *,
    text: str,
    review: ReviewChoices,
    fingerprint_all: bool,
    invisible: bool,
    typographic: bool,
    seed: str,
    groups: list[dict[str, Any]],
    names: list[str],
    profile: Profile,
    moment: datetime,
) -> Proposal:
    """Run the engine for `message_propose` (identification, the review, anonymization)."""
    try:
        found = identify(text, profile=profile, now=moment)
        if not found.checked:
            raise UncheckedMessage(found.failures, UNCHECKED_PROPOSAL)
        phrases = list(found.phrases) if found.private else []
        reviews = review_phrases(
            text, phrases, profile=profile, now=moment, readings=review.readings
        )
        check_degrees(reviews, review.degrees, names, text)
        generalizer = ReviewedGeneralizer(reviews, review)
        result = anonymize(
            text,
            profile=profile,
            now=moment,
            groups=groups,
            fingerprint_all=fingerprint_all,
            seed=seed,
            invisible=invisible,
            typographic=typographic,
            generalizer=generalizer,
            phrases=phrases,
            check=RejectingCheck(review.rejected) if review.rejected else None,
        )
    except ValueError as exc:
        raise ValidationError(str(exc)) from exc
    except ResourceMissing as exc:  # e.g. a shipped model missing or stale: fail closed, loudly
        log.error("could not generalize a message: %s", exc)
        failure = CheckFailure(
            "anonymization",
            FailureKind.MISSING,
            "A resource needed to prepare your friends' versions is missing on the server.",
            str(exc),
        )
        raise UncheckedMessage([failure], UNCHECKED_PROPOSAL) from exc
    if not result.private:
        # nothing was generalized: edits still apply, to the message as written
        edited = {name for name, t in review.edits.items() if t != " ".join(text.split())}
        if edited:
            raise ValidationError(
                {
                    "groups": "This message has nothing private, so every group gets it as written; "
                    "edit the message itself instead of a group's text."
                }
            )
    words = _fingerprint_words(result)
    group_reviews = {
        g.name: GroupReview(
            name=g.name,
            level=g.level,
            generated_text=generalizer.generated[g.name].text
            if g.name in generalizer.generated
            else g.text,
            edited=g.name in generalizer.edited,
            degrees=generalizer.degrees.get(g.name, {}),
            defaults=generalizer.defaults.get(g.name, {}),
            synonyms=words.get(g.name, ([], []))[0],
            realisations=words.get(g.name, ([], []))[1],
        )
        for g in result.groups
    }
    warnings = [notice.message for notice in found.warnings]
    warnings += _order_warnings(result.groups, generalizer.degrees, reviews, generalizer.edited)
    warnings += _edit_warnings(generalizer, reviews)
    if review.rejected:
        leaked = sorted(
            {
                (c.original, c.text)
                for v in result.versions
                for c in v.choices
                if c.kind in ("synonym", "realisation")
                and is_rejected(review.rejected, c.original, c.text)
            }
        )
        if leaked:  # a spelling variant is not a synonym the check sees
            raise ValidationError(
                "Could not avoid " + ", ".join(f"“{a} → {b}”" for a, b in leaked) + "."
            )
        warnings.append(
            "Rejected synonyms are never used; other synonyms are offered where natural ones exist, "
            "so the fingerprint capacity may be lower."
        )
    return Proposal(
        result=result,
        phrases=reviews,
        groups=group_reviews,
        rejected=sorted(review.rejected),
        fingerprint_all=bool(fingerprint_all),
        now=moment,
        digest=_digest(result),
        warnings=warnings,
    )


def message_post(
    *,
    author: User,
    text: str,
    group_texts: dict[str, str] | None = None,
    choices: dict[str, dict[str, int]] | None = None,
    readings: dict[str, str] | None = None,
    rejected_synonyms: list[list[str]] | None = None,
    audience: str = Message.Audience.FRIENDS,
    fingerprint_all: bool | None = None,
    now: datetime | None = None,
    reviewed_at: Any = None,
    digest: str | None = None,
    post_unchecked: bool = False,
) -> Message:
    """Compute every group's text and every friend's version with the author's review applied,
    then store them all atomically.

    With `digest` (from the proposal), the versions must be exactly those reviewed; with
    `reviewed_at`, time phrases are generalized relative to the review's time. A public message
    goes to every friend as written, and is not fingerprinted (nor checked: `private` is None).

    When identification cannot check the message this raises UncheckedMessage and stores
    nothing, unless `post_unchecked` is True: then every friend gets the original as written and
    the message is marked `posted_unchecked`. A message that can be checked is posted as usual
    whatever `post_unchecked` says (each friend gets their own version).
    """
    text = message_clean_text(text=text)
    if audience != Message.Audience.PUBLIC:
        message_check_proposal_length(text=text)
    if audience not in Message.Audience.values:
        raise ValidationError(
            {"audience": f"Audience must be one of {', '.join(Message.Audience.values)}."}
        )
    if audience == Message.Audience.PUBLIC:
        return _message_store_as_written(author=author, text=text, audience=audience)
    try:
        proposal = message_propose(
            author=author,
            text=text,
            group_texts=group_texts,
            choices=choices,
            readings=readings,
            rejected_synonyms=rejected_synonyms,
            fingerprint_all=fingerprint_all,
            now=now,
            reviewed_at=reviewed_at,
        )
    except UncheckedMessage as exc:
        if post_unchecked is not True:
            raise UncheckedMessage(exc.failures, UNCHECKED_POST) from exc
        # by the author's explicit choice: every friend gets the original text, and the message
        # records the choice and what could not run (no server details)
        return _message_store_as_written(
            author=author,
            text=text,
            audience=Message.Audience.FRIENDS,
            posted_unchecked=True,
            check_failures=to_data(exc.failures, omit=TECHNICAL),
            warnings=[UNCHECKED_NOTE],
        )
    if digest not in (None, "") and digest != proposal.digest:
        raise ValidationError(
            "The versions changed since you reviewed them (your friends or groups may have "
            "changed): update the versions, check them, then post."
        )
    result = proposal.result
    fingerprinted = result.private or proposal.fingerprint_all
    return message_store(
        author=author,
        text=text,
        audience=audience,
        private=result.private,
        phrases=to_data(result.phrases),
        fingerprinted=fingerprinted,
        min_distance=result.min_distance,
        warnings=list(proposal.warnings) + [n.message for n in result.warnings],
        groups=[
            GroupDraft(
                name=g.name,
                level=g.level,
                text=g.text,
                info_loss=float(g.info_loss),
                k=float(g.k) if g.k is not None else None,
                choices=to_data(g.choices),
            )
            for g in result.groups
        ],
        versions=[
            VersionDraft(
                recipient_id=int(v.friend),
                group_name=v.group,
                text=v.text,
                choices=to_data(v.choices) if fingerprinted else [],
            )
            for v in result.versions
        ],
    )


def _message_store_as_written(*, author: User, text: str, audience: str, **fields: Any) -> Message:
    """Store a message every friend gets as written: no generalization, no fingerprint, no
    verdict (`private` None). A public post, or one the author posts unchecked (`fields`)."""
    groups = _engine_groups(author=author)
    return message_store(
        author=author,
        text=text,
        audience=audience,
        private=None,
        **fields,
        groups=[GroupDraft(name=g["name"], level=g["level"], text=text) for g in groups],
        versions=[
            VersionDraft(recipient_id=int(f), group_name=g["name"], text=text)
            for g in groups
            for f in g["friends"]
        ],
    )


# Bounds on the work of one writing-exposure refresh: the author's latest posts, the most recent
# other authors of public posts and their latest posts; how many top words are kept.
EXPOSURE_OWN_POSTS = 500
EXPOSURE_COMMUNITY_AUTHORS = 2000
EXPOSURE_POSTS_PER_AUTHOR = 100
TOP_OWN_WORDS = 300
TOP_COMMUNITY_WORDS = 2000


# --- how recognisable is your writing (seed 003) -------------------------------------------


def writing_exposure_request(*, user: User) -> WritingExposure:
    """Mark the user's writing exposure as being computed and queue the task (after commit).
    If the queue is unavailable, it is computed here instead, so the user still gets it."""
    exposure, _ = WritingExposure.objects.update_or_create(
        user=user,
        defaults={"status": WritingExposure.Status.PENDING, "requested_at": timezone.now()},
    )

    def send() -> None:
        try:
            writing_exposure_send(user_id=user.pk)
        except Exception as exc:  # the broker is down: do the work now rather than never
            log.warning("could not queue the writing exposure of user %s: %s", user.pk, exc)
            writing_exposure_refresh(user=user)

    transaction.on_commit(send)
    return exposure


def _top(distribution: dict[str, float], size: int) -> dict[str, float]:
    kept = sorted(distribution.items(), key=lambda item: (-item[1], item[0]))[:size]
    total = sum(value for _, value in kept)
    return {word: round(value / total, 6) for word, value in kept} if total else {}


def writing_exposure_refresh(*, user: User) -> WritingExposure:
    """Compare the user's posts with the other authors of the site's public posts and store the
    result (distances and counts only: no other user's name or text is kept)."""
    own = list(
        Message.objects.filter(author=user)
        .order_by("-created_at")
        .values_list("text", flat=True)[:EXPOSURE_OWN_POSTS]
    )
    community: dict[str, list[str]] = {}
    public = (
        Message.objects.filter(audience=Message.Audience.PUBLIC)
        .exclude(author=user)
        .order_by("-created_at")
        .values_list("author_id", "text")
    )
    for author_id, text in public.iterator():
        texts = community.get(str(author_id))
        if texts is None:
            if len(community) >= EXPOSURE_COMMUNITY_AUTHORS:
                continue
            texts = community[str(author_id)] = []
        if len(texts) < EXPOSURE_POSTS_PER_AUTHOR:
            texts.append(text)
    mine = author_model(own)
    values: dict[str, Any] = {"computed_at": timezone.now(), "own_words": {}, "community_words": {}}
    if mine.words < MIN_WRITING_WORDS or len(community) < 2:
        values.update(
            status=WritingExposure.Status.NOT_ENOUGH,
            result={
                "posts": len(own),
                "words": mine.words,
                "community": len(community),
                "min_words": MIN_WRITING_WORDS,
            },
        )
    else:
        models = {author_id: author_model(texts) for author_id, texts in community.items()}
        assessment = assess_models(mine, models, k=5)
        data = assessment.to_data()
        # distances only: the profile never names another user
        data["neighbours"] = [{"distance": round(d, 4)} for _, d in assessment.neighbours]
        data["posts"] = len(own)
        values.update(
            status=WritingExposure.Status.READY,
            result=data,
            own_words=_top(mine.distributions["unigrams"], TOP_OWN_WORDS),
            community_words=_top(
                merged(models.values()).distributions["unigrams"], TOP_COMMUNITY_WORDS
            ),
        )
    exposure, _ = WritingExposure.objects.update_or_create(user=user, defaults=values)
    return exposure
