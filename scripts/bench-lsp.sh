#!/usr/bin/env bash
# bench-lsp.sh — amanda-lsp against mlir-lsp-server (a benchmark, not a test).
#
# For each size (default 10000 and 100000 ops): generates a tfg graph with this project's
# generator (examples/gen-graph.rs) and, for mlir-lsp-server (which rejects tfg and
# unregistered ops), a graph of the same number of builtin ops in generic form
# (`"arith.addf"`/`"arith.mulf"` in a `func.func`, each op using earlier results). Each
# server gets a scripted session (scripts/lsp_session.py): open, then BENCH_EDITS edits of
# the middle line, each timed from didChange to publishDiagnostics, with a hover and a
# go-to-definition on the middle op's first operand after each. Prints medians and the
# ratios (mlir-lsp-server time / amanda-lsp time: above 1 means amanda-lsp is faster), and
# amanda-lsp's didChange→diagnostics time against the command line's parse+verify time for
# the same file (`amanda-opt --timing`: Parser + Verifier).
#
# Usage: scripts/bench-lsp.sh [SIZES...]
# Environment: MLIR_LSP (default /usr/lib/llvm-22/bin/mlir-lsp-server), BENCH_EDITS
#   (default 5), BENCH_OUT (default bench-out), CARGO_TARGET_DIR (default ./target),
#   BENCH_NO_BUILD=1 with AMANDA_LSP, AMANDA_OPT and GEN_GRAPH set to use given binaries
#   (e.g. debug ones) instead of building release ones.
# Do not run it at scale on a machine shared with builds: it wants the cores to itself.
set -euo pipefail

cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
MLIR_LSP=${MLIR_LSP:-/usr/lib/llvm-22/bin/mlir-lsp-server}
EDITS=${BENCH_EDITS:-5}
OUT=${BENCH_OUT:-bench-out}
TARGET=${CARGO_TARGET_DIR:-target}
if [ "${BENCH_NO_BUILD:-0}" = 1 ]; then
    : "${AMANDA_LSP:?BENCH_NO_BUILD=1 needs AMANDA_LSP}" "${AMANDA_OPT:?needs AMANDA_OPT}" "${GEN_GRAPH:?needs GEN_GRAPH}"
else
    cargo build --release --bins --example gen-graph >&2
    AMANDA_LSP=$TARGET/release/amanda-lsp
    AMANDA_OPT=$TARGET/release/amanda-opt
    GEN_GRAPH=$TARGET/release/examples/gen-graph
fi
if [ ! -x "$MLIR_LSP" ]; then
    echo "error: mlir-lsp-server not found at $MLIR_LSP (Debian mlir-22-tools; set MLIR_LSP)" >&2
    exit 1
fi
mkdir -p "$OUT"

gen_builtin() { # N FILE: N builtin ops in generic form
    python3 - "$1" "$2" <<'PY'
import random, sys
n, path = int(sys.argv[1]), sys.argv[2]
r = random.Random(1)
with open(path, "w") as f:
    f.write('"func.func"() <{function_type = (tensor<128xf32>) -> tensor<128xf32>, sym_name = "main"}> ({\n')
    f.write("^bb0(%arg0: tensor<128xf32>):\n")
    prev = ["%arg0"]
    for i in range(n - 1):
        op = "arith.addf" if i % 2 else "arith.mulf"
        a, b = prev[max(0, len(prev) - 1 - r.randrange(50)):][0], prev[-1]
        f.write('  %%%d = "%s"(%s, %s) <{fastmath = #arith.fastmath<none>}> : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>\n' % (i, op, a, b))
        prev.append("%%%d" % i)
    f.write('  "func.return"(%s) : (tensor<128xf32>) -> ()\n' % prev[-1])
    f.write("}) : () -> ()\n")
PY
}

field() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
ratio() { python3 -c 'import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print("%.2f" % (a / b) if b > 0 else "n/a")' "$1" "$2"; }
ms() { python3 -c 'import sys; print("%.1f" % (float(sys.argv[1]) * 1000))' "$1"; }

printf '%-8s %-22s %12s %12s %12s %12s\n' ops server "open ms" "change ms" "hover ms" "def ms"
for n in "${sizes[@]}"; do
    tfg=$OUT/lsp-tfg-$n.mlir
    builtin=$OUT/lsp-builtin-$n.mlir
    [ -f "$tfg" ] || "$GEN_GRAPH" "$n" -o "$tfg"
    [ -f "$builtin" ] || gen_builtin "$n" "$builtin"
    a=$(python3 scripts/lsp_session.py "$tfg" "$EDITS" "$AMANDA_LSP")
    m=$(python3 scripts/lsp_session.py "$builtin" "$EDITS" "$MLIR_LSP")
    for pair in "amanda-lsp:$a" "mlir-lsp-server:$m"; do
        name=${pair%%:*}; r=${pair#*:}
        printf '%-8s %-22s %12s %12s %12s %12s\n' "$n" "$name" "$(ms "$(field "$r" open)")" "$(ms "$(field "$r" change)")" \
            "$(ms "$(field "$r" hover)")" "$(ms "$(field "$r" definition)")"
    done
    if [ "$(field "$a" diagnostics)" != 0 ] || [ "$(field "$m" diagnostics)" != 0 ]; then
        echo "warning: diagnostics on a generated graph (amanda-lsp $(field "$a" diagnostics), mlir-lsp-server $(field "$m" diagnostics))" >&2
    fi
    timing=$("$AMANDA_OPT" "$tfg" -o /dev/null --timing 2>&1)
    cli=$(echo "$timing" | awk '/ Parser$| Verifier$/ { s += $1 } END { print s }')
    echo "  ratios at $n ops (mlir-lsp-server / amanda-lsp): change $(ratio "$(field "$m" change)" "$(field "$a" change)")x," \
        "hover $(ratio "$(field "$m" hover)" "$(field "$a" hover)")x, definition $(ratio "$(field "$m" definition)" "$(field "$a" definition)")x;" \
        "amanda-lsp change / command-line parse+verify ($(ms "$cli") ms): $(ratio "$(field "$a" change)" "$cli")x"
done
