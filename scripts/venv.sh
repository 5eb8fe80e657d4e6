# Shell helper (sourced, not run): pinned Python environments outside the clone, used by the
# numeric tier (scripts/numeric/venv.sh) and the PyTorch tier (scripts/pytorch-emit-check.sh,
# scripts/torch-fx-import.sh).
#
#   pinned_venv LABEL DIR REQUIREMENTS
#       -> sets VENV_PY (the venv's python); returns 0 when ready, 2 when it cannot be
#          installed here (no network, no venv module), 1 on any other failure.
#
# An ordinary venv (never --system-site-packages) with exactly the pins of REQUIREMENTS; a
# stamp file records the pins and the Python it was built with, and a run whose stamp
# matches reuses it without touching the network. When the pins changed, the existing venv
# is updated in place (pip installs the pinned versions; a large venv is not rebuilt for one
# added line); a venv that cannot be updated, or none, is built from scratch. A lock file
# serialises concurrent runs; the stamp is written last, so an interrupted install is redone.
# Base Python: $AMANDA_VENV_PYTHON, else python3.

# venv_stamp REQUIREMENTS PYTHON -> the text of the stamp for these pins and this Python.
venv_stamp() {
  {
    "$2" -c 'import sys, platform; print(sys.version.split()[0], platform.machine())'
    grep -v '^ *#' "$1" | sed '/^ *$/d' | sort
  } 2>/dev/null
}

# pypi_reachable -> 0 when the package index answers (so a failed install is a real failure).
pypi_reachable() {
  local index=${PIP_INDEX_URL:-https://pypi.org/simple}
  python3 - "$index" <<'PY' >/dev/null 2>&1
import sys, urllib.request
url = sys.argv[1].rstrip("/") + "/pip/"
urllib.request.urlopen(url, timeout=20).read(1)
PY
}

pinned_venv() {
  local label=$1 dir=$2 req=$3 base=${AMANDA_VENV_PYTHON:-python3} stamp t0 status
  VENV_PY="$dir/bin/python"
  if ! command -v "$base" >/dev/null 2>&1; then
    echo "$label: no $base on PATH: cannot build the Python environment" >&2
    return 2
  fi
  stamp=$(venv_stamp "$req" "$base")
  mkdir -p "$(dirname "$dir")" || return 1
  exec 9>"$dir.lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if [ -x "$VENV_PY" ] && [ -f "$dir/.amanda-pins" ] && [ "$(cat "$dir/.amanda-pins")" = "$stamp" ]; then
    exec 9>&-
    return 0
  fi
  t0=$(date +%s)
  rm -f "$dir/.amanda-pins"
  if [ -x "$VENV_PY" ] && [ "$(head -1 <<<"$stamp")" = "$("$VENV_PY" -c 'import sys, platform; print(sys.version.split()[0], platform.machine())' 2>/dev/null)" ]; then
    echo "$label: updating the Python environment at $dir to the pins of $req" >&2
    if (cd /tmp && "$VENV_PY" -m pip install --quiet --disable-pip-version-check -r "$req") >&2; then
      echo "$stamp" >"$dir/.amanda-pins"
      echo "$label: environment updated in $(( $(date +%s) - t0 )) s" >&2
      exec 9>&-
      return 0
    fi
    echo "$label: the update failed: building the environment afresh" >&2
  fi
  echo "$label: building the Python environment at $dir (pins: $req)" >&2
  rm -rf "$dir"
  if ! "$base" -m venv "$dir" >&2; then
    rm -rf "$dir"
    exec 9>&-
    echo "$label: '$base -m venv' failed (the venv/ensurepip module is missing?)" >&2
    return 2
  fi
  if ! (cd /tmp && "$VENV_PY" -m pip install --quiet --disable-pip-version-check -r "$req") >&2; then
    status=1
    if ! pypi_reachable; then
      echo "$label: the package index is not reachable: cannot install the environment" >&2
      status=2
    fi
    rm -rf "$dir"
    exec 9>&-
    return $status
  fi
  echo "$stamp" >"$dir/.amanda-pins"
  echo "$label: environment ready in $(( $(date +%s) - t0 )) s, $(du -sh "$dir" 2>/dev/null | cut -f1)" >&2
  exec 9>&-
  return 0
}
