from django.apps import AppConfig


class DisclosuresConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "osnguard.disclosures"
    label = "disclosures"
    verbose_name = "Disclosures"
