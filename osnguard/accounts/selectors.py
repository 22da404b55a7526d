"""Account and profile reads, including the profile in the engine's format."""

from __future__ import annotations

from django.contrib.auth.models import User

from .attributes import ATTRIBUTE_SPECS
from .models import ProfileAttribute, ProfileSettings


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
