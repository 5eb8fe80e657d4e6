#!/usr/bin/env bash
# bench-vs-mlir.sh — amanda-opt against mlir-opt on synthetic tfg graphs.
#
# Builds amanda-opt (release) and the gen-graph example, generates graphs of 10k, 100k and
# 1M ops into bench-out/, and runs on each file
#   amanda-opt --print-op-generic FILE -o /dev/null
#   mlir-opt --allow-unregistered-dialect --mlir-print-op-generic FILE -o /dev/null
# measuring wall time and peak RSS with GNU time (best of BENCH_RUNS runs). Prints a table
# with the ratios (mlir-opt time / amanda-opt time, amanda-opt memory / mlir-opt memory),
# checks that amanda-opt's CPU time and memory grow linearly from size to size, and checks
# the targets on the largest file: at least 10x faster than mlir-opt with at most half its
# peak memory.
#
# Wall time is the figure the targets are about; CPU time (user + sys) is shown too because it
# is less disturbed when other jobs share the machine.
#
# The graphs come from this project's generator (examples/gen-graph.rs) or, with
# BENCH_GENERATOR=shared, from ../shared/bench/gen_graph.py, a generator written independently
# of this project (other attribute order, names and literals): a speed claim must hold on
# both.
#
# Usage: scripts/bench-vs-mlir.sh [--strict] [SIZES...]
#   --strict       exit 1 if a target or the linearity check is missed
#   SIZES          op counts (default: 10000 100000 1000000)
# Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), BENCH_RUNS (default 1),
#   BENCH_SEED (default 1), CARGO_TARGET_DIR (default ./target), BENCH_OUT (default bench-out),
#   BENCH_GENERATOR (own | shared; default own), SHARED_GEN (default ../shared/bench/gen_graph.py).
set -euo pipefail

cd "$(dirname "$0")/.."
strict=0
sizes=()
for a in "$@"; do
    case "$a" in
        --strict) strict=1 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
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
GENERATOR=${BENCH_GENERATOR:-own}
SHARED_GEN=${SHARED_GEN:-../shared/bench/gen_graph.py}
case "$GENERATOR" in
    own) ;;
    shared)
        if [ ! -f "$SHARED_GEN" ]; then
            echo "error: BENCH_GENERATOR=shared needs $SHARED_GEN (set SHARED_GEN)" >&2
            exit 1
        fi ;;
    *) echo "error: BENCH_GENERATOR must be own or shared" >&2; exit 1 ;;
esac

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

# run CMD... -> prints "wall_seconds cpu_seconds peak_kib" (the run with the best wall time
# among RUNS; cpu = user + sys, which a busy machine disturbs less than wall time)
run() {
    local best="" w u s m i log="$OUT/time.$$"
    for ((i = 0; i < RUNS; i++)); do
        if ! /usr/bin/time -f '%e %U %S %M' -o "$log" "$@" >/dev/null 2>"$OUT/stderr.$$"; then
            echo "error: command failed: $*" >&2
            cat "$OUT/stderr.$$" >&2
            exit 1
        fi
        read -r w u s m <"$log"
        if [ -z "$best" ] || awk -v a="$w" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best="$w $(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }') $m"
        fi
    done
    rm -f "$log" "$OUT/stderr.$$"
    echo "$best"
}

declare -A A_T A_C A_M M_T M_C M_M BYTES
for n in "${sizes[@]}"; do
    f="$OUT/graph-$GENERATOR-$n.mlir"
    if [ "$GENERATOR" = shared ]; then
        python3 "$SHARED_GEN" "$n" "$SEED" -o "$f"
    else
        "$GEN" "$n" "$SEED" -o "$f"
    fi
    BYTES[$n]=$(stat -c %s "$f")
    cat "$f" >/dev/null # warm the page cache for both tools
    echo "running on $f (${BYTES[$n]} bytes)..." >&2
    read -r A_T[$n] A_C[$n] A_M[$n] < <(run "$AMANDA" --print-op-generic "$f" -o /dev/null)
    read -r M_T[$n] M_C[$n] M_M[$n] < <(run "$MLIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$f" -o /dev/null)
done

# Sanity: amanda-opt's output on the smallest file is accepted by mlir-opt.
small="$OUT/graph-$GENERATOR-${sizes[0]}.mlir"
"$AMANDA" --print-op-generic "$small" | "$MLIR_OPT" --allow-unregistered-dialect -o /dev/null

echo
echo "generator: $GENERATOR"
printf '%-8s %7s | %8s %8s %9s | %8s %8s %9s | %11s %11s %11s\n' ops "file MB" "amanda" "" "" "mlir-opt" "" "" "time ratio" "cpu ratio" "mem ratio"
printf '%-8s %7s | %8s %8s %9s | %8s %8s %9s | %11s %11s %11s\n' "" "" "wall s" "cpu s" "peak MiB" "wall s" "cpu s" "peak MiB" "mlir/amanda" "mlir/amanda" "amanda/mlir"
for n in "${sizes[@]}"; do
    awk -v n="$n" -v b="${BYTES[$n]}" -v at="${A_T[$n]}" -v ac="${A_C[$n]}" -v am="${A_M[$n]}" \
        -v mt="${M_T[$n]}" -v mc="${M_C[$n]}" -v mm="${M_M[$n]}" 'BEGIN {
        at2 = (at > 0 ? at : 0.005); ac2 = (ac > 0 ? ac : 0.005)
        printf "%-8s %7.1f | %8.2f %8.2f %9.1f | %8.2f %8.2f %9.1f | %11.2f %11.2f %11.2f\n", n, b / 1e6, at, ac, am / 1024, mt, mc, mm / 1024, mt / at2, mc / ac2, am / mm
    }'
done

fail=0
echo
echo "linearity of amanda-opt (exponent k in cost ~ n^k between consecutive sizes; linear if k <= 1.15"
echo "for CPU time and peak memory; wall time is shown but not checked, a busy machine disturbs it):"
prev=""
for n in "${sizes[@]}"; do
    if [ -n "$prev" ]; then
        ok=$(awk -v n1="$prev" -v n2="$n" -v w1="${A_T[$prev]}" -v w2="${A_T[$n]}" -v c1="${A_C[$prev]}" -v c2="${A_C[$n]}" \
            -v m1="${A_M[$prev]}" -v m2="${A_M[$n]}" 'BEGIN {
            w1 = (w1 > 0.01 ? w1 : 0.01); w2 = (w2 > 0.01 ? w2 : 0.01); c1 = (c1 > 0.01 ? c1 : 0.01); c2 = (c2 > 0.01 ? c2 : 0.01)
            l = log(n2 / n1); kw = log(w2 / w1) / l; kc = log(c2 / c1) / l; km = log(m2 / m1) / l
            printf "  %s -> %s ops: cpu k = %.2f, memory k = %.2f (wall k = %.2f) %s", n1, n2, kc, km, kw, (kc <= 1.15 && km <= 1.15) ? "ok" : "SUPERLINEAR"
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
