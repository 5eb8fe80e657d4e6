#!/usr/bin/env python3
"""Real PyTorch modules through torch-mlir's FX importer, read and printed by amanda-opt.

Exports a few PyTorch modules (an MLP, a CNN with batch norm and pooling, a transformer
encoder layer with multi-head attention, layer norm and GELU, an embedding bag, an LSTM,
integer arithmetic) with `torch_mlir.fx.export_and_import`, as the `raw` import (aten ops as
torch.export gives them) and as the `torch` backend contract (after torch-mlir's own
decompositions), and checks for each module text F (as torch-mlir's Python bindings print it):

  1. amanda-opt reads and verifies F (the PyTorch namespace included): exit 0;
  2. `amanda-opt F` prints F back byte for byte (the preserving printer's promise);
  3. `amanda-opt --canonical F` is byte for byte what `torch-mlir-opt F` prints;
  4. torch-mlir-opt reads amanda-opt's output and prints what it prints for F.

Prints `N passed, N failed` (one per module and form). Run in a Python that has torch and
torch_mlir (scripts/torch-fx-import.sh sets it up):

    AMANDA_OPT=target/release/amanda-opt TORCH_MLIR_OPT=... python scripts/torch_fx_import.py
"""

import os
import subprocess
import sys
import tempfile

import torch
from torch import nn
from torch_mlir import fx


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4), nn.Softmax(dim=-1))

    def forward(self, x):
        return self.net(x)


class Cnn(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.bn = nn.BatchNorm2d(6)
        self.pool = nn.MaxPool2d(2)
        self.head = nn.Linear(6, 5)

    def forward(self, x):
        y = self.pool(torch.relu(self.bn(self.conv(x))))
        return self.head(torch.flatten(nn.functional.adaptive_avg_pool2d(y, 1), 1))


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0,
                                                activation="gelu", batch_first=True)

    def forward(self, x):
        return self.layer(x)


class Bag(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)

    def forward(self, ids):
        return self.emb(ids).mean(dim=1)


class Lstm(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(3, 5, batch_first=True)

    def forward(self, x):
        return self.lstm(x)[0]


class IntMath(nn.Module):
    def forward(self, a, b):
        return (a * 3 + b) // 2, torch.remainder(a, 5), a.argmax(dim=1)


def modules():
    torch.manual_seed(0)
    yield "mlp", Mlp(), (torch.randn(2, 8),)
    yield "cnn", Cnn(), (torch.randn(1, 3, 8, 8),)
    yield "encoder", Encoder(), (torch.randn(2, 5, 16),)
    yield "embedding", Bag(), (torch.tensor([[1, 2, 3], [4, 5, 6]]),)
    yield "lstm", Lstm(), (torch.randn(2, 4, 3),)
    yield "int_math", IntMath(), (torch.arange(12).reshape(3, 4), torch.ones(3, 4, dtype=torch.int64))


def run(argv, stdin=None):
    p = subprocess.run(argv, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else None
        y = lb[i] if i < len(lb) else None
        if x != y:
            return "line %d: %r vs %r" % (i + 1, x, y)
    return "same lines, different bytes"


def check(tool, torch_mlir_opt, path):
    """None when all four checks hold, else what failed."""
    text = open(path).read()
    rc, out, err = run([tool, path])
    if rc != 0:
        return "amanda-opt rejects it: " + err.strip()[:800]
    if out != text:
        return "amanda-opt does not print it back byte for byte: " + first_difference(text, out)
    rc, reference, err = run([torch_mlir_opt, path])
    if rc != 0:
        return "torch-mlir-opt rejects the import itself: " + err.strip()[:300]
    rc, canonical, err = run([tool, "--canonical", path])
    if rc != 0:
        return "amanda-opt --canonical fails: " + err.strip()[:300]
    if canonical != reference:
        return "--canonical differs from torch-mlir-opt: " + first_difference(reference, canonical)
    rc, again, err = run([torch_mlir_opt, "-"], stdin=out)
    if rc != 0:
        return "torch-mlir-opt rejects amanda-opt's output: " + err.strip()[:300]
    if again != reference:
        return "torch-mlir-opt prints amanda-opt's output differently: " + first_difference(reference, again)
    return None


def main():
    tool = os.environ.get("AMANDA_OPT", "target/release/amanda-opt")
    torch_mlir_opt = os.environ.get("TORCH_MLIR_OPT", "torch-mlir-opt")
    keep = os.environ.get("AMANDA_FX_KEEP")
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = keep or tmp
        os.makedirs(out_dir, exist_ok=True)
        for name, module, args in modules():
            module.eval()
            for form in ("raw", "torch"):
                label = "%s.%s" % (name, form)
                try:
                    imported = fx.export_and_import(module, *args, output_type=form, func_name=name)
                except Exception as e:  # an export torch-mlir cannot do is not amanda-opt's failure
                    print("skip %s: torch-mlir's importer: %s" % (label, str(e).splitlines()[0][:200]))
                    continue
                path = os.path.join(out_dir, label + ".mlir")
                with open(path, "w") as f:
                    f.write(str(imported))
                problem = check(tool, torch_mlir_opt, path)
                if problem:
                    print("FAIL %s: %s" % (label, problem))
                    failed += 1
                else:
                    print("ok   %s (%d lines)" % (label, str(imported).count("\n")))
                    passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
