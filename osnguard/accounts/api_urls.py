"""URLs of the accounts REST API (mounted under /api/)."""

from django.urls import path
from rest_framework.authtoken.views import obtain_auth_token

from . import api

app_name = "accounts-api"

urlpatterns = [
    path("auth/token/", obtain_auth_token, name="token"),
    path("auth/signup/", api.SignUpApi.as_view(), name="signup"),
    path("profile/", api.ProfileApi.as_view(), name="profile"),
]
