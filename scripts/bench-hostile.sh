#!/usr/bin/env bash
# Times amanda-opt on the hostile input shapes of issue 19 at size N and 2N and prints the
# ratio of the times (about 2 when the cost is linear, about 4 when quadratic). A benchmark,
# not a test: run it by hand, ideally on a release build.
#
#   scripts/bench-hostile.sh [AMANDA_OPT] [N]
#
# AMANDA_OPT defaults to target/release/amanda-opt (else target/debug/amanda-opt); N to 20000.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-}
if [ -z "$tool" ]; then
  tool=$root/target/release/amanda-opt
  [ -x "$tool" ] || tool=$root/target/debug/amanda-opt
fi
n=${2:-20000}
work=$(mktemp -d "${TMPDIR:-/tmp}/amanda-hostile.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

# gen SHAPE N FILE: writes the input of SHAPE at size N.
gen() {
  python3 - "$1" "$2" > "$3" <<'PY'
import sys
shape, n = sys.argv[1], int(sys.argv[2])
if shape == "errors":
    print('"tfg.return"() : () -> ()\n' * n, end="")
elif shape == "errors-one-line":
    print('"tfg.return"() : () -> () ' * n)
elif shape == "control-operands":
    print("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n  %ctl = NoOp\n  %ctl_1 = NoOp [" + ", ".join(["%ctl"] * n) + "]\n}")
elif shape == "blocks":
    print('"foo.r"() ({\n' + "".join('^bb%d:\n  "foo.br"() [^bb%d] : () -> ()\n' % (i, max(1, (i + 1) % n)) for i in range(n)) + "}) : () -> ()")
elif shape == "digits":
    print('"foo.a"() {a = ' + "9" * (10 * n) + " : i32} : () -> ()")
elif shape == "aliases":
    # 40 doublings (refused by --canonical: 2^40 nodes) and N/10 plain aliases, all used.
    k = n // 10
    text = "#d0 = [1, 2]\n" + "".join("#d%d = [#d%d, #d%d]\n" % (i, i - 1, i - 1) for i in range(1, 40))
    text += "".join("#a%d = [%d, %d]\n" % (i, i, i) for i in range(k))
    print(text + '"foo.op"() {v = [' + ", ".join("#a%d" % i for i in range(k)) + '], w = #d39} : () -> ()')
elif shape == "expected-errors":
    print("".join('// expected-error @+1 {{requires attribute}}\n"tfg.return"() : () -> ()\n' for _ in range(n)))
elif shape == "split-chunks":
    print("\n// -----\n".join('"foo.op"() : () -> ()' for _ in range(n // 10)))
PY
}

# SHAPE FLAGS...
shapes=(
  "errors"
  "errors-one-line"
  "control-operands --no-verify"
  "control-operands"
  "blocks --canonical"
  "digits"
  "aliases --canonical"
  "split-chunks --split-input-file"
  "expected-errors --verify-diagnostics"
)

secs() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

printf "%-34s %10s %10s %7s\n" "shape (flags)" "N=$n" "2N" "ratio"
for entry in "${shapes[@]}"; do
  read -r shape flags <<< "$entry"
  gen "$shape" "$n" "$work/a.mlir"
  gen "$shape" $((2 * n)) "$work/b.mlir"
  # shellcheck disable=SC2086
  t1=$(secs "$tool" $flags "$work/a.mlir")
  # shellcheck disable=SC2086
  t2=$(secs "$tool" $flags "$work/b.mlir")
  ratio=$(echo "scale=2; $t2 / ($t1 + 0.001)" | bc)
  printf "%-34s %10.3f %10.3f %7s\n" "$shape ${flags}" "$t1" "$t2" "$ratio"
done
