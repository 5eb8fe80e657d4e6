#!/usr/bin/env bash
# Large-file GraphDef benchmark (not a test): generates a ~200 MB frozen TensorFlow GraphDef
# with big `Const` weights (scripts/bench_graphdef_gen.py), then times, best of 3,
#   cat model.pb                                  reading the bytes
#   GraphDef.ParseFromString                      TensorFlow's protobuf decoding (C++ upb)
#   tf.graph_util.import_graph_def                TensorFlow's importer (decode + build a Graph)
#   amanda-opt model.pb --emit=graphdef -o out    decode + import + verify + export
#   amanda-opt model.pb -o /dev/null              decode + import + verify + print tfg text
# and prints each time with its ratios, and amanda-opt's peak memory against the file size
# (issue 16: a small multiple of reading the bytes, peak memory a small multiple of the file).
#
#   scripts/bench-graphdef.sh [MEGABYTES]        (default 200)
#
# Environment: AMANDA_OPT (default target/release/amanda-opt), PYTHON (default: the numeric
# tier's venv when it exists, else python3; it needs tensorflow).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
mb=${1:-200}
py=${PYTHON:-$HOME/.cache/amanda-opt/numeric-venv/bin/python}
[ -x "$py" ] || py=python3
"$py" -c "import tensorflow" >/dev/null 2>&1 || { echo "bench-graphdef: $py has no tensorflow (run scripts/numeric-tier.sh once)" >&2; exit 2; }
tool=${AMANDA_OPT:-target/release/amanda-opt}
[ -x "$tool" ] || { echo "bench-graphdef: $tool is not built (cargo build --release)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-graphdef.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
model="$work/big.pb"
TF_CPP_MIN_LOG_LEVEL=3 "$py" scripts/bench_graphdef_gen.py "$model" "$mb" 2>/dev/null || exit 2
size=$(stat -c %s "$model")
. scripts/bench-lib.sh

export TF_CPP_MIN_LOG_LEVEL=3
parse='import sys; from tensorflow.core.framework import graph_pb2; g = graph_pb2.GraphDef(); g.ParseFromString(open(sys.argv[1], "rb").read())'
import_='import sys, tensorflow as tf; g = tf.compat.v1.GraphDef(); g.ParseFromString(open(sys.argv[1], "rb").read())
with tf.Graph().as_default(): tf.graph_util.import_graph_def(g, name="")'
start='import tensorflow'
t_cat=$(best cat "$model")
t_start=$(best "$py" -c "$start")
t_parse=$(best "$py" -c "$parse" "$model")
t_import=$(best "$py" -c "$import_" "$model")
t_export=$(best "$tool" "$model" --emit=graphdef -o "$work/out.pb")
t_print=$(best "$tool" "$model" -o /dev/null)
# TensorFlow's times include starting Python and importing TensorFlow: shown separately, and
# taken off in the ratios.
tf_parse=$(echo "$t_parse - $t_start" | bc -l)
tf_import=$(echo "$t_import - $t_start" | bc -l)
printf 'model: %.1f MB, %s\n' "$(echo "$size / 1000000" | bc -l)" "$tool"
printf '%-44s %8.3f s\n' "cat (reading the bytes)" "$t_cat"
printf '%-44s %8.3f s\n' "python -c 'import tensorflow' (start-up)" "$t_start"
printf '%-44s %8.3f s  (less start-up)\n' "TF GraphDef.ParseFromString" "$tf_parse"
printf '%-44s %8.3f s  (less start-up)\n' "TF ParseFromString + import_graph_def" "$tf_import"
printf '%-44s %8.3f s  %sx cat  %sx TF parse+import\n' "amanda-opt --emit=graphdef (round trip)" "$t_export" "$(ratio "$t_export" "$t_cat")" "$(ratio "$t_export" "$tf_import")"
printf '%-44s %8.3f s  %sx cat  %sx TF parse+import\n' "amanda-opt -o /dev/null (prints tfg text)" "$t_print" "$(ratio "$t_print" "$t_cat")" "$(ratio "$t_print" "$tf_import")"
printf '%-44s %8s MiB (file %.0f MiB)\n' "peak memory, --emit=graphdef" "$(peak "$tool" "$model" --emit=graphdef -o "$work/out.pb")" "$(echo "$size / 1048576" | bc -l)"
printf '%-44s %8s MiB\n' "peak memory, -o /dev/null (tfg text)" "$(peak "$tool" "$model" -o /dev/null)"
printf '%-44s %8s MiB\n' "peak memory, TF parse+import" "$(peak "$py" -c "$import_" "$model")"
# Equal as TensorFlow's own round-trip test compares (default attributes stripped, tensors by
# value: scripts/graphdef_tf_roundtrip.py's normalize), as the importer adds default attributes.
same='import sys; sys.path.insert(0, "scripts"); from graphdef_tf_roundtrip import normalize; from tensorflow.core.framework import graph_pb2
a, b = (graph_pb2.GraphDef.FromString(open(p, "rb").read()) for p in sys.argv[1:3])
sys.exit(0 if normalize(a) == normalize(b) else 1)'
if "$py" -c "$same" "$model" "$work/out.pb" 2>/dev/null; then
  echo "round trip: the exported GraphDef equals the input (after TensorFlow's normalisation)"
else
  echo "round trip: the exported GraphDef DIFFERS from the input"
fi
