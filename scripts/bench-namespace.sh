#!/usr/bin/env bash
# bench-namespace.sh — what namespaces cost: startup on a small file, and verify-namespace on
# large graphs (docs/namespaces.md, "Performance", has the figures of one run).
#
# 1. Startup: amanda-opt on a 10-line tfg file without a namespace declaration, and on the
#    same file declaring amanda/tensorflow/2.21 (its ops are then checked against TensorFlow
#    2.21, which inherits from 2.15); also 10-line files declaring an ONNX opset and PyTorch.
#    Timed with hyperfine when it is installed (median wall time and mean user+sys CPU time per
#    run; else a shell loop's mean wall time), three rounds, each file's lowest figures kept;
#    prints them with the extra milliseconds and the ratio to the run without a namespace;
#    with valgrind installed, also the instructions each run executes (immune to machine load).
# 2. Linearity: graphs of 10k, 100k and 1M tfg ops from the gen-graph example
#    (amanda_opt::testgen), each run with `--pass=verify-namespace` (best of BENCH_RUNS). The
#    pass's own time comes from `--timing`; the wall time, CPU time and peak RSS of the whole
#    run (parse, verify, pass, print) from GNU time, next to the same run without the pass.
#    Prints the growth exponent k (cost ~ n^k) of the pass time and of the whole run between
#    consecutive sizes: linear is k close to 1.
#
# Usage: scripts/bench-namespace.sh [SIZES...]    (default: 10000 100000 1000000)
# Environment: BENCH_RUNS (default 3), BENCH_STARTUP_RUNS (default 300), BENCH_SEED (default 1),
#   CARGO_TARGET_DIR (default ./target), BENCH_OUT (default bench-out).
set -euo pipefail

cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
RUNS=${BENCH_RUNS:-3} STARTUP_RUNS=${BENCH_STARTUP_RUNS:-300} SEED=${BENCH_SEED:-1} OUT=${BENCH_OUT:-bench-out}
BIN=${CARGO_TARGET_DIR:-target}/release
AMANDA=$BIN/amanda-opt GEN=$BIN/examples/gen-graph
[ -x /usr/bin/time ] || { echo "error: GNU time is missing (apt package 'time')" >&2; exit 1; }
echo "building amanda-opt and gen-graph (release)..." >&2
cargo build --release --quiet --bin amanda-opt --example gen-graph
mkdir -p "$OUT"

# ------------------------------------------------------------------ 1. startup

# small FILE DECLARATION BODY: a 10-line module; DECLARATION is "" or ' attributes {...}'.
small() {
    printf 'module%s {\n%s\n}\n' "$2" "$3" >"$1"
}
TF_BODY='  tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
    %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x2>} : () -> (tensor<2x2xf32>)
    %w, %ctl_0 = Const name("w") {dtype = f32, value = dense<1.0> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
    %m, %ctl_1 = MatMul(%x, %w) name("m") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %b, %ctl_2 = BiasAdd(%m, %w) name("b") {T = f32, data_format = "NHWC"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %r, %ctl_3 = Relu(%b) name("r") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
    %i, %ctl_4 = Identity(%r) name("out") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  }'
ONNX_BODY='  %x = "test.source"() : () -> tensor<1x3x8x8xf32>
  %w = "test.source"() : () -> tensor<4x3x3x3xf32>
  %none = "onnx.NoValue"() {value} : () -> none
  %0 = "onnx.Conv"(%x, %w, %none) {kernel_shape = [3, 3], pads = [1, 1, 1, 1]} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, none) -> tensor<1x4x8x8xf32>
  %1 = "onnx.Relu"(%0) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %2 = "onnx.Concat"(%0, %1) {axis = 1 : si64} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32>
  %3 = "onnx.Sigmoid"(%2) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>'
TORCH_BODY='  %t = "test.source"() : () -> !torch.vtensor<[2,3],f32>
  %one = "test.source"() : () -> !torch.int
  %l = "test.source"() : () -> !torch.list<int>
  %0 = "torch.aten.add.Tensor"(%t, %t, %one) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
  %1 = "torch.aten.relu"(%0) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  %2 = "torch.aten.sum.dim_IntList"(%1, %l) {keepdim = true} : (!torch.vtensor<[2,3],f32>, !torch.list<int>) -> !torch.vtensor<[2,3],f32>
  %3 = "torch.aten.mul.Tensor"(%2, %2) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>'
