#!/usr/bin/env bash
# bench-floatprint.sh — what printing and reading f32 weights costs (a benchmark, not a test).
#
# Generates three inputs of random weight-like f32 values (normal, sigma 0.1) and times
# `amanda-opt --canonical` on each, for one or more binaries (before/after), best of RUNS:
#   big_list       one tensor<1000000xf32> written as decimal literals (reading each literal,
#                  the hex data out),
#   small_tensors  20000 ops of tensor<50xf32> in hex bits (printed element by element: the
#                  float printer),
#   big_hex        one tensor<2500000xf32> as hex data (decoded and encoded again),
# and the conversion of examples/tf-mlp/model.pb (--pass=convert-tf-to-torch, 50 runs a time).
# Outputs of the binaries are compared byte for byte.
#
# Usage: scripts/bench-floatprint.sh BINARY [BINARY...]
# Environment: BENCH_OUT (default /tmp/bench-floatprint; removed at the end), BENCH_RUNS (3).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 BINARY [BINARY...]" >&2; exit 2; }
OUT=${BENCH_OUT:-/tmp/bench-floatprint}
RUNS=${BENCH_RUNS:-3}
mkdir -p "$OUT"
trap 'rm -rf "$OUT"' EXIT

python3 - "$OUT" <<'EOF'
import random, struct, sys
out = sys.argv[1]
random.seed(5)
def w():
    return struct.unpack('<f', struct.pack('<f', random.gauss(0, 0.1)))[0]
def bits(v):
    return struct.unpack('<I', struct.pack('<f', v))[0]
n = 1_000_000
with open(f'{out}/big_list.mlir', 'w') as f:
    f.write('"t.op"() {v = dense<[' + ', '.join('%.9g' % w() for _ in range(n)) + ']> : tensor<%dxf32>} : () -> ()\n' % n)
with open(f'{out}/small_tensors.mlir', 'w') as f:
    for _ in range(20_000):
        f.write('"t.op"() {v = dense<[%s]> : tensor<50xf32>} : () -> ()\n' % ', '.join('0x%08X' % bits(w()) for _ in range(50)))
n = 2_500_000
with open(f'{out}/big_hex.mlir', 'w') as f:
    data = b''.join(struct.pack('<f', w()) for _ in range(n))
    f.write('"t.op"() {v = dense<"0x%s"> : tensor<%dxf32>} : () -> ()\n' % (data.hex().upper(), n))
EOF

# best of RUNS wall-clock seconds of "$@"
best() {
  local b=""
  for _ in $(seq "$RUNS"); do
    local s e t
    s=$(date +%s.%N)
    "$@" >/dev/null
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}

mlp() {
  for _ in $(seq 50); do "$1" examples/tf-mlp/model.pb --pass=convert-tf-to-torch -o /dev/null; done
}

n=1
for bin in "$@"; do echo "#$n: $bin"; n=$((n + 1)); done
printf '%-16s' input
n=1
for _ in "$@"; do printf ' %14s' "#$n"; n=$((n + 1)); done
echo
for f in big_list small_tensors big_hex; do
  printf '%-16s' "$f"
  i=0
  for bin in "$@"; do
    printf ' %13.3fs' "$(best "$bin" --canonical "$OUT/$f.mlir" -o "$OUT/$f.$i.out")"
    [ "$i" = 0 ] || cmp -s "$OUT/$f.0.out" "$OUT/$f.$i.out" || echo " (output differs from the first binary's)"
    i=$((i + 1))
  done
  echo
done
printf '%-16s' "tf-mlp x50"
for bin in "$@"; do printf ' %13.3fs' "$(best mlp "$bin")"; done
echo
