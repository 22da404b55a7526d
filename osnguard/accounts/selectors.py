"""Account and profile reads, including the profile in the engine's format, and the stored
"How recognisable is your writing" with its advice and the compose page's typicality check."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from .attributes import ATTRIBUTE_SPECS
from .models import ProfileAttribute, ProfileSettings, WritingExposure


def profile_get(*, user: User) -> dict[str, list[str]]:
    """Every attribute of the user's profile (in SPEC order), each a list of values, empty if unset."""
    profile: dict[str, list[str]] = {name: [] for name in ATTRIBUTE_SPECS}
    rows = ProfileAttribute.objects.filter(user=user).order_by("attribute", "position")
    for attribute, value in rows.values_list("attribute", "value"):
        profile[attribute].append(value)
    return profile


def profile_as_engine_dict(*, user: User) -> dict[str, list[str]]:
    """The user's profile as accepted by `osnguard.privacy.types.Profile.from_dict`.

    Only attributes with values are included; values are in the user's order.
    """
    return {name: values for name, values in profile_get(user=user).items() if values}


def profile_completeness(*, user: User) -> tuple[int, int]:
    """(attributes filled in, attributes in all) for the dashboard."""
    filled = ProfileAttribute.objects.filter(user=user).values("attribute").distinct().count()
    return filled, len(ATTRIBUTE_SPECS)


def user_display_name(*, user: User) -> str:
    """Full name if known, else the username."""
    return user.get_full_name() or user.get_username()


def profile_settings_get(*, user: User) -> ProfileSettings:
    """The user's posting settings; the defaults (unsaved) when they never changed them."""
    if user.pk is None:
        return ProfileSettings()
    return ProfileSettings.objects.filter(user=user).first() or ProfileSettings(user=user)


# --- how recognisable is your writing (seed 003) -------------------------------------------

# Content words a message needs before it is compared with the author's writing.
TYPICAL_MIN_WORDS = 6
# How much nearer the author's own writing than everyone's a message must be to be "typical".
TYPICAL_MARGIN = 0.05
_FEATURE_ADVICE = {
    "slang": "You use more slang and text-speak than most people here; standard spelling on "
    "your other account makes it harder to link.",
    "emoji": "You use more emoji and smileys than most people here; they are an easy marker.",
    "exclamations": "You use more exclamation marks than most people here.",
    "questions": "You ask more questions than most people here.",
    "ellipses": "You use more ellipses (…) than most people here.",
    "capitals": "Your use of capital letters differs from most people here.",
    "sentence_length": "Your sentences are longer or shorter than most people's here.",
    "word_length": "Your words are longer or shorter than most people's here.",
    "contractions": "Your use of contractions (I'm, don't) differs from most people here.",
    "digits": "You write more numbers than most people here.",
    "richness": "Your vocabulary is unusually varied (or unusually repetitive) for this site.",
}


def writing_exposure_get(*, user: User) -> WritingExposure | None:
    return WritingExposure.objects.filter(user=user).first()


def writing_exposure_advice(*, result: dict[str, Any]) -> list[str]:
    """Plain advice from the seed's countermeasure findings and the user's standout features."""
    advice = [
        "What links two accounts most is what you write about and your favourite words (the "
        "seed's word-frequency model): on a second account, avoid your usual topics and pet "
        "phrases.",
    ]
    for item in result.get("standouts", [])[:2]:
        line = _FEATURE_ADVICE.get(str(item.get("feature")))
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
    from osnguard.privacy.linkability import js_distance
    from osnguard.privacy.linkability.style import author_model

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
