#!/usr/bin/env bash
# Installs what building and testing amanda-opt needs, idempotently (a second run does
# nothing but check): the Rust toolchain, LLVM's FileCheck and `not` (apt llvm-19-tools,
# falling back to llvm-14-tools), mlir-opt 22 (apt mlir-22-tools: a second oracle for the
# builtin-dialect tests), Graphviz and Neovim (apt), lit 23.1.5 and tensorflow-cpu 2.21 (pip).
# Outside CI the tools after FileCheck and lit are optional (the tests that need them say
# they were skipped); in CI (`CI` set) a tool that cannot be installed fails the setup.
#
#   scripts/setup.sh              everything
#   scripts/setup.sh --rust-only  only the Rust toolchain (what scripts/demo.sh needs)
#
# Runs as root or with passwordless sudo for apt; never prompts (DEBIAN_FRONTEND=noninteractive).
set -uo pipefail

rust_only=false
for arg in "$@"; do
  case "$arg" in
    --rust-only) rust_only=true ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

say() { echo "setup: $*"; }
warn() { echo "setup: warning: $*" >&2; }
# An optional tool that could not be installed: a warning, except in CI (`CI` set), where
# every test must run and a skip would hide a broken test (scripts/test.sh fails skips too).
missing_tool() {
  if [ -n "${CI:-}" ]; then
    echo "setup: $* (CI needs every tool)" >&2
    exit 1
  fi
  warn "$*"
}

# ---------------------------------------------------------------- Rust
if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
if command -v cargo >/dev/null 2>&1; then
  say "rust: $(cargo --version)"
else
  say "installing the Rust toolchain with rustup (minimal profile)"
  if ! command -v curl >/dev/null 2>&1; then
    echo "setup: curl is needed to install Rust (apt-get install -y curl)" >&2
    exit 1
  fi
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal || {
    echo "setup: rustup failed" >&2
    exit 1
  }
  export PATH="$HOME/.cargo/bin:$PATH"
  say "rust: $(cargo --version)"
fi
if $rust_only; then
  exit 0
fi

# ---------------------------------------------------------------- apt packages
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  fi
fi
export DEBIAN_FRONTEND=noninteractive
apt_updated=false
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    warn "no apt-get on this machine: install $* by hand"
    return 1
  fi
  if [ "$(id -u)" != 0 ] && [ -z "$SUDO" ]; then
    warn "not root and no passwordless sudo: install $* by hand"
    return 1
  fi
  if ! $apt_updated; then
    $SUDO apt-get update -qq || warn "apt-get update failed"
    apt_updated=true
  fi
  $SUDO apt-get install -y -qq --no-install-recommends "$@"
}

if [ -x /usr/lib/llvm-19/bin/FileCheck ] && [ -x /usr/lib/llvm-19/bin/not ]; then
  say "FileCheck: /usr/lib/llvm-19/bin (present)"
elif apt_install llvm-19-tools; then
  say "FileCheck: /usr/lib/llvm-19/bin (installed)"
elif [ -x /usr/lib/llvm-14/bin/FileCheck ] || apt_install llvm-14-tools; then
  say "FileCheck: /usr/lib/llvm-14/bin (llvm-19-tools unavailable)"
else
  echo "setup: cannot install LLVM's FileCheck (llvm-19-tools or llvm-14-tools)" >&2
  exit 1
fi

if [ -x /usr/lib/llvm-22/bin/mlir-opt ]; then
  say "mlir-opt: /usr/lib/llvm-22/bin/mlir-opt (present)"
elif apt_install mlir-22-tools; then
  say "mlir-opt: /usr/lib/llvm-22/bin/mlir-opt (installed)"
else
  missing_tool "mlir-22-tools unavailable: the tests that compare with mlir-opt are skipped"
fi

# ---------------------------------------------------------------- Python packages
if ! command -v python3 >/dev/null 2>&1; then
  apt_install python3 python3-pip || { echo "setup: python3 is needed for lit" >&2; exit 1; }
fi
if ! python3 -m pip --version >/dev/null 2>&1; then
  apt_install python3-pip || { echo "setup: pip is needed for lit" >&2; exit 1; }
fi

# pip into the running Python; on an "externally managed" system Python retry per user.
pip_install() {
  python3 -m pip install --quiet --disable-pip-version-check "$@" && return 0
  python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages "$@"
}

lit_version=$(python3 -c 'import lit; print(lit.__version__)' 2>/dev/null || true)
if [ "$lit_version" = "23.1.5" ]; then
  say "lit: 23.1.5 (present)"
elif pip_install "lit==23.1.5"; then
  say "lit: 23.1.5 (installed)"
else
  echo "setup: pip install lit==23.1.5 failed" >&2
  exit 1
fi

if TF_CPP_MIN_LOG_LEVEL=3 python3 -c 'import tensorflow.python._pywrap_mlir' >/dev/null 2>&1; then
  say "tensorflow: present"
elif pip_install "tensorflow-cpu==2.21.*"; then
  say "tensorflow: installed"
else
  missing_tool "pip install tensorflow-cpu==2.21.* failed: scripts/test.sh will skip the oracle check"
fi
# apt_tool COMMAND PACKAGE WHAT-IS-SKIPPED: COMMAND on PATH, else installs PACKAGE.
apt_tool() {
  if command -v "$1" >/dev/null 2>&1; then
    say "$1: $(command -v "$1") (present)"
  elif apt_install "$2"; then
    say "$1: installed"
  else
    missing_tool "$2 unavailable: $3"
  fi
}
# Neovim: scripts/nvim-lsp-test.sh runs amanda-lsp under its built-in LSP client.
apt_tool nvim neovim "scripts/nvim-lsp-test.sh will be skipped"
# Graphviz: the lit tests of --emit=dot and scripts/dot-check.sh render with dot.
apt_tool dot graphviz "--emit=dot output is not rendered"
say "done"
