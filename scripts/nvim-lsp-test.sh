#!/usr/bin/env bash
# A real editor client runs amanda-lsp: Neovim headless, with its built-in LSP client, opens
# a broken graph, must report the diagnostic on the line the command line reports, then
# go-to-definition on a use (written before its definition, as graph regions allow) must
# land the cursor on the defining op. Skipped (exit 0, with a message) when nvim is absent.
#
#   scripts/nvim-lsp-test.sh          uses $AMANDA_LSP, else target/{release,debug}/amanda-lsp
#
# Environment: AMANDA_LSP, AMANDA_OPT (binaries), CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvim >/dev/null 2>&1; then
  echo "nvim-lsp-test: skipped: nvim is not installed (scripts/setup.sh installs Debian's neovim)"
  exit 0
fi
target=${CARGO_TARGET_DIR:-target}
find_bin() {
  local name=$1 override=$2
  if [ -n "$override" ]; then echo "$override"; return; fi
  for p in "$target/release/$name" "$target/debug/$name"; do
    if [ -x "$p" ]; then echo "$p"; return; fi
  done
  echo "nvim-lsp-test: $name is not built (cargo build)" >&2
  exit 1
}
lsp=$(find_bin amanda-lsp "${AMANDA_LSP:-}")
opt=$(find_bin amanda-opt "${AMANDA_OPT:-}")
lsp=$(cd "$(dirname "$lsp")" && pwd)/$(basename "$lsp")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
graph=$work/broken.amir
cat > "$graph" <<'MLIR'
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %r, %ctl = Relu(%x) name("r") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %x, %ctl_0 = Const name("x") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %bad, %ctl_1 = Neg(%x name("bad") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
MLIR
# The line the command line reports (1-based).
want_line=$( { "$opt" "$graph" 2>&1 >/dev/null || true; } | sed -n 's/^[^:]*:\([0-9]*\):[0-9]*: error:.*/\1/p' | head -1)
if [ -z "$want_line" ]; then
  echo "nvim-lsp-test: FAIL: amanda-opt reported no error for the broken graph" >&2
  exit 1
fi

cat > "$work/test.lua" <<'LUA'
local function finish(code, msg)
  io.stderr:write("nvim-lsp-test: " .. msg .. "\n")
  vim.cmd("cquit " .. code)
end
local ok, err = pcall(function()
  local file, bin, want_line = vim.env.NVIM_TEST_FILE, vim.env.NVIM_TEST_LSP, tonumber(vim.env.NVIM_TEST_LINE)
  vim.cmd("edit " .. file)
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({ name = "amanda-lsp", cmd = { bin }, root_dir = vim.fn.fnamemodify(file, ":h") })
  if not id then return finish(1, "FAIL: the client did not start") end
  vim.lsp.buf_attach_client(buf, id)
  if not vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    return finish(1, "FAIL: no diagnostics within 30 s")
  end
  local d = vim.diagnostic.get(buf)[1]
  if d.lnum + 1 ~= want_line then
    return finish(1, string.format("FAIL: diagnostic on line %d, the command line says %d (%s)", d.lnum + 1, want_line, d.message))
  end
  -- Go to the definition of %x from its use on line 2.
  local line2 = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
  local col = line2:find("%x", 1, true)
  vim.api.nvim_win_set_cursor(0, { 2, col })
  vim.lsp.buf.definition()
  if not vim.wait(10000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= 2 end, 50) then
    return finish(1, "FAIL: go-to-definition did not move the cursor")
  end
  local row, c = unpack(vim.api.nvim_win_get_cursor(0))
  local text = vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[1]
  if row ~= 3 or text:sub(c + 1, c + 13) ~= "%x, %ctl_0 = " then
    return finish(1, string.format("FAIL: definition landed on %d:%d: %s", row, c, text))
  end
  finish(0, string.format("ok: diagnostic on line %d (%s); definition of %%x at line %d", want_line, d.message, row))
end)
if not ok then finish(1, "FAIL: " .. tostring(err)) end
LUA

NVIM_TEST_FILE=$graph NVIM_TEST_LSP=$lsp NVIM_TEST_LINE=$want_line \
  timeout 120 nvim --headless --clean -n -c "luafile $work/test.lua" </dev/null
