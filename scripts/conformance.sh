#!/usr/bin/env bash
# Runs TensorFlow's tfg test corpus (../shared/conformance/tfg/ir/tests/, kept outside this
# repository) against amanda-opt: each file with its own RUN lines, `tfg-opt-no-passes`
# replaced by `amanda-opt --canonical` (see tests/conformance/lit.cfg.py). Prints a skip
# message and succeeds when the corpus is absent. Extra arguments go to lit
# (e.g. `scripts/conformance.sh --filter ops.mlir`).
#
# Environment: AMANDA_OPT (default: the built one), AMANDA_CONFORMANCE_DIR, LLVM_TOOLS_DIR.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
corpus=${AMANDA_CONFORMANCE_DIR:-$(cd .. && pwd)/shared/conformance/tfg/ir/tests}
if [ ! -d "$corpus" ]; then
  echo "conformance: skipping the tfg conformance corpus: $corpus is absent"
  echo "  (it lives outside the repository, in ../shared/conformance; set AMANDA_CONFORMANCE_DIR to point elsewhere)"
  [ -n "${CI:-}" ] && { echo "$0: CI always has ../shared beside the repository"; exit 1; }
  exit 0
fi
# shellcheck source=scripts/lib.sh
. scripts/lib.sh
find_lit
exec "${lit_cmd[@]}" -sv "$@" tests/conformance
