#!/usr/bin/env python3
"""Conversion benchmark (not a test), run by scripts/bench-convert.sh in the torch venv
(scripts/torch-venv.sh) with tf2onnx, onnx, onnx2torch and torchvision on PYTHONPATH.

1. Per model of models.py's output, best of --runs each, all in the same run:
   * amanda-opt → torch-mlir: the whole process `amanda-opt NAME.pb
     --pass=convert-tf-to-torch{...} -o /dev/null` (process start, GraphDef import,
     conversion, printing), against tf2onnx's in-process conversion of the same frozen
     GraphDef (`tf2onnx.convert.from_graph_def`, after one warm-up conversion in the process,
     the GraphDef parsed from the same bytes); ratio: tf2onnx's time over amanda-opt's;
   * amanda-opt → PyTorch: the whole process `amanda-opt NAME.pb
     --pass=convert-tf-to-torch{...} --emit=pytorch -o DIR` (writes DIR/model.py and
     DIR/weights.safetensors), against tf2onnx + onnx2torch in process end to end (the
     GraphDef parsed, `from_graph_def`, then `onnx2torch.convert` of the ModelProto it
     returns: a torch.fx.GraphModule; after one warm-up conversion); ratio: tf2onnx +
     onnx2torch's time over amanda-opt's.
   The warm-up's onnx2torch module is also run (not timed) on the model's inputs and compared
   with TensorFlow's outputs (models.py's NAME.npz): max abs diff <= 1e-4 for floats, exact
   for integers, same dtypes and shapes; so is amanda-opt's program (`load()` of
   DIR/model.py), counted in the summary, a mismatch shown under the row. When tf2onnx or onnx2torch cannot convert a model,
   or the module does not run or differs, the last column says so and a line below the row
   gives the reason; the benchmark goes on.
2. Per generated graph (`gen-graph --tf-chain`, tfg text): amanda-opt's whole-process
   conversion time, the parse+print time of the same file without the pass, and the growth
   exponent k between sizes (time ~ n^k; linear when k is near 1). With --tf2onnx-max N,
   graphs of at most N ops are also converted by tf2onnx (from their GraphDef export).
"""

import argparse
import json
import logging
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

TOLERANCE = 1e-4


def import_onnx2torch():
    """Imports torch and onnx2torch; None, or why they cannot be used. Must run before
    TensorFlow is imported: onnx2torch imports torchvision, which imports torch._dynamo, and
    that (its LLVM) loaded after TensorFlow's aborts the process ("LLVM ERROR: inconsistency
    in registered CommandLine options"); the other order works."""
    try:
        import onnx2torch  # noqa: F401
        import torch  # noqa: F401
    except Exception as e:
        return describe(e)
    return None


def describe(e):
    text = str(e).strip()
    return f"{type(e).__name__}: {text.splitlines()[0][:300] if text else ''}"


class Records(logging.Handler):
    """Keeps tf2onnx's log messages (it logs the ops it cannot convert and goes on), so the
    table stays readable and the reasons can be shown under a model's row."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())

    def unsupported(self):
        """tf2onnx's "Unsupported ops: Counter({...})" line of the last conversion, if any."""
        lines = [m for m in self.messages if m.startswith("Unsupported ops")]
        return lines[-1] if lines else None


def quiet_tf2onnx():
    """Routes tf2onnx's logging to a Records handler (not stderr); returns the handler."""
    import tf2onnx  # noqa: F401

    records = Records()
    logger = logging.getLogger("tf2onnx")
    logger.handlers[:] = [records]
    logger.propagate = False
    return records


def best_of(runs, fn):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def process(argv):
    """Runs a process; returns None on success, else its first line of error."""
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines()
        return lines[0] if lines else f"exit {proc.returncode}"
    return None


