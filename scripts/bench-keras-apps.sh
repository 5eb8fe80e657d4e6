#!/usr/bin/env bash
# bench-keras-apps.sh — keras.applications models as users save them (batch None, real-size
# random weights), frozen and as SavedModels, converted by amanda-opt and by tf2onnx (a
# benchmark, not a test; issue 31). See scripts/numeric/bench_keras_apps.py for what is timed.
#
# Usage: scripts/bench-keras-apps.sh [NAME:SIZE ...]   (default MobileNetV3Small:224
#        ResNet50:224 VGG19:224; the models are written once into $BENCH_OUT/keras-apps)
# Environment: BENCH_OUT (default bench-out), BENCH_RUNS (default 3), AMANDA_OPT (use this
#   binary instead of building release); the venv is scripts/torch-venv.sh's with the
#   tf2onnx overlay of scripts/bench-lib.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${BENCH_OUT:-bench-out}/keras-apps
if [ -z "${AMANDA_OPT:-}" ]; then
  cargo build --release --quiet --bin amanda-opt
fi
AMANDA=${AMANDA_OPT:-${CARGO_TARGET_DIR:-target}/release/amanda-opt}
# shellcheck source=scripts/bench-lib.sh
. scripts/bench-lib.sh
# shellcheck source=scripts/torch-venv.sh
. scripts/torch-venv.sh
torch_venv || { echo "bench-keras-apps: the torch venv cannot be installed" >&2; exit 1; }
bench_overlay "$TORCH_PY" || { echo "bench-keras-apps: cannot install $BENCH_PINS" >&2; exit 1; }
export TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0
PYTHONHASHSEED=0 PYTHONPATH="$BENCH_OVERLAY${PYTHONPATH:+:$PYTHONPATH}" "$TORCH_PY" scripts/numeric/bench_keras_apps.py \
  --out "$OUT" --amanda-opt "$(realpath "$AMANDA")" --runs "${BENCH_RUNS:-3}" "$@"
