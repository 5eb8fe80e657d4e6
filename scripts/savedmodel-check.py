#!/usr/bin/env python3
"""SavedModel input, checked against TensorFlow (issue 31).

Builds SavedModels the ordinary way in a temporary folder -- Keras 3 `model.export` of
several models, `tf.saved_model.save` of a `tf.Module` with `tf.Variable`s, a TF1
SavedModel (`tf.compat.v1.saved_model.Builder`, `VariableV2`) -- freezes each with
`amanda-opt DIR --emit=graphdef -o frozen.pb` (no TensorFlow involved), runs frozen.pb in a
`tf.compat.v1.Session` (feeding the Placeholders named after the signature's input keys,
fetching the nodes named after its output keys) and compares with the SavedModel's own
signature on random inputs (max abs difference <= 1e-5). Then the error cases: a missing
shard, a corrupt index, a flipped tensor byte (crc32c), an unknown signature and tag set,
and `saved_model.pb` given as a file must each exit 1 with a message naming the file or
entry, write no output file, and not panic.

    scripts/savedmodel-check.py [--amanda-opt BIN] [--keep DIR]

Needs a Python with tensorflow 2.x and keras 3 (the system python3 here). Ends with
`N passed, N failed`; exits 1 when one failed.
"""

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import keras  # noqa: E402

tf.get_logger().setLevel("ERROR")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from tool_paths import find_amanda_opt  # noqa: E402

# The committed test SavedModels' maker (its TF1 saving helper is shared).
_spec = importlib.util.spec_from_file_location("make", os.path.join(os.path.dirname(HERE), "test-files", "savedmodel", "make.py"))
MAKE = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(MAKE)

TOL = 1e-5


# ---------------------------------------------------------------- models


def keras_mlp(path):
    inp = keras.Input((6,), name="features")
    x = keras.layers.Dense(8, activation="relu")(inp)
    out = keras.layers.Dense(3)(x)
    keras.Model(inp, out).export(path, verbose=False)


def keras_cnn(path):
    inp = keras.Input((12, 12, 3), batch_size=2, name="image")
    x = keras.layers.Conv2D(4, 3, activation="relu")(inp)
    x = keras.layers.BatchNormalization()(x)
    x = keras.layers.MaxPooling2D()(x)
    x = keras.layers.Flatten()(x)
    out = keras.layers.Dense(5, activation="softmax")(x)
    m = keras.Model(inp, out)
    # Non-trivial batch-norm statistics, as after training.
    bn = m.layers[2]
    bn.moving_mean.assign(np.random.rand(4).astype("float32"))
    bn.moving_variance.assign(np.random.rand(4).astype("float32") + 0.5)
    m.export(path, verbose=False)


def keras_two_in_two_out(path):
    a = keras.Input((4,), name="zeta")
    b = keras.Input((5,), name="alpha")
    h = keras.layers.Concatenate()([keras.layers.Dense(3)(a), keras.layers.Dense(3)(b)])
    out1 = keras.layers.Dense(2, name="second")(h)
    out2 = keras.layers.Dense(1, name="first")(h)
    keras.Model({"zeta": a, "alpha": b}, {"second": out1, "first": out2}).export(path, verbose=False)


def keras_embedding(path):
    inp = keras.Input((7,), dtype="int32", name="tokens")
    x = keras.layers.Embedding(20, 4)(inp)
    x = keras.layers.GlobalAveragePooling1D()(x)
    out = keras.layers.Dense(2)(x)
    keras.Model(inp, out).export(path, verbose=False)


def keras_lstm(path):
    # The loop body reads the kernels through resource arguments of a While.
    inp = keras.Input((5, 3), name="seq")
    x = keras.layers.LSTM(4)(inp)
    out = keras.layers.Dense(2)(x)
    keras.Model(inp, out).export(path, verbose=False)


def tf_module(path):
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(tf.random.normal([3, 2]), name="w")
            self.b = tf.Variable(tf.random.normal([2]), name="b")
            self.scale = tf.Variable(2.5, name="scale")
            self.table = tf.Variable(tf.random.normal([20, 4]), name="table")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([None], tf.int32)])
        def __call__(self, x, ids):
            # tf.gather of a resource variable is a ResourceGather.
            return {"y": tf.matmul(x, self.w) + self.b, "a": tf.nn.relu(x) * self.scale, "e": tf.gather(self.table, ids)}

    m = M()
    tf.saved_model.save(m, path, signatures=m.__call__)


