#!/usr/bin/env bash
# The numeric tier: TensorFlow models, converted by amanda-opt to torch-mlir, checked by
# torch-mlir-opt, compiled and run by IREE, compared with TensorFlow's outputs (1e-4).
#
#   1. the Python environment ~/.cache/amanda-opt/numeric-venv (scripts/numeric/venv.sh: pinned
#      tensorflow-cpu, iree-base-compiler, iree-base-runtime, torch-mlir, numpy; built once,
#      reused while its pins match)
#   2. scripts/numeric/models.py writes the models (frozen GraphDefs and TensorFlow's outputs)
#   3. scripts/numeric/run.py --selftest checks the runner on hand-written torch-mlir
#   4. scripts/numeric/run.py runs every model through amanda-opt, torch-mlir-opt and IREE
# and ends with one line `N passed, N failed` (the self-test's two checks and one per model).
# When the environment cannot be installed (no network, no venv module) it prints a line
# `skipped: REASON` (as scripts/test.sh's script_step reads it),
# then `0 passed, 0 failed`, and exits 0; any other failure exits 1.
#
#   scripts/numeric-tier.sh [--keep DIR] [MODEL...]
#
# Environment: AMANDA_OPT (default: target/release/amanda-opt, built with cargo --release),
#   AMANDA_NUMERIC_VENV (the venv's path), AMANDA_NUMERIC_PYTHON (the Python that creates it).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)

keep=""
models=()
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=${2:?--keep needs a directory}; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "numeric-tier.sh: unknown option '$1'" >&2; exit 2 ;;
    *) models+=("$1"); shift ;;
  esac
done

started=$(date +%s)
summary() { # summary PASSED FAILED
  echo "numeric tier: $(( $(date +%s) - started )) s"
  echo "$1 passed, $2 failed"
}

# shellcheck source=scripts/numeric/venv.sh
. scripts/numeric/venv.sh
numeric_venv
case $? in
  0) ;;
  2) echo "skipped: the numeric environment cannot be installed here (see above)"
     summary 0 0; exit 0 ;;
  *) echo "numeric: installing the numeric environment failed (see above)" >&2
     summary 0 1; exit 1 ;;
esac

if [ -z "${AMANDA_OPT:-}" ]; then
  if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
  AMANDA_OPT="${CARGO_TARGET_DIR:-$repo/target}/release/amanda-opt"
  cargo build --release --quiet --bin amanda-opt || { summary 0 1; exit 1; }
fi
export AMANDA_OPT

if [ -n "$keep" ]; then
  work=$keep
  mkdir -p "$work" || exit 2
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/amanda-numeric.XXXXXX") || exit 2
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/models" "$work/selftest" "$work/out"

export TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0
echo "numeric: writing the models (scripts/numeric/models.py)"
if ! "$NUMERIC_PY" scripts/numeric/models.py "$work/models" "${models[@]}" >"$work/models.log" 2>&1 ||
   ! "$NUMERIC_PY" scripts/numeric/models.py --selftest "$work/selftest" >>"$work/models.log" 2>&1; then
  grep -v -i 'warning' "$work/models.log" | tail -20 >&2
  echo "numeric: the model generator failed" >&2
  summary 0 1; exit 1
fi

passed=0
failed=0
count() { # count LOG: add its last `N passed, N failed` line
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -1)
  if [ -n "$line" ]; then
    passed=$((passed + $(echo "$line" | awk '{print $1}')))
    failed=$((failed + $(echo "$line" | awk '{print $3}')))
  else
    failed=$((failed + 1))
  fi
}

echo "numeric: runner self-test (hand-written torch-mlir, scripts/numeric/selftest/)"
"$NUMERIC_PY" scripts/numeric/run.py --selftest --models "$work/selftest" --work "$work/out" 2>&1 | tee "$work/selftest.log"
count "$work/selftest.log"

echo "numeric: models (amanda-opt $AMANDA_OPT)"
"$NUMERIC_PY" scripts/numeric/run.py --models "$work/models" --amanda-opt "$AMANDA_OPT" --work "$work/out" "${models[@]}" 2>&1 | tee "$work/models-run.log"
count "$work/models-run.log"

summary "$passed" "$failed"
[ "$failed" = 0 ]
