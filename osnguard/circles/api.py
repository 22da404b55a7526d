"""REST API for friend groups, friends, friend requests, interactions and level suggestions.

Every query is scoped to the signed-in user, so another user's ids answer 404. Views stay thin:
input is parsed by serializers and list parameters by FilterSets (`filters.py`), rules live in
services.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from osnguard.core.api import Pagination
from osnguard.core.inputs import IdField, id_parse
from osnguard.core.requests import request_user

from . import selectors, services
from .filters import (
    FriendRequestFilter,
    FriendshipFilter,
    LevelSuggestionFilter,
    UserSearchFilter,
)
from .models import (
    GROUP_NAME_MAX_LENGTH,
    MAX_LEVEL,
    FriendGroup,
    FriendRequest,
    Friendship,
    Interaction,
)


def query_int(request: Request, name: str) -> int | None:
    """An optional integer query parameter; a malformed one is a 400."""
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    value = id_parse(raw)
    if value is None:
        raise serializers.ValidationError(
            {name: "Must be an id: a whole number written with the digits 0-9."}
        )
    return value


def owned_group(request: Request, group_id: int, field: str = "group") -> FriendGroup:
    """One of the user's groups by id; an unknown or foreign id is a 400 on `field`."""
    group = FriendGroup.objects.filter(owner=request_user(request), pk=group_id).first()
    if group is None:
        raise serializers.ValidationError({field: "Unknown group."})
    return group


# --- serializers -------------------------------------------------------------------------------


class UserSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.SerializerMethodField()

    def get_name(self, user: User) -> str:
        return user.get_full_name() or user.get_username()


class GroupSerializer(serializers.ModelSerializer):
    member_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = FriendGroup
        fields = ["id", "name", "level", "member_count", "created_at"]


class GroupInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=GROUP_NAME_MAX_LENGTH, required=False)
    level = serializers.IntegerField(min_value=0, max_value=MAX_LEVEL, required=False)


class ReorderSerializer(serializers.Serializer):
    order = serializers.ListField(
        child=IdField(),
        allow_empty=False,
        max_length=100,
        help_text="Every one of your group ids, closest first.",
    )


class FriendshipSerializer(serializers.ModelSerializer):
    friend = UserSummarySerializer()
    group = serializers.SerializerMethodField()

    class Meta:
        model = Friendship
        fields = [
            "id",
            "friend",
            "group",
            "created_at",
            "interaction_count",
            "suggested_level",
            "suggested_at",
        ]

    def get_group(self, friendship: Friendship) -> dict:
        return {
            "id": friendship.group_id,
            "name": friendship.group.name,
            "level": friendship.group.level,
        }


class FriendshipInputSerializer(serializers.Serializer):
    group = IdField(help_text="Id of one of your groups.")


class FriendRequestSerializer(serializers.ModelSerializer):
    from_user = UserSummarySerializer()
    to_user = UserSummarySerializer()

    class Meta:
        model = FriendRequest
        fields = ["id", "from_user", "to_user", "status", "created_at", "responded_at"]


class FriendRequestInputSerializer(serializers.Serializer):
    to_user = IdField(required=False, help_text="Id of the user to ask.")
    username = serializers.CharField(required=False, max_length=150, help_text="Or their username.")
    group = IdField(
        required=False,
        help_text="Your group to put them in once they accept (your default group if omitted).",
    )

    def validate(self, data: dict) -> dict:
        if "to_user" not in data and "username" not in data:
            raise serializers.ValidationError("Give to_user (an id) or username.")
        return data


class AcceptInputSerializer(serializers.Serializer):
    group = IdField(required=False, help_text="Your group to put the new friend in.")


class InteractionSerializer(serializers.ModelSerializer):
    friend = UserSummarySerializer()

    class Meta:
        model = Interaction
        fields = ["id", "friend", "kind", "occurred_at"]


class InteractionInputSerializer(serializers.Serializer):
    friend = IdField(help_text="User id of one of your friends.")
    kind = serializers.ChoiceField(
        choices=Interaction.Kind.choices, default=Interaction.Kind.MESSAGE
    )
    occurred_at = serializers.DateTimeField(required=False)


# --- groups ------------------------------------------------------------------------------------


