"""WSGI entry point."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "osnguard.settings")
import osnguard.celery  # noqa: F401  - tasks sent from views use our Celery app

application = get_wsgi_application()
