#!/usr/bin/env bash
# The main job on the example shipped in the repository: installs Rust if it is missing,
# builds amanda-opt, then parses, verifies, canonicalizes and prints examples/mlp.amir
# (a small TensorFlow graph and its function library) exactly as tfg-opt would.
#
#   scripts/demo.sh [FILE] [FLAGS...]      (default: examples/mlp.amir -canonicalize --canonical)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --rust-only >/dev/null
if ! command -v cargo >/dev/null 2>&1; then export PATH="$HOME/.cargo/bin:$PATH"; fi
cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/amanda-opt"
if [ $# -eq 0 ]; then
  set -- examples/mlp.amir -canonicalize --canonical
fi
echo "\$ amanda-opt $*" >&2
exec "$bin" "$@"
