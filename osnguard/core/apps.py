"""App configuration for core."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "osnguard.core"
    label = "core"
    verbose_name = "Core"
