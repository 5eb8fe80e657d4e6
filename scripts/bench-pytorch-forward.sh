#!/usr/bin/env bash
# bench-pytorch-forward.sh — forward time of amanda-opt's modules of keras.applications models,
# a BERT-like encoder and an LSTM (random weights of the real size, batch None, frozen) against
# TensorFlow's own run of the same model, graph mode and XLA: the --emit=pytorch module in
# eager PyTorch and (--compile) under torch.compile, and (--iree) the torch-mlir output
# compiled and run by IREE on the CPU; each framework in its own process; and how many
# statements of forward re-lay a parameter out (a benchmark, not a test; issue 37). See
# scripts/numeric/bench_pytorch_forward.py.
#
# Usage: scripts/bench-pytorch-forward.sh [--amanda-opt NAME=BIN ...] [--compile] [--iree]
#        [MODEL ...]
#        (default: this tree's release binary as "now"; models ResNet50:224
#        MobileNetV3Small:224 encoder lstm, written once into $BENCH_OUT/pytorch-forward)
# Environment: BENCH_OUT (default bench-out), BENCH_RUNS (default 20), BENCH_BATCH (default 2),
#   BENCH_THREADS (threads of every framework; default one per CPU);
#   TensorFlow and PyTorch run in scripts/torch-venv.sh's venv, IREE in the numeric tier's
#   (scripts/numeric/venv.sh), installed only with --iree.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${BENCH_OUT:-bench-out}/pytorch-forward
binaries=()
iree=()
for a in "$@"; do
  [ "$a" = --amanda-opt ] && binaries=(x)
  [ "$a" = --iree ] && iree=(x)
done
if [ ${#binaries[@]} -eq 0 ]; then
  cargo build --release --quiet --bin amanda-opt
  set -- --amanda-opt "now=$(realpath "${CARGO_TARGET_DIR:-target}/release/amanda-opt")" "$@"
fi
# shellcheck source=scripts/torch-venv.sh
. scripts/torch-venv.sh
torch_venv || { echo "bench-pytorch-forward: the torch venv cannot be installed" >&2; exit 1; }
if [ ${#iree[@]} -ne 0 ]; then
  # shellcheck source=scripts/numeric/venv.sh
  . scripts/numeric/venv.sh
  numeric_venv || { echo "bench-pytorch-forward: the numeric venv (IREE) cannot be installed" >&2; exit 1; }
  set -- --iree-python "$NUMERIC_PY" "$@"
fi
export TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0
"$TORCH_PY" scripts/numeric/bench_pytorch_forward.py --out "$OUT" --torch-python "$TORCH_PY" \
  --runs "${BENCH_RUNS:-20}" --batch "${BENCH_BATCH:-2}" --threads "${BENCH_THREADS:-$(nproc)}" "$@"
