#!/usr/bin/env bash
# bench-convert.sh — what convert-tf-to-torch costs (a benchmark, not a test).
#
# 1. The numeric tier's models (scripts/numeric/models.py): amanda-opt's whole-process
#    conversion time (import + convert + print) against tf2onnx's in-process conversion of the
#    same frozen GraphDef (tf2onnx.convert.from_graph_def), same run, as ratios.
# 2. Generated graphs of 10k, 100k and 1M convertible ops (gen-graph --tf-chain): conversion
#    time, parse+print time of the same file, time per op and the growth exponent k
#    (time ~ n^k; linear when k is near 1); tf2onnx on the GraphDef export of the graphs of at
#    most BENCH_TF2ONNX_MAX ops (default 10000).
# Figures are the best of BENCH_RUNS runs (default 3) on a shared machine: read the ratios.
#
# The Python side runs in the numeric tier's venv (scripts/numeric/venv.sh) with tf2onnx and
# onnx installed next to it, without their dependencies (TensorFlow's cover them), in
# ~/.cache/amanda-opt/bench-tf2onnx (PYTHONPATH), so the tier's pins stay as they are.
#
# Usage: scripts/bench-convert.sh [SIZES...]
# Environment: CARGO_TARGET_DIR (default ./target), BENCH_OUT (default bench-out), BENCH_RUNS,
#   BENCH_TF2ONNX_MAX, AMANDA_OPT and GEN_GRAPH (use these binaries instead of building release).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
OUT=${BENCH_OUT:-bench-out}
TARGET=${CARGO_TARGET_DIR:-target}
RUNS=${BENCH_RUNS:-3}
TF2ONNX_PINS="tf2onnx==1.17.0 onnx==1.22.0"
OVERLAY=${AMANDA_BENCH_TF2ONNX:-$HOME/.cache/amanda-opt/bench-tf2onnx}

if [ -z "${AMANDA_OPT:-}" ] || [ -z "${GEN_GRAPH:-}" ]; then
  echo "building amanda-opt and gen-graph (release)..." >&2
  cargo build --release --quiet --bin amanda-opt --example gen-graph
fi
AMANDA=${AMANDA_OPT:-$TARGET/release/amanda-opt}
GEN=${GEN_GRAPH:-$TARGET/release/examples/gen-graph}

# shellcheck source=scripts/numeric/venv.sh
. scripts/numeric/venv.sh
numeric_venv || { echo "bench-convert: the numeric venv cannot be installed" >&2; exit 1; }
if [ "$(cat "$OVERLAY/.amanda-pins" 2>/dev/null)" != "$TF2ONNX_PINS" ]; then
  echo "installing $TF2ONNX_PINS into $OVERLAY..." >&2
  rm -rf "$OVERLAY"
  # shellcheck disable=SC2086
  "$NUMERIC_PY" -m pip install --quiet --disable-pip-version-check --no-deps --target "$OVERLAY" $TF2ONNX_PINS
  echo "$TF2ONNX_PINS" >"$OVERLAY/.amanda-pins"
fi

export TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0
mkdir -p "$OUT/numeric-models"
"$NUMERIC_PY" scripts/numeric/models.py "$OUT/numeric-models" >/dev/null 2>&1

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

PYTHONPATH="$OVERLAY${PYTHONPATH:+:$PYTHONPATH}" "$NUMERIC_PY" scripts/numeric/bench_convert.py \
  --models "$OUT/numeric-models" --amanda-opt "$AMANDA" --runs "$RUNS" \
  --tf2onnx-max "${BENCH_TF2ONNX_MAX:-10000}" "${chains[@]}" 2> >(grep -v -i -E 'warning|instructions for updating|this api was designed|tf2onnx' >&2)
