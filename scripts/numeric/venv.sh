# Shell helper (sourced, not run): the numeric tier's Python environment.
#
#   numeric_venv   -> sets NUMERIC_PY (the venv's python) and NUMERIC_VENV_BIN, creating or
#                     reusing the venv; returns 0 when ready, 2 when it cannot be installed
#                     here (no network, no venv module), 1 on any other failure.
#
# The venv lives outside the clone, at $AMANDA_NUMERIC_VENV (default
# ~/.cache/amanda-opt/numeric-venv), with the pins of scripts/numeric/requirements.txt, built
# and reused as scripts/venv.sh describes (base Python: $AMANDA_NUMERIC_PYTHON, else python3).

. "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/venv.sh"

numeric_venv_dir() {
  echo "${AMANDA_NUMERIC_VENV:-$HOME/.cache/amanda-opt/numeric-venv}"
}

numeric_venv() {
  local dir req status
  dir=$(numeric_venv_dir)
  req="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/requirements.txt"
  AMANDA_VENV_PYTHON=${AMANDA_NUMERIC_PYTHON:-${AMANDA_VENV_PYTHON:-python3}} pinned_venv numeric "$dir" "$req"
  status=$?
  NUMERIC_PY=$VENV_PY
  NUMERIC_VENV_BIN="$dir/bin"
  return $status
}
