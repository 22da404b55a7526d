"""App configuration for accounts."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "osnguard.accounts"
    label = "accounts"
    verbose_name = "Accounts and profiles"
