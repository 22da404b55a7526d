"""Forms for registering sources and setting notification preferences."""

from __future__ import annotations

from typing import Any

from django import forms

from .models import Notification, Source


class SourceForm(forms.Form):
    name = forms.CharField(max_length=120)
    kind = forms.ChoiceField(choices=list(Source.Kind.choices))
    url = forms.CharField(
        max_length=2000, required=False, help_text="Feed, page or Mastodon instance address."
    )
    hashtag = forms.CharField(
        max_length=100, required=False, help_text="For hashtag timelines, without #."
    )
    interval_minutes = forms.IntegerField(
        initial=60, min_value=5, max_value=7 * 24 * 60, help_text="How often to crawl, in minutes."
    )


class NotificationPreferencesForm(forms.Form):
    def __init__(
        self,
        *args: Any,
        preferences: dict[str, tuple[bool, bool]],
        digest: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        for kind, label in Notification.Kind.choices:
            in_app, email = preferences.get(kind, (True, True))
            self.fields[f"{kind}__in_app"] = forms.BooleanField(
                required=False, initial=in_app, label=f"{label}: in the app"
            )
            self.fields[f"{kind}__email"] = forms.BooleanField(
                required=False, initial=email, label=f"{label}: by e-mail"
            )
        self.fields["email_digest"] = forms.BooleanField(
            required=False,
            initial=digest,
            label="One e-mail a day listing everything, instead of one e-mail each time",
        )