class GroupListApi(generics.GenericAPIView):
    """Your friend groups, closest first; POST creates one."""

    serializer_class = GroupSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[FriendGroup]:
        return selectors.group_list(owner=request_user(self.request))

    @extend_schema(operation_id="groups_list", responses=GroupSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(GroupSerializer(page, many=True).data)

    @extend_schema(request=GroupInputSerializer, responses={201: GroupSerializer})
    def post(self, request: Request) -> Response:
        data = GroupInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if "name" not in data.validated_data:
            raise serializers.ValidationError({"name": "Give the group a name."})
        group = services.group_create(owner=request_user(request), **data.validated_data)
        return Response(
            GroupSerializer(self.get_queryset().get(pk=group.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class GroupDetailApi(generics.GenericAPIView):
    """One of your groups: rename / re-level it (PATCH) or delete it (members move to `move_to`,
    else to the next stricter group)."""

    serializer_class = GroupSerializer

    def get_queryset(self) -> QuerySet[FriendGroup]:
        return selectors.group_list(owner=request_user(self.request))

    def get(self, request: Request, pk: int) -> Response:
        return Response(GroupSerializer(self.get_object()).data)

    @extend_schema(request=GroupInputSerializer)
    def patch(self, request: Request, pk: int) -> Response:
        group = self.get_object()
        data = GroupInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.group_update(group=group, **data.validated_data)
        return Response(GroupSerializer(self.get_queryset().get(pk=pk)).data)

    @extend_schema(
        parameters=[
            OpenApiParameter("move_to", OpenApiTypes.INT, description="Group for its members.")
        ]
    )
    def delete(self, request: Request, pk: int) -> Response:
        group = self.get_object()
        move_to_id = query_int(request, "move_to")
        move_to = owned_group(request, move_to_id, "move_to") if move_to_id is not None else None
        services.group_delete(group=group, move_to=move_to)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GroupReorderApi(APIView):
    """Put all your groups in a new order (closest first); levels become 0, 1, 2, ..."""

    @extend_schema(request=ReorderSerializer, responses=GroupSerializer(many=True))
    def post(self, request: Request) -> Response:
        data = ReorderSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.group_reorder(owner=request_user(request), group_ids=data.validated_data["order"])
        return Response(
            GroupSerializer(selectors.group_list(owner=request_user(request)), many=True).data
        )


# --- friends -----------------------------------------------------------------------------------


class FriendListApi(generics.ListAPIView):
    """Your friends, each with the group they are in. Filter with ?group= and ?search=."""

    serializer_class = FriendshipSerializer
    pagination_class = Pagination
    queryset = Friendship.objects.none()  # the model, for the schema; rows come from selectors
    filter_backends = [DjangoFilterBackend]
    filterset_class = FriendshipFilter

    def get_queryset(self) -> QuerySet[Friendship]:
        return selectors.friendship_list(owner=request_user(self.request))


class FriendDetailApi(generics.GenericAPIView):
    """One friendship: move the friend to another group (PATCH) or end the friendship (DELETE)."""

    serializer_class = FriendshipSerializer

    def get_queryset(self) -> QuerySet[Friendship]:
        return selectors.friendship_list(owner=request_user(self.request))

    def get(self, request: Request, pk: int) -> Response:
        return Response(FriendshipSerializer(self.get_object()).data)

    @extend_schema(request=FriendshipInputSerializer)
    def patch(self, request: Request, pk: int) -> Response:
        friendship = self.get_object()
        data = FriendshipInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.friendship_move(
            friendship=friendship, group=owned_group(request, data.validated_data["group"])
        )
        return Response(FriendshipSerializer(self.get_queryset().get(pk=pk)).data)

    def delete(self, request: Request, pk: int) -> Response:
        friendship = self.get_object()
        services.friendship_remove(owner=request_user(request), friend=friendship.friend)
        return Response(status=status.HTTP_204_NO_CONTENT)


class FriendApplySuggestionApi(generics.GenericAPIView):
    """Move a friend to the group at their suggested level."""

    serializer_class = FriendshipSerializer

    def get_queryset(self) -> QuerySet[Friendship]:
        return selectors.friendship_list(owner=request_user(self.request))

    @extend_schema(request=None)
    def post(self, request: Request, pk: int) -> Response:
        friendship = services.friendship_apply_suggestion(friendship=self.get_object())
        return Response(FriendshipSerializer(self.get_queryset().get(pk=friendship.pk)).data)


# --- friend requests ---------------------------------------------------------------------------


class FriendRequestListApi(generics.GenericAPIView):
    """Friend requests you sent or received. ?direction=incoming|outgoing (default both),
    ?status=pending|accepted|declined|cancelled|all (default pending). POST sends one."""

    serializer_class = FriendRequestSerializer
    pagination_class = Pagination

    queryset = FriendRequest.objects.none()  # the model, for the schema
    filter_backends = [DjangoFilterBackend]
    filterset_class = FriendRequestFilter

    def get_queryset(self) -> QuerySet[FriendRequest]:
        return selectors.friend_request_visible(user=request_user(self.request))

    @extend_schema(
        operation_id="friend_requests_list", responses=FriendRequestSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(FriendRequestSerializer(page, many=True).data)

    @extend_schema(request=FriendRequestInputSerializer, responses={201: FriendRequestSerializer})
    def post(self, request: Request) -> Response:
        data = FriendRequestInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        users = User.objects.filter(is_active=True)
        if "to_user" in data.validated_data:
            to_user = users.filter(pk=data.validated_data["to_user"]).first()
        else:
            to_user = users.filter(username__iexact=data.validated_data["username"]).first()
        if to_user is None:
            raise serializers.ValidationError({"to_user": "Unknown user."})
        group_id = data.validated_data.get("group")
        friend_request = services.friend_request_send(
            from_user=request_user(request),
            to_user=to_user,
            group=owned_group(request, group_id) if group_id is not None else None,
        )
        return Response(
            FriendRequestSerializer(friend_request).data, status=status.HTTP_201_CREATED
        )


class FriendRequestDetailApi(generics.RetrieveAPIView):
    """One friend request you sent or received."""

    serializer_class = FriendRequestSerializer

    def get_queryset(self) -> QuerySet[FriendRequest]:
        return selectors.friend_request_visible(user=request_user(self.request))


class _FriendRequestActionApi(APIView):
    """Base for accept / decline (requests sent to you) and cancel (requests you sent)."""

    incoming = True

    def get_request(self, request: Request, pk: int) -> FriendRequest:
        rows = FriendRequest.objects.select_related("from_user", "to_user")
        if self.incoming:
            return get_object_or_404(rows, to_user=request_user(request), pk=pk)
        return get_object_or_404(rows, from_user=request_user(request), pk=pk)

    def respond(self, friend_request: FriendRequest) -> Response:
        friend_request.refresh_from_db()
        return Response(FriendRequestSerializer(friend_request).data)


class FriendRequestAcceptApi(_FriendRequestActionApi):
    """Accept a request sent to you; the new friend goes to `group` or your default group."""

    @extend_schema(request=AcceptInputSerializer, responses=FriendRequestSerializer)
    def post(self, request: Request, pk: int) -> Response:
        friend_request = self.get_request(request, pk)
        data = AcceptInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        group_id = data.validated_data.get("group")
        group = owned_group(request, group_id) if group_id is not None else None
        services.friend_request_accept(friend_request=friend_request, group=group)
        return self.respond(friend_request)


class FriendRequestDeclineApi(_FriendRequestActionApi):
    """Decline a request sent to you."""

    @extend_schema(request=None, responses=FriendRequestSerializer)
    def post(self, request: Request, pk: int) -> Response:
        friend_request = self.get_request(request, pk)
        services.friend_request_decline(friend_request=friend_request)
        return self.respond(friend_request)


class FriendRequestCancelApi(_FriendRequestActionApi):
    """Withdraw a request you sent."""

    incoming = False

    @extend_schema(request=None, responses=FriendRequestSerializer)
    def post(self, request: Request, pk: int) -> Response:
        friend_request = self.get_request(request, pk)
        services.friend_request_cancel(friend_request=friend_request)
        return self.respond(friend_request)


class UserSearchApi(generics.ListAPIView):
    """Find people to add: ?search= of at least USER_SEARCH_MIN_LENGTH characters matches username,
    first or last name (at most 50 people); a shorter one only an exact username; no search, nobody."""

    serializer_class = UserSummarySerializer
    pagination_class = Pagination
    queryset = User.objects.none()  # the model, for the schema
    filter_backends = [DjangoFilterBackend]
    filterset_class = UserSearchFilter

    def get_queryset(self) -> QuerySet[User]:
        return selectors.user_search_candidates(user=request_user(self.request))


# --- interactions and suggestions ---------------------------------------------------------------


class InteractionListApi(generics.GenericAPIView):
    """Interactions you recorded with friends, newest first; POST records one."""

    serializer_class = InteractionSerializer
    pagination_class = Pagination

    def get_queryset(self) -> QuerySet[Interaction]:
        return selectors.interaction_list(owner=request_user(self.request))

    @extend_schema(operation_id="interactions_list", responses=InteractionSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(InteractionSerializer(page, many=True).data)

    @extend_schema(request=InteractionInputSerializer, responses={201: InteractionSerializer})
    def post(self, request: Request) -> Response:
        data = InteractionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        friend = User.objects.filter(pk=data.validated_data["friend"]).first()
        if friend is None:
            raise serializers.ValidationError(
                {"friend": "You can only record interactions with your friends."}
            )
        interaction = services.interaction_record(
            owner=request_user(request),
            friend=friend,
            kind=data.validated_data["kind"],
            occurred_at=data.validated_data.get("occurred_at"),
        )
        return Response(InteractionSerializer(interaction).data, status=status.HTTP_201_CREATED)


class LevelSuggestionListApi(generics.ListAPIView):
    """Friends with a suggested level (from interaction frequency), most frequent first.
    ?differing=1 lists only friends whose group level differs from the suggestion."""

    serializer_class = FriendshipSerializer
    pagination_class = Pagination
    queryset = Friendship.objects.none()  # the model, for the schema
    filter_backends = [DjangoFilterBackend]
    filterset_class = LevelSuggestionFilter

    def get_queryset(self) -> QuerySet[Friendship]:
        return selectors.level_suggestion_list(owner=request_user(self.request))


class LevelSuggestionRecomputeApi(APIView):
    """Recompute your friends' suggested levels now from the interactions recorded."""

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        suggestions = services.circle_suggest_level(owner=request_user(request))
        return Response(
            {
                "friends": len(suggestions),
                "suggested": sum(s.suggested_level is not None for s in suggestions),
            }
        )
