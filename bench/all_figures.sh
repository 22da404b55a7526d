#!/usr/bin/env bash
# Re-measure every figure of docs/evaluation.md: runs each command of its summary table and writes
# its output to OUT/<name>.txt with the wall time, so two checkouts can be compared line by line.
# Usage: bench/all_figures.sh OUT_DIR   (needs ../shared/data; takes a long time; run it niced)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: bench/all_figures.sh OUT_DIR}
mkdir -p "$OUT"
export PATH="$PWD/.venv/bin:$PATH"
run() {
  local name=$1; shift
  local start=$SECONDS
  "$@" >"$OUT/$name.txt" 2>"$OUT/$name.err"
  echo "$name exit=$? seconds=$((SECONDS - start))" | tee -a "$OUT/_times.txt"
}
for target in tagger classifier location_rule relatedness temporal suppression naturalness \
  capacity msrp generalization temporal_generalization substitutions realistic generalization_realistic; do
  run "evaluate-$target" osnguard evaluate "$target"
done
run paraphrase-msrp osnguard paraphrase --pairs ../shared/data/msrp/msr_paraphrase_test.txt
run metrics-tests python -m pytest -q -p no:cacheprovider tests/privacy/anonymization/test_metrics.py
run leaks-synonyms python bench/leaks.py --split test --messages 150 --source synonyms
run leaks-demo python bench/leaks.py --demo
run screening python bench/screening.py
run identify-speed python bench/identify.py
run compose-speed python bench/compose.py