def tf1_saved_model(path):
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 3], name="x")
        w = tf.compat.v1.get_variable("w", [3, 2], use_resource=False)
        b = tf.compat.v1.get_variable("b", [2], use_resource=False, initializer=tf.compat.v1.random_normal_initializer())
        y = tf.nn.tanh(tf.matmul(x, w) + b, name="y")
        MAKE.save_tf1(g, path, {"input": x}, {"out": y})


def tf1_swapped_names(path):
    # Signature keys naming each other's placeholders: the feeds are renamed crosswise.
    g = tf.Graph()
    with g.as_default():
        p = tf.compat.v1.placeholder(tf.float32, [2], name="p")
        q = tf.compat.v1.placeholder(tf.float32, [2], name="q")
        v = tf.compat.v1.get_variable("v", [2], use_resource=False)
        y = tf.identity(p * 2.0 - q + v, name="y")
        MAKE.save_tf1(g, path, {"q": p, "p": q}, {"out": y})


MODELS = [keras_mlp, keras_cnn, keras_two_in_two_out, keras_embedding, keras_lstm, tf_module, tf1_saved_model, tf1_swapped_names]


# ---------------------------------------------------------------- checks


def random_input(spec):
    shape = [2 if d is None else d for d in spec.shape.as_list()]
    if spec.dtype.is_integer:
        return np.random.randint(0, 20, size=shape).astype(spec.dtype.as_numpy_dtype)
    return np.random.randn(*shape).astype(spec.dtype.as_numpy_dtype)


def run_frozen(pb, inputs, output_keys):
    gd = tf.compat.v1.GraphDef()
    with open(pb, "rb") as f:
        gd.ParseFromString(f.read())
    ops = {n.op for n in gd.node}
    bad = ops & {"VarHandleOp", "ReadVariableOp", "VariableV2", "RestoreV2", "SaveV2", "StatefulPartitionedCall", "PartitionedCall"}
    if bad:
        raise AssertionError("frozen graph still has %s" % sorted(bad))
    placeholders = sorted(n.name for n in gd.node if n.op == "Placeholder")
    if placeholders != sorted(inputs):
        raise AssertionError("placeholders %s, signature inputs %s" % (placeholders, sorted(inputs)))
    g = tf.Graph()
    with g.as_default():
        tf.compat.v1.import_graph_def(gd, name="")
    with tf.compat.v1.Session(graph=g) as s:
        vals = s.run([k + ":0" for k in output_keys], {k + ":0": v for k, v in inputs.items()})
    return dict(zip(output_keys, vals))


