#!/usr/bin/env python3
"""The numeric tier's runner: TensorFlow model -> amanda-opt -> torch-mlir-opt -> IREE -> compare.

For each model written by models.py (NAME.pb, NAME.npz, manifest.json):
  1. `amanda-opt NAME.pb --pass=convert-tf-to-torch{feeds=... fetches=...} -o NAME.mlir`
  2. `torch-mlir-opt NAME.mlir` checks that torch-mlir parses and verifies it
  3. `iree-compile --iree-input-type=torch --iree-hal-target-backends=llvm-cpu
      --iree-llvmcpu-target-cpu=generic` builds NAME.vmfb
  4. the IREE runtime (`iree.runtime`, local-sync driver) calls its `main` on the saved inputs
  5. each result is compared with TensorFlow's: same shape and dtype, max |diff| <= 1e-4 for
     floats, equal for integers and booleans.
A model whose manifest entry names a `saved_model` (a directory beside NAME.pb, written by
`model.export`) is also converted from that directory, with the pass's defaults (its serving
signature's inputs and outputs), and checked as NAME_savedmodel on the same inputs.
One line per model (PASS/FAIL, the diff, the time of each step), then `N passed, N failed`;
exit status 1 when anything failed.

    run.py --models DIR --amanda-opt BIN [--work DIR] [NAME...]
    run.py --selftest --models DIR [--work DIR]
        DIR holds models.py --selftest's output; the hand-written torch-mlir files of
        scripts/numeric/selftest/ stand in for the conversion: mlp.mlir must pass and
        mlp-wrong.mlir must be reported as a mismatch (both count as passes when they do).
    run.py --example PB --feeds x --fetches Identity --amanda-opt BIN [--work DIR]
        one frozen GraphDef, converted with the pass's defaults (`--pass=convert-tf-to-torch`,
        as the README shows it), with TensorFlow's outputs for FEEDS -> FETCHES computed here
        and now on seeded inputs of the Placeholders' shapes (needs tensorflow in this Python).
    run.py --example DIR --input-shapes image:2x28x28x1 --amanda-opt BIN [--work DIR]
        one SavedModel directory, converted with `convert-tf-to-torch{input-shapes=...}`;
        TensorFlow's outputs are its `serving_default` signature's on seeded inputs of the
        pinned shapes.
    run.py --example DIR --batches 1,3 --amanda-opt BIN [--work DIR]
        one SavedModel directory whose inputs have an unknown batch, converted without
        pins (a function for any batch), compiled once and checked at each batch.

Runs inside the numeric venv (scripts/numeric/venv.sh): torch-mlir-opt and iree-compile are
found next to this Python or in their wheels.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

TOLERANCE = 1e-4
HERE = os.path.dirname(os.path.abspath(__file__))
STEP_TIMEOUT = int(os.environ.get("NUMERIC_STEP_TIMEOUT", "600"))


class StepError(Exception):
    """A step of one model failed; the message says which and why."""


def tool(name):
    """Path of a tool of the venv's wheels: next to sys.executable, else inside the wheel."""
    candidate = os.path.join(os.path.dirname(sys.executable), name)
    if os.access(candidate, os.X_OK):
        return candidate
    if name == "torch-mlir-opt":
        import torch_mlir

        candidate = os.path.join(os.path.dirname(torch_mlir.__file__), "_mlir_libs", name)
        if os.access(candidate, os.X_OK):
            return candidate
    if name == "iree-compile":
        from iree.compiler.tools import binaries

        return binaries.find_tool(name)
    found = shutil.which(name)
    if found:
        return found
    raise StepError(f"cannot find {name} (is the numeric venv installed?)")


def run(step, argv):
    """Run one tool; a nonzero exit is a StepError quoting its first lines of stderr."""
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=STEP_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise StepError(f"{step}: timed out after {STEP_TIMEOUT} s")
    except OSError as e:
        raise StepError(f"{step}: cannot run {argv[0]}: {e}")
    if proc.returncode != 0:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        shown = "\n      ".join(lines[:12]) + ("\n      ..." if len(lines) > 12 else "")
        raise StepError(f"{step} failed (exit {proc.returncode}):\n      {shown}")
    return proc


def pass_available(amanda):
    """Whether this amanda-opt has the convert-tf-to-torch pass (before it is merged, it has not)."""
    try:
        out = subprocess.run([amanda, "--list-passes"], capture_output=True, text=True, timeout=60)
    except OSError as e:
        return f"cannot run {amanda}: {e}"
    if "--convert-tf-to-torch " not in out.stdout and "--convert-tf-to-torch\n" not in out.stdout:
        return f"{amanda} has no convert-tf-to-torch pass (--list-passes does not list it)"
    return None


