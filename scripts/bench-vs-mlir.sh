#!/usr/bin/env bash
# bench-vs-mlir.sh — amanda-opt against mlir-opt on synthetic tfg graphs.
#
# Builds amanda-opt (release) and the gen-graph example, generates graphs of 10k, 100k and
# 1M ops into bench-out/, and runs on each file
#   amanda-opt --print-op-generic FILE -o /dev/null
#   mlir-opt --allow-unregistered-dialect --mlir-print-op-generic FILE -o /dev/null
# measuring wall time and peak RSS with GNU time (best of BENCH_RUNS runs). Prints a table
# with the ratios (mlir-opt time / amanda-opt time, amanda-opt memory / mlir-opt memory),
# checks that amanda-opt grows linearly from size to size, and checks the targets on the
# largest file: at least 10x faster than mlir-opt with at most half its peak memory.
#
# Usage: scripts/bench-vs-mlir.sh [--strict] [SIZES...]
#   --strict       exit 1 if a target or the linearity check is missed
#   SIZES          op counts (default: 10000 100000 1000000)
# Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), BENCH_RUNS (default 1),
#   BENCH_SEED (default 1), CARGO_TARGET_DIR (default ./target), BENCH_OUT (default bench-out).
set -euo pipefail

cd "$(dirname "$0")/.."
strict=0
sizes=()
for a in "$@"; do
    case "$a" in
        --strict) strict=1 ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) sizes+=("$a") ;;
    esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)

MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
RUNS=${BENCH_RUNS:-1}
SEED=${BENCH_SEED:-1}
OUT=${BENCH_OUT:-bench-out}
TARGET=${CARGO_TARGET_DIR:-target}
AMANDA="$TARGET/release/amanda-opt"
GEN="$TARGET/release/examples/gen-graph"

if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time (apt package 'time')" >&2
    apt-get install -y time >/dev/null
fi
if [ ! -x "$MLIR_OPT" ]; then
    echo "error: mlir-opt not found at $MLIR_OPT (apt package mlir-22-tools, or set MLIR_OPT)" >&2
    exit 1
fi

echo "building amanda-opt and gen-graph (release)..." >&2
cargo build --release --quiet --bin amanda-opt --example gen-graph
mkdir -p "$OUT"

# run NAME CMD... -> prints "seconds kib" (best time over RUNS; its peak RSS)
run() {
    local best_t="" best_m="" t m i log="$OUT/time.$$"
    for ((i = 0; i < RUNS; i++)); do
        if ! /usr/bin/time -f '%e %M' -o "$log" "$@" >/dev/null 2>"$OUT/stderr.$$"; then
            echo "error: command failed: $*" >&2
            cat "$OUT/stderr.$$" >&2
            exit 1
        fi
        read -r t m <"$log"
        if [ -z "$best_t" ] || awk -v a="$t" -v b="$best_t" 'BEGIN { exit !(a < b) }'; then
            best_t=$t
            best_m=$m
        fi
    done
    rm -f "$log" "$OUT/stderr.$$"
    echo "$best_t $best_m"
}

declare -A A_T A_M M_T M_M BYTES
for n in "${sizes[@]}"; do
    f="$OUT/graph-$n.mlir"
    "$GEN" "$n" "$SEED" -o "$f"
    BYTES[$n]=$(stat -c %s "$f")
    cat "$f" >/dev/null # warm the page cache for both tools
    echo "running on $f (${BYTES[$n]} bytes)..." >&2
    read -r A_T[$n] A_M[$n] < <(run "$AMANDA" --print-op-generic "$f" -o /dev/null)
    read -r M_T[$n] M_M[$n] < <(run "$MLIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$f" -o /dev/null)
done

# Sanity: amanda-opt's output on the smallest file is accepted by mlir-opt.
small="$OUT/graph-${sizes[0]}.mlir"
"$AMANDA" --print-op-generic "$small" | "$MLIR_OPT" --allow-unregistered-dialect -o /dev/null

echo
printf '%-9s %8s | %10s %10s | %10s %10s | %12s %12s\n' ops "file MB" "amanda s" "amanda MiB" "mlir s" "mlir MiB" "time ratio" "mem ratio"
printf '%-9s %8s | %10s %10s | %10s %10s | %12s %12s\n' "" "" "" "" "" "" "(mlir/amanda)" "(amanda/mlir)"
for n in "${sizes[@]}"; do
    awk -v n="$n" -v b="${BYTES[$n]}" -v at="${A_T[$n]}" -v am="${A_M[$n]}" -v mt="${M_T[$n]}" -v mm="${M_M[$n]}" 'BEGIN {
        at2 = (at > 0 ? at : 0.005)
        printf "%-9s %8.1f | %10.2f %10.1f | %10.2f %10.1f | %12.2f %12.2f\n", n, b / 1e6, at, am / 1024, mt, mm / 1024, mt / at2, am / mm
    }'
done

fail=0
echo
echo "linearity (amanda-opt, exponent k in time ~ n^k between consecutive sizes; linear if k <= 1.15):"
prev=""
for n in "${sizes[@]}"; do
    if [ -n "$prev" ]; then
        ok=$(awk -v n1="$prev" -v n2="$n" -v t1="${A_T[$prev]}" -v t2="${A_T[$n]}" -v m1="${A_M[$prev]}" -v m2="${A_M[$n]}" 'BEGIN {
            t1 = (t1 > 0.01 ? t1 : 0.01); t2 = (t2 > 0.01 ? t2 : 0.01)
            kt = log(t2 / t1) / log(n2 / n1); km = log(m2 / m1) / log(n2 / n1)
            printf "  %s -> %s ops: time k = %.2f, memory k = %.2f %s", n1, n2, kt, km, (kt <= 1.15 && km <= 1.15) ? "ok" : "SUPERLINEAR"
        }')
        echo "$ok"
        case "$ok" in *SUPERLINEAR*) fail=1 ;; esac
    fi
    prev=$n
done

big=${sizes[${#sizes[@]}-1]}
echo
echo "targets on the $big-op file (amanda-opt >= 10x faster, <= 0.5x peak memory of mlir-opt):"
verdict=$(awk -v at="${A_T[$big]}" -v am="${A_M[$big]}" -v mt="${M_T[$big]}" -v mm="${M_M[$big]}" 'BEGIN {
    at2 = (at > 0 ? at : 0.005); s = mt / at2; r = am / mm
    printf "  speed: %.2fx %s; memory: %.2fx %s\n", s, (s >= 10 ? "MET" : "NOT MET"), r, (r <= 0.5 ? "MET" : "NOT MET")
    if (s < 10 || r > 0.5) print "MISS"
}')
echo "$verdict" | grep -v '^MISS$' || true
case "$verdict" in *MISS*) fail=1 ;; esac

if [ "$strict" = 1 ] && [ "$fail" = 1 ]; then
    exit 1
fi
exit 0
