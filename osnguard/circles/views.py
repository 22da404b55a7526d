"""HTML pages for friends, friend requests and friend groups, with htmx for in-place edits.

Every object is looked up among the signed-in user's own, so other users' ids are 404. Invalid
forms re-render with their errors and status 400 (htmx is configured to swap 400 responses).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from osnguard.core.forms import add_service_errors, bad_request, error_text, redirect_back
from osnguard.core.inputs import id_parse
from osnguard.core.requests import HtmxHttpRequest, request_user

from . import selectors, services
from .forms import GroupChoiceForm, GroupForm, InteractionForm
from .models import FriendGroup, FriendRequest, Friendship
from .services import MIN_FRIENDS_RANKED, MIN_SUGGESTION_INTERACTIONS

User = get_user_model()
PAGE_SIZE = 25


def _page(request: HttpRequest, rows: QuerySet[Any], size: int = PAGE_SIZE) -> Page[Any]:
    """The requested page of `rows` (an out-of-range or malformed page gives the nearest page)."""
    return Paginator(rows, size).get_page(request.GET.get("page"))


def _own_group(request: HttpRequest, pk: int) -> FriendGroup:
    return get_object_or_404(FriendGroup, owner=request_user(request), pk=pk)


def _own_friendship(request: HttpRequest, pk: int) -> Friendship:
    return get_object_or_404(
        Friendship.objects.select_related("friend", "group"), owner=request_user(request), pk=pk
    )


# --- groups ------------------------------------------------------------------------------------


def _groups_context(request: HttpRequest, form: GroupForm | None = None, notice: str = "") -> dict:
    return {
        "groups": list(selectors.group_list(owner=request_user(request))),
        "form": form or GroupForm(),
        "notice": notice,
    }


def _levels_notice(changes: list[services.LevelChange]) -> str:
    """What a move did to levels, said plainly (levels decide how much detail a group sees)."""
    if not changes:
        return ""
    said = "; ".join(f"{c.name} is now level {c.after} (was {c.before})" for c in changes)
    return f"{said}. Lower levels see more detail; posts already sent keep their versions."


@login_required
@require_http_methods(["GET", "POST"])
def groups(request: HtmxHttpRequest) -> HttpResponse:
    """The group privacy configuration: list, create, rename, re-level, reorder, delete."""
    form = GroupForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                group = services.group_create(
                    owner=request_user(request),
                    name=form.cleaned_data["name"],
                    level=form.cleaned_data.get("level"),
                )
            except ValidationError as exc:
                add_service_errors(form, exc)
            else:
                notice = (
                    f"Group “{group.name}” created at level {group.level}"
                    + (
                        ""
                        if form.cleaned_data.get("level") is not None
                        else ", before your most public group"
                    )
                    + "."
                )
                if not request.htmx:
                    messages.success(request, notice)
                    return redirect("circles:groups")
                return render(
                    request, "circles/_groups_panel.html", _groups_context(request, notice=notice)
                )
        if form.errors:
            status = 400
    template = "circles/_groups_panel.html" if request.htmx else "circles/groups.html"
    return render(request, template, _groups_context(request, form), status=status)


@login_required
@require_http_methods(["GET", "POST"])
def group_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Rename or re-level a group (in place with htmx, or on its own page)."""
    group = _own_group(request, pk)
    if request.method == "POST":
        form = GroupForm(request.POST)
        if form.is_valid():
            try:
                services.group_update(
                    group=group,
                    name=form.cleaned_data["name"],
                    level=form.cleaned_data.get("level"),
                )
            except ValidationError as exc:
                add_service_errors(form, exc)
            else:
                if request.htmx:
                    # the form sits in the group's row: the whole panel replaces the panel
                    response = render(
                        request,
                        "circles/_groups_panel.html",
                        _groups_context(request, notice=f"Group “{group.name}” saved."),
                    )
                    return reswap(retarget(response, "#groups-panel"), "innerHTML")
                messages.success(request, f"Group “{group.name}” saved.")
                return redirect("circles:groups")
    else:
        form = GroupForm(initial={"name": group.name, "level": group.level})
    template = "circles/_group_edit_row.html" if request.htmx else "circles/group_edit.html"
    return render(
        request, template, {"group": group, "form": form}, status=400 if form.errors else 200
    )


