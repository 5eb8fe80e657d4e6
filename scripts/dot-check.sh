#!/usr/bin/env bash
# --emit=dot renders: installs Graphviz when `dot` is missing (apt-get), then writes the
# Graphviz view of every input amanda-opt accepts among the lit inputs (test-files/**/*.mlir,
# --split-input-file), the GraphDef and ONNX test inputs, the examples (examples/mlp.amir,
# examples/tf-mlp/model.pb and its convert-tf-to-torch result) and TensorFlow's tfg corpus
# when present, and renders each with `dot -Tsvg`. An input amanda-opt rejects with a
# diagnostic (exit 1: the error tests) is skipped; a crash of amanda-opt, a dot that fails
# or warns about the syntax, or two runs giving different bytes is a failure.
# Ends with `N rendered, N skipped, N failed` and the suite's `N passed, N failed` (rendered
# counts as passed); exit 1 on any failure.
#
#   scripts/dot-check.sh [FILE ...]
#
# Environment: AMANDA_OPT (default target/release/amanda-opt, else target/debug/amanda-opt).
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)

if ! command -v dot >/dev/null 2>&1; then
  echo "dot-check: installing graphviz" >&2
  sudo=""
  if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
  { $sudo apt-get install -y graphviz || { $sudo apt-get update && $sudo apt-get install -y graphviz; }; } >/dev/null 2>&1
  if ! command -v dot >/dev/null 2>&1; then
    echo "dot-check: cannot install graphviz (apt-get install -y graphviz)" >&2
    echo "0 rendered, 0 skipped, 1 failed"
    echo "0 passed, 1 failed"
    exit 1
  fi
fi

. scripts/lib.sh
if ! find_amanda_opt; then
  echo "dot-check: amanda-opt is not built (cargo build --release, or set AMANDA_OPT)" >&2
  echo "0 rendered, 0 skipped, 1 failed"
  echo "0 passed, 1 failed"
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/dot-check.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

rendered=0 skipped=0 failed=0
# check LABEL ARGS...: amanda-opt ARGS --emit=dot, twice (same bytes), then dot -Tsvg.
check() {
  local label=$1; shift
  "$tool" "$@" --emit=dot -o "$work/a.dot" 2>"$work/err"
  local rc=$?
  if [ $rc -eq 1 ]; then skipped=$((skipped + 1)); return; fi
  if [ $rc -ne 0 ]; then
    echo "FAIL $label: amanda-opt exited $rc: $(head -c 300 "$work/err")"
    failed=$((failed + 1)); return
  fi
  "$tool" "$@" --emit=dot -o "$work/b.dot" 2>/dev/null
  if ! cmp -s "$work/a.dot" "$work/b.dot"; then
    echo "FAIL $label: two runs differ"
    failed=$((failed + 1)); return
  fi
  if ! timeout 120 dot -Tsvg <"$work/a.dot" >"$work/a.svg" 2>"$work/dot-err" || grep -qi "syntax error\|error" "$work/dot-err"; then
    echo "FAIL $label: dot: $(head -c 300 "$work/dot-err")"
    failed=$((failed + 1)); return
  fi
  rendered=$((rendered + 1))
}

if [ $# -gt 0 ]; then
  for f in "$@"; do check "$f" "$f"; done
else
  while IFS= read -r f; do
    check "$f" --split-input-file "$f"
  done < <(find test-files -name '*.mlir' -not -path '*/pending/*' | sort)
  for f in test-files/interchange/Inputs/*.pbtxt test-files/onnx/Inputs/*.onnx examples/mlp.amir examples/tf-mlp/model.pb; do
    [ -e "$f" ] && check "$f" "$f"
  done
  check "examples/tf-mlp/model.pb --convert-tf-to-torch" examples/tf-mlp/model.pb --convert-tf-to-torch
  check "examples/mlp.amir --tfg-functional-to-region" examples/mlp.amir --tfg-functional-to-region
  corpus=${AMANDA_TFG_CORPUS:-$repo/../shared/conformance/tfg/ir/importexport/tests/roundtrip}
  [ -d /work/shared/conformance ] && [ ! -d "$corpus" ] && corpus=/work/shared/conformance/tfg/ir/importexport/tests/roundtrip
  if [ -d "$corpus" ]; then
    for f in "$corpus"/*.pbtxt; do [ -e "$f" ] && check "$f" "$f"; done
  fi
fi

echo "$rendered rendered, $skipped skipped, $failed failed"
echo "$rendered passed, $failed failed"
[ "$failed" -eq 0 ]
