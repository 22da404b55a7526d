"""Root URL configuration: HTML pages, the REST API under /api/, and the OpenAPI schema."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from osnguard.core import views as core_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("osnguard.posts.api_urls")),
    path("api/", include("osnguard.disclosures.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("api/", include("osnguard.accounts.api_urls")),
    path("api/", include("osnguard.circles.api_urls")),
    path("accounts/", include("osnguard.accounts.urls")),
    path("", include("osnguard.circles.urls")),
    path("disclosures/", include("osnguard.disclosures.urls")),
    path("", include("osnguard.posts.urls")),
    path("healthz/", core_views.healthz, name="healthz"),
    path("", core_views.home, name="home"),
]
