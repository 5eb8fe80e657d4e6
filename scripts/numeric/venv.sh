# Shell helper (sourced, not run): the numeric tier's Python environment.
#
#   numeric_venv   -> sets NUMERIC_PY (the venv's python) and NUMERIC_VENV_BIN, creating or
#                     reusing the venv; returns 0 when ready, 2 when it cannot be installed
#                     here (no network, no venv module), 1 on any other failure.
#
# The venv lives outside the clone, at $AMANDA_NUMERIC_VENV (default
# ~/.cache/amanda-opt/numeric-venv). It is an ordinary venv (never --system-site-packages) with
# the pins of scripts/numeric/requirements.txt; a stamp file records the pins and the Python
# it was built with, and a run whose stamp matches reuses it without touching the network.
# A lock file serialises concurrent runs; the stamp is written last, so an interrupted
# install is redone from scratch.

numeric_venv_dir() {
  echo "${AMANDA_NUMERIC_VENV:-$HOME/.cache/amanda-opt/numeric-venv}"
}

# numeric_stamp REQUIREMENTS PYTHON -> the text of the stamp for these pins and this Python.
numeric_stamp() {
  {
    "$2" -c 'import sys, platform; print(sys.version.split()[0], platform.machine())'
    grep -v '^ *#' "$1" | sed '/^ *$/d' | sort
  } 2>/dev/null
}

# numeric_pypi_reachable -> 0 when the package index answers (so a failed install is a real
# failure), 1 when it does not (so the tier is skipped).
numeric_pypi_reachable() {
  local index=${PIP_INDEX_URL:-https://pypi.org/simple}
  python3 - "$index" <<'PY' >/dev/null 2>&1
import sys, urllib.request
url = sys.argv[1].rstrip("/") + "/pip/"
urllib.request.urlopen(url, timeout=20).read(1)
PY
}

numeric_venv() {
  local dir req base stamp lock t0 status
  dir=$(numeric_venv_dir)
  req="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/requirements.txt"
  base=${AMANDA_NUMERIC_PYTHON:-python3}
  NUMERIC_PY="$dir/bin/python"
  NUMERIC_VENV_BIN="$dir/bin"
  if ! command -v "$base" >/dev/null 2>&1; then
    echo "numeric: no $base on PATH: cannot build the numeric environment" >&2
    return 2
  fi
  stamp=$(numeric_stamp "$req" "$base")
  mkdir -p "$(dirname "$dir")" || return 1
  lock="$dir.lock"
  exec 9>"$lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if [ -x "$NUMERIC_PY" ] && [ -f "$dir/.amanda-pins" ] && [ "$(cat "$dir/.amanda-pins")" = "$stamp" ]; then
    exec 9>&-
    return 0
  fi
  echo "numeric: building the Python environment at $dir (pins: scripts/numeric/requirements.txt)" >&2
  t0=$(date +%s)
  rm -rf "$dir"
  if ! "$base" -m venv "$dir" >&2; then
    rm -rf "$dir"
    exec 9>&-
    echo "numeric: '$base -m venv' failed (the venv/ensurepip module is missing?)" >&2
    return 2
  fi
  if ! "$dir/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req" >&2; then
    status=1
    if ! numeric_pypi_reachable; then
      echo "numeric: the package index is not reachable: cannot install the numeric environment" >&2
      status=2
    fi
    rm -rf "$dir"
    exec 9>&-
    return $status
  fi
  echo "$stamp" >"$dir/.amanda-pins"
  echo "numeric: environment ready in $(( $(date +%s) - t0 )) s, $(du -sh "$dir" 2>/dev/null | cut -f1)" >&2
  exec 9>&-
  return 0
}
