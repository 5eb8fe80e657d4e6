#!/usr/bin/env bash
# ONNX round trip over the ONNX backend node test models (about 1,765
# onnx/backend/test/data/node/<test>/model.onnx shipped in the `onnx` PyPI package 1.22.0):
# for every model, `amanda-opt model.onnx --emit=onnx -o out.onnx` (import, verification
# against the ONNX namespace of the model's opsets, export), then `onnx.load` of both and
# protobuf message equality (no normalisation). Ends with `N passed, N failed`; exit status 1
# when a model not listed in scripts/onnx-known-failures.txt failed.
#
#   scripts/onnx-roundtrip.sh [--text] [MODEL_OR_DIR ...]
#
# --text goes through the printed IR instead, as imported and in generic form (import → print
# → parse → export), and requires the text read back and printed again to be the same bytes.
# Environment: AMANDA_OPT (default target/release/amanda-opt, else target/debug/amanda-opt),
# AMANDA_ONNX_VENV (default ~/.cache/amanda-opt/onnx-venv: created once, outside the
# repository, with onnx==1.22.0 pinned), JOBS (default: the number of cores).
set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)
. scripts/lib.sh
onnx_venv || exit 2
if ! find_amanda_opt; then
  echo "onnx-roundtrip: amanda-opt is not built (cargo build --release, or set AMANDA_OPT)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

exec "$ONNX_PY" scripts/onnx_roundtrip.py --amanda-opt "$tool" \
  --known scripts/onnx-known-failures.txt --jobs "${JOBS:-$(nproc 2>/dev/null || echo 2)}" "$@"
