#!/usr/bin/env python3
"""Writes the CHECK lines of a test-files/torch/ test from torch-mlir-opt's own output.

    scripts/torch-mlir-checks.py FILE...

For each FILE: drops its `// CHECK...` and `// GENERIC...` lines, runs torch-mlir-opt on the
rest (custom form) and with --mlir-print-op-generic, and writes what it printed, before the IR, as
`// CHECK:` / `// CHECK-NEXT:` and `// GENERIC:` / `// GENERIC-NEXT:` lines. So the
expectations of `amanda-opt --canonical` (and `--canonical --print-op-generic`) are
torch-mlir-opt's output, never amanda-opt's. torch-mlir-opt: $TORCH_MLIR_OPT, else the
dev venv's (~/.cache/amanda-opt/numeric-venv, PyPI torch-mlir).
"""
import glob
import os
import re
import subprocess
import sys


def torch_mlir_opt():
    env = os.environ.get("TORCH_MLIR_OPT")
    if env:
        return env
    found = glob.glob(os.path.expanduser(
        "~/.cache/amanda-opt/numeric-venv/lib/python3*/site-packages/torch_mlir/_mlir_libs/torch-mlir-opt"))
    if not found:
        sys.exit("torch-mlir-opt not found: set TORCH_MLIR_OPT")
    return found[0]


def check_lines(prefix, text):
    out = []
    first = True
    for line in text.rstrip("\n").split("\n"):
        if not line.strip():
            out.append("// %s-EMPTY:" % prefix)
            continue
        # FileCheck reads `[[` and `{{` as its own syntax.
        line = line.replace("{{", "{{[{][{]}}").replace("[[", "{{\\[\\[}}")
        out.append("// %s%s %s" % (prefix, ":" if first else "-NEXT:", line.rstrip()))
        first = False
    return out


def main():
    tool = torch_mlir_opt()
    for path in sys.argv[1:]:
        with open(path) as f:
            lines = [l for l in f.read().split("\n") if not re.match(r"\s*// (CHECK|GENERIC)", l)]
        while lines and not lines[-1].strip():
            lines.pop()
        # The header (comments up to the first line of IR) keeps the RUN lines and prose.
        first_ir = next(i for i, l in enumerate(lines) if l.strip() and not l.strip().startswith("//"))
        header = lines[:first_ir]
        while header and not header[-1].strip():
            header.pop()
        header = [l for i, l in enumerate(header) if l.strip() or (i > 0 and header[i - 1].strip())]
        ir = lines[first_ir:]
        body = "\n".join(ir) + "\n"
        custom = subprocess.run([tool, "-"], input=body, capture_output=True, text=True, check=True).stdout
        generic = subprocess.run([tool, "-", "--mlir-print-op-generic"], input=body, capture_output=True, text=True,
                                 check=True).stdout
        out = header + [""] + check_lines("CHECK", custom) + [""] + check_lines("GENERIC", generic) + [""] + ir
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")

if __name__ == "__main__":
    main()