def convert(amanda, pb, feeds, fetches, out, input_shapes=None):
    """Feeds and fetches None: the pass's defaults (Placeholders in order, unused results).
    `input_shapes`: the pass's input-shapes option (pinned dims of the feeds)."""
    options = []
    if feeds is not None:
        options += ["feeds=" + ",".join(feeds), "fetches=" + ",".join(fetches)]
    if input_shapes:
        options.append("input-shapes=" + input_shapes)
    option = "convert-tf-to-torch" + ("{%s}" % " ".join(options) if options else "")
    run("amanda-opt convert-tf-to-torch", [amanda, pb, f"--pass={option}", "-o", out])


def compile_and_run(mlir, vmfb, cases, times):
    """Verifies and compiles `mlir` once, then runs its `main` on each list of inputs of
    `cases`; returns the results of each."""
    t = time.perf_counter()
    run("torch-mlir-opt", [tool("torch-mlir-opt"), mlir, "-o", os.devnull])
    times["verify"] = time.perf_counter() - t
    t = time.perf_counter()
    run(
        "iree-compile",
        [
            tool("iree-compile"),
            mlir,
            "--iree-input-type=torch",
            "--iree-hal-target-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=generic",
            "-o",
            vmfb,
        ],
    )
    times["compile"] = time.perf_counter() - t
    t = time.perf_counter()
    import iree.runtime as ireert

    try:
        module = ireert.load_vm_flatbuffer_file(vmfb, driver="local-sync")
    except Exception as e:
        raise StepError(f"IREE runtime: {type(e).__name__}: {e}")
    outs = []
    for inputs in cases:
        try:
            results = module.main(*inputs)
        except Exception as e:  # the runtime's own errors: wrong arity, shapes, types
            shapes = ", ".join("x".join(map(str, a.shape)) for a in inputs)
            raise StepError(f"IREE runtime (inputs {shapes}): {type(e).__name__}: {e}")
        if not isinstance(results, (list, tuple)):
            results = [results]
        outs.append([np.asarray(r.to_host() if hasattr(r, "to_host") else r) for r in results])
    times["run"] = time.perf_counter() - t
    return outs


def compare(results, expected):
    """Largest difference over all outputs; StepError on a shape, dtype or count mismatch."""
    if len(results) != len(expected):
        raise StepError(f"compare: IREE returned {len(results)} results, TensorFlow {len(expected)}")
    worst = 0.0
    for k, (got, want) in enumerate(zip(results, expected)):
        if got.shape != want.shape:
            raise StepError(f"compare: result {k} has shape {list(got.shape)}, TensorFlow's {list(want.shape)}")
        if got.dtype != want.dtype:
            raise StepError(f"compare: result {k} is {got.dtype}, TensorFlow's {want.dtype}")
        if want.size == 0:
            continue
        if np.issubdtype(want.dtype, np.floating):
            if not np.array_equal(np.isnan(got), np.isnan(want)):
                raise StepError(f"compare: result {k}: NaN where TensorFlow has none (or the reverse)")
            finite = ~np.isnan(want)
            diff = float(np.max(np.abs(got[finite].astype(np.float64) - want[finite].astype(np.float64)), initial=0.0))
            if diff > TOLERANCE or np.isnan(diff):
                raise StepError(f"compare: result {k}: max |diff| {diff:.3g} > {TOLERANCE:g}")
        else:
            mismatches = int(np.count_nonzero(got != want))
            if mismatches:
                raise StepError(f"compare: result {k}: {mismatches} of {want.size} elements differ (integers must be equal)")
            diff = 0.0
        worst = max(worst, diff)
    return worst


def check(name, work, inputs, expected, mlir_source=None, amanda=None, pb=None, feeds=None, fetches=None, input_shapes=None, more=()):
    """Runs the steps for one model; returns (passed, line). `more`: further (inputs,
    expected) pairs the same compiled module is checked on (other batches)."""
    times = {}
    t0 = time.perf_counter()
    mlir = os.path.join(work, name + ".mlir")
    try:
        t = time.perf_counter()
        if mlir_source is None:
            convert(amanda, pb, feeds, fetches, mlir, input_shapes)
        else:
            shutil.copyfile(mlir_source, mlir)
        times["convert"] = time.perf_counter() - t
        cases = [(inputs, expected)] + list(more)
        outs = compile_and_run(mlir, os.path.join(work, name + ".vmfb"), [c[0] for c in cases], times)
        diff = 0.0
        for results, (ins, want) in zip(outs, cases):
            try:
                diff = max(diff, compare(results, want))
            except StepError as e:
                shapes = ", ".join("x".join(map(str, a.shape)) for a in ins)
                raise StepError(f"{e} (inputs {shapes})")
    except StepError as e:
        return False, f"FAIL {name:<20} {e}  ({time.perf_counter() - t0:.1f} s)"
    steps = "  ".join(f"{k} {v:.2f}s" for k, v in times.items())
    if more:
        steps += f"  ({len(more) + 1} input shapes, one module)"
    return True, f"PASS {name:<20} max|diff| {diff:.2e}  {steps}  ({time.perf_counter() - t0:.1f} s)"


