"""API routes for messages and the feed (mounted under /api/)."""

from django.urls import path

from . import api

urlpatterns = [
    path("feed/", api.FeedListApi.as_view(), name="api-feed"),
    path("feed/<int:version_id>/", api.FeedDetailApi.as_view(), name="api-feed-item"),
    path("analyze/", api.AnalyzeApi.as_view(), name="api-analyze"),
    path("messages/", api.MessageCreateApi.as_view(), name="api-messages"),
    path("profile/writing/", api.WritingExposureApi.as_view(), name="api-writing"),
    path("exports/my-posts/", api.MyPostsExportApi.as_view(), name="api-export-mine"),
    path("exports/public-posts/", api.PublicPostsExportApi.as_view(), name="api-export-public"),
    path("messages/proposal/", api.MessageProposalApi.as_view(), name="api-message-proposal"),
    path("messages/<int:message_id>/", api.MessageDetailApi.as_view(), name="api-message"),
    path(
        "messages/<int:message_id>/versions/",
        api.MessageVersionsApi.as_view(),
        name="api-message-versions",
    ),
]
