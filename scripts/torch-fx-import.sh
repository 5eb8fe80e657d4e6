#!/usr/bin/env bash
# Real PyTorch modules through torch-mlir's FX importer (torch_mlir.fx.export_and_import),
# read, verified and printed by amanda-opt, its --canonical output compared with
# torch-mlir-opt's, and its output read back by torch-mlir-opt (scripts/torch_fx_import.py).
# The Python environment is the PyTorch tier's (scripts/torch-venv.sh: torch, torch-mlir).
# Ends with `N passed, N failed`; `skipped: REASON` and exit 0 when the environment cannot be
# installed here; exit 1 on a failure.
#
#   scripts/torch-fx-import.sh
#
# Environment: AMANDA_OPT (default target/release/amanda-opt), AMANDA_FX_KEEP=DIR keeps the
# imported files.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

. scripts/torch-venv.sh
torch_venv
case $? in
  0) ;;
  2) echo "skipped: the torch environment cannot be installed here (see above)"; echo "0 passed, 0 failed"; exit 0 ;;
  *) echo "torch-fx-import: installing the torch environment failed (see above)" >&2; echo "0 passed, 1 failed"; exit 1 ;;
esac
export AMANDA_OPT=${AMANDA_OPT:-target/release/amanda-opt}
[ -x "$AMANDA_OPT" ] || { echo "torch-fx-import: $AMANDA_OPT is not built" >&2; echo "0 passed, 1 failed"; exit 1; }
tmo="$(dirname "$TORCH_PY")/torch-mlir-opt"
[ -x "$tmo" ] || { echo "torch-fx-import: torch-mlir-opt not found in the torch environment" >&2; echo "0 passed, 1 failed"; exit 1; }
export TORCH_MLIR_OPT=$tmo
exec "$TORCH_PY" scripts/torch_fx_import.py