@login_required
@require_GET
def group_row(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """One group's row (htmx: cancel an in-place edit)."""
    group = get_object_or_404(selectors.group_list(owner=request_user(request)), pk=pk)
    return render(request, "circles/_group_row.html", {"group": group})


@login_required
@require_POST
def group_move(request: HtmxHttpRequest, pk: int, direction: str) -> HttpResponse:
    """Move a group one place closer (up) or more public (down)."""
    group = _own_group(request, pk)
    notice = _levels_notice(services.group_move(group=group, direction=direction))
    if request.htmx:
        return render(
            request, "circles/_groups_panel.html", _groups_context(request, notice=notice)
        )
    if notice:
        messages.success(request, notice)
    return redirect("circles:groups")


@login_required
@require_http_methods(["GET", "POST"])
def group_delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Confirm and delete a group, choosing where its members go."""
    group = get_object_or_404(selectors.group_list(owner=request_user(request)), pk=pk)
    fallback = services.group_next_stricter(group=group)
    form = GroupChoiceForm(
        request.POST or None,
        owner=request_user(request),
        exclude_id=group.pk,
        initial={"group": fallback},
    )
    if request.method == "POST" and form.is_valid():
        try:
            target = services.group_delete(group=group, move_to=form.cleaned_data["group"])
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            members: int = group.member_count  # type: ignore[attr-defined]  # group_list adds it
            moved = f"; its {members} member(s) moved to “{target.name}”" if members else ""
            messages.success(request, f"Group “{group.name}” deleted{moved}.")
            return redirect("circles:groups")
    context = {"group": group, "form": form, "only_group": fallback is None}
    return render(request, "circles/group_delete.html", context, status=400 if form.errors else 200)


@login_required
@require_GET
def group_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A group's members, each movable to another group."""
    group = get_object_or_404(selectors.group_list(owner=request_user(request)), pk=pk)
    page = _page(request, selectors.friendship_list(owner=request_user(request), group_id=group.pk))
    all_groups = list(selectors.group_list(owner=request_user(request)))
    return render(
        request,
        "circles/group_detail.html",
        {"group": group, "page": page, "all_groups": all_groups},
    )


# --- friends -----------------------------------------------------------------------------------


@login_required
@require_GET
def friends(request: HtmxHttpRequest) -> HttpResponse:
    """All friends with their groups; search, filter by group, move in place, level suggestions."""
    search = selectors.search_clean(request.GET.get("q", ""))
    raw_group = request.GET.get("group", "")
    group = None
    status = 200
    if raw_group:
        group_id = id_parse(raw_group)
        if group_id is None:
            messages.error(
                request, "The group filter must be a group id (digits 0-9); showing every friend."
            )
            status = 400
        else:
            group = FriendGroup.objects.filter(owner=request_user(request), pk=group_id).first()
    rows = selectors.friendship_list(
        owner=request_user(request), group_id=group.pk if group else None, search=search
    )
    context = {
        "page": _page(request, rows),
        "search": search,
        "group": group,
        "all_groups": list(selectors.group_list(owner=request_user(request))),
        "incoming_count": selectors.friend_request_incoming(user=request_user(request)).count(),
        "suggestion_count": selectors.level_suggestion_list(
            owner=request_user(request), differing_only=True
        ).count(),
    }
    template = (
        "circles/_friends_table.html"
        if request.htmx and request.htmx.target == "friends-table"
        else "circles/friends.html"
    )
    return render(request, template, context, status=status)


@login_required
@require_GET
def friend_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """One friend: their group, interactions and suggestion; record an interaction."""
    friendship = _own_friendship(request, pk)
    interactions = selectors.interaction_list(owner=request_user(request)).filter(
        friend=friendship.friend
    )
    context = {
        "friendship": friendship,
        "interactions": interactions[:20],
        "interaction_total": interactions.count(),
        "all_groups": list(selectors.group_list(owner=request_user(request))),
        "interaction_form": InteractionForm(),
    }
    return render(request, "circles/friend_detail.html", context)


@login_required
@require_POST
def friend_move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Move a friend to another of your groups."""
    friendship = _own_friendship(request, pk)
    form = GroupChoiceForm(request.POST, owner=request_user(request))
    error = ""
    if form.is_valid():
        try:
            services.friendship_move(friendship=friendship, group=form.cleaned_data["group"])
        except ValidationError as exc:
            error = error_text(exc)
    else:
        error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    if request.htmx:
        context = {
            "row": friendship,
            "all_groups": list(selectors.group_list(owner=request_user(request))),
            "error": error,
            "moved": not error,
        }
        return render(request, "circles/_friend_row.html", context, status=400 if error else 200)
    if error:
        messages.error(request, error)
    else:
        messages.success(
            request,
            f"{friendship.friend.get_full_name() or friendship.friend.username} "
            f"moved to “{friendship.group.name}”.",
        )
    return redirect_back(request, "circles:friends")


@login_required
@require_POST
def friend_remove(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """End a friendship (both sides)."""
    friendship = _own_friendship(request, pk)
    name = friendship.friend.get_full_name() or friendship.friend.username
    services.friendship_remove(owner=request_user(request), friend=friendship.friend)
    if request.htmx:
        return HttpResponse("")
    messages.success(request, f"You are no longer friends with {name}.")
    return redirect("circles:friends")


@login_required
@require_POST
def friend_interaction(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Record an interaction with a friend."""
    friendship = _own_friendship(request, pk)
    form = InteractionForm(request.POST)
    if form.is_valid():
        try:
            services.interaction_record(
                owner=request_user(request),
                friend=friendship.friend,
                kind=form.cleaned_data["kind"],
                occurred_at=form.cleaned_data["occurred_at"],
            )
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, "Interaction recorded.")
            return redirect("circles:friend", pk=friendship.pk)
    interactions = selectors.interaction_list(owner=request_user(request)).filter(
        friend=friendship.friend
    )
    context = {
        "friendship": friendship,
        "interactions": interactions[:20],
        "interaction_total": interactions.count(),
        "all_groups": list(selectors.group_list(owner=request_user(request))),
        "interaction_form": form,
    }
    return render(request, "circles/friend_detail.html", context, status=400)


