"""App configuration for circles."""

from django.apps import AppConfig


class CirclesConfig(AppConfig):
    name = "osnguard.circles"
    label = "circles"
    verbose_name = "Friends and friend groups"
