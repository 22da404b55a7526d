"""The compose review's form fields, read back into the keyword arguments of `message_propose` /
`message_post`.

The review panel is part of the compose form, so its state travels with every request:

- `choice__<start:end>__<group>`: the option (degree) picked for a phrase in a group; a hidden
  `default__<start:end>__<group>` says what the engine proposed, and a choice equal to it is no
  choice (the group keeps following the engine's default);
- `reading__<start:end>`: the reading of an ambiguous phrase (`reading_shown__` says which one the
  options on screen were made for: a new reading drops that phrase's choices, they were for
  other options);
- `rejected`: "word → synonym" pairs never to use;
- `group_text__<group>`: a group's text; it is an edit only when it differs from the hidden
  `group_base__<group>`, the text the engine generated for that group (`discard_edit=<group>`
  drops it);
- `review_text`: a hash of the message the choices were made for, to catch a changed message;
- `reviewed_at`, `review_digest`: the review's time and the hash of its versions, for posting.

A `fresh` field (the "Review versions" button) starts a new review and ignores all of this.
`ExportForm` is the k-anonymous export's form.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict

ARROW = "→"


def text_hash(text: str) -> str:
    """A short hash of a message as typed (whitespace at the ends ignored)."""
    return hashlib.sha256(text.strip().encode()).hexdigest()[:16]


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def review_fields(post: QueryDict) -> dict[str, Any]:
    """The review state of a compose form as keyword arguments for the posting services."""
    text = post.get("text", "")
    if post.get("fresh"):
        return {}
    shown = post.get("review_text")
    has_review = any(
        k.startswith(("choice__", "reading__", "group_text__")) for k in post
    ) or post.getlist("rejected")
    if has_review and shown and shown != text_hash(text):
        raise ValidationError(
            "The message changed since these choices were made: click “Review versions” to "
            "review it again."
        )
    readings = {
        key[len("reading__") :]: value
        for key, value in post.items()
        if key.startswith("reading__") and value
    }
    changed_readings = {
        key for key, value in readings.items() if post.get(f"reading_shown__{key}", value) != value
    }
    choices: dict[str, dict[str, str]] = {}
    for field in post:
        if not field.startswith("choice__"):
            continue
        value = post.get(field, "")
        key, separator, group = field[len("choice__") :].partition("__")
        if not separator or not group:
            raise ValidationError(
                f"The review field {field!r} is malformed; click “Review versions” to start again."
            )
        if key in changed_readings or value == post.get(f"default__{key}__{group}"):
            continue
        choices.setdefault(group, {})[key] = value
    rejected = []
    for value in post.getlist("rejected"):
        word, separator, synonym = value.partition(ARROW)
        if not separator or not word.strip() or not synonym.strip():
            raise ValidationError(f"“{value}” is not a rejected synonym (word {ARROW} synonym).")
        rejected.append([word.strip(), synonym.strip()])
    group_texts = {}
    discarded = post.get("discard_edit")
    for field in post:
        if field.startswith("group_text__"):
            value = post.get(field, "")
            group = field[len("group_text__") :]
            if group != discarded and not _same(value, post.get(f"group_base__{group}", "")):
                group_texts[group] = value
    out: dict[str, Any] = {
        "choices": choices,
        "readings": readings,
        "rejected_synonyms": rejected,
        "group_texts": group_texts,
    }
    if post.get("reviewed_at"):
        out["reviewed_at"] = post["reviewed_at"]
    return out


def post_fields(post: QueryDict) -> dict[str, Any]:
    """`review_fields` plus what only posting checks: the digest of the reviewed versions."""
    fields = review_fields(post)
    if fields and post.get("review_digest"):
        fields["digest"] = post["review_digest"]
    return fields


class ExportForm(forms.Form):
    """The k-anonymous export's choice: k (every released class has at least k posts), or the
    simple anonymization that generalizes every value once whatever the classes."""

    method = forms.ChoiceField(
        choices=[("kanon", "k-anonymous"), ("simple", "Simple (no k)")],
        initial="kanon",
        label="Anonymization",
    )
    k = forms.IntegerField(
        label="k",
        min_value=2,
        max_value=1000,
        initial=5,
        required=False,
        help_text="Each released post is indistinguishable from at least k−1 others.",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("method") == "kanon" and data.get("k") is None and "k" not in self.errors:
            self.add_error("k", "Choose k, from 2 to 1000.")
        return data

    def k_value(self) -> int | None:
        """k, or None for the simple anonymization."""
        return None if self.cleaned_data["method"] == "simple" else self.cleaned_data["k"]
