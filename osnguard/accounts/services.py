"""Account and profile writes (HackSoft style: keyword-only, typed, `<entity>_<action>`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from osnguard.circles.services import group_create_defaults

from .attributes import ATTRIBUTE_SPECS, attribute_clean_values
from .models import ProfileAttribute, ProfileSettings
from .selectors import profile_get
from .usernames import username_check_available, username_normalize

NAME_MAX_LENGTH = 150


@transaction.atomic
def user_sign_up(
    *, username: str, password: str, email: str = "", first_name: str = "", last_name: str = ""
) -> User:
    """Create an account with the default friend groups; raise ValidationError on bad input."""
    username = username_normalize(username=username)
    user = User(
        username=username,
        email=(email or "").strip(),
        first_name=(first_name or "").strip(),
        last_name=(last_name or "").strip(),
    )
    user.full_clean(exclude=["password"])
    try:
        user.username = username_check_available(username=username)
    except ValidationError as exc:
        raise ValidationError({"username": exc.messages}) from None
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise ValidationError({"password": exc.messages}) from None
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:  # the same username was taken a moment ago
        raise ValidationError({"username": "A user with that username already exists."}) from None
    group_create_defaults(owner=user)
    return user


@transaction.atomic
def profile_update(
    *,
    user: User,
    attributes: dict[str, Any],
    replace: bool = True,
    names: dict[str, str] | None = None,
) -> dict[str, list[str]]:
    """Set a user's profile attributes; return the full profile afterwards.

    `attributes` maps attribute names to lists of values. With `replace`, attributes left out are
    cleared (a full edit); otherwise only the attributes given change (a partial edit). `names`
    may carry first_name / last_name / email. Nothing is written unless everything validates.
    """
    if not isinstance(attributes, dict):
        raise ValidationError("The profile must map attribute names to lists of values.")
    errors: dict[str, list[str]] = {}
    cleaned: dict[str, list[str]] = {}
    for name, values in attributes.items():
        try:
            cleaned[name] = attribute_clean_values(attribute=str(name), values=values)
        except ValidationError as exc:
            errors[str(name)] = exc.messages
    if names:
        _apply_names(user=user, names=names, errors=errors)
    if errors:
        raise ValidationError(errors)
    if names:
        user.save(
            update_fields=[key for key in ("first_name", "last_name", "email") if key in names]
        )
    targets = list(ATTRIBUTE_SPECS) if replace else list(cleaned)
    ProfileAttribute.objects.filter(user=user, attribute__in=targets).delete()
    ProfileAttribute.objects.bulk_create(
        ProfileAttribute(user=user, attribute=name, value=value, position=position)
        for name in targets
        for position, value in enumerate(cleaned.get(name, []))
    )
    return profile_get(user=user)


def _apply_names(*, user: User, names: dict[str, str], errors: dict[str, list[str]]) -> None:
    """Validate first/last name and e-mail into `user` (not saved); collect errors."""
    for key in ("first_name", "last_name", "email"):
        if key not in names:
            continue
        value = names[key]
        if not isinstance(value, str):
            errors[key] = ["Must be text."]
            continue
        setattr(user, key, value.strip())
    try:
        user.full_clean(exclude=["password", "username", "last_login", "date_joined"])
    except ValidationError as exc:
        for key, messages in exc.message_dict.items():
            if key in names:
                errors[key] = messages


def profile_settings_update(
    *,
    user: User,
    fingerprint_all: bool | None = None,
    invisible_fingerprint: bool | None = None,
    typographic_fingerprint: bool | None = None,
    warn_typical_writing: bool | None = None,
) -> ProfileSettings:
    """Save the user's posting settings (a setting left None is unchanged): `fingerprint_all`
    fingerprints even messages with nothing private in them (the compose page's default and the
    API's when a request does not say); `invisible_fingerprint` writes each friend's code into
    their version in characters that do not show, `typographic_fingerprint` gives each friend
    their own apostrophes, emoji spacing and sentence capitals (both on by default);
    `warn_typical_writing` warns on compose when a message reads unusually like the user's
    other posts (off by default)."""
    changes = {
        "fingerprint_all": fingerprint_all,
        "invisible_fingerprint": invisible_fingerprint,
        "typographic_fingerprint": typographic_fingerprint,
        "warn_typical_writing": warn_typical_writing,
    }
    errors = {
        name: "Must be true or false."
        for name, value in changes.items()
        if value is not None and not isinstance(value, bool)
    }
    if errors:
        raise ValidationError(errors)
    settings, _ = ProfileSettings.objects.update_or_create(
        user=user, defaults={name: value for name, value in changes.items() if value is not None}
    )
    return settings
