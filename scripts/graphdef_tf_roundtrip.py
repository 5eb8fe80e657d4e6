#!/usr/bin/env python3
"""GraphDefs made by TensorFlow itself (tensorflow-cpu), round-tripped through amanda-opt.

Builds a few graphs with tf.compat.v1 and tf.function (dense layer, convolution, TF1 while
loop with Switch/Merge/NextIteration, tf.cond and tf.while_loop inside a tf.function with its
function library, resource variables, string and bool constants, a Keras LSTM, a Keras
transformer encoder block and a Keras CNN with its weights as resource variables), plus the
numeric tier's frozen models (scripts/numeric/models.py: CNNs, batch norm, Keras CNN,
LSTM/GRU, transformer, TF2 control flow); serialises each with SerializeToString (binary .pb)
and as text (.pbtxt), runs `amanda-opt X --emit=graphdef`, and also takes the .pb through the
printed text as users do (`--print-debuginfo`, canonical and generic: printed, read back and
printed again to the same bytes, then exported); compares each result with the original as
TensorFlow's own round-trip test does: default attributes stripped, tensors compared by
value, control inputs sorted, nodes and functions by name. Prints `N passed, N failed`.

    AMANDA_OPT=target/debug/amanda-opt python3 scripts/graphdef_tf_roundtrip.py
"""

import os
import subprocess
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from google.protobuf import text_format  # noqa: E402
from tensorflow.core.framework import graph_pb2  # noqa: E402
from tensorflow.python.framework import op_def_registry  # noqa: E402

tf1 = tf.compat.v1


def dense_graph():
    g = tf.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [None, 4], name="x")
        w = tf.constant(np.arange(12, dtype=np.float32).reshape(4, 3), name="w")
        b = tf.constant([0.5, -0.0, float("inf")], name="b")
        y = tf.nn.relu(tf.matmul(x, w) + b, name="y")
        tf.identity(y, name="out")
    return g


def conv_graph():
    g = tf.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [1, 8, 8, 3], name="img")
        k = tf.constant(np.ones((3, 3, 3, 2), np.float32), name="kernel")
        c = tf.nn.conv2d(x, k, strides=[1, 1, 1, 1], padding="SAME")
        p = tf.nn.max_pool2d(c, 2, 2, "VALID")
        tf.reduce_mean(p, axis=[1, 2], name="mean")
        tf.constant(["a", "b\x00c"], name="strings")
        tf.constant([True, False], name="bools")
        tf.constant(np.array([1, 2, 3], np.int64), name="i64")
        tf.constant(np.array([1.5, 2.5], np.float16), name="halves")
    return g


def v1_while_graph():
    g = tf.Graph()
    with g.as_default():
        tf1.disable_control_flow_v2()
        i = tf.constant(0, name="i0")
        r = tf1.while_loop(lambda i: i < 10, lambda i: i + 1, [i], name="loop")
        with tf.control_dependencies([r]):
            tf.no_op(name="after")
        tf1.enable_control_flow_v2()
    return g


def function_graph():
    v = tf.Variable(2.0, name="v")

    @tf.function
    def f(x):
        y = tf.cond(x > 0, lambda: x * v, lambda: x - 1.0)
        return tf.while_loop(lambda a: a < 100.0, lambda a: a * 2.0, [y])[0]

    return f.get_concrete_function(tf.TensorSpec([], tf.float32)).graph


def keras_lstm_graph():
    model = tf.keras.Sequential([tf.keras.layers.Input((5, 3)), tf.keras.layers.LSTM(4), tf.keras.layers.Dense(2)])
    f = tf.function(lambda x: model(x))
    return f.get_concrete_function(tf.TensorSpec([None, 5, 3], tf.float32)).graph


def keras_transformer_graph():
    """A transformer encoder block as Keras 3 writes it: MultiHeadAttention (Einsum), softmax,
    LayerNormalization, a GELU feed-forward, residuals; weights as resource variables."""
    k = tf.keras.layers
    x = k.Input((6, 8))
    a = k.MultiHeadAttention(num_heads=2, key_dim=4)(x, x)
    h = k.LayerNormalization()(x + a)
    f = k.Dense(8)(k.Dense(16, activation="gelu")(h))
    model = tf.keras.Model(x, k.LayerNormalization()(h + f))
    fn = tf.function(lambda t: model(t))
    return fn.get_concrete_function(tf.TensorSpec([None, 6, 8], tf.float32)).graph


def keras_cnn_variables_graph():
    """A Keras CNN (conv, batch norm in inference, pooling, dense) not frozen: its weights are
    resource variables captured by the function (VarHandleOp/ReadVariableOp)."""
    k = tf.keras.layers
    model = tf.keras.Sequential([k.Input((8, 8, 3)), k.Conv2D(4, 3, padding="same"), k.BatchNormalization(),
                                 k.ReLU(), k.MaxPooling2D(), k.Flatten(), k.Dense(3, activation="softmax")])
    fn = tf.function(lambda t: model(t, training=False))
    return fn.get_concrete_function(tf.TensorSpec([None, 8, 8, 3], tf.float32)).graph


GRAPHS = [("dense", dense_graph), ("conv", conv_graph), ("v1_while", v1_while_graph), ("function", function_graph),
          ("keras_lstm", keras_lstm_graph), ("keras_transformer", keras_transformer_graph),
          ("keras_cnn_variables", keras_cnn_variables_graph)]


