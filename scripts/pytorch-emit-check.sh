#!/usr/bin/env bash
# The numeric check of --emit=pytorch: the numeric tier's models (scripts/numeric/models.py)
# and the single-op cases of scripts/tf-to-torch-ops.py, each converted by
#   amanda-opt MODEL.pb --pass=convert-tf-to-torch{...} --emit=pytorch -o DIR
# run in eager PyTorch (load()(*inputs) of DIR/model.py), compared with TensorFlow (max abs diff
# <= 1e-4 for floats, exact for integers), and given to torch.export (scripts/pytorch-emit-check.py).
#
#   1. the Python environment ~/.cache/amanda-opt/torch-venv (pins: scripts/pytorch-emit/
#      requirements.txt: torch, safetensors, numpy, tensorflow-cpu; about 7 GB, built once and
#      reused while its pins match; a stamp file records them, a lock serialises runs)
#   2. scripts/pytorch-emit-check.py [NAME...]
# Ends with `N passed, N failed` (and `export: N ok, N failed`). When the environment cannot be
# installed (no network, no venv module) it prints `skipped: REASON` and `0 passed, 0 failed`
# and exits 0; a failed check exits 1.
#
#   scripts/pytorch-emit-check.sh [--keep DIR] [NAME...]
#
# Environment: AMANDA_OPT (default: target/debug/amanda-opt, built with cargo build),
#   AMANDA_TORCH_VENV (the venv's path), AMANDA_TORCH_PYTHON (the Python that creates it);
#   the environment is scripts/torch-venv.sh's.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)

case "${1:-}" in
  -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
esac

skipped() {
  echo "skipped: $1"
  echo "0 passed, 0 failed"
  exit 0
}

. scripts/torch-venv.sh
torch_venv
case $? in
  0) ;;
  2) skipped "the torch environment cannot be installed here (see above)" ;;
  *) echo "pytorch-emit: installing the torch environment failed (see above)" >&2
     echo "0 passed, 1 failed"; exit 1 ;;
esac

if [ -z "${AMANDA_OPT:-}" ]; then
  if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
  AMANDA_OPT="${CARGO_TARGET_DIR:-$repo/target}/debug/amanda-opt"
  cargo build --quiet --bin amanda-opt || { echo "0 passed, 1 failed"; exit 1; }
fi
export AMANDA_OPT

exec "$TORCH_PY" scripts/pytorch-emit-check.py --amanda-opt "$AMANDA_OPT" "$@"
