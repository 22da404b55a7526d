from django.apps import AppConfig


class FingerprintsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "osnguard.fingerprints"
    label = "fingerprints"
    verbose_name = "Fingerprints"
