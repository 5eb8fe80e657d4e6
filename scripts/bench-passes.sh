#!/usr/bin/env bash
# bench-passes.sh — what passes cost next to reading and writing the graph they run on.
#
# 1. On generated graphs of 10k, 100k and 1M ops (examples/gen-graph.rs; the same graphs as
#    scripts/bench-vs-mlir.sh), runs each pass once with --timing and prints its time as a
#    share of parse + print time measured in the same run (target: at most 0.5 for
#    tfg-toposort, tfg-cse and tfg-constant-folding at 1M ops), and how that time grows
#    with the graph (exponent k in time ~ n^k; linear if k <= 1.15). tfg-cse is anchored
#    on functions, so it runs on a one-function library of the same ops.
# 2. On a library of 64 functions, runs a pipeline of the per-function passes on 1 and on 2
#    threads (RAYON_NUM_THREADS) and prints the speed-up (target: >= 1.7x).
# A benchmark, not a test: figures are ratios measured in one run, since the machine is
# shared and noisy.
#
# Usage: scripts/bench-passes.sh [SIZES...]
# Environment: CARGO_TARGET_DIR (default ./target), BENCH_OUT (default bench-out),
#   BENCH_RUNS (default 3: the best of that many runs), LIBRARY_OPS (ops per function of the
#   64-function library, default 4000), LIBRARY_PIPELINE.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
OUT=${BENCH_OUT:-bench-out}
TARGET=${CARGO_TARGET_DIR:-target}
RUNS=${BENCH_RUNS:-3}
AMANDA="$TARGET/release/amanda-opt"
GEN="$TARGET/release/examples/gen-graph"
LIBRARY_OPS=${LIBRARY_OPS:-4000}
LIBRARY_PIPELINE=${LIBRARY_PIPELINE:-builtin.module(tfg.func(tfg-toposort))}

echo "building amanda-opt and gen-graph (release)..." >&2
cargo build --release --quiet --bin amanda-opt --example gen-graph
mkdir -p "$OUT"

# timing FILE PIPELINE -> "parse print pass" seconds (best pass time of RUNS runs, with the
# parse and print times of that run), from --timing-display=list.
timing() {
    local file=$1 pipeline=$2 best="" i log="$OUT/timing.$$"
    for ((i = 0; i < RUNS; i++)); do
        "$AMANDA" "$file" --pass-pipeline="$pipeline" --timing --timing-display=list -o /dev/null 2>"$log"
        # Everything that is not a fixed phase is the pipeline's passes. A nested pipeline
        # ('tfg.func' Pipeline) is listed too, with the time of the passes in it: not counted.
        local t
        t=$(awk '
            /Parser$/ { parse += $1 } /Output$/ { print_ += $1 }
            /\)  / && !/Parser$|Output$|Verifier$|Rest$|Total$|Pipeline$/ { pass += $1 }
            END { printf "%.4f %.4f %.4f\n", parse, print_, pass }' "$log")
        if [ -z "$best" ] || awk -v a="${t##* }" -v b="${best##* }" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    rm -f "$log"
    echo "$best"
}

declare -A SHARE TIME
read -r -a passes <<<"${BENCH_PASSES:-tfg-toposort tfg-cse tfg-constant-folding}"
for n in "${sizes[@]}"; do
    graph="$OUT/graph-own-$n.mlir"
    [ -f "$graph" ] || "$GEN" "$n" 1 -o "$graph"
    lib1="$OUT/library-1x$n.mlir"
    [ -f "$lib1" ] || "$GEN" "$n" 1 --functions 1 -o "$lib1"
    for p in "${passes[@]}"; do
        case "$p" in
            tfg-toposort) file=$graph; pipe="builtin.module(tfg.graph(tfg-toposort))" ;;
            tfg-cse) file=$lib1; pipe="builtin.module(tfg.func(tfg-cse))" ;;
            *) file=$graph; pipe="builtin.module($p)" ;;
        esac
        echo "running $p on $file..." >&2
        read -r parse print_ pass < <(timing "$file" "$pipe")
        TIME[$p,$n]=$pass
        SHARE[$p,$n]=$(awk -v a="$pass" -v p="$parse" -v o="$print_" 'BEGIN { printf "%.3f", a / (p + o) }')
        printf '  %-22s %8s ops: pass %.3f s, parse %.3f s, print %.3f s, pass/(parse+print) %s\n' "$p" "$n" "$pass" "$parse" "$print_" "${SHARE[$p,$n]}" >&2
    done
done

echo
printf '%-22s' pass; for n in "${sizes[@]}"; do printf ' %14s' "$n ops"; done; printf '   %s\n' "growth k"
for p in "${passes[@]}"; do
    printf '%-22s' "$p"
    for n in "${sizes[@]}"; do printf ' %8s s %4s' "${TIME[$p,$n]}" ""; done
    prev=""; ks=""
    for n in "${sizes[@]}"; do
        if [ -n "$prev" ]; then
            ks="$ks $(awk -v n1="$prev" -v n2="$n" -v t1="${TIME[$p,$prev]}" -v t2="${TIME[$p,$n]}" 'BEGIN {
                t1 = (t1 > 0.001 ? t1 : 0.001); t2 = (t2 > 0.001 ? t2 : 0.001); printf "%.2f", log(t2 / t1) / log(n2 / n1) }')"
        fi
        prev=$n
    done
    printf '  %s\n' "$ks"
    printf '%-22s' "  share of parse+print"
    for n in "${sizes[@]}"; do printf ' %14s' "${SHARE[$p,$n]}"; done
    printf '\n'
done

lib="$OUT/library-64x$LIBRARY_OPS.mlir"
[ -f "$lib" ] || "$GEN" "$LIBRARY_OPS" 1 --functions 64 -o "$lib"
echo
echo "library of 64 functions of $LIBRARY_OPS ops, $LIBRARY_PIPELINE:"
read -r _ _ t1 < <(RAYON_NUM_THREADS=1 timing "$lib" "$LIBRARY_PIPELINE")
read -r _ _ t2 < <(RAYON_NUM_THREADS=2 timing "$lib" "$LIBRARY_PIPELINE")
awk -v a="$t1" -v b="$t2" 'BEGIN { b2 = (b > 0 ? b : 0.0001); printf "  1 thread %.3f s, 2 threads %.3f s: %.2fx\n", a, b, a / b2 }'
