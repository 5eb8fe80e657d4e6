#!/usr/bin/env bash
# Large-file ONNX benchmark (not a test): generates a ~200 MB model with big raw initializers
# (scripts/bench_onnx_gen.py), then times, best of 3,
#   onnx.load(model)                          the Python reference (protobuf's upb decoder)
#   amanda-opt model.onnx -o /dev/null        decode + import + verify + print
#   amanda-opt model.onnx --emit=onnx -o out  decode + import + verify + export
# and prints each time with its ratio to onnx.load, and amanda-opt's peak memory.
#
#   scripts/bench-onnx.sh [MEGABYTES]        (default 200)
#
# Environment: AMANDA_OPT (default target/release/amanda-opt), AMANDA_ONNX_VENV (as
# scripts/onnx-roundtrip.sh: created with onnx==1.22.0 when missing).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
mb=${1:-200}
venv=${AMANDA_ONNX_VENV:-$HOME/.cache/amanda-opt/onnx-venv}
py="$venv/bin/python"
if ! "$py" -c "import onnx, numpy" >/dev/null 2>&1; then
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "onnx==1.22.0" || exit 2
fi
tool=${AMANDA_OPT:-target/release/amanda-opt}
[ -x "$tool" ] || { echo "bench-onnx: $tool is not built (cargo build --release)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-onnx.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
model="$work/big.onnx"
"$py" scripts/bench_onnx_gen.py "$model" "$mb" || exit 2
size=$(stat -c %s "$model")

. scripts/bench-lib.sh

t_load=$(best "$py" -c "import onnx, sys; onnx.load(sys.argv[1])" "$model")
t_cat=$(best cat "$model")
t_print=$(best "$tool" "$model" -o /dev/null)
t_export=$(best "$tool" "$model" --emit=onnx -o "$work/out.onnx")
printf 'model: %.1f MB, %s\n' "$(echo "$size / 1000000" | bc -l)" "$tool"
printf '%-34s %8.3f s\n' "cat (reading the bytes)" "$t_cat"
printf '%-34s %8.3f s\n' "onnx.load" "$t_load"
printf '%-34s %8.3f s  %5.2fx onnx.load\n' "amanda-opt -o /dev/null" "$t_print" "$(echo "$t_print / $t_load" | bc -l)"
printf '%-34s %8.3f s  %5.2fx onnx.load\n' "amanda-opt --emit=onnx" "$t_export" "$(echo "$t_export / $t_load" | bc -l)"
printf '%-34s %8s MiB (file %.0f MiB)\n' "peak memory, --emit=onnx" "$(peak "$tool" "$model" --emit=onnx -o "$work/out.onnx")" "$(echo "$size / 1048576" | bc -l)"
printf '%-34s %8s MiB\n' "peak memory, -o /dev/null (text)" "$(peak "$tool" "$model" -o /dev/null)"
printf '%-34s %8s MiB\n' "peak memory, onnx.load" "$(peak "$py" -c "import onnx, sys; onnx.load(sys.argv[1])" "$model")"
if cmp -s "$model" "$work/out.onnx"; then
  echo "round trip: the exported model is byte-identical to the input"
else
  echo "round trip: the exported model differs from the input (bytes)"
fi
