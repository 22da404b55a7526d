"""WSGI entry point (gunicorn, and `manage.py runserver`, which imports it): the app, and the
privacy engine loading in the background so the first user is not the slow one."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "osnguard.settings")
import osnguard.celery  # noqa: F401  - tasks sent from views use our Celery app

application = get_wsgi_application()

from osnguard.core.preload import engine_preload_in_background  # noqa: E402

engine_preload_in_background()
