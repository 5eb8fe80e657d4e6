#!/usr/bin/env python3
"""Numeric check of `--emit=pytorch`: TensorFlow models converted by amanda-opt to PyTorch
programs (`--pass=convert-tf-to-torch --emit=pytorch -o DIR`), run in eager PyTorch
(`load()(*inputs)` of DIR/model.py) and compared with TensorFlow's outputs: max abs diff
<= 1e-4 for float outputs, exact for integer and bool outputs, same dtypes and shapes. Each
program is also given to `torch.export.export`; the exported program's outputs are compared
the same way (reported, counted apart: `export: N ok, N failed`). The models of TRAIN are
also trained ten SGD steps (their weights are trainable parameters; the loss must go down),
and run through `torch.compile` (TorchInductor; the same outputs, compared the same way).

The models: the numeric tier's (scripts/numeric/models.py writes them; run as it is) and the
single-op cases of scripts/tf-to-torch-ops.py (its CASES and build(), imported).

Usage: pytorch-emit-check.py [--amanda-opt PATH] [--keep DIR] [--no-ops] [--no-models] [NAME...]
Needs: tensorflow-cpu, torch, safetensors, numpy in the Python that runs it (the venv of
scripts/pytorch-emit-check.sh). Ends with `N passed, N failed`; exit 1 when one fails.
"""
import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import traceback

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# The NCHW cases of tf-to-torch-ops.py need oneDNN (TensorFlow's own CPU kernels have no NCHW
# convolution, and TensorFlow turns oneDNN on by itself only on some CPUs): their builder runs
# with TF_ENABLE_ONEDNN_OPTS=1 (op_cases); models.py turns it off itself.

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOLERANCE = 1e-4

# Known failures that are not the emitter's: reported as XFAIL (not counted as failed); one
# that passes is reported as XPASS, so the entry can go.
KNOWN = {}


def convert(amanda, pb, feeds, fetches, out_dir, pin=None):
    """Runs amanda-opt (`pin`: the pass's input-shapes option); the error text, or None."""
    option = "convert-tf-to-torch{feeds=%s fetches=%s%s}" % (",".join(feeds), ",".join(fetches), " input-shapes=" + pin if pin else "")
    r = subprocess.run([amanda, pb, "--pass=" + option, "--emit=pytorch", "-o", out_dir], capture_output=True, text=True)
    return (r.stderr.strip() or "exit %d" % r.returncode) if r.returncode else None


