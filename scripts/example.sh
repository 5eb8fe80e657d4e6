#!/usr/bin/env bash
# The README's first command: a Keras model, saved the way Keras users save one (a SavedModel
# from `model.export`, batch dim None), becomes torch-mlir that IREE runs, and the result is
# checked against TensorFlow. Sets up what it needs (Rust and a release build of amanda-opt;
# the numeric tier's Python environment in ~/.cache/amanda-opt/numeric-venv, 2.3 GB
# installed, about half a minute the first time on a fast network), then
#   1. amanda-opt examples/keras-cnn/model --convert-tf-to-torch -o OUT/model.mlir
#      (reads the SavedModel and its checkpoint itself; the batch stays unknown:
#      !torch.vtensor<[?,28,28,1],f32>)
#   2. torch-mlir-opt verifies OUT/model.mlir
#   3. iree-compile --iree-input-type=torch (llvm-cpu) compiles it once, the IREE runtime runs
#      it on a batch of 1 and on a batch of 3
#   4. TensorFlow runs the SavedModel's serving signature on the same inputs; the outputs must
#      agree within 1e-4
#
#   scripts/example.sh [OUT]          (default OUT: target/example-keras-cnn)
#
# Environment: AMANDA_OPT (use this binary instead of building one), AMANDA_NUMERIC_VENV.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)
out=${1:-${CARGO_TARGET_DIR:-$repo/target}/example-keras-cnn}
model=examples/keras-cnn/model
batches=1,3

if [ -z "${AMANDA_OPT:-}" ]; then
  scripts/setup.sh --rust-only >/dev/null || exit 1
  if ! command -v cargo >/dev/null 2>&1; then export PATH="$HOME/.cargo/bin:$PATH"; fi
  echo "example: building amanda-opt (cargo build --release)" >&2
  cargo build --release --quiet --bin amanda-opt || exit 1
  AMANDA_OPT="${CARGO_TARGET_DIR:-$repo/target}/release/amanda-opt"
fi

# shellcheck source=scripts/numeric/venv.sh
. scripts/numeric/venv.sh
if ! numeric_venv; then
  echo "example: cannot install the Python environment (tensorflow-cpu, torch-mlir, IREE) it needs" >&2
  exit 1
fi

mkdir -p "$out" || exit 2
echo "\$ amanda-opt $model --convert-tf-to-torch -o $out/model.mlir"
echo "  then torch-mlir-opt, iree-compile --iree-input-type=torch, the IREE runtime at batches $batches, and TensorFlow on the same inputs"
TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 "$NUMERIC_PY" scripts/numeric/run.py \
  --example "$model" --batches "$batches" --amanda-opt "$AMANDA_OPT" --work "$out"
status=$?
if [ -f "$out/model.mlir" ]; then
  echo
  echo "$out/model.mlir (first lines, weights elided):"
  sed -E 's/dense<"0x[0-9A-F]{32,}">/dense<"0x...">/; s/dense<\[.{80,}\]>/dense<[...]>/' "$out/model.mlir" | head -n 16
fi
exit $status