def strip_defaults(node):
    try:
        op_def = op_def_registry.get(node.op)
    except Exception:
        op_def = None
    if op_def is not None:
        for a in op_def.attr:
            if a.HasField("default_value") and a.name in node.attr and node.attr[a.name] == a.default_value:
                del node.attr[a.name]
    for key in list(node.attr.keys()):
        v = node.attr[key]
        if v.HasField("tensor") and v.tensor.dtype != tf.string.as_datatype_enum:
            try:
                arr = tf.make_ndarray(v.tensor)
                v.tensor.CopyFrom(tf.make_tensor_proto(np.nan_to_num(arr, nan=-42.0) if arr.dtype.kind == "f" else arr))
            except Exception:
                pass
    inputs = list(node.input)
    data = [i[:-2] if i.endswith(":0") and i.count(":") == 1 else i for i in inputs if not i.startswith("^")]
    ctl = sorted(i for i in inputs if i.startswith("^"))
    del node.input[:]
    node.input.extend(data + ctl)
    node.ClearField("experimental_type")


def normalize(g):
    g = graph_pb2.GraphDef.FromString(g.SerializeToString())
    for n in g.node:
        strip_defaults(n)
    nodes = sorted(g.node, key=lambda n: n.name)
    del g.node[:]
    g.node.extend(nodes)
    fns = sorted(g.library.function, key=lambda f: f.signature.name)
    del g.library.function[:]
    g.library.function.extend(fns)
    for f in g.library.function:
        for n in f.node_def:
            strip_defaults(n)
        nodes = sorted(f.node_def, key=lambda n: n.name)
        del f.node_def[:]
        f.node_def.extend(nodes)
        for k in [k for k, v in f.arg_attr.items() if not v.attr]:
            del f.arg_attr[k]
    if not g.HasField("versions"):
        g.versions.SetInParent()
    return g


# The print modes the text round trip takes, each keeping locations (debug info).
TEXT_MODES = {"text": ["--print-debuginfo"], "text-generic": ["--print-debuginfo", "--print-op-generic"]}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return None if r.returncode == 0 else (r.stderr.strip()[:500] or "exit status %d" % r.returncode)


def export(tool, tmp, name, kind, gd):
    """The GraphDef that comes back from amanda-opt for `gd` given as `kind`, or an error."""
    src = os.path.join(tmp, "%s.%s" % (name, "pbtxt" if kind == "pbtxt" else "pb"))
    out = os.path.join(tmp, "%s.out.pb" % name)
    with open(src, "wb") as f:
        f.write(text_format.MessageToString(gd).encode() if kind == "pbtxt" else gd.SerializeToString())
    if kind in TEXT_MODES:
        # GraphDef → text → text read and printed again (the same bytes) → GraphDef.
        mode = TEXT_MODES[kind]
        mlir, again = os.path.join(tmp, name + ".mlir"), os.path.join(tmp, name + ".2.mlir")
        # An import prints canonically (as tfg-translate does); so does the second print.
        err = run([tool, src, *mode, "-o", mlir]) or run([tool, mlir, "--canonical", *mode, "-o", again])
        if err:
            return None, err
        if open(mlir, "rb").read() != open(again, "rb").read():
            return None, "the text read back prints differently"
        src = mlir
    err = run([tool, src, "--emit=graphdef", "-o", out])
    if err:
        return None, err
    return graph_pb2.GraphDef.FromString(open(out, "rb").read()), None


def numeric_tier_graphs(tmp):
    """The numeric tier's models (scripts/numeric/models.py), frozen GraphDefs by name."""
    out = os.path.join(tmp, "numeric")
    gen = os.path.join(os.path.dirname(os.path.abspath(__file__)), "numeric", "models.py")
    r = subprocess.run([sys.executable, gen, out], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("scripts/numeric/models.py failed:\n" + r.stderr[-2000:])
    graphs = []
    for f in sorted(os.listdir(out)):
        if f.endswith(".pb"):
            graphs.append(("numeric/" + f[:-3], graph_pb2.GraphDef.FromString(open(os.path.join(out, f), "rb").read())))
    return graphs


def main():
    tool = os.environ.get("AMANDA_OPT", "target/debug/amanda-opt")
    passed, failed = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        graphs = [(name, make().as_graph_def()) for name, make in GRAPHS] + numeric_tier_graphs(tmp)
        for name, gd in graphs:
            file_name = name.replace("/", "_")
            for kind in ("pb", "pbtxt", *TEXT_MODES):
                back, err = export(tool, tmp, file_name, kind, gd)
                if err:
                    print("FAIL %s.%s: %s" % (name, kind, err))
                    failed += 1
                    continue
                a, b = normalize(gd), normalize(back)
                if a == b:
                    print("ok   %s.%s (%d nodes, %d functions)" % (name, kind, len(gd.node), len(gd.library.function)))
                    passed += 1
                else:
                    ta, tb = str(a).splitlines(), str(b).splitlines()
                    i = next((i for i in range(max(len(ta), len(tb))) if i >= len(ta) or i >= len(tb) or ta[i] != tb[i]), 0)
                    print("FAIL %s.%s: line %d: %r vs %r" % (name, kind, i + 1, ta[i] if i < len(ta) else None, tb[i] if i < len(tb) else None))
                    failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
