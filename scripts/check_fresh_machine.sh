#!/usr/bin/env bash
# CI step: clone the committed project into a folder with no ../shared beside it, run the README's
# first command (scripts/serve.sh) there, and check that the app serves /healthz/, that the compose
# analysis highlights private phrases, and that `osnguard identify` works: a fresh machine needs
# nothing but the repository and the package registries.
set -euo pipefail
cd "$(dirname "$0")/.."
SOURCE=$PWD
WORK=$(mktemp -d /tmp/osnguard-fresh.XXXXXX)
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then kill -TERM -- "-$SERVER_PID" 2>/dev/null || true; sleep 1; kill -KILL -- "-$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

git clone --quiet "$SOURCE" "$WORK/osnguard"
cd "$WORK/osnguard"
[[ ! -e ../shared ]] || { echo "unexpected ../shared beside the fresh clone"; exit 1; }
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

echo "==> fresh clone in $WORK/osnguard: scripts/serve.sh on port $PORT (log: serve.log)"
env -u OSNGUARD_DATA_DIR -u OSNGUARD_RESOURCE_DIR -u OSNGUARD_VAR_DIR -u OSNGUARD_MODEL_DIR \
  -u DATABASE_URL -u REDIS_URL OSNGUARD_PORT="$PORT" setsid scripts/serve.sh </dev/null >serve.log 2>&1 &
SERVER_PID=$!

for _ in $(seq 600); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz/" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "serve.sh stopped:"; tail -40 serve.log; exit 1; fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$PORT/healthz/" >/dev/null || { echo "no /healthz/ after 10 minutes:"; tail -40 serve.log; exit 1; }
echo "==> /healthz/ answers"

.venv/bin/python - "$PORT" <<'PY'
import re, sys
import requests

base = f"http://127.0.0.1:{sys.argv[1]}"
session = requests.Session()
login = session.get(f"{base}/accounts/login/", timeout=30)
token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login.text).group(1)
signed_in = session.post(f"{base}/accounts/login/", timeout=30, headers={"Referer": f"{base}/accounts/login/"},
                         data={"csrfmiddlewaretoken": token, "username": "adam", "password": "osnguard-demo"})
assert "sessionid" in session.cookies, f"log-in failed ({signed_in.status_code})"
text = "Moving to Tokyo next week to start at the hospital, call me on 555-201-4477"
page = session.post(f"{base}/compose/analyze/", timeout=120, data={"text": text},
                    headers={"HX-Request": "true", "X-CSRFToken": session.cookies["csrftoken"], "Referer": f"{base}/compose/"})
assert page.status_code == 200, page.status_code
marked = re.findall(r'<mark class="phrase[^"]*"[^>]*>([^<]+)<', page.text)
assert "Tokyo" in marked, f"compose analysis highlighted {marked}"
api = session.post(f"{base}/api/analyze/", json={"text": text}, timeout=120,
                   headers={"X-CSRFToken": session.cookies["csrftoken"], "Referer": f"{base}/compose/"})
assert api.status_code == 200 and any(p["text"] == "Tokyo" for p in api.json()["phrases"]), api.text[:300]
print(f"==> compose analysis highlights {marked}")
PY

result=$(echo '{"text": "I live in Seattle and my email is adam@example.com"}' | .venv/bin/osnguard identify)
echo "$result" | .venv/bin/python -c 'import json,sys; r=json.loads(sys.stdin.readline()); assert r["private"] and r["phrases"], r; print("==> osnguard identify:", [p["text"] for p in r["phrases"]])'
echo "==> a fresh clone with no ../shared sets up, serves and identifies"
