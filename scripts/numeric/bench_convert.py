#!/usr/bin/env python3
"""Conversion benchmark (not a test), run by scripts/bench-convert.sh in the numeric venv with
tf2onnx and onnx on PYTHONPATH.

1. Per model of models.py's output: amanda-opt's whole-process conversion
   (`amanda-opt NAME.pb --pass=convert-tf-to-torch{...} -o /dev/null`: process start, GraphDef
   import, conversion, printing) against tf2onnx's in-process conversion of the same frozen
   GraphDef (`tf2onnx.convert.from_graph_def`, after one warm-up conversion in the process,
   the GraphDef parsed from the same bytes), best of --runs each, in the same run; the ratio
   is tf2onnx's time over amanda-opt's.
2. Per generated graph (`gen-graph --tf-chain`, tfg text): amanda-opt's whole-process
   conversion time, the parse+print time of the same file without the pass, and the growth
   exponent k between sizes (time ~ n^k; linear when k is near 1). With --tf2onnx-max N,
   graphs of at most N ops are also converted by tf2onnx (from their GraphDef export).
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time


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


def amanda_time(amanda, path, option, runs):
    argv = [amanda, path, f"--pass={option}", "-o", os.devnull]
    error = process(argv)
    if error:
        return None, error
    return best_of(runs, lambda: process(argv)), None


def tf2onnx_time(pb, feeds, fetches, runs, warm_up=True):
    import tensorflow as tf
    import tf2onnx

    data = open(pb, "rb").read()

    def once():
        graph_def = tf.compat.v1.GraphDef()
        graph_def.ParseFromString(data)
        tf2onnx.convert.from_graph_def(
            graph_def,
            input_names=[f + ":0" for f in feeds],
            output_names=[f if ":" in f else f + ":0" for f in fetches],
            opset=17,
        )

    try:
        if not warm_up:  # the process is warm already (part 1 ran): one timed conversion
            return best_of(1, once), None
        once()  # warm-up: TensorFlow's and tf2onnx's first-use costs stay out of the figure
    except Exception as e:
        return None, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    return best_of(runs, once), None


def fmt(t):
    return "n/a" if t is None else (f"{t * 1000:8.1f} ms" if t < 10 else f"{t:8.2f} s ")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", help="models.py's output directory")
    ap.add_argument("--amanda-opt", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chain", action="append", default=[], metavar="OPS=FILE.mlir[,FILE.pb]")
    ap.add_argument("--tf2onnx-max", type=int, default=10000)
    args = ap.parse_args(argv)

    if args.models:
        with open(os.path.join(args.models, "manifest.json")) as f:
            manifest = json.load(f)
        print(f"1. per model: amanda-opt whole process vs tf2onnx.convert.from_graph_def in process (best of {args.runs})")
        print(f"   {'model':<20} {'nodes':>6} {'amanda-opt':>11} {'tf2onnx':>11} {'tf2onnx/amanda-opt':>20}")
        ratios = []
        for m in manifest:
            pb = os.path.join(args.models, m["name"] + ".pb")
            option = "convert-tf-to-torch{feeds=%s fetches=%s}" % (",".join(m["feeds"]), ",".join(m["fetches"]))
            a, a_err = amanda_time(args.amanda_opt, pb, option, args.runs)
            t, t_err = tf2onnx_time(pb, m["feeds"], m["fetches"], args.runs)
            import tensorflow as tf

            graph_def = tf.compat.v1.GraphDef()
            graph_def.ParseFromString(open(pb, "rb").read())
            ratio = f"{t / a:18.1f}x" if a and t else "n/a"
            if a and t:
                ratios.append(t / a)
            print(f"   {m['name']:<20} {len(graph_def.node):>6} {fmt(a):>11} {fmt(t):>11} {ratio:>20}")
            for label, err in (("amanda-opt", a_err), ("tf2onnx", t_err)):
                if err:
                    print(f"      {label}: {err}")
        if ratios:
            geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
            print(f"   geometric mean of tf2onnx/amanda-opt: {geo:.1f}x over {len(ratios)} models (goal: 100x)")
        print()

    if args.chain:
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
