#!/usr/bin/env bash
# Runs TensorFlow's tests of its tfg passes (../shared/conformance/tfg/transforms/, kept
# outside this repository) against amanda-opt: each file with its own RUN lines,
# `tfg-transforms-opt` replaced by `amanda-opt --canonical` (see
# tests/conformance-transforms/lit.cfg.py). Files listed in
# tests/conformance-transforms/known-failures.txt (a pass not built yet, with the reason)
# are run as expected failures: lit reports them XFAIL, and XPASS once they pass, so the
# list cannot go stale. Prints a skip message and succeeds when the corpus is absent.
# Extra arguments go to lit (e.g. `scripts/conformance-transforms.sh --filter toposort`).
#
# Environment: AMANDA_OPT (default: the built one), AMANDA_TRANSFORMS_DIR, LLVM_TOOLS_DIR.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
corpus=${AMANDA_TRANSFORMS_DIR:-$(cd .. && pwd)/shared/conformance/tfg/transforms}
if [ ! -d "$corpus" ]; then
  echo "conformance-transforms: skipping TensorFlow's tfg pass tests: $corpus is absent"
  echo "  (they live outside the repository, in ../shared/conformance; set AMANDA_TRANSFORMS_DIR to point elsewhere)"
  [ -n "${CI:-}" ] && { echo "$0: CI always has ../shared beside the repository"; exit 1; }
  exit 0
fi
export AMANDA_TRANSFORMS_DIR=$corpus
xfail=$(grep -v '^\s*#' tests/conformance-transforms/known-failures.txt | awk 'NF { print $1 }' | paste -sd ';' -)
export LIT_XFAIL=$xfail
# shellcheck source=scripts/lib.sh
. scripts/lib.sh
find_lit
exec "${lit_cmd[@]}" -sv "$@" tests/conformance-transforms
