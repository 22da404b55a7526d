#!/usr/bin/env bash
# The code checks CI runs before the tests (scripts/test.sh): lint and format (ruff), types (mypy,
# strict on the engine), the import contracts of docs/architecture.md (import-linter) and the
# declared dependencies (deptry). Needs the virtualenv that scripts/setup.sh --test builds.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.venv/bin:$PATH"
status=0
run() { echo "--> $*"; "$@" || status=1; }
run ruff check --no-cache .
run ruff format --check --no-cache .
run mypy
run lint-imports --no-cache
run deptry .
exit $status
