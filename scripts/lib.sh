# Shell helpers shared by scripts/test.sh and scripts/conformance.sh (sourced, not run).

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
