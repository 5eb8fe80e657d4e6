#!/usr/bin/env python3
"""Forward time of amanda-opt's modules against TensorFlow's own run (a benchmark, not a test).

For each model (random weights of the real size, batch None, frozen as users freeze it, the
batch pinned with `input-shapes`), in one run, each framework timed in a process of its own
(TensorFlow's LLVM and inductor's abort when loaded in one: `LLVM ERROR: Option
'bitcode-mdindex-threshold' registered more than once`):
  * worker `tf`: the Keras model the graph is frozen from, as a `tf.function` (graph mode,
    Grappler on) and with `jit_compile=True` (XLA); writes the frozen GraphDef NAME.pb once
    (feed `image`) and NAME.npz (the seeded input and the graph mode's outputs, run.py's
    layout);
  * for each binary given (`--amanda-opt LABEL=BIN`, e.g. the last release and this one):
      - worker `eager`: `BIN NAME.pb --pass=convert-tf-to-torch{input-shapes=image:...}
        --emit=pytorch -o NAME_LABEL`; the statements of `forward`, those that reshape,
        permute, transpose, squeeze or convert a parameter (`self.*`) on every call, and the
        forward time in eager PyTorch under `torch.no_grad()`;
      - worker `compile` (`--compile`): `torch.compile` of that module, default mode (its
        first call, which compiles, is not timed);
      - worker `iree` (`--iree`): the torch-mlir output (`-o NAME_LABEL.mlir`) compiled by
        iree-compile for llvm-cpu and the host CPU (`--iree-llvmcpu-target-cpu=host`), run
        by the IREE runtime (local-task driver);
  * each result compared with TensorFlow's graph mode (run.py's compare: max abs diff, which
    it reports as an error above 1e-4), so a fast wrong module cannot pass for fast.
Times are medians of --runs calls after two warm-up calls, every framework with --threads
threads (default: one per CPU; 1 gives steadier ratios when other jobs share the CPUs). One
table per model: each time, its ratio to TensorFlow's graph mode (eager, IREE) or to XLA
(torch.compile, IREE), and whether issue 37's goal is met (eager and IREE at most 1.1x the
graph mode, torch.compile and IREE faster than XLA). A worker that fails shows its error in
its row; the run goes on.

    bench_pytorch_forward.py --out DIR --amanda-opt LABEL=BIN [...] [--runs N] [--batch B]
        [--threads N] [--compile] [--iree] [--torch-python PY] [--iree-python PY] [MODEL ...]
    models: keras.applications NAME:SIZE (ResNet50:224, MobileNetV3Small:224), and
    encoder (a BERT-like Keras encoder, 4 layers, d=256, 128 tokens), lstm (Keras LSTM 256
    over 64 steps of 64 features)
    --torch-python: the Python of the tf, eager and compile workers (tensorflow-cpu and torch,
    the torch venv; default this one); --iree-python: the iree worker's (the numeric venv).
A worker is this script with `--worker KIND --result FILE`, one model and at most one binary.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
os.environ.setdefault("NUMERIC_STEP_TIMEOUT", "3600")  # run.py's limit per tool: iree-compile of ResNet50

from run import StepError, compare, convert, load_npz, run as run_tool, tool  # noqa: E402

# A statement of forward that re-lays a parameter out.
RELAYOUT = re.compile(
    r"= (torch\.(permute|reshape|transpose|t|squeeze|unsqueeze|flatten)|torch\.ops\.aten\.(view|_unsafe_view|permute|transpose|t|to|_to_copy|squeeze|unsqueeze|reshape)\.[a-z_]+)\(self\."
)
WARMUP = 2


# ---- shared by the workers -------------------------------------------------------------


def stem(out, name):
    return os.path.join(out, name.replace(":", "_"))


def median_time(fn, runs):
    """Median seconds of `runs` calls of fn, after WARMUP calls."""
    for _ in range(WARMUP):
        fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def max_diff(got, want):
    """run.py's comparison with TensorFlow's outputs: the max abs diff, or why it fails."""
    try:
        return compare(got, want)
    except StepError as e:
        return str(e)


def reference(args, name):
    """The input and TensorFlow's outputs (the tf worker's NAME.npz), the frozen GraphDef,
    and the binary's label and path."""
    (x,), want = load_npz(stem(args.out, name) + ".npz", ["image"])
    label, binary = args.amanda_opt[0].split("=", 1)
    return x, want, stem(args.out, name) + ".pb", label, binary


