"""Root URL configuration: HTML pages, the REST API under /api/, and the OpenAPI schema."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from osnguard.core import views as core_views
from osnguard.core.api_reference import api_reference

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("osnguard.posts.api_urls")),
    path("api/", include("osnguard.disclosures.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The API reference is our own page built from the schema (core/api_reference.py): accessible,
    # under the site-wide Content-Security-Policy, no third-party UI.
    path("api/docs/", api_reference, name="api-docs"),
    path("api/", include("osnguard.accounts.api_urls")),
    path("api/", include("osnguard.circles.api_urls")),
    path("accounts/", include("osnguard.accounts.urls")),
    path("", include("osnguard.circles.urls")),
    path("disclosures/", include("osnguard.disclosures.urls")),
    path("", include("osnguard.posts.urls")),
    path("healthz/", core_views.healthz, name="healthz"),
    path("favicon.ico", core_views.favicon, name="favicon"),
    path("", include("osnguard.home.urls")),
]