small "$OUT/small-plain.mlir" "" "$TF_BODY"
small "$OUT/small-tf.mlir" ' attributes {amanda.namespace = "amanda/tensorflow/2.21"}' "$TF_BODY"
small "$OUT/small-onnx.mlir" ' attributes {amanda.namespace = "amanda/onnx/opset-13"}' "$ONNX_BODY"
small "$OUT/small-torch.mlir" ' attributes {amanda.namespace = "amanda/pytorch/2.15"}' "$TORCH_BODY"
for f in plain tf onnx torch; do
    # Each must be valid: a namespace error would make the comparison meaningless.
    "$AMANDA" "$OUT/small-$f.mlir" -o /dev/null
done

# times FILE -> "median_wall_ms cpu_ms" per run of `amanda-opt FILE -o /dev/null` (cpu = user +
# system, which other jobs on the machine disturb less than wall time)
times() {
    if command -v hyperfine >/dev/null; then
        hyperfine -N --warmup 20 --runs "$STARTUP_RUNS" --export-json "$OUT/hf.json" "$AMANDA $1 -o /dev/null" >/dev/null 2>&1
        python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["results"][0]; print("%.3f %.3f" % (r["median"] * 1000, (r["user"] + r["system"]) * 1000))' "$OUT/hf.json"
    else
        local start end i
        start=$(date +%s%N)
        for ((i = 0; i < STARTUP_RUNS; i++)); do "$AMANDA" "$1" -o /dev/null; done
        end=$(date +%s%N)
        awk -v s="$start" -v e="$end" -v n="$STARTUP_RUNS" 'BEGIN { printf "%.3f nan", (e - s) / n / 1e6 }'
    fi
}

# Three rounds over the four files, keeping each file's lowest figures: other jobs on the
# machine come and go, and one unlucky round must not decide the comparison.
tool=$(command -v hyperfine >/dev/null && echo "hyperfine, median wall and mean user+sys" || echo "a shell loop, mean wall")
echo "startup: 10-line files, 3 rounds of $STARTUP_RUNS runs each..." >&2
declare -A WALL CPU
for round in 1 2 3; do
    for f in plain tf onnx torch; do
        read -r w c < <(times "$OUT/small-$f.mlir")
        if [ -z "${WALL[$f]:-}" ] || awk -v a="$w" -v b="${WALL[$f]}" 'BEGIN { exit !(a < b) }'; then WALL[$f]=$w; fi
        if [ -z "${CPU[$f]:-}" ] || awk -v a="$c" -v b="${CPU[$f]}" 'BEGIN { exit !(a < b) }'; then CPU[$f]=$c; fi
    done
done
echo
echo "startup (10-line file; $STARTUP_RUNS runs, lowest of 3 rounds; $tool):"
printf '  %-38s %8s %9s %6s | %8s %9s %6s\n' file "wall ms" "extra ms" ratio "cpu ms" "extra ms" ratio
for f in plain tf onnx torch; do
    case $f in
        plain) label="tfg graph, no namespace" ;;
        tf) label="same graph, amanda/tensorflow/2.21" ;;
        onnx) label="ONNX ops, amanda/onnx/opset-13" ;;
        torch) label="aten ops, amanda/pytorch/2.15" ;;
    esac
    awk -v l="$label" -v w="${WALL[$f]}" -v bw="${WALL[plain]}" -v c="${CPU[$f]}" -v bc="${CPU[plain]}" 'BEGIN {
        printf "  %-38s %8.2f %+9.2f %6.2f | %8.2f %+9.2f %6.2f\n", l, w, w - bw, w / bw, c, c - bc, (bc > 0 ? c / bc : 0)
    }'
done

# Instructions executed (valgrind's callgrind, when installed): a count that does not depend on
# what else the machine is doing.
if command -v valgrind >/dev/null; then
    echo
    echo "startup in instructions executed (valgrind --tool=callgrind, whole process):"
    base_ir=""
    for f in plain tf onnx torch; do
        ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$AMANDA" "$OUT/small-$f.mlir" -o /dev/null 2>&1 |
            awk '/Collected :/ { print $NF }')
        base_ir=${base_ir:-$ir}
        awk -v f="$f" -v ir="$ir" -v b="$base_ir" 'BEGIN { printf "  %-6s %12d instructions %+12d %6.2f\n", f, ir, ir - b, ir / b }'
    done
fi

# ------------------------------------------------------------------ 2. linearity