def input_shapes(x):
    return "image:" + "x".join(str(d) for d in x.shape)


# ---- worker tf -------------------------------------------------------------------------


def keras_model(name):
    """A Keras model of the benchmark (random weights, seeded) and its input shape without batch."""
    import keras

    keras.utils.set_random_seed(0)
    if ":" in name:
        app, size = name.split(":")
        size = int(size)
        return getattr(keras.applications, app)(weights=None, input_shape=(size, size, 3)), (size, size, 3)
    if name == "encoder":
        d, heads, seq, layers = 256, 4, 128, 4
        x = inputs = keras.Input((seq, d))
        for _ in range(layers):
            a = keras.layers.MultiHeadAttention(heads, d // heads)(x, x)
            x = keras.layers.LayerNormalization()(x + a)
            f = keras.layers.Dense(4 * d, activation="gelu")(x)
            x = keras.layers.LayerNormalization()(x + keras.layers.Dense(d)(f))
        return keras.Model(inputs, keras.layers.Dense(2)(x[:, 0])), (seq, d)
    if name == "lstm":
        x = inputs = keras.Input((64, 64))
        x = keras.layers.LSTM(256)(x)
        return keras.Model(inputs, keras.layers.Dense(10)(x)), (64, 64)
    raise SystemExit(f"bench: unknown model {name}")


def freeze(pb, graph, shape):
    """Writes the frozen GraphDef of `graph` (a tf.function) with feed `image`, batch None."""
    import tensorflow as tf
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    spec = tf.TensorSpec([None, *shape], tf.float32, name="image")
    graph_def = convert_variables_to_constants_v2(graph.get_concrete_function(spec)).graph.as_graph_def()
    with open(pb, "wb") as f:
        f.write(graph_def.SerializeToString(deterministic=True))


def tf_worker(args, name):
    """Freezes the model once, writes NAME.npz, times the graph mode and XLA."""
    import numpy as np
    import tensorflow as tf

    tf.config.threading.set_intra_op_parallelism_threads(args.threads)  # before the runtime starts
    tf.config.threading.set_inter_op_parallelism_threads(args.threads)
    model, shape = keras_model(name)
    graph = tf.function(lambda image: model(image, training=False))
    xla = tf.function(lambda image: model(image, training=False), jit_compile=True)
    pb = stem(args.out, name) + ".pb"
    if not os.path.exists(pb):
        freeze(pb, graph, shape)
    x = np.random.default_rng(0).standard_normal((args.batch, *shape)).astype(np.float32)
    xt = tf.constant(x)
    want = [o.numpy() for o in tf.nest.flatten(graph(xt))]
    np.savez(stem(args.out, name) + ".npz", **{"in:image": x}, **{f"out:{k}": o for k, o in enumerate(want)})

    def timing(fn):
        forward = lambda: [o.numpy() for o in tf.nest.flatten(fn(xt))]  # noqa: E731
        return {"time": median_time(forward, args.runs), "diff": max_diff(forward(), want)}

    return {
        "graph": timing(graph),
        "xla": attempt(lambda: timing(xla)),
        "mb": os.path.getsize(pb) / 1e6,
        "env": f"TensorFlow {tf.__version__} (intra-op and inter-op threads: {args.threads})",
    }


# ---- workers eager and compile (PyTorch; no TensorFlow in the process) -------------------


def load_module(directory):
    """The module of DIRECTORY/model.py (`load(DIRECTORY)`) and the file's text."""
    import importlib.util

    path = os.path.join(directory, "model.py")
    spec = importlib.util.spec_from_file_location("model", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with open(path) as f:
        return module.load(directory), f.read()


def forward_stats(text):
    body = text.split("def forward", 1)[1].split("\ndef load", 1)[0]
    statements = [line for line in body.splitlines() if re.match(r"\s+[A-Za-z_][A-Za-z0-9_, ]* = ", line)]
    return len(statements), sum(1 for s in statements if RELAYOUT.search(s))


def torch_timing(fn, x, want, args):
    """fn's first call (timed alone: torch.compile compiles there), outputs compared, median time."""
    import torch

    torch.set_num_threads(args.threads)
    with torch.no_grad():
        xt = torch.from_numpy(x)
        t = time.perf_counter()
        got = fn(xt)
        first = time.perf_counter() - t
        got = got if isinstance(got, tuple) else (got,)
        return {
            "time": median_time(lambda: fn(xt), args.runs),
            "diff": max_diff([g.numpy() for g in got], want),
            "first": first,
            "env": f"torch {torch.__version__} (threads: {torch.get_num_threads()})",
        }


def eager_worker(args, name):
    """Converts with --emit=pytorch into NAME_LABEL/, counts forward's statements, times eager."""
    x, want, pb, label, binary = reference(args, name)
    directory = f"{stem(args.out, name)}_{label}"
    option = "--pass=convert-tf-to-torch{input-shapes=%s}" % input_shapes(x)
    run_tool("amanda-opt --emit=pytorch", [binary, pb, option, "--emit=pytorch", "-o", directory, "--no-summary"])
    module, text = load_module(directory)
    statements, relayout = forward_stats(text)
    return {"statements": statements, "relayout": relayout, **torch_timing(module, x, want, args)}


def compile_worker(args, name):
    """torch.compile of the module the eager worker wrote."""
    import torch

    x, want, _, label, _ = reference(args, name)
    module, _ = load_module(f"{stem(args.out, name)}_{label}")
    return torch_timing(torch.compile(module), x, want, args)


# ---- worker iree (the numeric venv) ----------------------------------------------------


def iree_worker(args, name):
    """The torch-mlir output compiled by IREE for the host CPU, run by its local-task driver."""
    import numpy as np
    import iree.runtime as ireert
    from importlib.metadata import version

    x, want, pb, label, binary = reference(args, name)
    mlir, vmfb = f"{stem(args.out, name)}_{label}.mlir", f"{stem(args.out, name)}_{label}.vmfb"
    convert(binary, pb, None, None, mlir, input_shapes(x))
    t = time.perf_counter()
    flags = ["--iree-input-type=torch", "--iree-hal-target-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=host"]
    run_tool("iree-compile", [tool("iree-compile"), mlir, *flags, "-o", vmfb])
    first = time.perf_counter() - t
    ireert.flags.parse_flags(f"--task_topology_group_count={args.threads}")
    module = ireert.load_vm_flatbuffer_file(vmfb, driver="local-task")

    def forward():
        results = module.main(x)
        return [np.asarray(r.to_host()) for r in (results if isinstance(results, (list, tuple)) else [results])]

    return {
        "time": median_time(forward, args.runs),
        "diff": max_diff(forward(), want),
        "first": first,
        "env": f"IREE {version('iree-base-runtime')} (llvm-cpu, host CPU, local-task, workers: {args.threads})",
    }


WORKERS = {"tf": tf_worker, "eager": eager_worker, "compile": compile_worker, "iree": iree_worker}


def attempt(fn):
    """fn(), or {"error": why} when it raises: a failing step is a row of the table, not the end of the run."""
    try:
        return fn()
    except Exception as e:
        return {"error": str(e) if isinstance(e, StepError) else f"{type(e).__name__}: {e}"}


def worker(args):
    """Runs one worker; its figures, or {"error": why}, go to --result as JSON."""
    result = attempt(lambda: WORKERS[args.worker](args, args.models[0]))
    with open(args.result, "w") as f:
        json.dump(result, f)


# ---- the parent: runs the workers, prints the tables -----------------------------------


def call(args, env, python, kind, name, binary=None):
    """One worker process's result (its `env` note added to env); a crash, which writes no
    result, is an error quoting the last lines of its stderr."""
    result = os.path.join(args.out, f".{kind}.json")
    if os.path.exists(result):
        os.remove(result)
    argv = [python, os.path.abspath(__file__), "--worker", kind, "--result", result, "--out", args.out]
    argv += ["--runs", str(args.runs), "--batch", str(args.batch), "--threads", str(args.threads), name]
    proc = subprocess.run(argv + (["--amanda-opt", binary] if binary else []), capture_output=True, text=True)
    if not os.path.exists(result):
        tail = [line for line in proc.stderr.strip().splitlines() if line.strip()][-3:]
        return {"error": f"worker {kind} exited {proc.returncode}: " + " | ".join(tail)}
    with open(result) as f:
        result = json.load(f)
    if "env" in result:
        env.add(result["env"])
    return result


GOALS = {"graph": lambda r: r <= 1.1, "xla": lambda r: r < 1.0}  # issue 37


def ratios(seconds, tf, kinds):
    """`0.89x graph (met)`: the time over each of TensorFlow's, with the goal's verdict."""
    parts = []
    for kind in kinds:
        if "error" not in tf[kind]:
            r = seconds / tf[kind]["time"]
            parts.append(f"{r:.2f}x {kind} ({'met' if GOALS[kind](r) else 'NOT met'})")
    return ", ".join(parts)


def row(title, result, tf=None, kinds=()):
    """One line of a model's table: the time, its ratios to TensorFlow's, the diff; or the error."""
    if "error" in result:
        return f"  {title:<44} failed: {' '.join(result['error'].split())[:400]}"
    diff = result["diff"]
    diff = f"{diff:.1e}" if isinstance(diff, float) else diff
    return f"  {title:<44} {result['time'] * 1000:8.1f} ms  {ratios(result['time'], tf, kinds):<46} {diff}"


def bench_model(args, name, env):
    """Runs the workers of one model; prints its table as the rows come."""
    tf = call(args, env, args.torch_python, "tf", name)
    if "error" in tf:
        print(f"{name}: TensorFlow failed: {tf['error']}", flush=True)
        return
    head = f"{name} ({tf['mb']:.0f} MB frozen)"
    print(f"{head:<46} {'forward':>11}  {'ratio to TensorFlow (goal)':<46} max|diff|", flush=True)
    print(row("TensorFlow graph (tf.function)", {**tf["graph"], "diff": "reference"}), flush=True)
    print(row("TensorFlow XLA (jit_compile=True)", tf["xla"]), flush=True)
    steps = [("compile", args.torch_python, "torch.compile", ("xla",))] if args.compile else []
    steps += [("iree", args.iree_python, "IREE", ("graph", "xla"))] if args.iree else []
    for binary in args.amanda_opt:
        label = binary.split("=", 1)[0]
        eager = call(args, env, args.torch_python, "eager", name, binary)
        counts = "" if "error" in eager else f" ({eager['statements']} statements, {eager['relayout']} re-lay)"
        title = f"{label} eager{counts}"
        print(row(title, eager, tf, ("graph",)), flush=True)
        for kind, python, what, kinds in steps:
            if kind == "compile" and "error" in eager:
                continue
            result = call(args, env, python, kind, name, binary)
            first = "" if "error" in result else f" (compile {result['first']:.0f} s)"
            print(row(f"{label} {what}{first}", result, tf, kinds), flush=True)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("models", nargs="*", default=["ResNet50:224", "MobileNetV3Small:224", "encoder", "lstm"])
    ap.add_argument("--out", required=True)
    ap.add_argument("--amanda-opt", action="append", default=[], help="LABEL=BIN, one per binary compared")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--threads", type=int, default=os.cpu_count(), help="threads of every framework")
    ap.add_argument("--compile", action="store_true", help="also torch.compile of each module")
    ap.add_argument("--iree", action="store_true", help="also the torch-mlir output compiled and run by IREE")
    ap.add_argument("--torch-python", default=sys.executable, help="Python with tensorflow-cpu and torch")
    ap.add_argument("--iree-python", default=sys.executable, help="Python with iree-base-compiler and -runtime")
    ap.add_argument("--worker", choices=WORKERS, help=argparse.SUPPRESS)
    ap.add_argument("--result", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    args.out = os.path.abspath(args.out)
    if args.worker:
        return worker(args)
    if not args.amanda_opt:
        ap.error("--amanda-opt LABEL=BIN is required")
    os.makedirs(args.out, exist_ok=True)
    print(
        f"batch {args.batch}; median of {args.runs} after {WARMUP} warm-up calls;"
        f" threads per framework: {args.threads}; each framework in its own process",
        flush=True,
    )
    print("load average %.1f %.1f %.1f at the start" % os.getloadavg(), flush=True)
    env = set()
    for name in args.models:
        bench_model(args, name, env)
    print("; ".join(sorted(env)))
    print("load average %.1f %.1f %.1f at the end" % os.getloadavg())


if __name__ == "__main__":
    main(sys.argv[1:])
