"""osnguard: control what a social-network message discloses, and to whom.

Kept import-free so that the engine (`osnguard.privacy`) loads without Django or Celery;
manage.py and wsgi.py load the Celery app (`osnguard.celery`).
"""
