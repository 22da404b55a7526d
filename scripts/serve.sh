#!/usr/bin/env bash
# Set up osnguard on its embedded defaults, load the demo data, and serve it at
# http://127.0.0.1:8000 (OSNGUARD_PORT changes the port) with a Celery worker and beat
# (filesystem broker, no server needed). Needs nothing beside the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
python manage.py load_demo
mkdir -p var/log
celery -A osnguard.celery worker -B -Q default,crawl,detect --concurrency 2 \
  --schedule var/celerybeat-schedule --loglevel INFO >var/log/celery.log 2>&1 &
WORKER=$!
trap 'kill $WORKER 2>/dev/null; wait $WORKER 2>/dev/null' EXIT
echo "==> worker log: var/log/celery.log; demo log-in: adam / osnguard-demo"
python manage.py runserver "127.0.0.1:${OSNGUARD_PORT:-8000}"