def load_npz(path, feeds, prefix=""):
    """The inputs and TensorFlow's outputs saved in `path` (those of one batch: `prefix`
    `bB/`)."""
    data = np.load(path)
    inputs = [data[f"{prefix}in:{f}"] for f in feeds]
    outputs = []
    while f"{prefix}out:{len(outputs)}" in data:
        outputs.append(data[f"{prefix}out:{len(outputs)}"])
    return inputs, outputs


def run_models(args, work):
    with open(os.path.join(args.models, "manifest.json")) as f:
        manifest = json.load(f)
    known = [m["name"] for m in manifest]
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"run.py: unknown model(s) {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return None
    missing = pass_available(args.amanda_opt)
    if missing:
        print(f"numeric: {missing}: every model fails at its conversion until the pass is built in", flush=True)
    outcomes = []
    for m in manifest:
        if args.names and m["name"] not in args.names:
            continue
        if missing:
            outcomes.append((False, f"FAIL {m['name']:<20} not converted: no convert-tf-to-torch pass"))
            print(outcomes[-1][1], flush=True)
            continue
        npz = os.path.join(args.models, m["name"] + ".npz")
        inputs, expected = load_npz(npz, m["feeds"])
        # A model kept for any batch: converted without pins, checked at each batch.
        more = [load_npz(npz, m["feeds"], f"b{b}/") for b in m.get("batches", [])]
        if more:
            inputs, expected = more.pop(0)
        outcomes.append(
            check(
                m["name"], work, inputs, expected,
                amanda=args.amanda_opt, pb=os.path.join(args.models, m["name"] + ".pb"),
                feeds=m["feeds"], fetches=m["fetches"], input_shapes=m.get("pin"), more=more,
            )
        )
        print(outcomes[-1][1], flush=True)
        if "saved_model" in m:
            # The same model as a SavedModel directory: its serving signature's input and
            # output, no feeds, fetches or pins given.
            outcomes.append(
                check(
                    m["name"] + "_savedmodel", work, inputs, expected,
                    amanda=args.amanda_opt, pb=os.path.join(args.models, m["saved_model"]), input_shapes=m.get("pin"), more=more,
                )
            )
            print(outcomes[-1][1], flush=True)
    return outcomes


def run_selftest(args, work):
    inputs, expected = load_npz(os.path.join(args.models, "selftest_mlp.npz"), ["x"])
    outcomes = []
    ok, line = check("selftest_mlp", work, inputs, expected, mlir_source=os.path.join(HERE, "selftest", "mlp.mlir"))
    outcomes.append((ok, line))
    print(line, flush=True)
    ok, line = check("selftest_mlp_wrong", work, inputs, expected, mlir_source=os.path.join(HERE, "selftest", "mlp-wrong.mlir"))
    expected_failure = not ok and "max |diff|" in line
    outcomes.append(
        (
            expected_failure,
            ("PASS selftest_mlp_wrong   reported as a mismatch, as it must be: " + line.split("compare: ", 1)[-1])
            if expected_failure
            else "FAIL selftest_mlp_wrong   the wrong model was not reported as a mismatch: " + line,
        )
    )
    print(outcomes[-1][1], flush=True)
    return outcomes


