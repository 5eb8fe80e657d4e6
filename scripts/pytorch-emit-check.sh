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
#   AMANDA_TORCH_VENV (the venv's path), AMANDA_TORCH_PYTHON (the Python that creates it).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)

case "${1:-}" in
  -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
esac

venv=${AMANDA_TORCH_VENV:-$HOME/.cache/amanda-opt/torch-venv}
base=${AMANDA_TORCH_PYTHON:-python3}
req="$repo/scripts/pytorch-emit/requirements.txt"

skipped() {
  echo "skipped: $1"
  echo "0 passed, 0 failed"
  exit 0
}

# torch_venv -> 0 ready, 2 cannot be installed here, 1 failed (as scripts/numeric/venv.sh).
torch_venv() {
  local stamp t0
  command -v "$base" >/dev/null 2>&1 || { echo "pytorch-emit: no $base on PATH" >&2; return 2; }
  stamp=$({ "$base" -c 'import sys, platform; print(sys.version.split()[0], platform.machine())'
            grep -v '^ *#' "$req" | sed '/^ *$/d' | sort; } 2>/dev/null)
  mkdir -p "$(dirname "$venv")" || return 1
  exec 9>"$venv.lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if [ -x "$venv/bin/python" ] && [ -f "$venv/.amanda-pins" ] && [ "$(cat "$venv/.amanda-pins")" = "$stamp" ]; then
    exec 9>&-; return 0
  fi
  echo "pytorch-emit: building the Python environment at $venv (pins: $req; about 7 GB)" >&2
  t0=$(date +%s)
  rm -rf "$venv"
  if ! "$base" -m venv "$venv" >&2; then
    rm -rf "$venv"; exec 9>&-
    echo "pytorch-emit: '$base -m venv' failed" >&2
    return 2
  fi
  if ! (cd /tmp && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req") >&2; then
    rm -rf "$venv"; exec 9>&-
    if ! "$base" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1].rstrip("/") + "/pip/", timeout=20).read(1)' \
         "${PIP_INDEX_URL:-https://pypi.org/simple}" >/dev/null 2>&1; then
      echo "pytorch-emit: the package index is not reachable" >&2
      return 2
    fi
    return 1
  fi
  echo "$stamp" >"$venv/.amanda-pins"
  echo "pytorch-emit: environment ready in $(( $(date +%s) - t0 )) s, $(du -sh "$venv" 2>/dev/null | cut -f1)" >&2
  exec 9>&-
  return 0
}

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

exec "$venv/bin/python" scripts/pytorch-emit-check.py --amanda-opt "$AMANDA_OPT" "$@"