def check_model(amanda, build, tmp):
    path = os.path.join(tmp, build.__name__)
    build(path)
    loaded = tf.saved_model.load(path)
    fn = loaded.signatures["serving_default"]
    specs = fn.structured_input_signature[1]
    inputs = {k: random_input(s) for k, s in specs.items()}
    want = {k: v.numpy() for k, v in fn(**{k: tf.constant(v) for k, v in inputs.items()}).items()}
    pb = os.path.join(tmp, build.__name__ + ".frozen.pb")
    r = subprocess.run([amanda, path, "--emit=graphdef", "-o", pb], capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError("amanda-opt exited %d: %s" % (r.returncode, r.stderr.strip()))
    got = run_frozen(pb, inputs, sorted(want))
    worst = 0.0
    for k in want:
        if got[k].shape != want[k].shape:
            raise AssertionError("output %s: shape %s, want %s" % (k, got[k].shape, want[k].shape))
        worst = max(worst, float(np.max(np.abs(got[k].astype(np.float64) - want[k].astype(np.float64)))) if want[k].size else 0.0)
    if worst > TOL:
        raise AssertionError("max abs difference %.3g > %g" % (worst, TOL))
    return "max abs diff %.2g over outputs %s" % (worst, sorted(want))


def expect_error(amanda, args, must_mention, tmp):
    out = os.path.join(tmp, "never-written.pb")
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([amanda, *args, "--emit=graphdef", "-o", out], capture_output=True, text=True)
    if r.returncode != 1:
        raise AssertionError("exit status %d, want 1 (stderr: %s)" % (r.returncode, r.stderr.strip()))
    if "panicked" in r.stderr or "RUST_BACKTRACE" in r.stderr:
        raise AssertionError("panic: " + r.stderr.strip())
    for m in must_mention:
        if m not in r.stderr:
            raise AssertionError("stderr does not mention %r: %s" % (m, r.stderr.strip()))
    if os.path.exists(out):
        raise AssertionError("an output file was written")
    return r.stderr.strip().splitlines()[0]


def error_cases(amanda, tmp):
    src = os.path.join(tmp, "keras_mlp")
    cases = []

    def variant(name, edit):
        d = os.path.join(tmp, "err_" + name)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(src, d)
        edit(d)
        return d

    def drop_shard(d):
        os.remove(os.path.join(d, "variables", "variables.data-00000-of-00001"))

    def corrupt_index(d):
        p = os.path.join(d, "variables", "variables.index")
        b = bytearray(open(p, "rb").read())
        b[len(b) // 3] ^= 0x5A
        open(p, "wb").write(bytes(b))

    def truncate_index(d):
        p = os.path.join(d, "variables", "variables.index")
        b = open(p, "rb").read()
        open(p, "wb").write(b[: len(b) - 20])

    def flip_data(d):
        p = os.path.join(d, "variables", "variables.data-00000-of-00001")
        b = bytearray(open(p, "rb").read())
        # One bit of every 4-byte word flipped: every tensor the signature reads is damaged.
        for i in range(0, len(b), 4):
            b[i] ^= 0x01
        open(p, "wb").write(bytes(b))

    d = variant("shard", drop_shard)
    cases.append(("missing shard", [d], ["variables.data-00000-of-00001", "No such file"]))
    d = variant("index", corrupt_index)
    cases.append(("corrupt index", [d], ["variables.index"]))
    d = variant("truncated", truncate_index)
    cases.append(("truncated index", [d], ["variables.index"]))
    d = variant("crc", flip_data)
    cases.append(("checksum mismatch", [d], ["variables.data-00000-of-00001", "checksum mismatch", "entry '"]))
    cases.append(("unknown signature", [src, "--signature=nope"], ["saved_model.pb", "'nope'", "serving_default"]))
    cases.append(("unknown tags", [src, "--tags=train"], ["saved_model.pb", "[train]", "[serve]"]))
    cases.append(("saved_model.pb as a file", [os.path.join(src, "saved_model.pb")], ["saved_model.pb", "pass its directory"]))
    cases.append(("not a SavedModel directory", [tmp], ["no saved_model.pb"]))
    return [(name, lambda a=args, m=must: expect_error(amanda, a, m, tmp)) for name, args, must in cases]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--amanda-opt", default=None)
    ap.add_argument("--keep", default=None, help="build the SavedModels in this folder and keep them")
    args = ap.parse_args()
    amanda = args.amanda_opt or find_amanda_opt(os.path.dirname(HERE))
    if not amanda:
        print("amanda-opt is not built")
        print("0 passed, 1 failed")
        return 1
    keras.utils.set_random_seed(31)
    tmp = args.keep or tempfile.mkdtemp(prefix="savedmodel-check-")
    os.makedirs(tmp, exist_ok=True)
    passed = failed = 0

    def step(name, fn):
        nonlocal passed, failed
        try:
            detail = fn()
            print("PASS %s: %s" % (name, detail))
            passed += 1
        except Exception as e:  # noqa: BLE001 - every failure is reported and counted
            print("FAIL %s: %s" % (name, e))
            failed += 1

    for build in MODELS:
        step(build.__name__, lambda b=build: check_model(amanda, b, tmp))
    if os.path.isdir(os.path.join(tmp, "keras_mlp")):
        for name, fn in error_cases(amanda, tmp):
            step("error: " + name, fn)
    else:
        step("error cases", lambda: (_ for _ in ()).throw(AssertionError("keras_mlp was not built")))
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
