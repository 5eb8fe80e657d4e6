#!/usr/bin/env bash
# bench-convert.sh — what convert-tf-to-torch costs (a benchmark, not a test).
#
# 1. The numeric tier's models (scripts/numeric/models.py), same run, as ratios:
#    amanda-opt's whole-process conversion to torch-mlir (import + convert + print to
#    /dev/null) against tf2onnx's in-process conversion of the same frozen GraphDef
#    (tf2onnx.convert.from_graph_def); and amanda-opt's whole-process conversion to PyTorch
#    (--emit=pytorch -o DIR: model.py + weights.safetensors) against tf2onnx + onnx2torch in
#    process end to end (from_graph_def, then onnx2torch.convert of its ModelProto), whose
#    module is also run and compared with TensorFlow's outputs (not timed; a model tf2onnx or
#    onnx2torch cannot convert is reported in the last column).
# 2. Generated graphs of 10k, 100k and 1M convertible ops (gen-graph --tf-chain): conversion
#    time, parse+print time of the same file, time per op and the growth exponent k
#    (time ~ n^k; linear when k is near 1); tf2onnx on the GraphDef export of the graphs of at
#    most BENCH_TF2ONNX_MAX ops (default 10000).
# Figures are the best of BENCH_RUNS runs (default 3) on a shared machine: read the ratios.
#
# The Python side runs in the torch venv (scripts/torch-venv.sh: its pins include the numeric
# tier's tensorflow-cpu and numpy, and torch), with tf2onnx, onnx, onnx2torch and onnx2torch's
# torchvision (and torchvision's pillow) installed next to it without their dependencies (the
# venv's cover them) in ~/.cache/amanda-opt/bench-onnx2torch (PYTHONPATH), so the venv's
# pins stay as they are.
#
# Usage: scripts/bench-convert.sh [--models-only] [SIZES...]
#   --models-only   part 1 only (no generated graphs)
# Environment: CARGO_TARGET_DIR (default ./target), BENCH_OUT (default bench-out), BENCH_RUNS,
#   BENCH_TF2ONNX_MAX, BENCH_MODELS (names of models.py's models, space-separated; default all),
#   AMANDA_OPT and GEN_GRAPH (use these binaries instead of building release),
#   AMANDA_BENCH_OVERLAY (the overlay's directory), BENCH_PYTHONHASHSEED (default 0, below);
#   the venv is scripts/torch-venv.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
models_only=
if [ "${1:-}" = "--models-only" ]; then
  models_only=1
  shift
fi
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
[ -z "$models_only" ] || sizes=()
OUT=${BENCH_OUT:-bench-out}
TARGET=${CARGO_TARGET_DIR:-target}
RUNS=${BENCH_RUNS:-3}
# shellcheck source=scripts/bench-lib.sh
. scripts/bench-lib.sh
OVERLAY=$BENCH_OVERLAY

if [ -z "${AMANDA_OPT:-}" ] || { [ -z "${GEN_GRAPH:-}" ] && [ -z "$models_only" ]; }; then
  echo "building amanda-opt and gen-graph (release)..." >&2
  cargo build --release --quiet --bin amanda-opt --example gen-graph
fi
AMANDA=${AMANDA_OPT:-$TARGET/release/amanda-opt}
GEN=${GEN_GRAPH:-$TARGET/release/examples/gen-graph}

# shellcheck source=scripts/torch-venv.sh
. scripts/torch-venv.sh
torch_venv || { echo "bench-convert: the torch venv cannot be installed" >&2; exit 1; }
bench_overlay "$TORCH_PY" || { echo "bench-convert: cannot install $BENCH_PINS" >&2; exit 1; }

export TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0
rm -rf "$OUT/numeric-models" "$OUT/pytorch"
mkdir -p "$OUT/numeric-models"
# shellcheck disable=SC2086
"$TORCH_PY" scripts/numeric/models.py "$OUT/numeric-models" ${BENCH_MODELS:-} >/dev/null 2>&1

chains=()
for n in "${sizes[@]}"; do
  mlir="$OUT/tf-chain-$n.mlir"
  pb="$OUT/tf-chain-$n.pb"
  [ -f "$mlir" ] || "$GEN" "$n" 1 --tf-chain -o "$mlir"
  if [ "$n" -le "${BENCH_TF2ONNX_MAX:-10000}" ]; then
    [ -f "$pb" ] || "$AMANDA" "$mlir" --emit=graphdef -o "$pb"
    chains+=(--chain "$n=$mlir,$pb")
  else
    chains+=(--chain "$n=$mlir")
  fi
done

# Whether tf2onnx converts a model can depend on Python's string hash seed (its rewriters
# iterate over sets) and on what the process converted before: tf1_nested converts or fails
# ("Graph has cycles") from one seed to the next. A fixed seed makes a run repeatable.
PYTHONHASHSEED=${BENCH_PYTHONHASHSEED:-0} \
PYTHONPATH="$OVERLAY${PYTHONPATH:+:$PYTHONPATH}" "$TORCH_PY" scripts/numeric/bench_convert.py \
  --models "$OUT/numeric-models" --pytorch-out "$OUT/pytorch" --amanda-opt "$AMANDA" --runs "$RUNS" \
  --tf2onnx-max "${BENCH_TF2ONNX_MAX:-10000}" ${chains[@]+"${chains[@]}"} \
  2> >(grep -v -i -E 'warning|instructions for updating|this api was designed|tf2onnx|^I0000|absl::InitializeLog' >&2)