@login_required
@require_POST
def friend_apply_suggestion(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Move a friend to the group at their suggested level."""
    friendship = _own_friendship(request, pk)
    try:
        services.friendship_apply_suggestion(friendship=friendship)
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    else:
        messages.success(request, f"Moved to “{friendship.group.name}”.")
    return redirect_back(request, "circles:friends")


@login_required
@require_POST
def suggestions_recompute(request: HtmxHttpRequest) -> HttpResponse:
    """Recompute every friend's suggested level from the interactions recorded."""
    suggestions = services.circle_suggest_level(owner=request_user(request))
    suggested = sum(s.suggested_level is not None for s in suggestions)
    if suggested:
        left = len(suggestions) - suggested
        messages.success(
            request,
            f"Suggested levels for {suggested} friend{pluralize(suggested)} from your interactions."
            + (
                f" {left} friend{pluralize(left)} had too few interactions to suggest a level."
                if left
                else ""
            ),
        )
    else:
        messages.info(
            request,
            "Not enough interactions yet to suggest levels: osnguard needs at least "
            f"{MIN_FRIENDS_RANKED} friends with {MIN_SUGGESTION_INTERACTIONS} or more each.",
        )
    return redirect_back(request, "circles:friends")


# --- friend requests ---------------------------------------------------------------------------


@login_required
@require_GET
def requests_page(request: HtmxHttpRequest) -> HttpResponse:
    """Incoming and outgoing requests, and a search to find people to add."""
    query = selectors.search_clean(request.GET.get("q", ""))
    people = None
    if query:
        page = _page(request, selectors.user_search(user=request_user(request), query=query), 20)
        ids = [u.pk for u in page]
        friend_ids = set(
            Friendship.objects.filter(owner=request_user(request), friend_id__in=ids).values_list(
                "friend_id", flat=True
            )
        )
        pending = FriendRequest.objects.filter(status=FriendRequest.Status.PENDING)
        sent = set(
            pending.filter(from_user=request_user(request), to_user_id__in=ids).values_list(
                "to_user_id", flat=True
            )
        )
        received = set(
            pending.filter(to_user=request_user(request), from_user_id__in=ids).values_list(
                "from_user_id", flat=True
            )
        )
        people = page
        for user in page:
            user.relation = (
                "friend"
                if user.pk in friend_ids
                else "sent"
                if user.pk in sent
                else "received"
                if user.pk in received
                else "none"
            )
    context = {
        "incoming": selectors.friend_request_incoming(user=request_user(request)),
        "outgoing": selectors.friend_request_outgoing(user=request_user(request)),
        "groups": list(selectors.group_list(owner=request_user(request))),
        "query": query,
        "people": people,
    }
    return render(request, "circles/requests.html", context)


@login_required
@require_POST
def request_send(request: HtmxHttpRequest) -> HttpResponse:
    """Send a friend request to a user id (from the people search)."""
    to_user_id = id_parse(request.POST.get("to_user", ""))
    to_user = (
        User.objects.filter(pk=to_user_id, is_active=True).first()
        if to_user_id is not None
        else None
    )
    if to_user_id is None:
        return bad_request(request, "to_user must be a user id (digits 0-9).")
    if to_user is None:
        messages.error(request, "Unknown user.")
    else:
        try:
            group_id = id_parse(request.POST.get("group", ""))
            group = (
                selectors.group_list(owner=request_user(request)).filter(pk=group_id).first()
                if group_id is not None
                else None
            )
            services.friend_request_send(
                from_user=request_user(request), to_user=to_user, group=group
            )
        except ValidationError as exc:
            messages.error(request, error_text(exc))
        else:
            messages.success(
                request, f"Friend request sent to {to_user.get_full_name() or to_user.username}."
            )
    return redirect_back(request, "circles:requests")


@login_required
@require_POST
def request_respond(request: HtmxHttpRequest, pk: int, action: str) -> HttpResponse:
    """Accept or decline a request sent to you, or cancel one you sent."""
    rows = FriendRequest.objects.select_related("from_user", "to_user")
    if action == "cancel":
        friend_request = get_object_or_404(rows, from_user=request_user(request), pk=pk)
    else:
        friend_request = get_object_or_404(rows, to_user=request_user(request), pk=pk)
    try:
        if action == "accept":
            form = GroupChoiceForm(request.POST, owner=request_user(request), required=False)
            if not form.is_valid():
                raise ValidationError(
                    " ".join(str(e) for errors in form.errors.values() for e in errors)
                )
            friendship = services.friend_request_accept(
                friend_request=friend_request, group=form.cleaned_data["group"]
            )
            messages.success(
                request,
                f"You are now friends with {friend_request.from_user.get_full_name() or friend_request.from_user.username} "
                f"(in “{friendship.group.name}”).",
            )
        elif action == "decline":
            services.friend_request_decline(friend_request=friend_request)
            messages.info(request, "Request declined.")
        else:
            services.friend_request_cancel(friend_request=friend_request)
            messages.info(request, "Request cancelled.")
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    return redirect_back(request, "circles:requests")
