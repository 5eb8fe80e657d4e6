# Shell helpers shared by the test scripts (sourced, not run).

# Sets the array lit_cmd to the way to run lit here: `lit` on PATH, else the per-user pip
# install, else the lit Python module.
find_lit() {
  if command -v lit >/dev/null 2>&1; then
    lit_cmd=(lit)
  elif [ -x "$HOME/.local/bin/lit" ]; then
    lit_cmd=("$HOME/.local/bin/lit")
  else
    lit_cmd=(python3 -c 'import sys, lit.main; sys.argv[0] = "lit"; lit.main.main()')
  fi
}

# Sets tool to the amanda-opt to test: $AMANDA_OPT, else the release build, else the debug
# build of $CARGO_TARGET_DIR (default ./target); empty when none is built.
find_amanda_opt() {
  tool=${AMANDA_OPT:-}
  if [ -z "$tool" ]; then
    local target_dir=${CARGO_TARGET_DIR:-$(pwd)/target} t
    for t in "$target_dir/release/amanda-opt" "$target_dir/debug/amanda-opt"; do
      if [ -x "$t" ]; then tool=$t; break; fi
    done
  fi
  [ -n "$tool" ] && [ -x "$tool" ]
}

# Makes (once) and checks the ONNX tests' Python environment: $AMANDA_ONNX_VENV, default
# ~/.cache/amanda-opt/onnx-venv (outside the repository), with onnx 1.22.0 pinned, whose
# backend node test models the ONNX tests read. Sets ONNX_PY to its python; status 1 when it
# cannot be made.
onnx_venv() {
  local venv=${AMANDA_ONNX_VENV:-$HOME/.cache/amanda-opt/onnx-venv} version=1.22.0
  ONNX_PY=$venv/bin/python
  if ! "$ONNX_PY" -c "import onnx, sys; sys.exit(onnx.__version__ != '$version')" >/dev/null 2>&1; then
    echo "creating $venv with onnx==$version" >&2
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "onnx==$version" || return 1
  fi
}