def amanda_time(amanda, path, option, runs, emit_dir=None):
    """amanda-opt's whole process, best of `runs` after one untimed run that checks it works:
    to torch-mlir text on /dev/null, or with `emit_dir` to `--emit=pytorch -o emit_dir` (the
    first run creates the directory, the timed ones write into it)."""
    argv = [amanda, path, f"--pass={option}"]
    argv += ["--emit=pytorch", "-o", emit_dir] if emit_dir else ["-o", os.devnull]
    error = process(argv)
    if error:
        return None, error
    return best_of(runs, lambda: process(argv)), None


def tf2onnx_convert(data, feeds, fetches):
    """tf2onnx's in-process conversion of a serialized frozen GraphDef: the ModelProto."""
    import tensorflow as tf
    import tf2onnx

    graph_def = tf.compat.v1.GraphDef()
    graph_def.ParseFromString(data)
    model, _ = tf2onnx.convert.from_graph_def(
        graph_def,
        input_names=[f + ":0" for f in feeds],
        output_names=[f if ":" in f else f + ":0" for f in fetches],
        opset=17,
    )
    return model


def tf2onnx_time(pb, feeds, fetches, runs, warm_up=True):
    data = open(pb, "rb").read()

    def once():
        tf2onnx_convert(data, feeds, fetches)

    try:
        if not warm_up:  # the process is warm already (part 1 ran): one timed conversion
            return best_of(1, once), None
        once()  # warm-up: TensorFlow's and tf2onnx's first-use costs stay out of the figure
    except Exception as e:
        return None, describe(e)
    return best_of(runs, once), None


def compare(got, expected):
    """onnx2torch's results against TensorFlow's: the largest float difference, or the text of
    the first mismatch (the rules of scripts/pytorch-emit-check.py)."""
    import numpy as np
    import torch

    if isinstance(got, torch.Tensor):
        got = [got]
    got = list(got)
    if len(got) != len(expected):
        return f"{len(got)} results, TensorFlow {len(expected)}"
    worst = 0.0
    for i, (g, e) in enumerate(zip(got, expected)):
        g = g.detach().cpu().numpy()
        e = np.asarray(e)
        if g.dtype != e.dtype:
            return f"result {i}: dtype {g.dtype}, TensorFlow {e.dtype}"
        if g.shape != e.shape:
            return f"result {i}: shape {g.shape}, TensorFlow {e.shape}"
        if e.dtype.kind == "f":
            d = float(np.max(np.abs(g.astype(np.float64) - e.astype(np.float64)))) if e.size else 0.0
            if not d <= TOLERANCE:
                return f"result {i}: max abs diff {d:g}"
            worst = max(worst, d)
        elif not np.array_equal(g, e):
            return f"result {i}: {int(np.sum(g != e))} of {e.size} elements differ"
    return worst


def onnx2torch_time(pb, npz, feeds, fetches, runs, records):
    """tf2onnx + onnx2torch end to end in process: (best time or None, status, reason or
    None). The warm-up conversion goes stage by stage, so a failure names its stage, and its
    module is run on the model's inputs and compared with TensorFlow's outputs."""
    import numpy as np
    import onnx2torch
    import torch

    data = open(pb, "rb").read()
    records.messages.clear()
    try:
        model = tf2onnx_convert(data, feeds, fetches)
    except Exception as e:
        return None, "tf2onnx fails", describe(e)
    unsupported = records.unsupported()
    try:
        module = onnx2torch.convert(model)
    except Exception as e:
        reason = describe(e)
        if unsupported:  # tf2onnx went on past ops it could not convert: the likelier cause
            reason += f" (tf2onnx: {unsupported})"
        return None, "onnx2torch fails", reason
    best = best_of(runs, lambda: onnx2torch.convert(tf2onnx_convert(data, feeds, fetches)))
    arrays = np.load(npz)
    inputs = [torch.from_numpy(np.ascontiguousarray(arrays[f"in:{f}"])) for f in feeds]
    expected = [arrays[f"out:{k}"] for k in range(len(fetches))]
    try:
        with torch.no_grad():
            result = compare(module(*inputs), expected)
    except Exception as e:
        return best, "module fails", describe(e)
    if not isinstance(result, float):
        return best, "differs", result
    return best, f"ok, {result:.1e}", None


