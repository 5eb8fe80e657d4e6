#!/usr/bin/env bash
# bench-pytorch-forward.sh — forward time of the --emit=pytorch module of keras.applications
# models, a BERT-like encoder and an LSTM (random weights of the real size, batch None, frozen)
# against TensorFlow's own run of the same graph, and how many statements of forward re-lay a
# parameter out (a benchmark, not a test; issue 37). See scripts/numeric/bench_pytorch_forward.py.
#
# Usage: scripts/bench-pytorch-forward.sh [--amanda-opt NAME=BIN ...] [--compile] [MODEL ...]
#        (default: this tree's release binary as "now"; models ResNet50:224
#        MobileNetV3Small:224 encoder lstm, written once into $BENCH_OUT/pytorch-forward)
# Environment: BENCH_OUT (default bench-out), BENCH_RUNS (default 20), BENCH_BATCH (default 2);
#   the venv is scripts/torch-venv.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${BENCH_OUT:-bench-out}/pytorch-forward
binaries=()
for a in "$@"; do [ "$a" = --amanda-opt ] && binaries=(x); done
if [ ${#binaries[@]} -eq 0 ]; then
  cargo build --release --quiet --bin amanda-opt
  set -- --amanda-opt "now=$(realpath "${CARGO_TARGET_DIR:-target}/release/amanda-opt")" "$@"
fi
# shellcheck source=scripts/torch-venv.sh
. scripts/torch-venv.sh
torch_venv || { echo "bench-pytorch-forward: the torch venv cannot be installed" >&2; exit 1; }
export TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0
PYTHONHASHSEED=0 "$TORCH_PY" scripts/numeric/bench_pytorch_forward.py --out "$OUT" \
  --runs "${BENCH_RUNS:-20}" --batch "${BENCH_BATCH:-2}" "$@"
