#!/usr/bin/env bash
# Checks the VS Code extension's TextMate grammar (editors/vscode/syntaxes/amir.tmLanguage.json)
# with the engine VS Code uses: vscode-textmate 9.3.2 + vscode-oniguruma 2.0.1 (installed once
# from npm into ~/.cache/amanda-opt/vscode-grammar), tokenizing tfg and generic lines and
# checking the scopes of chosen words (editors/vscode/test/grammar-test.js). Skipped with a
# message when node or npm is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "vscode-grammar-test: skipped: node and npm are not installed"
  exit 0
fi
deps=${AMANDA_CACHE:-$HOME/.cache/amanda-opt}/vscode-grammar
if [ ! -f "$deps/node_modules/vscode-textmate/package.json" ] || [ ! -f "$deps/node_modules/vscode-oniguruma/package.json" ]; then
  mkdir -p "$deps"
  (cd "$deps" && npm install --no-audit --no-fund --silent vscode-textmate@9.3.2 vscode-oniguruma@2.0.1) || {
    echo "vscode-grammar-test: skipped: npm could not install vscode-textmate and vscode-oniguruma"
    exit 0
  }
fi
NODE_PATH=$deps/node_modules node editors/vscode/test/grammar-test.js
