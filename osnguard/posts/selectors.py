"""Reads for messages. A recipient only ever reaches their own Version; the original text and the
other versions are reachable only through the author's selectors. Attribution reads a message's
versions with their fingerprints through `fingerprint_versions_for_message`. `message_release`
exports posts k-anonymously (the instance's public posts, or an author's own);
`writing_exposure_get` / `_advice` and `message_typicality` read "How recognisable is your
writing" (seed 003).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from osnguard.accounts.selectors import profile_get, profile_settings_get
from osnguard.privacy.linkability import author_model, js_distance
from osnguard.privacy.publishing import Release, anonymize_posts
from osnguard.privacy.serialization import from_data
from osnguard.privacy.types import Choice
from osnguard.privacy.types import Version as EngineVersion

from .models import Message, Version, WritingExposure


def feed_for_user(*, user: User) -> QuerySet[Version]:
    """The versions addressed to `user`, newest first (never the originals)."""
    return (
        Version.objects.filter(recipient=user)
        .select_related("message__author")
        .only(
            "id",
            "text",
            "created_at",
            "message__id",
            "message__created_at",
            "message__author__username",
            "message__author__first_name",
            "message__author__last_name",
        )
        .order_by("-created_at", "-id")
    )


def version_get_for_recipient(*, user: User, version_id: int) -> Version:
    try:
        return feed_for_user(user=user).get(pk=version_id)
    except (Version.DoesNotExist, ValueError, TypeError):
        raise Http404("No such post in your feed.") from None


def message_list_for_author(*, author: User) -> QuerySet[Message]:
    return Message.objects.filter(author=author).order_by("-created_at", "-id")


def message_get_for_author(*, author: User, message_id: int) -> Message:
    try:
        return message_list_for_author(author=author).get(pk=message_id)
    except (Message.DoesNotExist, ValueError, TypeError):
        raise Http404("No such message of yours.") from None


def message_versions_for_author(*, message: Message) -> QuerySet[Version]:
    return message.versions.select_related("recipient", "group_version", "fingerprint").order_by(
        "group_version__level", "recipient__username"
    )


def fingerprint_versions_for_message(*, message_id: int) -> list[EngineVersion]:
    """Every recipient's version of a message with its choices, in the engine's format (friend =
    recipient user id), for attribution."""
    rows = (
        Version.objects.filter(message_id=message_id)
        .select_related("group_version", "fingerprint")
        .order_by("id")
    )
    return [
        EngineVersion(
            friend=str(row.recipient_id),
            group=row.group_version.group_name,
            text=row.text,
            choices=[from_data(Choice, choice) for choice in row.fingerprint_choices],
        )
        for row in rows
    ]


# --- k-anonymous export (seeds 001/004) ----------------------------------------------------

EXPORT_MAX_POSTS = 5000  # beyond this, use `manage.py export_posts_kanon` (no request timeout)


def _author_attributes(*, profile: dict[str, list[str]], on: date) -> dict[str, str]:
    """An author's profile as the export's author attributes, age as of the post's day."""
    found: dict[str, str] = {}
    cities = profile.get("current_city") or profile.get("hometown") or []
    if cities:
        found["region"] = cities[0]
    for attribute, name in (("religion", "religion"), ("relationship", "marital")):
        if profile.get(attribute):
            found[name] = profile[attribute][0]
    if profile.get("languages"):
        found["language"] = profile["languages"][0]
    if profile.get("birthday"):
        born = date.fromisoformat(profile["birthday"][0])
        age = on.year - born.year - ((on.month, on.day) < (born.month, born.day))
        if 0 < age < 120:
            found["age"] = str(age)
    return found


def message_release(*, messages: QuerySet[Message], k: int | None) -> Release:
    """The messages released k-anonymously (`k` ≥ 2) or with the simple anonymization (None).

    Each post's author attributes come from its author's profile. Raises ValidationError for a
    bad k or more than EXPORT_MAX_POSTS messages.
    """
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or not 2 <= k <= 1000):
        raise ValidationError("k must be a whole number from 2 to 1000.")
    count = messages.count()
    if count > EXPORT_MAX_POSTS:
        raise ValidationError(
            f"{count:,} posts are too many to export here (at most {EXPORT_MAX_POSTS:,}); "
            "use `manage.py export_posts_kanon`."
        )
    return message_release_unbounded(messages=messages, k=k)