def load_program(out_dir, tag):
    """DIR/model.py as a fresh module."""
    spec = importlib.util.spec_from_file_location("amanda_emitted_" + tag, os.path.join(out_dir, "model.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def compare(got, expected):
    """The largest float difference, or the text of the first mismatch."""
    import torch
    if isinstance(got, torch.Tensor):
        got = [got]
    got = list(got)
    if len(got) != len(expected):
        return "%d results, TensorFlow %d" % (len(got), len(expected))
    worst = 0.0
    for i, (g, e) in enumerate(zip(got, expected)):
        g = g.detach().cpu().numpy()
        e = np.asarray(e)
        if g.dtype != e.dtype:
            return "result %d: dtype %s, TensorFlow %s" % (i, g.dtype, e.dtype)
        if g.shape != e.shape:
            return "result %d: shape %s, TensorFlow %s" % (i, g.shape, e.shape)
        if e.dtype.kind == "f":
            d = float(np.max(np.abs(g.astype(np.float64) - e.astype(np.float64)))) if e.size else 0.0
            if not d <= TOLERANCE:
                return "result %d: max abs diff %g" % (i, d)
            worst = max(worst, d)
        elif not np.array_equal(g, e):
            return "result %d: %d of %d elements differ" % (i, int(np.sum(g != e)), e.size)
    return worst


seen = set()


def check(name, amanda, pb, feeds, fetches, inputs, expected, work, pin=None, more=()):
    """(passed, line, export_ok), a known failure counted as passed and shown as XFAIL."""
    ok, line, export_ok = check_one(name, amanda, pb, feeds, fetches, inputs, expected, work, pin, more)
    seen.add(name)
    if name in KNOWN:
        if ok:
            return True, "XPASS" + line[4:] + " (listed as known: %s)" % KNOWN[name], export_ok
        return True, "XFAIL" + line[4:] + " (known: %s)" % KNOWN[name], export_ok
    return ok, line, export_ok


def check_one(name, amanda, pb, feeds, fetches, inputs, expected, work, pin=None, more=()):
    """`more`: further (inputs, expected) pairs of other batches, for a model kept for any
    batch: the one program runs on each, and is exported with a dynamic batch dim."""
    import torch
    out_dir = os.path.join(work, name + "_torch")
    shutil.rmtree(out_dir, ignore_errors=True)
    err = convert(amanda, pb, feeds, fetches, out_dir, pin)
    if err:
        return False, "FAIL %-20s convert: %s" % (name, err[-1500:]), None
    try:
        mod = load_program(out_dir, name)
        model = mod.load()
        cases = [(tuple(torch.from_numpy(np.ascontiguousarray(a)) for a in ins), want) for ins, want in [(inputs, expected)] + list(more)]
        args = cases[0][0]
        res = 0.0
        for case_args, want in cases:
            with torch.no_grad():
                r = compare(model(*case_args), want)
            if not isinstance(r, float):
                res = "%s (inputs %s)" % (r, ", ".join("x".join(map(str, a.shape)) for a in case_args))
                break
            res = max(res, r)
    except Exception:
        return False, "FAIL %-20s eager: %s" % (name, traceback.format_exc(limit=3)[-1500:]), None
    if not isinstance(res, float):
        return False, "FAIL %-20s eager: %s" % (name, res), None
    try:
        dynamic = None
        if more:
            # Traced at the largest batch: torch.export specializes a size of 1.
            batch = torch.export.Dim("batch")
            dynamic = tuple({0: batch} for _ in args)
            args = cases[-1][0]
        ep = torch.export.export(model, args, dynamic_shapes=dynamic)
        exp = 0.0
        for case_args, want in cases:
            with torch.no_grad():
                r = compare(ep.module()(*case_args), want)
            if not isinstance(r, float):
                exp = r
                break
        export = "export ok" if isinstance(exp, float) else "export differs: %s" % exp
        if more and isinstance(exp, float):
            export = "export ok (dynamic batch); batches %s" % ", ".join(str(a[0].shape[0]) for a, _ in cases)
        export_ok = isinstance(exp, float)
    except Exception as ex:
        export = "export failed: %s" % (str(ex).strip().splitlines() or [type(ex).__name__])[0][:300]
        export_ok = False
    return True, "PASS %-20s max abs diff %.3g; %s" % (name, res, export), export_ok


# Models of the numeric tier also trained a few steps (issue 37: the program trains as it is).
TRAIN = ["mlp", "keras_cnn", "keras_transformer", "keras_lstm_seq"]


def train(name, work, inputs):
    """(passed, line): ten SGD steps of the program written for `name` (its floating-point
    weights must be parameters that require gradients), regressing its first output onto a
    fixed random target; the loss must go down."""
    import torch
    try:
        model = load_program(os.path.join(work, name + "_torch"), name + "_train").load().train()
        params = [p for p in model.parameters() if p.requires_grad]
        if not params:
            return False, "FAIL train %-14s no parameter requires a gradient" % name
        args = tuple(torch.from_numpy(np.ascontiguousarray(a)) for a in inputs)
        first = lambda out: out[0] if isinstance(out, (tuple, list)) else out
        torch.manual_seed(0)
        with torch.no_grad():
            target = torch.randn_like(first(model(*args)))
        opt = torch.optim.SGD(params, lr=0.05)
        losses = []
        for _ in range(10):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(first(model(*args)), target)
            loss.backward()
            opt.step()
            losses.append(loss.item())
    except Exception:
        return False, "FAIL train %-14s %s" % (name, traceback.format_exc(limit=3)[-1500:])
    ok = losses[-1] < losses[0]
    return ok, "%s train %-14s %d parameters; loss %.4g -> %.4g" % ("PASS" if ok else "FAIL", name, len(params), losses[0], losses[-1])


def compiled(name, work, inputs, expected):
    """(passed, line): the program written for `name` run through `torch.compile` (the default
    TorchInductor backend, C++ on the CPU), compared with TensorFlow's outputs."""
    import torch
    try:
        model = load_program(os.path.join(work, name + "_torch"), name + "_compile").load()
        args = tuple(torch.from_numpy(np.ascontiguousarray(a)) for a in inputs)
        with torch.no_grad():
            res = compare(torch.compile(model)(*args), expected)
    except Exception:
        return False, "FAIL compile %-12s %s" % (name, traceback.format_exc(limit=3)[-1500:])
    if not isinstance(res, float):
        return False, "FAIL compile %-12s %s" % (name, res)
    return True, "PASS compile %-12s max abs diff %.3g" % (name, res)


def numeric_models(args, work, names):
    """The numeric tier's models: written by scripts/numeric/models.py."""
    models_dir = os.path.join(work, "models")
    # The frozen graphs only: this check converts no SavedModel directory.
    gen = [sys.executable, os.path.join(HERE, "numeric", "models.py"), "--no-saved-models", models_dir]
    r = subprocess.run(gen, capture_output=True, text=True)
    if r.returncode:
        print("FAIL numeric models: the generator failed: %s" % r.stderr.strip()[-1500:], flush=True)
        return [(False, None)]
    with open(os.path.join(models_dir, "manifest.json")) as f:
        manifest = json.load(f)
    out = []
    for m in manifest:
        if names and m["name"] not in names:
            continue
        data = np.load(os.path.join(models_dir, m["name"] + ".npz"))

        def saved(prefix):
            expected = []
            while "%sout:%d" % (prefix, len(expected)) in data:
                expected.append(data["%sout:%d" % (prefix, len(expected))])
            return [data["%sin:%s" % (prefix, f)] for f in m["feeds"]], expected

        inputs, expected = saved("")
        # A model kept for any batch: converted without pins, run at each batch.
        more = [saved("b%d/" % b) for b in m.get("batches", [])]
        if more:
            inputs, expected = more.pop(0)
        ok, line, export_ok = check(m["name"], args.amanda_opt, os.path.join(models_dir, m["name"] + ".pb"), m["feeds"], m["fetches"], inputs, expected, work, m.get("pin"), more)
        print(line, flush=True)
        out.append((ok, export_ok))
        if ok and m["name"] in TRAIN:
            for step in (lambda: train(m["name"], work, inputs), lambda: compiled(m["name"], work, inputs, expected)):
                ok, line = step()
                print(line, flush=True)
                out.append((ok, None))
    return out


def build_op_cases(out_dir, names):
    """Writes the single-op cases of scripts/tf-to-torch-ops.py (its CASES and build(), which
    import TensorFlow) as NAME.pb, NAME.npz and manifest.json. Run in a process of its own:
    TensorFlow and torch each bring LLVM, and one process cannot load both."""
    spec = importlib.util.spec_from_file_location("tf_to_torch_ops", os.path.join(HERE, "tf-to-torch-ops.py"))
    ops = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ops)
    os.makedirs(out_dir, exist_ok=True)
    manifest = []
    for name, (fn, specs) in ops.CASES.items():
        if names and name not in names:
            continue
        entry = {"name": name}
        try:
            pb, inputs, expected = ops.build(name, fn, specs, out_dir)
            arrays = {"in:%d" % i: a for i, a in enumerate(inputs)}
            arrays.update({"out:%d" % i: o for i, o in enumerate(expected)})
            np.savez(os.path.join(out_dir, name + ".npz"), **arrays)
            entry["feeds"] = ["in%d" % i for i in range(len(specs))]
            entry["fetches"] = ["Identity" if i == 0 else "Identity_%d" % i for i in range(len(expected))]
        except Exception as ex:
            entry["error"] = repr(ex)
        manifest.append(entry)
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


def op_cases(args, work, names):
    """The single-op cases of scripts/tf-to-torch-ops.py, built by a TensorFlow process."""
    cases_dir = os.path.join(work, "ops")
    env = dict(os.environ, TF_ENABLE_ONEDNN_OPTS=os.environ.get("TF_ENABLE_ONEDNN_OPTS", "1"))
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "--build-ops", cases_dir] + list(names), capture_output=True, text=True, env=env)
    if r.returncode:
        print("FAIL op cases: building them failed: %s" % r.stderr.strip()[-1500:], flush=True)
        return [(False, None)]
    with open(os.path.join(cases_dir, "manifest.json")) as f:
        manifest = json.load(f)
    out = []
    for m in manifest:
        name = m["name"]
        if "error" in m:
            print("FAIL %-20s TensorFlow could not build the case: %s" % ("op_" + name, m["error"]), flush=True)
            out.append((False, None))
            continue
        data = np.load(os.path.join(cases_dir, name + ".npz"))
        inputs = [data["in:%d" % i] for i in range(len(m["feeds"]))]
        expected = [data["out:%d" % i] for i in range(len(m["fetches"]))]
        ok, line, export_ok = check("op_" + name, args.amanda_opt, os.path.join(cases_dir, name + ".pb"), m["feeds"], m["fetches"], inputs, expected, cases_dir)
        print(line, flush=True)
        out.append((ok, export_ok))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--amanda-opt", default=os.environ.get("AMANDA_OPT", os.path.join(HERE, "..", "target", "debug", "amanda-opt")))
    ap.add_argument("--keep", help="keep the models and programs in DIR")
    ap.add_argument("--no-models", action="store_true", help="skip the numeric tier's models")
    ap.add_argument("--no-ops", action="store_true", help="skip the single-op cases")
    ap.add_argument("--build-ops", metavar="DIR", help=argparse.SUPPRESS)
    ap.add_argument("names", nargs="*", help="models / cases to run (default: all)")
    args = ap.parse_args()
    if args.build_ops:
        build_op_cases(args.build_ops, args.names)
        return
    work = args.keep or tempfile.mkdtemp(prefix="amanda-pytorch-emit.")
    os.makedirs(work, exist_ok=True)
    try:
        results = []
        if not args.no_models:
            print("pytorch-emit: the numeric tier's models", flush=True)
            results += numeric_models(args, work, args.names)
        if not args.no_ops:
            print("pytorch-emit: the single-op cases of scripts/tf-to-torch-ops.py", flush=True)
            results += op_cases(args, work, args.names)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    passed = sum(1 for ok, _ in results if ok)
    exported = sum(1 for _, e in results if e)
    not_exported = sum(1 for _, e in results if e is False)
    print("export: %d ok, %d failed" % (exported, not_exported))
    print("known failures (XFAIL, counted as passed): %d" % sum(1 for n in KNOWN if n in seen))
    print("%d passed, %d failed" % (passed, len(results) - passed))
    sys.exit(0 if passed == len(results) else 1)


if __name__ == "__main__":
    main()
