"""Pages for composing, the feed and the author's messages."""

from django.urls import path

from . import views

app_name = "posts"

urlpatterns = [
    path("compose/", views.compose, name="compose"),
    path("compose/analyze/", views.compose_analyze, name="compose-analyze"),
    path("compose/review/", views.compose_review, name="compose-review"),
    path("compose/post/", views.compose_post, name="compose-post"),
    path("feed/", views.feed, name="feed"),
    path("posts/", views.my_messages, name="mine"),
    path("posts/<int:pk>/", views.message_detail, name="message"),
    path("posts/export/", views.export_posts, name="export"),
    path("posts/export/public/", views.export_posts, {"scope": "public"}, name="export-public"),
    path("posts/writing/", views.writing_exposure, name="writing"),
]
