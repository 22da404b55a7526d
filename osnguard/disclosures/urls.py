"""Pages for disclosures, sources, crawls and notifications (mounted at /disclosures/)."""

from django.urls import path

from . import views

app_name = "disclosures"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("<int:pk>/", views.disclosure_detail, name="detail"),
    path("<int:pk>/action/", views.disclosure_action, name="action"),
    path("sources/", views.sources, name="sources"),
    path("sources/<int:pk>/", views.source_detail, name="source"),
    path("sources/<int:pk>/action/", views.source_action, name="source-action"),
    path("crawls/<int:pk>/progress/", views.crawl_job_progress, name="job-progress"),
    path("notifications/", views.notifications, name="notifications"),
    path("notifications/read/", views.notifications_mark_read, name="notifications-read"),
    path("notifications/<int:pk>/", views.notification_open, name="notification-open"),
    path("notifications/badge/", views.notification_badge, name="notification-badge"),
    path("notifications/settings/", views.notification_preferences, name="preferences"),
]
