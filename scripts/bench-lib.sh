# Timing helpers shared by the large-file benchmarks (sourced, not run): bench-onnx.sh and
# bench-graphdef.sh. Figures are wall times on a shared machine: read them as ratios of one run.

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
