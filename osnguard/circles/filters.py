"""Query parameters of the circles API lists, as django-filter FilterSets.

Each FilterSet narrows the queryset its view's selector returns (the selectors stay the place that
queries); a malformed value answers 400 naming the parameter, and drf-spectacular documents the
parameters from these classes.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import Http404, QueryDict

from osnguard.core.inputs import id_parse
from osnguard.core.requests import request_user

from . import selectors
from .models import FriendGroup, FriendRequest, Friendship

ID_MESSAGE = "Must be an id: a whole number written with the digits 0-9."
YES = frozenset({"1", "true", "yes"})
NO = frozenset({"0", "false", "no"})


class IdFormField(forms.Field):
    """An object id (ASCII digits, within the database's integer range), or None when empty."""

    default_error_messages = {"invalid": ID_MESSAGE}

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        parsed = id_parse(value)
        if parsed is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return parsed


class IdFilter(django_filters.Filter):
    """A filter on an object id that refuses what `id_parse` refuses (a 400, never a 500)."""

    field_class = IdFormField


class YesNoFormField(forms.Field):
    """A yes/no switch: 1, true or yes; 0, false or no (any case); empty means no."""

    default_error_messages = {"invalid": "Use 1, true or yes (or 0, false or no)."}

    def to_python(self, value: Any) -> bool:
        if value in self.empty_values:
            return False
        text = str(value).strip().lower()
        if text in YES:
            return True
        if text in NO:
            return False
        raise forms.ValidationError(self.error_messages["invalid"], code="invalid")


class YesNoFilter(django_filters.BooleanFilter):
    field_class = YesNoFormField


class FriendshipFilter(django_filters.FilterSet):
    """?group= (one of your group ids; another id is a 404) and ?search= (username or name)."""

    group = IdFilter(method="filter_group", help_text="Only friends in this group of yours.")
    search = django_filters.CharFilter(
        method="filter_search", help_text="Part of the friend's username, first or last name."
    )

    class Meta:
        model = Friendship
        fields = ["group", "search"]

    def filter_group(
        self, queryset: QuerySet[Friendship], name: str, value: int
    ) -> QuerySet[Friendship]:
        group = FriendGroup.objects.filter(owner=request_user(self.request), pk=value).first()
        if group is None:
            raise Http404("No FriendGroup matches the given query.")
        return queryset.filter(group=group)

    def filter_search(
        self, queryset: QuerySet[Friendship], name: str, value: str
    ) -> QuerySet[Friendship]:
        return selectors.friendship_matching(queryset, search=value)


class FriendRequestFilter(django_filters.FilterSet):
    """?direction=incoming|outgoing (default both) and ?status= (default pending; `all` for any)."""

    direction = django_filters.ChoiceFilter(
        method="filter_direction",
        choices=[("incoming", "Sent to you"), ("outgoing", "Sent by you")],
        error_messages={"invalid_choice": "Use incoming or outgoing."},
        help_text="Requests sent to you or by you; both when omitted.",
    )
    status = django_filters.ChoiceFilter(
        method="filter_status",
        choices=[*FriendRequest.Status.choices, ("all", "All")],
        error_messages={"invalid_choice": "Use pending, accepted, declined, cancelled or all."},
        help_text="Requests in this state (default pending); all for every state.",
    )

    class Meta:
        model = FriendRequest
        fields = ["direction", "status"]

    def __init__(self, data: QueryDict | None = None, *args: Any, **kwargs: Any) -> None:
        if data is not None and not data.get("status"):
            data = data.copy()
            data["status"] = FriendRequest.Status.PENDING
        super().__init__(data, *args, **kwargs)

    def filter_direction(
        self, queryset: QuerySet[FriendRequest], name: str, value: str
    ) -> QuerySet[FriendRequest]:
        if value == "incoming":
            return queryset.filter(to_user=request_user(self.request))
        return queryset.filter(from_user=request_user(self.request))

    def filter_status(
        self, queryset: QuerySet[FriendRequest], name: str, value: str
    ) -> QuerySet[FriendRequest]:
        return queryset if value == "all" else queryset.filter(status=value)


class UserSearchFilter(django_filters.FilterSet):
    """?search= of at least USER_SEARCH_MIN_LENGTH characters matches username, first or last name;
    a shorter one only an exact username; no search finds nobody (there is no full listing)."""

    search = django_filters.CharFilter(
        help_text=f"Part of a username, first or last name (at least "
        f"{settings.USER_SEARCH_MIN_LENGTH} characters; a shorter search must be a whole "
        f"username). At most {selectors.USER_SEARCH_MAX_RESULTS} people are found."
    )

    class Meta:
        model = User
        fields = ["search"]

    def filter_queryset(self, queryset: QuerySet[User]) -> QuerySet[User]:
        # Every request is a search, so the selector runs with or without one.
        return selectors.user_search_matching(
            queryset, query=self.form.cleaned_data.get("search") or ""
        )


class LevelSuggestionFilter(django_filters.FilterSet):
    """?differing=1 lists only friends whose group level differs from the suggestion."""

    differing = YesNoFilter(
        method="filter_differing",
        help_text="Only friends whose group level differs from the suggested level.",
    )

    class Meta:
        model = Friendship
        fields = ["differing"]

    def filter_differing(
        self, queryset: QuerySet[Friendship], name: str, value: bool
    ) -> QuerySet[Friendship]:
        return selectors.level_suggestion_differing(queryset) if value else queryset
