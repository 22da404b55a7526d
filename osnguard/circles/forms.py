"""Forms for the friend-group and friends pages (validation rules live in services)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.models import User

from .models import GROUP_NAME_MAX_LENGTH, MAX_LEVEL, FriendGroup, Interaction


class GroupForm(forms.Form):
    """Create or edit a group: name and privacy level."""

    name = forms.CharField(max_length=GROUP_NAME_MAX_LENGTH)
    level = forms.IntegerField(
        min_value=0,
        max_value=MAX_LEVEL,
        required=False,
        help_text="0 is the closest group (sees the most); higher levels see more general text.",
    )


class GroupChoiceField(forms.ModelChoiceField):
    """A choice among groups, each shown with its level."""

    def label_from_instance(self, obj: FriendGroup) -> str:
        return f"{obj.name} (level {obj.level})"


class GroupChoiceForm(forms.Form):
    """Pick one of the owner's groups (moving a friend, accepting a request, deleting a group)."""

    group = GroupChoiceField(queryset=FriendGroup.objects.none(), required=False, empty_label=None)

    def __init__(
        self,
        *args: Any,
        owner: User,
        required: bool = True,
        exclude_id: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        groups = FriendGroup.objects.filter(owner=owner).order_by("level", "name")
        if exclude_id is not None:
            groups = groups.exclude(pk=exclude_id)
        field = self.fields["group"]
        assert isinstance(field, forms.ModelChoiceField)  # declared above; narrows the type
        field.queryset = groups
        field.required = required
        field.error_messages["invalid_choice"] = "Unknown group."
        if not required:
            field.empty_label = "Automatic"


class InteractionForm(forms.Form):
    """Record an interaction with a friend."""

    kind = forms.ChoiceField(choices=Interaction.Kind.choices)
    occurred_at = forms.DateTimeField(
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text="Leave empty for now.",
    )