def check_emitted(emit_dir, npz, feeds, n_fetches):
    """amanda-opt's --emit=pytorch program (`load()` of DIR/model.py) run on the model's inputs
    and compared with TensorFlow's outputs: None when it matches, else why not. Not timed; the
    numeric check of that output is scripts/pytorch-emit-check.sh's, this only puts it next to
    onnx2torch's in the same table."""
    import importlib.util

    import numpy as np
    import torch

    try:
        spec = importlib.util.spec_from_file_location("bench_emitted_" + os.path.basename(emit_dir), os.path.join(emit_dir, "model.py"))
        program = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(program)
        arrays = np.load(npz)
        inputs = [torch.from_numpy(np.ascontiguousarray(arrays[f"in:{f}"])) for f in feeds]
        with torch.no_grad():
            result = compare(program.load()(*inputs), [arrays[f"out:{k}"] for k in range(n_fetches)])
    except Exception as e:
        return f"module fails: {describe(e)}"
    return None if isinstance(result, float) else f"differs: {result}"


def fmt(t):
    return "n/a" if t is None else (f"{t * 1000:8.1f} ms" if t < 10 else f"{t:8.2f} s ")


def ratio_of(python_time, amanda_time, ratios):
    if python_time and amanda_time:
        ratios.append(python_time / amanda_time)
        return f"{python_time / amanda_time:.1f}x"
    return "n/a"


def geo_mean(ratios):
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios))


