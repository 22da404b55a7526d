"""API routes for sources, crawls, disclosures and notifications (mounted under /api/)."""

from django.urls import path

from . import api

urlpatterns = [
    path("sources/", api.SourceListApi.as_view(), name="api-sources"),
    path("sources/<int:source_id>/", api.SourceDetailApi.as_view(), name="api-source"),
    path("sources/<int:source_id>/crawl/", api.SourceCrawlApi.as_view(), name="api-source-crawl"),
    path("crawls/<int:job_id>/", api.CrawlJobDetailApi.as_view(), name="api-crawl"),
    path("disclosures/", api.DisclosureListApi.as_view(), name="api-disclosures"),
    path("disclosures/stats/", api.DisclosureStatsApi.as_view(), name="api-disclosure-stats"),
    path(
        "disclosures/<int:disclosure_id>/", api.DisclosureDetailApi.as_view(), name="api-disclosure"
    ),
    path(
        "disclosures/<int:disclosure_id>/move-suspect/",
        api.DisclosureMoveSuspectApi.as_view(),
        name="api-disclosure-move",
    ),
    path("notifications/", api.NotificationListApi.as_view(), name="api-notifications"),
    path("notifications/read/", api.NotificationReadApi.as_view(), name="api-notifications-read"),
    path(
        "notification-preferences/",
        api.NotificationPreferenceApi.as_view(),
        name="api-notification-preferences",
    ),
]
