"""App configuration for accounts."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "osnguard.accounts"
    label = "accounts"
    verbose_name = "Accounts and profiles"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the token receivers)
