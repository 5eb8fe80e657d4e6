# Shell helper (sourced, not run): the PyTorch tier's Python environment, shared by
# scripts/pytorch-emit-check.sh and scripts/torch-fx-import.sh.
#
#   torch_venv   -> sets TORCH_PY (the venv's python); 0 ready, 2 cannot be installed here,
#                   1 failed.
#
# The venv lives outside the clone, at $AMANDA_TORCH_VENV (default
# ~/.cache/amanda-opt/torch-venv), with the pins of scripts/pytorch-emit/requirements.txt
# (torch, torch-mlir, safetensors, and the numeric tier's tensorflow-cpu and numpy; about
# 7 GB), built and reused as scripts/venv.sh describes (base Python: $AMANDA_TORCH_PYTHON).

. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/venv.sh"

torch_venv() {
  local status
  AMANDA_VENV_PYTHON=${AMANDA_TORCH_PYTHON:-${AMANDA_VENV_PYTHON:-python3}} \
    pinned_venv pytorch "${AMANDA_TORCH_VENV:-$HOME/.cache/amanda-opt/torch-venv}" \
    "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/pytorch-emit/requirements.txt"
  status=$?
  TORCH_PY=$VENV_PY
  return $status
}
