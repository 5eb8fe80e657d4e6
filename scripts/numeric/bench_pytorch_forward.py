#!/usr/bin/env python3
"""Forward time of `--emit=pytorch` modules against TensorFlow's own run (a benchmark, not a test).

For each model (random weights of the real size, batch None, frozen as users freeze it, the
batch pinned with `input-shapes`), in one run:
  * the program `amanda-opt MODEL.pb --pass=convert-tf-to-torch{input-shapes=...}
    --emit=pytorch` writes, for each binary given (`--amanda-opt NAME=BIN`, e.g. the last
    release and this one): statements in `forward`, statements that reshape, permute,
    transpose, squeeze or convert a parameter (`self.*`) on every call, and the median
    forward time in eager PyTorch (`torch.no_grad()`, after warm-up);
  * TensorFlow's run of the model the graph was frozen from (`tf.function`, graph mode):
    median time;
  * the results compared (max abs diff), so a fast wrong module cannot pass for fast.
`--compile` adds `torch.compile` of the last binary's module (its first call, which compiles,
is not timed).

    bench_pytorch_forward.py --out DIR --amanda-opt NAME=BIN [...] [--runs N] [--batch B]
        [--compile] [MODEL ...]
    models: keras.applications NAME:SIZE (ResNet50:224, MobileNetV3Small:224), and
    encoder (a BERT-like Keras encoder, 4 layers, d=256, 128 tokens), lstm (Keras LSTM 256
    over 64 steps of 64 features)
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

# A statement of forward that re-lays a parameter out.
RELAYOUT = re.compile(
    r"= (torch\.(permute|reshape|transpose|t|squeeze|unsqueeze|flatten)|torch\.ops\.aten\.(view|_unsafe_view|permute|transpose|t|to|_to_copy|squeeze|unsqueeze|reshape)\.[a-z_]+)\(self\."
)


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


def frozen(out, name):
    """Writes the frozen GraphDef of `name` once (feed `image`); returns its path, the Keras
    model (seeded: the same weights each run) and its input shape."""
    import tensorflow as tf
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    model, shape = keras_model(name)
    pb = os.path.join(out, name.replace(":", "_") + ".pb")
    if not os.path.exists(pb):
        spec = tf.TensorSpec([None, *shape], tf.float32, name="image")
        fn = tf.function(lambda x: model(x, training=False)).get_concrete_function(spec)
        graph_def = convert_variables_to_constants_v2(fn).graph.as_graph_def()
        with open(pb, "wb") as f:
            f.write(graph_def.SerializeToString(deterministic=True))
    return pb, model, shape


def median_time(fn, runs):
    fn()
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def tf_run(model, x, runs):
    """TensorFlow's run of the model the GraphDef was frozen from (a `tf.function`, graph
    mode, as the frozen graph runs): (median seconds, outputs)."""
    import tensorflow as tf

    fn = tf.function(lambda image: model(image, training=False)).get_concrete_function(tf.TensorSpec(x.shape, tf.float32))
    xt = tf.constant(x)
    outputs = lambda: tf.nest.flatten(fn(xt))
    return median_time(outputs, runs), [o.numpy() for o in outputs()]


def torch_module(amanda, pb, option, out):
    """Converts with --emit=pytorch into `out`; returns the loaded module and the model.py text
    (`None` and the first line of the error when the binary cannot convert it)."""
    import importlib.util

    r = subprocess.run([amanda, pb, option, "--emit=pytorch", "-o", out, "--no-summary"], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[0] if r.stderr.strip() else f"exit {r.returncode}"
    spec = importlib.util.spec_from_file_location(f"m{abs(hash(out))}", os.path.join(out, "model.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with open(os.path.join(out, "model.py")) as f:
        return module.load(out), f.read()


def forward_stats(text):
    body = text.split("def forward", 1)[1].split("\ndef load", 1)[0]
    statements = [line for line in body.splitlines() if re.match(r"\s+[A-Za-z_][A-Za-z0-9_, ]* = ", line)]
    return len(statements), sum(1 for s in statements if RELAYOUT.search(s))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("models", nargs="*", default=["ResNet50:224", "MobileNetV3Small:224", "encoder", "lstm"])
    ap.add_argument("--out", required=True)
    ap.add_argument("--amanda-opt", action="append", required=True, help="NAME=BIN, one per binary compared")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--compile", action="store_true")
    args = ap.parse_args(argv)
    import numpy as np
    import torch

    torch.set_grad_enabled(False)
    os.makedirs(args.out, exist_ok=True)
    binaries = [b.split("=", 1) for b in args.amanda_opt]
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads; batch {args.batch}; median of {args.runs}")
    for name in args.models:
        pb, model, shape = frozen(args.out, name)
        x = np.random.default_rng(0).standard_normal((args.batch, *shape)).astype(np.float32)
        t_tf, want = tf_run(model, x, args.runs)
        dims = "x".join(str(d) for d in (args.batch, *shape))
        option = f"--pass=convert-tf-to-torch{{input-shapes=image:{dims}}}"
        print(f"{name} ({os.path.getsize(pb) / 1e6:.0f} MB frozen): TensorFlow {t_tf * 1000:.1f} ms", flush=True)
        module = None
        for label, amanda in binaries:
            out = os.path.join(args.out, f"{name.replace(':', '_')}_{label}")
            module, text = torch_module(amanda, pb, option, out)
            if module is None:
                print(f"  {label:<10} does not convert: {text[:160]}", flush=True)
                continue
            statements, relayout = forward_stats(text)
            xt = torch.from_numpy(x)
            got = module(xt)
            got = got if isinstance(got, tuple) else (got,)
            diff = max(float(np.max(np.abs(g.numpy() - w))) for g, w in zip(got, want))
            t = median_time(lambda: module(xt), args.runs)
            print(
                f"  {label:<10} {statements:>4} statements, {relayout:>3} re-lay a parameter out; eager {t * 1000:8.1f} ms"
                f" ({t / t_tf:.2f}x TF); max |diff| {diff:.2e}",
                flush=True,
            )
        if args.compile and module is not None:
            compiled = torch.compile(module)
            xt = torch.from_numpy(x)
            compiled(xt)
            t = median_time(lambda: compiled(xt), args.runs)
            print(f"  {binaries[-1][0]:<10} torch.compile {t * 1000:8.1f} ms ({t / t_tf:.2f}x TF)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
