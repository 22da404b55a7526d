"""URLs of the circles REST API (mounted under /api/)."""

from django.urls import path

from . import api

app_name = "circles-api"

urlpatterns = [
    path("groups/", api.GroupListApi.as_view(), name="groups"),
    path("groups/reorder/", api.GroupReorderApi.as_view(), name="group-reorder"),
    path("groups/<int:pk>/", api.GroupDetailApi.as_view(), name="group-detail"),
    path("friends/", api.FriendListApi.as_view(), name="friends"),
    path("friends/<int:pk>/", api.FriendDetailApi.as_view(), name="friend-detail"),
    path(
        "friends/<int:pk>/apply-suggestion/",
        api.FriendApplySuggestionApi.as_view(),
        name="friend-apply-suggestion",
    ),
    path("friend-requests/", api.FriendRequestListApi.as_view(), name="friend-requests"),
    path(
        "friend-requests/<int:pk>/",
        api.FriendRequestDetailApi.as_view(),
        name="friend-request-detail",
    ),
    path(
        "friend-requests/<int:pk>/accept/",
        api.FriendRequestAcceptApi.as_view(),
        name="friend-request-accept",
    ),
    path(
        "friend-requests/<int:pk>/decline/",
        api.FriendRequestDeclineApi.as_view(),
        name="friend-request-decline",
    ),
    path(
        "friend-requests/<int:pk>/cancel/",
        api.FriendRequestCancelApi.as_view(),
        name="friend-request-cancel",
    ),
    path("users/", api.UserSearchApi.as_view(), name="users"),
    path("interactions/", api.InteractionListApi.as_view(), name="interactions"),
    path("level-suggestions/", api.LevelSuggestionListApi.as_view(), name="level-suggestions"),
    path(
        "level-suggestions/recompute/",
        api.LevelSuggestionRecomputeApi.as_view(),
        name="level-suggestions-recompute",
    ),
]
