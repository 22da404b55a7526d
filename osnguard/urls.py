"""Root URL configuration: HTML pages, the REST API under /api/, and the OpenAPI schema."""

from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from osnguard.core import views as core_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("osnguard.posts.api_urls")),
    path("api/", include("osnguard.disclosures.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI's init script is served as a file (the split view), so no inline script; its page
    # and React components set inline styles, so style-src widens on this page only. (No Redoc page:
    # Redoc always loads its logo from a CDN.)
    path(
        "api/docs/",
        csp_update({"style-src": ["'unsafe-inline'"]})(
            SpectacularSwaggerSplitView.as_view(url_name="api-schema")
        ),
        name="api-docs",
    ),
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
