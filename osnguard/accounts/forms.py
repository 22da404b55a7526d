"""Forms for sign-up and the profile page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from .attributes import ATTRIBUTE_SPECS, attribute_clean_values
from .usernames import username_check_available


class SignUpForm(UserCreationForm):
    """Username, name, e-mail and password twice; the account is created by user_sign_up."""

    first_name = forms.CharField(max_length=150, required=False)
    last_name = forms.CharField(max_length=150, required=False)
    email = forms.EmailField(required=False)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "first_name", "last_name", "email")

    def clean_username(self) -> str:
        return username_check_available(username=self.cleaned_data["username"])


class ProfileForm(forms.Form):
    """Name, e-mail and every profile attribute; multi-valued attributes take one value per line."""

    first_name = forms.CharField(max_length=150, required=False)
    last_name = forms.CharField(max_length=150, required=False)
    email = forms.EmailField(required=False)
    fingerprint_all = forms.BooleanField(
        required=False,
        label="Fingerprint every message",
        help_text="Give each friend a distinct version even when a message has nothing private in it, "
        "so a leak of any message can be traced. The compose page starts with this choice.",
    )
    invisible_fingerprint = forms.BooleanField(
        required=False,
        label="Invisible fingerprint",
        help_text="Write each friend's code into their version in characters that do not show: "
        "the text looks, wraps and reads aloud exactly the same, and a copy pasted anywhere still "
        "says whose version it was, even a partial or lightly edited one. Retyping the text "
        "removes it; the wording of each version still differs then.",
    )
    typographic_fingerprint = forms.BooleanField(
        required=False,
        label="Typographic fingerprint",
        help_text="Give each friend their own small typographic choices: straight or curly "
        "apostrophes, a space before an emoji or not, a sentence started with a capital or not, "
        "“pm” or “PM”. No word changes. A copy keeps them even on sites that strip hidden "
        "characters, so leaks of a few posts together point to the friend. Turn it off to keep "
        "your typography exactly as you write it.",
    )

    warn_typical_writing = forms.BooleanField(
        required=False,
        label="Warn when a message sounds just like me",
        help_text="On the compose page, say when a message uses your own favourite words much "
        "more than other people here do, so you can reword it before posting from an account "
        "you keep apart. Uses “How recognisable is your writing” below.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for spec in ATTRIBUTE_SPECS.values():
            if spec.kind == "date":
                field: forms.Field = forms.DateField(
                    required=False,
                    label=spec.label,
                    help_text=spec.help_text,
                    widget=forms.DateInput(attrs={"type": "date"}),
                )
            else:
                field = forms.CharField(
                    required=False,
                    label=spec.label,
                    help_text=f"{spec.help_text} One per line."
                    if spec.max_values > 1
                    else spec.help_text,
                    widget=forms.Textarea(attrs={"rows": 2, "placeholder": spec.help_text}),
                )
            field.attribute_kind = spec.kind  # type: ignore[attr-defined]
            self.fields[spec.name] = field

    @classmethod
    def initial_from(
        cls,
        *,
        user: User,
        profile: dict[str, list[str]],
        fingerprint_all: bool = False,
        invisible_fingerprint: bool = True,
        typographic_fingerprint: bool = True,
        warn_typical_writing: bool = False,
    ) -> dict[str, object]:
        """Initial data for the form from a stored profile and the posting settings."""
        initial: dict[str, object] = {
            "first_name": user.first_name,
            "last_name": user.last_name,
            "email": user.email,
            "fingerprint_all": fingerprint_all,
            "invisible_fingerprint": invisible_fingerprint,
            "typographic_fingerprint": typographic_fingerprint,
            "warn_typical_writing": warn_typical_writing,
        }
        for name, values in profile.items():
            initial[name] = (
                values[0] if ATTRIBUTE_SPECS[name].kind == "date" and values else "\n".join(values)
            )
        return initial

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        for name, spec in ATTRIBUTE_SPECS.items():
            if name not in cleaned:
                continue  # the field's own validation failed
            raw = cleaned[name]
            values = [raw.isoformat()] if spec.kind == "date" and raw else (raw or "").splitlines()
            try:
                cleaned[name] = attribute_clean_values(attribute=name, values=values)
            except ValidationError as exc:
                self.add_error(name, exc)
        return cleaned

    def attributes(self) -> dict[str, list[str]]:
        """The cleaned attribute values, for profile_update."""
        return {name: self.cleaned_data.get(name, []) for name in ATTRIBUTE_SPECS}

    def names(self) -> dict[str, str]:
        return {key: self.cleaned_data.get(key, "") for key in ("first_name", "last_name", "email")}