def per_model(args, o2t_error):
    import tensorflow as tf

    with open(os.path.join(args.models, "manifest.json")) as f:
        manifest = json.load(f)
    records = quiet_tf2onnx()
    emit_root = args.pytorch_out or tempfile.mkdtemp(prefix="bench-convert-pytorch-")
    print(f"1. per model: amanda-opt whole process vs tf2onnx (+ onnx2torch) in process (best of {args.runs})")
    print(f"   {'':<20} {'':>6} {'amanda-opt':>11} {'':>11} {'':>7}  {'amanda-opt':>11} {'tf2onnx +':>11} {'':>7}  onnx2torch's")
    print(f"   {'model':<20} {'nodes':>6} {'torch-mlir':>11} {'tf2onnx':>11} {'ratio':>7}  {'PyTorch':>11} {'onnx2torch':>11} {'ratio':>7}  module vs TF")
    mlir_ratios, torch_ratios, matched, emitted_ok = [], [], 0, 0
    for m in manifest:
        name = m["name"]
        pb = os.path.join(args.models, name + ".pb")
        option = "convert-tf-to-torch{feeds=%s fetches=%s}" % (",".join(m["feeds"]), ",".join(m["fetches"]))
        a, a_err = amanda_time(args.amanda_opt, pb, option, args.runs)
        emit_dir = os.path.join(emit_root, name)
        p, p_err = amanda_time(args.amanda_opt, pb, option, args.runs, emit_dir=emit_dir)
        npz = os.path.join(args.models, name + ".npz")
        p_check = None
        if p and not o2t_error:
            p_check = check_emitted(emit_dir, npz, m["feeds"], len(m["fetches"]))
            emitted_ok += p_check is None
        records.messages.clear()
        t, t_err = tf2onnx_time(pb, m["feeds"], m["fetches"], args.runs)
        if o2t_error:
            e, status, e_err = None, "no onnx2torch", None
        elif t_err:
            e, status, e_err = None, "tf2onnx fails", None  # the reason is on the tf2onnx line
        else:
            e, status, e_err = onnx2torch_time(pb, npz, m["feeds"], m["fetches"], args.runs, records)
        matched += status.startswith("ok")
        graph_def = tf.compat.v1.GraphDef()
        graph_def.ParseFromString(open(pb, "rb").read())
        r1 = ratio_of(t, a, mlir_ratios)
        r2 = ratio_of(e, p, torch_ratios)
        print(f"   {name:<20} {len(graph_def.node):>6} {fmt(a):>11} {fmt(t):>11} {r1:>7}  {fmt(p):>11} {fmt(e):>11} {r2:>7}  {status}")
        details = (
            ("amanda-opt", a_err),
            ("amanda-opt --emit=pytorch", p_err),
            ("amanda-opt's module vs TF", p_check),
            ("tf2onnx", t_err),
            ("tf2onnx + onnx2torch", e_err),
        )
        for label, err in details:
            if err:
                print(f"      {label}: {err}")
        sys.stdout.flush()
    if not args.pytorch_out:
        shutil.rmtree(emit_root, ignore_errors=True)
    if mlir_ratios:
        print(f"   geometric mean of tf2onnx / amanda-opt → torch-mlir: {geo_mean(mlir_ratios):.1f}x over {len(mlir_ratios)} models (goal: 100x)")
    if torch_ratios:
        print(f"   geometric mean of tf2onnx + onnx2torch / amanda-opt → PyTorch: {geo_mean(torch_ratios):.1f}x over {len(torch_ratios)} models")
    if o2t_error:
        print(f"   onnx2torch cannot be used here: {o2t_error}")
    else:
        print(f"   onnx2torch's module matches TensorFlow (1e-4) for {matched} of {len(manifest)} models, amanda-opt's for {emitted_ok}")
    print()


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", help="models.py's output directory")
    ap.add_argument("--amanda-opt", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pytorch-out", help="where --emit=pytorch writes (DIR/NAME; default: a temporary directory, removed)")
    ap.add_argument("--chain", action="append", default=[], metavar="OPS=FILE.mlir[,FILE.pb]")
    ap.add_argument("--tf2onnx-max", type=int, default=10000)
    args = ap.parse_args(argv)

    o2t_error = import_onnx2torch() if args.models else None  # before TensorFlow (see there)
    warnings.simplefilter("ignore")  # onnx2torch's and TensorFlow's warnings, per conversion

    if args.models:
        per_model(args, o2t_error)

    if args.chain:
        if any("," in spec for spec in args.chain):
            quiet_tf2onnx()
        print(f"2. generated graphs (gen-graph --tf-chain): whole-process time (best of {args.runs})")
        print(f"   {'ops':>9} {'convert':>11} {'parse+print':>12} {'convert/op':>11} {'growth k':>9} {'tf2onnx':>11} {'ratio':>8}")
        prev = None
        for spec in args.chain:
            ops_text, _, files = spec.partition("=")
            ops = int(ops_text)
            mlir, _, pb = files.partition(",")
            c, c_err = amanda_time(args.amanda_opt, mlir, "convert-tf-to-torch", args.runs)
            base_argv = [args.amanda_opt, mlir, "-o", os.devnull]
            base = None if process(base_argv) else best_of(args.runs, lambda: process(base_argv))
            k = ""
            if c and prev:
                k = f"{math.log(c / prev[1]) / math.log(ops / prev[0]):9.2f}"
            t = ratio = None
            if pb and ops <= args.tf2onnx_max:
                t, _ = tf2onnx_time(pb, ["x"], ["output"], 1, warm_up=not args.models)
                ratio = f"{t / c:7.1f}x" if t and c else "n/a"
            per_op = f"{c / ops * 1e6:8.2f} us" if c else "n/a"
            print(f"   {ops:>9} {fmt(c):>11} {fmt(base):>12} {per_op:>11} {k:>9} {fmt(t) if pb and ops <= args.tf2onnx_max else '-':>11} {ratio or '-':>8}")
            if c_err:
                print(f"      amanda-opt: {c_err}")
            if c:
                prev = (ops, c)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
