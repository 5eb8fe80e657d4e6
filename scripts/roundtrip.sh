#!/usr/bin/env bash
# The `%roundtrip` lit substitution: checks that a file already in printed form prints back
# byte for byte, and that printing the output again changes nothing (idempotence).
#
#   scripts/roundtrip.sh [--idempotent] AMANDA_OPT FILE [FLAGS...]
#
# With --idempotent (the `%idempotent` substitution, for files that are not in printed form)
# only the second comparison is made: print(parse(print(parse(FILE)))) == print(parse(FILE)).
#
# The printed form is FILE without its header (every line up to the last blank line before
# the first line of IR) and without comment lines (with --keep-comments: without the
# lit/FileCheck directive lines `// RUN:`, `// CHECK...:`, `// expected-...` only). FLAGS (e.g. --keep-comments, --print-op-generic, --canonical) go to both runs.
# Exit status: 0 when both comparisons match, 1 otherwise (with a unified diff on stderr).
set -u
idempotent_only=false
if [ "${1:-}" = "--idempotent" ]; then
  idempotent_only=true
  shift
fi
if [ $# -lt 2 ]; then
  echo "usage: $0 AMANDA_OPT FILE [FLAGS...]" >&2
  exit 2
fi
tool=$1
file=$2
shift 2
work=$(mktemp -d "${TMPDIR:-/tmp}/amanda-roundtrip.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

# Without --keep-comments every comment line goes (the printer drops comments); with it only
# the directive lines go.
strip='^[[:space:]]*//'
for arg in "$@"; do
  if [ "$arg" = "--keep-comments" ]; then
    strip='^[[:space:]]*//[[:space:]]*(RUN|CHECK[A-Za-z0-9_-]*|expected-[a-z]+)([[:space:]@:]|$)'
  fi
done
# The header (every line up to the last blank line before the first line of IR: RUN lines,
# prose, CHECK lines) is not part of the printed form either.
awk '
  { line[NR] = $0 }
  !started && $0 ~ /^[[:space:]]*$/ { last_blank = NR }
  !started && $0 !~ /^[[:space:]]*$/ && $0 !~ /^[[:space:]]*\/\// { started = 1 }
  END { for (i = last_blank + 1; i <= NR; i++) print line[i] }
' "$file" | grep -Ev "$strip" | sed '/[^[:space:]]/,$!d' > "$work/input.amir"

if ! "$tool" "$@" "$work/input.amir" -o "$work/once.amir"; then
  echo "roundtrip: amanda-opt failed on $file" >&2
  exit 1
fi
if ! $idempotent_only && ! diff -u --label "$file (printed form)" --label "amanda-opt $* (first print)" "$work/input.amir" "$work/once.amir" >&2; then
  echo "roundtrip: $file does not print back byte for byte" >&2
  exit 1
fi
if ! "$tool" "$@" "$work/once.amir" -o "$work/twice.amir"; then
  echo "roundtrip: amanda-opt failed on its own output for $file" >&2
  exit 1
fi
if ! diff -u --label "first print" --label "second print" "$work/once.amir" "$work/twice.amir" >&2; then
  echo "roundtrip: printing $file is not idempotent" >&2
  exit 1
fi
