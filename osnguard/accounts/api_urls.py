"""URLs of the accounts REST API (mounted under /api/)."""

from django.urls import path

from . import api

app_name = "accounts-api"

urlpatterns = [
    path("auth/token/", api.TokenObtainApi.as_view(), name="token"),
    path("auth/logout/", api.TokenRevokeApi.as_view(), name="logout"),
    path("auth/signup/", api.SignUpApi.as_view(), name="signup"),
    path("profile/", api.ProfileApi.as_view(), name="profile"),
]