def tf_reference(pb, feeds, fetches, seed=0):
    """TensorFlow's outputs for the frozen GraphDef PB on seeded inputs of the feeds' shapes."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import tensorflow as tf

    graph_def = tf.compat.v1.GraphDef()
    with open(pb, "rb") as f:
        graph_def.ParseFromString(f.read())
    placeholders = {n.name: n for n in graph_def.node}
    rng = np.random.default_rng(seed)
    inputs = []
    for feed in feeds:
        node = placeholders.get(feed)
        if node is None or node.op != "Placeholder":
            raise SystemExit(f"run.py: {pb}: no Placeholder named {feed!r}")
        dims = [d.size for d in node.attr["shape"].shape.dim]
        if any(d < 0 for d in dims) or node.attr["shape"].shape.unknown_rank:
            raise SystemExit(f"run.py: {pb}: feed {feed!r} has no static shape")
        inputs.append(rng.standard_normal(dims).astype(tf.dtypes.as_dtype(node.attr["dtype"].type).as_numpy_dtype))

    def imported():
        tf.compat.v1.import_graph_def(graph_def, name="")

    wrapped = tf.compat.v1.wrap_function(imported, [])
    fn = wrapped.prune(
        [wrapped.graph.get_tensor_by_name(f + ":0") for f in feeds],
        [wrapped.graph.get_tensor_by_name(f if ":" in f else f + ":0") for f in fetches],
    )
    outputs = fn(*[tf.constant(a) for a in inputs])
    return inputs, [np.asarray(o) for o in outputs]


def parse_input_shapes(spec):
    """`image:2x28x28x1,mask:2x7` -> {"image": [2, 28, 28, 1], "mask": [2, 7]} (the pass's syntax)."""
    shapes = {}
    for item in filter(None, spec.split(",")):
        name, _, dims = item.rpartition(":")
        shapes[name] = [int(d) for d in dims.split("x") if d]
    return shapes


def tf_reference_saved_model(path, input_shapes, seed=0, batch=None):
    """The SavedModel's `serving_default` signature run by TensorFlow on seeded inputs of the
    pinned shapes (or, with `batch`, of the signature's shapes with an unknown batch set to
    it); arguments and results in signature-key order (the converted function's)."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
    import tensorflow as tf

    fn = tf.saved_model.load(path).signatures["serving_default"]
    specs = fn.structured_input_signature[1]
    if batch is not None:
        input_shapes = {k: [batch if i == 0 and d is None else d for i, d in enumerate(s.shape.as_list())] for k, s in specs.items()}
        unknown = sorted(k for k, s in input_shapes.items() if None in s)
        if unknown:
            raise SystemExit(f"run.py: {path}: the signature's input(s) {', '.join(unknown)} have unknown dims other than the batch")
    missing = sorted(set(specs) - set(input_shapes))
    if missing:
        raise SystemExit(f"run.py: {path}: no --input-shapes for the signature's input(s) {', '.join(missing)}")
    rng = np.random.default_rng(seed)
    inputs = {k: rng.standard_normal(input_shapes[k]).astype(specs[k].dtype.as_numpy_dtype) for k in sorted(specs)}
    outputs = fn(**{k: tf.constant(v) for k, v in inputs.items()})
    return [inputs[k] for k in sorted(inputs)], [np.asarray(outputs[k]) for k in sorted(outputs)]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="models to run (default: all of the manifest)")
    ap.add_argument("--models", help="models.py's output directory")
    ap.add_argument("--amanda-opt", default=os.environ.get("AMANDA_OPT"), help="the amanda-opt binary")
    ap.add_argument("--work", help="where the .mlir and .vmfb files go (default: a temporary directory, removed)")
    ap.add_argument("--selftest", action="store_true", help="check the runner with the hand-written torch-mlir files")
    ap.add_argument("--example", metavar="PB", help="one frozen GraphDef, TensorFlow's outputs computed here")
    ap.add_argument("--feeds", default="", help="--example's feeds, comma-separated")
    ap.add_argument("--fetches", default="", help="--example's fetches, comma-separated")
    ap.add_argument("--input-shapes", default="", help="--example's pinned input shapes (the pass option)")
    ap.add_argument("--batches", default="", help="a SavedModel --example converted for any batch (no pins), checked at each of these batches (e.g. 1,3)")
    args = ap.parse_args(argv)
    if not args.selftest and not args.amanda_opt:
        ap.error("--amanda-opt (or $AMANDA_OPT) is required")
    if (args.selftest or not args.example) and not args.models:
        ap.error("--models is required")
    work = args.work or tempfile.mkdtemp(prefix="amanda-numeric.")
    os.makedirs(work, exist_ok=True)
    started = time.perf_counter()
    try:
        if args.selftest:
            outcomes = run_selftest(args, work)
        elif args.example:
            feeds = [f for f in args.feeds.split(",") if f]
            fetches = [f for f in args.fetches.split(",") if f]
            more = []
            if os.path.isdir(args.example) and args.batches:
                cases = [tf_reference_saved_model(args.example, {}, batch=int(b)) for b in args.batches.split(",")]
                (inputs, expected), more = cases[0], cases[1:]
                name = os.path.basename(os.path.normpath(args.example))
            elif os.path.isdir(args.example):
                inputs, expected = tf_reference_saved_model(args.example, parse_input_shapes(args.input_shapes))
                name = os.path.basename(os.path.normpath(args.example))
            else:
                inputs, expected = tf_reference(args.example, feeds, fetches)
                name = os.path.splitext(os.path.basename(args.example))[0]
            missing = pass_available(args.amanda_opt)
            if missing:
                print(f"numeric: {missing}", file=sys.stderr)
                return 1
            outcomes = [check(name, work, inputs, expected, amanda=args.amanda_opt, pb=args.example, input_shapes=args.input_shapes, more=more)]
            print(outcomes[0][1], flush=True)
            if outcomes[0][0]:
                print(f"numeric: the converted model is {os.path.join(work, name + '.mlir')}")
        else:
            outcomes = run_models(args, work)
            if outcomes is None:
                return 2
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    passed = sum(1 for ok, _ in outcomes if ok)
    failed = len(outcomes) - passed
    print(f"numeric: {time.perf_counter() - started:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
