#!/usr/bin/env bash
# Set up and run the whole test suite: first on the embedded defaults (SQLite, filesystem Celery
# broker) plus the tests that need real Redis, then the Django tests again on PostgreSQL and Redis.
# Starts a private Redis and a throwaway PostgreSQL cluster unless TEST_REDIS_URL /
# TEST_DATABASE_URL point at running ones. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test

export PATH="$PWD/.venv/bin:$PATH"
WORK=$(mktemp -d /tmp/osnguard-test.XXXXXX)
chmod 755 "$WORK"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

if [[ -z "${TEST_REDIS_URL:-}" ]]; then
  port=$(free_port)
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$WORK" \
    --logfile "$WORK/redis.log" &
  PIDS+=($!)
  export TEST_REDIS_URL="redis://127.0.0.1:$port/0"
  for _ in $(seq 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi

if [[ -z "${TEST_DATABASE_URL:-}" ]]; then
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  port=$(free_port)
  mkdir -p "$WORK/pg"
  chown postgres:postgres "$WORK/pg"
  runuser -u postgres -- "$PG_BIN/initdb" -D "$WORK/pg/data" -U postgres --auth=trust -E UTF8 \
    --locale=C.UTF-8 >/dev/null
  python - "$PG_BIN/postgres" "$WORK/pg" "$port" <<'PY' &
import subprocess, sys, signal
binary, folder, port = sys.argv[1:]
proc = subprocess.Popen([binary, "-D", f"{folder}/data", "-p", port, "-c", "listen_addresses=127.0.0.1",
    "-k", folder, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
    user="postgres", group="postgres", stdout=open(f"{folder}/log", "w"), stderr=subprocess.STDOUT)
signal.signal(signal.SIGINT, lambda *_: proc.send_signal(signal.SIGINT))
signal.signal(signal.SIGTERM, lambda *_: proc.send_signal(signal.SIGINT))
proc.wait()
PY
  PIDS+=($!)
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/osnguard"
  for _ in $(seq 100); do pg_isready -h 127.0.0.1 -p "$port" -q && break; sleep 0.1; done
fi

echo "==> checks: ruff (lint and format), mypy, import contracts, dependencies"
CHECKS=0
scripts/check.sh || CHECKS=$?

mkdir -p test-artifacts
echo "==> run 1: embedded defaults (SQLite, filesystem broker) and real Redis where marked"
env -u DATABASE_URL -u REDIS_URL OSNGUARD_VAR_DIR="$WORK/var1" \
  python -m pytest "$@"

# --- run 1b: shifted dates -------------------------------------------------------------------
# The date-sensitive tests again with the whole session's clock moved (OSNGUARD_TEST_NOW, see
# tests/timetravel.py): its live server and Celery workers too. Both dates are in the future, since
# Chromium keeps the real clock and would drop cookies that a server in the past sets.
SHIFTED_DATES=$(python - <<'PY'
import calendar
from datetime import datetime, timedelta, timezone

now = datetime.now(timezone.utc)
days = (5 - now.weekday()) % 7 or 7  # the next Saturday, never today
saturday = (now + timedelta(days=days)).replace(hour=10, minute=0, second=0, microsecond=0)
year = now.year
while not (calendar.isleap(year) and datetime(year, 2, 29, 22, 30, tzinfo=timezone.utc) > now):
    year += 1
print(saturday.strftime("%Y-%m-%dT%H:%M:%SZ"), f"{year}-02-29T22:30:00Z")
PY
)
echo "==> run 1b: shifted dates: $SHIFTED_DATES"
for when in $SHIFTED_DATES; do
  (( $# == 0 )) || break  # with pytest arguments only runs 1 and 2
  echo "==> run 1b at $when"
  env -u DATABASE_URL -u REDIS_URL OSNGUARD_VAR_DIR="$WORK/var1b-${when%%T*}" OSNGUARD_TEST_NOW="$when" \
    python -m pytest tests/posts tests/privacy/proposal tests/privacy/temporal \
    tests/browser --ignore=tests/browser/test_pages_browser.py \
    --ignore=tests/browser/test_journeys_browser.py  # layout, axe-core and journeys: not date-bound
done
# --- end of run 1b ---------------------------------------------------------------------------

echo "==> run 2: Django tests on PostgreSQL and Redis"
DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL" OSNGUARD_VAR_DIR="$WORK/var2" \
  python -m pytest --ignore=tests/privacy -m "not browser" "$@"

if (( $# == 0 )); then  # the whole check (CI); with pytest arguments only the tests above run
  echo "==> run 3 (in the background): the shipped models are what 'osnguard train' builds from the current code and data"
  OSNGUARD_RESOURCE_DIR="$PWD/var" osnguard train all --check >"$WORK/train-check.log" 2>&1 &
  TRAIN_CHECK=$!
  echo "==> run 4: a fresh clone with no ../shared sets up, serves and identifies"
  scripts/check_fresh_machine.sh
  if wait "$TRAIN_CHECK"; then
    echo "==> run 3: shipped models match what 'osnguard train' builds"
  else
    cat "$WORK/train-check.log"; echo "==> run 3 failed"; exit 1
  fi
fi

if (( CHECKS != 0 )); then
  echo "==> the code checks failed (see '==> checks' above; run scripts/check.sh)"; exit 1
fi

