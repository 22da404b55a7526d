"""URLs of the friends, friend requests and friend groups pages."""

from django.urls import path, re_path

from . import views

app_name = "circles"

urlpatterns = [
    path("friends/", views.friends, name="friends"),
    path("friends/<int:pk>/", views.friend_detail, name="friend"),
    path("friends/<int:pk>/move/", views.friend_move, name="friend-move"),
    path("friends/<int:pk>/remove/", views.friend_remove, name="friend-remove"),
    path("friends/<int:pk>/interactions/", views.friend_interaction, name="friend-interaction"),
    path(
        "friends/<int:pk>/apply-suggestion/",
        views.friend_apply_suggestion,
        name="friend-apply-suggestion",
    ),
    path(
        "friends/suggestions/recompute/", views.suggestions_recompute, name="suggestions-recompute"
    ),
    path("friends/requests/", views.requests_page, name="requests"),
    path("friends/requests/send/", views.request_send, name="request-send"),
    re_path(
        r"^friends/requests/(?P<pk>[0-9]{1,18})/(?P<action>accept|decline|cancel)/$",
        views.request_respond,
        name="request-respond",
    ),
    path("groups/", views.groups, name="groups"),
    path("groups/<int:pk>/", views.group_detail, name="group"),
    path("groups/<int:pk>/row/", views.group_row, name="group-row"),
    path("groups/<int:pk>/edit/", views.group_edit, name="group-edit"),
    re_path(
        r"^groups/(?P<pk>[0-9]{1,18})/move/(?P<direction>up|down)/$",
        views.group_move,
        name="group-move",
    ),
    path("groups/<int:pk>/delete/", views.group_delete, name="group-delete"),
]
