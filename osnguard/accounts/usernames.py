"""One username normaliser for the sign-up form and the API, and the visible-password check.

Usernames are stored in NFKC form ("ＡＤＡＭ" becomes "ADAM") and compared case-folded, so "ADAM",
"ＡＤＡＭ" and "adam" are one name. A name mixing letters of several scripts (Latin "adam" with a
Cyrillic "а") is refused: it exists to look like someone else.
"""

from __future__ import annotations

import unicodedata

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError

# Scripts that one language writes together count as one (Japanese mixes kana and kanji).
_SCRIPT_FAMILIES = {
    "HIRAGANA": "JAPANESE",
    "KATAKANA": "JAPANESE",
    "CJK": "JAPANESE",
    "HANGUL": "KOREAN",
}
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"}


def username_normalize(*, username: object) -> str:
    """The stored form of a username: NFKC, without surrounding spaces."""
    return unicodedata.normalize("NFKC", str(username or "")).strip()


def username_key(*, username: str) -> str:
    """The form two usernames are compared in: NFKC, then case-folded."""
    return unicodedata.normalize("NFKC", username_normalize(username=username).casefold())


def username_scripts(*, username: str) -> set[str]:
    """The scripts of the letters in a username (digits and punctuation belong to none)."""
    scripts = set()
    for char in username:
        if not char.isalpha():
            continue
        script = unicodedata.name(char, "UNKNOWN").split(" ")[0]
        scripts.add(_SCRIPT_FAMILIES.get(script, script))
    return scripts


def username_check_available(*, username: str) -> str:
    """Normalise a username and check it is neither a look-alike of a taken one nor mixed-script;
    returns the form to store, or raises ValidationError."""
    name = username_normalize(username=username)
    if len(username_scripts(username=name)) > 1:
        raise ValidationError(
            "Use letters of one script only: this name mixes scripts (for example a "
            "Cyrillic letter among Latin ones), so it could pass for someone else's.",
            code="mixed_script",
        )
    key = username_key(username=name)
    users = get_user_model().objects
    taken = (
        users.filter(username__iexact=name).exists() or users.filter(username__iexact=key).exists()
    )
    if not taken and not key.isascii():
        # SQLite's case-insensitive match is ASCII-only: compare the non-ASCII names here.
        taken = any(
            username_key(username=other) == key
            for other in users.filter(username__regex=r"[^\x00-\x7f]").values_list(
                "username", flat=True
            )
        )
    if taken:
        raise ValidationError("A user with that username already exists.", code="unique")
    return name


class VisiblePasswordValidator:
    """Refuse passwords with fewer than `min_length` visible characters: eight zero-width spaces
    pass Django's length check but are no password."""

    def __init__(self, min_length: int = 8) -> None:
        self.min_length = min_length

    def validate(self, password: str, user: AbstractBaseUser | None = None) -> None:
        visible = sum(
            1 for char in password if unicodedata.category(char) not in _INVISIBLE_CATEGORIES
        )
        if visible < self.min_length:
            raise ValidationError(
                f"This password has fewer than {self.min_length} visible characters (spaces, zero-width and "
                "control characters do not count).",
                code="password_too_few_visible",
            )

    def get_help_text(self) -> str:
        return f"Your password must contain at least {self.min_length} visible characters."
