#!/usr/bin/env bash
# Fuzzing with cargo-fuzz (libFuzzer), on the stable toolchain without a sanitizer
# (`--dev -s none`; for ASan use a nightly toolchain: `cargo +nightly fuzz run parse`).
#
#   scripts/fuzz.sh [--time SECONDS] [TARGET...]
#
# Targets (fuzz/fuzz_targets/): parse (lexer, parser, name resolution), roundtrip (print
# -> parse -> print in every mode gives the same bytes), passes (verifier and every pass on
# parsed input; the first byte picks the pass), graphdef (the GraphDef readers, import and
# export), onnx (the ONNX reader; what imports exports, re-imports and exports to the same
# bytes), tables (the YAML mapping-table reader and its diagnostics). Default: all of them,
# SECONDS (default 60) each.
#
# Corpora live outside the clone, in $AMANDA_FUZZ_DIR (default ~/.cache/amanda-opt/fuzz),
# seeded from test-files/ and, when present, TensorFlow's tfg corpus (../shared/conformance
# or $AMANDA_CONFORMANCE_DIR), so a long run continues where the last one stopped. A crash
# leaves its input in fuzz/artifacts/TARGET/; make it a regression test in test-files/.
# Last line: `N passed, N failed` (one per target; a target fails on a finding or when it
# cannot be built).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo=$(pwd)
seconds=60
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(parse roundtrip passes graphdef onnx tables)
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz"
  cargo install --quiet --locked cargo-fuzz || { echo "fuzz: cargo install cargo-fuzz failed"; echo "0 passed, ${#targets[@]} failed"; exit 1; }
fi
fuzz_dir=${AMANDA_FUZZ_DIR:-$HOME/.cache/amanda-opt/fuzz}
conformance=${AMANDA_CONFORMANCE_DIR:-$repo/../shared/conformance}

# Seed a target's corpus (once per seed file: libFuzzer keeps what it learns beside them).
seed() { # seed TARGET DIR
  local target=$1 dir=$2 f n=0
  mkdir -p "$dir"
  case "$target" in
    onnx)
      while IFS= read -r -d '' f; do
        cp -n "$f" "$dir/seed-$(cksum <"$f" | cut -d' ' -f1)"; n=$((n + 1))
      done < <(find test-files "${AMANDA_CACHE:-$HOME/.cache/amanda-opt}"/onnx-venv/lib/python3*/site-packages/onnx/backend/test/data/node \
                 -name '*.onnx' -size -64k -print0 2>/dev/null) ;;
    tables)
      while IFS= read -r -d '' f; do
        cp -n "$f" "$dir/seed-$(cksum <"$f" | cut -d' ' -f1)" ; n=$((n + 1))
      done < <(find passes test-files \( -name '*.yaml' -o -name '*.yml' \) -print0 2>/dev/null) ;;
    graphdef)
      while IFS= read -r -d '' f; do
        cp -n "$f" "$dir/seed-$(cksum <"$f" | cut -d' ' -f1)" ; n=$((n + 1))
      done < <(find test-files "$conformance/tfg/ir/importexport" -name '*.pbtxt' -print0 2>/dev/null) ;;
    passes)
      # A selector byte in front of each text: two passes per file, chosen by its checksum.
      while IFS= read -r -d '' f; do
        local sum; sum=$(cksum <"$f" | cut -d' ' -f1)
        for k in 0 1; do
          local out="$dir/seed-$sum-$k"
          [ -e "$out" ] || { printf "\\$(printf '%03o' $(((sum >> (8 * k)) & 255)))" >"$out"; cat "$f" >>"$out"; }
        done
        n=$((n + 1))
      done < <(find test-files "$conformance/tfg" -name '*.mlir' -size -64k -not -path '*/pending/*' -print0 2>/dev/null)
      # The hostile-shape inputs (issue 35) with every selector byte: each pass sees them.
      while IFS= read -r -d '' f; do
        local sum; sum=$(cksum <"$f" | cut -d' ' -f1)
        for k in $(seq 0 255); do
          local out="$dir/seed-hostile-$sum-$k"
          [ -e "$out" ] || { printf "\\$(printf '%03o' "$k")" >"$out"; cat "$f" >>"$out"; }
        done
        n=$((n + 1))
      done < <(find test-files/reliability -name 'hostile-shapes*.mlir' -print0 2>/dev/null) ;;
    *)
      while IFS= read -r -d '' f; do
        cp -n "$f" "$dir/seed-$(cksum <"$f" | cut -d' ' -f1)"; n=$((n + 1))
      done < <(find test-files "$conformance/tfg" -name '*.mlir' -size -64k -not -path '*/pending/*' -print0 2>/dev/null) ;;
  esac
  echo "fuzz: $target: $n seed files"
}

echo "fuzz: building the targets (cargo fuzz build --dev -s none)"
mkdir -p "$fuzz_dir"
if ! cargo fuzz build --dev -s none >"$fuzz_dir/build.log" 2>&1; then
  tail -20 "$fuzz_dir/build.log"
  echo "fuzz: the targets do not build"
  echo "0 passed, ${#targets[@]} failed"
  exit 1
fi
passed=0 failed=0
for t in "${targets[@]}"; do
  corpus="$fuzz_dir/corpus/$t"
  seed "$t" "$corpus"
  mkdir -p "fuzz/artifacts/$t"
  log="$fuzz_dir/$t.log"
  # -rss_limit_mb: the tool's own memory bound for hostile input; -timeout: a hang is a finding.
  # A target's dictionary (fuzz/dict/TARGET.dict), when it has one.
  dict=()
  [ -f "fuzz/dict/$t.dict" ] && dict=(-dict="fuzz/dict/$t.dict")
  if cargo fuzz run --dev -s none "$t" "$corpus" -- ${dict[@]+"${dict[@]}"} -max_total_time="$seconds" -timeout=30 \
      -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 >"$log" 2>&1; then
    execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
    echo "fuzz: $t: no finding in ${seconds}s (${execs:-?} runs, corpus $(ls "$corpus" | wc -l) inputs)"
    passed=$((passed + 1))
  else
    echo "fuzz: $t: FINDING (log $log; input in fuzz/artifacts/$t/):"
    grep -E 'panicked|ERROR|SUMMARY|Test unit written' "$log" | head -10
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
