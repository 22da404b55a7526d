"""The home page, at the site root (URL name "home", no namespace)."""

from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
]