def message_release_unbounded(*, messages: QuerySet[Message], k: int | None) -> Release:
    """`message_release` without the size limit (the management command's path)."""
    profiles: dict[int, dict[str, list[str]]] = {}  # read once per author
    posts = []
    for message in messages.select_related("author").order_by("created_at", "id").iterator():
        if message.author_id not in profiles:
            profiles[message.author_id] = profile_get(user=message.author)
        posts.append(
            {
                "id": message.pk,
                "text": message.text,
                "author": _author_attributes(
                    profile=profiles[message.author_id], on=message.created_at.date()
                ),
            }
        )
    return anonymize_posts(posts, k=k)


def public_messages() -> QuerySet[Message]:
    """The instance's public posts (everyone sees them as written)."""
    return Message.objects.filter(audience=Message.Audience.PUBLIC)


# --- how recognisable is your writing (seed 003) -------------------------------------------

# Content words a message needs before it is compared with the author's writing.
TYPICAL_MIN_WORDS = 6
# How much nearer the author's own writing than everyone's a message must be to be "typical".
TYPICAL_MARGIN = 0.05
# (what to say when the user is above most people here, when below); None says nothing
_FEATURE_ADVICE: dict[str, tuple[str | None, str | None]] = {
    "slang": (
        "You use more slang and text-speak than most people here; standard spelling on your "
        "other account makes it harder to link.",
        None,
    ),
    "emoji": ("You use more emoji and smileys than most people here: an easy marker.", None),
    "exclamations": ("You use more exclamation marks than most people here.", None),
    "questions": ("You ask more questions than most people here.", None),
    "ellipses": ("You use more ellipses (…) than most people here.", None),
    "capitals": (
        "You write more capital letters than most people here.",
        "You write fewer capital letters than most people here (all lower case is a marker).",
    ),
    "sentence_length": (
        "Your sentences are longer than most people's here.",
        "Your sentences are shorter than most people's here.",
    ),
    "word_length": (
        "Your words are longer than most people's here.",
        "Your words are shorter than most people's here.",
    ),
    "contractions": (
        "You use more contractions (I'm, don't) than most people here.",
        "You use fewer contractions (I'm, don't) than most people here.",
    ),
    "digits": ("You write more numbers than most people here.", None),
    "richness": (
        "Your vocabulary is more varied than most people's here.",
        "You repeat the same words more than most people here.",
    ),
}


def writing_exposure_get(*, user: User) -> WritingExposure | None:
    return WritingExposure.objects.filter(user=user).first()


def writing_exposure_with_advice(*, user: User) -> tuple[WritingExposure | None, list[str]]:
    """The user's writing exposure and, once it is ready, its advice (the card and the API)."""
    exposure = writing_exposure_get(user=user)
    if exposure is None or exposure.status != WritingExposure.Status.READY:
        return exposure, []
    return exposure, writing_exposure_advice(result=exposure.result)


def writing_exposure_advice(*, result: dict[str, Any]) -> list[str]:
    """Plain advice from the seed's countermeasure findings and the user's standout features."""
    advice = [
        "What links two accounts most is what you write about and your favourite words (the "
        "seed's word-frequency model): on a second account, avoid your usual topics and pet "
        "phrases.",
    ]
    for item in result.get("standouts", [])[:2]:
        above, below = _FEATURE_ADVICE.get(str(item.get("feature")), (None, None))
        line = above if float(item.get("z", 0)) > 0 else below
        if line:
            advice.append(line)
    advice.append(
        "Standard spelling and common words make you read like everyone else; the seed found "
        "that spelling correction and synonyms reduce linkability, while adding misspellings on "
        "purpose backfires."
    )
    return advice


def message_typicality(*, user: User, text: str) -> list[str] | None:
    """When the user asked for it: the words that make `text` read unusually like their own
    posts (nearer their writing than the site's by TYPICAL_MARGIN), else None."""
    settings = profile_settings_get(user=user)
    if not settings.warn_typical_writing:
        return None
    exposure = writing_exposure_get(user=user)
    if exposure is None or exposure.status != WritingExposure.Status.READY:
        return None
    words = author_model([text]).distributions["unigrams"]
    if len(words) < TYPICAL_MIN_WORDS:
        return None
    own, everyone = exposure.own_words, exposure.community_words
    if js_distance(words, own) + TYPICAL_MARGIN >= js_distance(words, everyone):
        return None
    telling = sorted(
        (w for w in words if w in own and own[w] > 2 * everyone.get(w, 0.0)),
        key=lambda w: -own[w],
    )
    return telling[:5]


def writing_exposures_stale(*, older_than: timedelta) -> list[int]:
    """Users whose writing exposure was last computed longer ago than `older_than`."""
    cutoff = timezone.now() - older_than
    return list(
        WritingExposure.objects.filter(computed_at__lt=cutoff)
        .exclude(status=WritingExposure.Status.PENDING)
        .values_list("user_id", flat=True)
    )
