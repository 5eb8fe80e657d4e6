#!/usr/bin/env python3
"""Round-trips ONNX models through amanda-opt (used by scripts/onnx-roundtrip.sh).

For every model: `amanda-opt MODEL --emit=onnx -o OUT` (import, verification against the ONNX
namespace of the model's opsets, export), then `onnx.load` of both files and protobuf message
equality (proto2 field presence included; no normalisation). Prints one line per failure and
ends with `N passed, N failed`. Exit status 1 when any model failed that is not listed in the
known-failures file (one `test_name  reason` per line).

  onnx_roundtrip.py [--amanda-opt PATH] [--known FILE] [--jobs N] [--text] [MODEL_OR_DIR ...]

Without models: every `onnx/backend/test/data/node/*/model.onnx` of the installed onnx.
`--text` goes through the printed IR instead, in each print mode (as imported, and generic):
import → print → parse → export, and the text read and printed again must be the same bytes.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

import onnx


def models_of(paths):
    if not paths:
        root = os.path.join(os.path.dirname(onnx.__file__), "backend", "test", "data", "node")
        paths = [root]
    out = []
    for p in paths:
        if os.path.isdir(p):
            for d in sorted(os.listdir(p)):
                f = os.path.join(p, d, "model.onnx")
                if os.path.isfile(f):
                    out.append((d, f))
        else:
            out.append((os.path.basename(os.path.dirname(p)) or p, p))
    return out


# The print modes the text round trip goes through: as the command line prints an import,
# and MLIR's generic form.
TEXT_MODES = ([], ["--print-op-generic"])


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return "amanda-opt failed: " + (r.stderr.strip().splitlines() or ["(no message)"])[0][:400]
    return None


def check(tool, name, path, tmp, text):
    out = os.path.join(tmp, name + ".onnx")
    mlir, again = os.path.join(tmp, name + ".mlir"), os.path.join(tmp, name + ".2.mlir")
    try:
        for mode in TEXT_MODES if text else [None]:
            if mode is None:
                err = run([tool, path, "--emit=onnx", "-o", out])
            else:
                # import → print; print → read → print again (byte-identical); read → export.
                err = run([tool, path, *mode, "-o", mlir]) or run([tool, mlir, *mode, "-o", again])
                if not err:
                    with open(mlir, "rb") as f1, open(again, "rb") as f2:
                        if f1.read() != f2.read():
                            return "text %s printed again differs" % (" ".join(mode) or "(default)")
                    err = run([tool, mlir, "--emit=onnx", "-o", out])
            if err:
                return err
            try:
                a = onnx.load(path, load_external_data=False)
                b = onnx.load(out, load_external_data=False)
            except Exception as e:  # noqa: BLE001 - any load error is a failure to report
                return f"onnx.load failed: {e}"
            if a != b:
                via = "" if mode is None else " through the text %s" % (" ".join(mode) or "(default)")
                return "re-exported model differs%s: %s" % (via, first_difference(a, b))
        return None
    finally:
        for f in (out, mlir, again):
            if os.path.exists(f):
                os.remove(f)


def first_difference(a, b, path="model"):
    """The first field where two messages differ, for the failure line."""
    fa = dict((f.name, v) for f, v in a.ListFields())
    fb = dict((f.name, v) for f, v in b.ListFields())
    for k in sorted(set(fa) | set(fb)):
        if k not in fa or k not in fb:
            return f"{path}.{k} present in only one"
        va, vb = fa[k], fb[k]
        if va == vb:
            continue
        if hasattr(va, "ListFields"):
            return first_difference(va, vb, f"{path}.{k}")
        if isinstance(va, (str, bytes, int, float, bool)):
            return f"{path}.{k}: {va!r:.80} != {vb!r:.80}"
        if len(va) != len(vb):
            return f"{path}.{k}: {len(va)} != {len(vb)} entries"
        for i, (x, y) in enumerate(zip(va, vb)):
            if x != y:
                if hasattr(x, "ListFields"):
                    return first_difference(x, y, f"{path}.{k}[{i}]")
                return f"{path}.{k}[{i}]: {x!r:.80} != {y!r:.80}"
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--amanda-opt", default=os.environ.get("AMANDA_OPT", "amanda-opt"))
    ap.add_argument("--known", default=None)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--text", action="store_true")
    ap.add_argument("models", nargs="*")
    args = ap.parse_args()
    known = {}
    if args.known and os.path.exists(args.known):
        for line in open(args.known):
            line = line.strip()
            if line and not line.startswith("#"):
                n, _, why = line.partition(" ")
                known[n] = why.strip()
    models = models_of(args.models)
    passed = failed = expected = 0
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = [(n, pool.submit(check, args.amanda_opt, n, p, tmp, args.text)) for n, p in models]
        for n, f in futs:
            err = f.result()
            if err is None:
                passed += 1
            elif n in known:
                expected += 1
                print(f"KNOWN {n}: {known[n]} ({err})")
            else:
                failed += 1
                print(f"FAIL {n}: {err}")
    if expected:
        print(f"{expected} known failures (listed in {args.known})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
