#!/usr/bin/env python3
"""Numeric check of lower-tf-to-primitive against TensorFlow.

For each op the table lowers, builds a small TensorFlow graph, imports it with amanda-opt
(GraphDef importer), runs `--lower-tf-to-primitive`, exports the result as a GraphDef
(`--emit=graphdef`), runs both graphs in TensorFlow on the same random inputs and compares.
Fails when a result differs by more than 1e-5 (absolute, on outputs of magnitude ~1).

    python3 scripts/check-lowering.py [path/to/amanda-opt]

Needs tensorflow (tensorflow-cpu) in the Python that runs it.
"""

import os
import subprocess
import sys
import tempfile

import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

CASES = ["softmax", "log_softmax", "selu", "elu", "softplus", "relu6", "leaky_relu",
         "squared_difference", "rsqrt", "fused_batch_norm_folded", "fused_batch_norm"]


def build(kind):
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2, 3, 4, 5], name="x")
        y = tf.compat.v1.placeholder(tf.float32, [5], name="y")
        if kind == "softmax": out = tf.nn.softmax(x)
        elif kind == "log_softmax": out = tf.nn.log_softmax(x)
        elif kind == "selu": out = tf.nn.selu(x)
        elif kind == "elu": out = tf.nn.elu(x)
        elif kind == "softplus": out = tf.nn.softplus(x * 10.0)
        elif kind == "relu6": out = tf.nn.relu6(x * 5.0)
        elif kind == "leaky_relu": out = tf.nn.leaky_relu(x, alpha=0.3)
        elif kind == "squared_difference": out = tf.math.squared_difference(x, y)
        elif kind == "rsqrt": out = tf.math.rsqrt(tf.abs(x) + 0.5)
        else:
            rng = np.random.RandomState(1)
            consts = [tf.constant(rng.rand(5).astype(np.float32) + 0.5, name=n) for n in ("scale", "offset", "mean", "variance")]
            if kind == "fused_batch_norm":  # parameters not constant: the unfolded rule
                consts = [tf.identity(c) for c in consts]
            out = tf.compat.v1.nn.fused_batch_norm(x, consts[0], consts[1], mean=consts[2], variance=consts[3],
                                                   epsilon=0.001, is_training=False)[0]
        tf.identity(out, name="out")
    return g.as_graph_def()


def run(gd, feeds):
    g = tf.Graph()
    with g.as_default():
        tf.import_graph_def(gd, name="")
    with tf.compat.v1.Session(graph=g) as s:
        return s.run("out:0", {k + ":0": v for k, v in feeds.items()})


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tool = sys.argv[1] if len(sys.argv) > 1 else os.path.join(repo, "target", "debug", "amanda-opt")
    rng = np.random.RandomState(0)
    feeds = {"x": (rng.randn(2, 3, 4, 5) * 3).astype(np.float32), "y": rng.randn(5).astype(np.float32)}
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        for kind in CASES:
            src, low = os.path.join(d, kind + ".pb"), os.path.join(d, kind + ".low.pb")
            with open(src, "wb") as f:
                f.write(build(kind).SerializeToString())
            subprocess.run([tool, src, "--lower-tf-to-primitive", "--emit=graphdef", "-o", low], check=True)
            lowered = tf.compat.v1.GraphDef()
            lowered.ParseFromString(open(low, "rb").read())
            left = {n.op for n in lowered.node}
            a, b = run(build(kind), feeds), run(lowered, feeds)
            diff = float(np.max(np.abs(a - b)))
            ok = diff <= 1e-5 and not (left & {"Softmax", "LogSoftmax", "Selu", "Elu", "Softplus", "Relu6", "LeakyRelu", "SquaredDifference", "Rsqrt", "FusedBatchNormV3"})
            failed += not ok
            print("%-26s max abs diff %.3g %s" % (kind, diff, "ok" if ok else "FAILED"))
    print("%d passed, %d failed" % (len(CASES) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
