# Helpers shared by the benchmarks (sourced, not run): bench-onnx.sh, bench-graphdef.sh,
# bench-convert.sh and bench-keras-apps.sh. Figures are wall times on a shared machine: read them as ratios of one run.

# best CMD...: the lowest wall time of 3 runs, in seconds (exits 1 if CMD fails).
best() {
  local b=""
  for _ in 1 2 3; do
    local s e t
    s=$(date +%s.%N); "$@" >/dev/null 2>&1 || { echo "bench: failed: $*" >&2; exit 1; }; e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}

# peak CMD...: the peak resident memory of CMD in MiB (GNU time, else Python's getrusage of
# the child: both report the largest resident set, file-backed pages of a mapped input
# included).
peak() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'
  else
    python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("%.0f" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024))' "$@"
  fi
}

# ratio A B: A / B with two decimals.
ratio() {
  printf '%.2f' "$(echo "$1 / $2" | bc -l)"
}

# Pinned together (docs/decisions.md): onnx2torch 1.5.15 imports torchvision at import time;
# torchvision 0.29.2 is the newest and runs with the torch venv's torch 2.15.0.
BENCH_PINS="tf2onnx==1.17.0 onnx==1.22.0 onnx2torch==1.5.15 torchvision==0.29.2 pillow==13.0.0"
BENCH_OVERLAY=${AMANDA_BENCH_OVERLAY:-$HOME/.cache/amanda-opt/bench-onnx2torch}

# bench_overlay PY: tf2onnx, onnx, onnx2torch, torchvision and pillow installed for PY (the
# torch venv's python) without their dependencies (the venv's cover them) into
# $BENCH_OVERLAY, to be put on PYTHONPATH, so the venv keeps its pins; reinstalled when the
# pins or PY's version change.
bench_overlay() {
  local stamp
  stamp="$BENCH_PINS $("$1" -c 'import sys; print(sys.version.split()[0])')"
  if [ "$(cat "$BENCH_OVERLAY/.amanda-pins" 2>/dev/null)" != "$stamp" ]; then
    echo "installing $BENCH_PINS into $BENCH_OVERLAY..." >&2
    rm -rf "$BENCH_OVERLAY" "$BENCH_OVERLAY.new"
    # shellcheck disable=SC2086
    (cd /tmp && "$1" -m pip install --quiet --disable-pip-version-check --no-deps --target "$BENCH_OVERLAY.new" $BENCH_PINS) || return 1
    echo "$stamp" >"$BENCH_OVERLAY.new/.amanda-pins"
    mv "$BENCH_OVERLAY.new" "$BENCH_OVERLAY"
  fi
}
