"""App configuration for home."""

from django.apps import AppConfig


class HomeConfig(AppConfig):
    name = "osnguard.home"
    label = "home"
    verbose_name = "Home"