# run CMD... -> "wall_s cpu_s peak_kib pass_s" of the best of RUNS runs (pass_s from --timing,
# 0 when the command has no verify-namespace stage)
run() {
    local best="" w u s m p i log="$OUT/time.$$" err="$OUT/stderr.$$"
    for ((i = 0; i < RUNS; i++)); do
        if ! /usr/bin/time -f '%e %U %S %M' -o "$log" "$@" >/dev/null 2>"$err"; then
            echo "error: command failed: $*" >&2
            head -20 "$err" >&2
            exit 1
        fi
        read -r w u s m <"$log"
        p=$(awk '$1 == "verify-namespace" { sub(/s$/, "", $2); print $2 }' "$err")
        if [ -z "$best" ] || awk -v a="$w" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best="$w $(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }') $m ${p:-0}"
        fi
    done
    rm -f "$log" "$err"
    echo "$best"
}

declare -A W C M P BW BC BM BYTES
for n in "${sizes[@]}"; do
    f="$OUT/ns-graph-$n.mlir"
    "$GEN" "$n" "$SEED" -o "$f"
    BYTES[$n]=$(stat -c %s "$f")
    if "$AMANDA" "$f" --pass=verify-namespace -o /dev/null 2>"$OUT/errors.txt"; then :; else
        echo "error: the generated graph does not verify against its namespace:" >&2
        head -5 "$OUT/errors.txt" >&2
        exit 1
    fi
    echo "verify-namespace on $f (${BYTES[$n]} bytes)..." >&2
    read -r W[$n] C[$n] M[$n] P[$n] < <(run "$AMANDA" "$f" --pass=verify-namespace --timing -o /dev/null)
    read -r BW[$n] BC[$n] BM[$n] _ < <(run "$AMANDA" "$f" --timing -o /dev/null)
done

echo
echo "verify-namespace on gen-graph tfg graphs (best of $RUNS runs; the pass from --timing, the whole run from GNU time):"
printf '  %-8s %7s | %9s %9s | %8s %8s %9s | %8s %8s %9s\n' ops "file MB" "pass s" "ns/op" "wall s" "cpu s" "peak MiB" "wall s" "cpu s" "peak MiB"
printf '  %-8s %7s | %9s %9s | %-28s | %-28s\n' "" "" "" "" "  run with the pass" "  run without it"
for n in "${sizes[@]}"; do
    awk -v n="$n" -v b="${BYTES[$n]}" -v p="${P[$n]}" -v w="${W[$n]}" -v c="${C[$n]}" -v m="${M[$n]}" \
        -v bw="${BW[$n]}" -v bc="${BC[$n]}" -v bm="${BM[$n]}" 'BEGIN {
        printf "  %-8s %7.1f | %9.4f %9.0f | %8.2f %8.2f %9.1f | %8.2f %8.2f %9.1f\n", n, b / 1e6, p, p / n * 1e9, w, c, m / 1024, bw, bc, bm / 1024
    }'
done

echo
echo "growth exponent k (cost ~ n^k) between consecutive sizes; linear is k close to 1:"
prev=""
for n in "${sizes[@]}"; do
    if [ -n "$prev" ]; then
        awk -v n1="$prev" -v n2="$n" -v p1="${P[$prev]}" -v p2="${P[$n]}" -v c1="${C[$prev]}" -v c2="${C[$n]}" \
            -v m1="${M[$prev]}" -v m2="${M[$n]}" 'BEGIN {
            p1 = (p1 > 0.0001 ? p1 : 0.0001); c1 = (c1 > 0.01 ? c1 : 0.01); c2 = (c2 > 0.01 ? c2 : 0.01)
            l = log(n2 / n1)
            printf "  %s -> %s ops: pass time k = %.2f, whole-run cpu k = %.2f, peak memory k = %.2f\n", n1, n2, log(p2 / p1) / l, log(c2 / c1) / l, log(m2 / m1) / l
        }'
    fi
    prev=$n
done
first=${sizes[0]}
last=${sizes[${#sizes[@]}-1]}
if [ "$first" != "$last" ]; then
    awk -v n1="$first" -v n2="$last" -v p1="${P[$first]}" -v p2="${P[$last]}" -v c1="${C[$first]}" -v c2="${C[$last]}" \
        -v m1="${M[$first]}" -v m2="${M[$last]}" 'BEGIN {
        p1 = (p1 > 0.0001 ? p1 : 0.0001); c1 = (c1 > 0.01 ? c1 : 0.01); c2 = (c2 > 0.01 ? c2 : 0.01)
        l = log(n2 / n1)
        printf "  %s -> %s ops (overall): pass time k = %.2f, whole-run cpu k = %.2f, peak memory k = %.2f\n", n1, n2, log(p2 / p1) / l, log(c2 / c1) / l, log(m2 / m1) / l
    }'
fi
