"""Writes rules-graph.pbtxt: one TensorFlow node of each op type of
passes/convert-tf-to-torch.yaml that the other tests of this folder do not use (rules.mlir
converts it). Run with tensorflow-cpu: python3 make_rules_graph.py OUT.pbtxt"""
import sys

import tensorflow as tf
from tensorflow.python.ops import gen_array_ops, gen_math_ops, gen_nn_ops


def build():
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2, 3], name="x")
        y = tf.compat.v1.placeholder(tf.float32, [2, 3], name="y")
        outs = []
        for name, f in [("sqrt", tf.sqrt), ("exp", tf.exp), ("log", tf.math.log), ("neg", tf.negative), ("abs", tf.abs),
                        ("square", tf.square), ("reciprocal", tf.math.reciprocal), ("floor", tf.floor), ("ceil", tf.math.ceil),
                        ("round", tf.round), ("sin", tf.sin), ("cos", tf.cos)]:
            outs.append(f(x, name=name))
        outs.append(gen_math_ops.inv(x, name="inv"))
        outs.append(gen_array_ops.snapshot(x, name="snapshot"))
        outs.append(tf.stop_gradient(x, name="stop_gradient"))
        outs.append(gen_array_ops.prevent_gradient(x, name="prevent_gradient"))
        outs.append(tf.ensure_shape(x, [2, 3], name="ensure_shape"))
        outs.append(tf.compat.v1.placeholder_with_default(x, [2, 3], name="with_default"))
        outs.append(gen_math_ops.add(x, y, name="add"))
        outs.append(gen_math_ops.floor_div(x, y, name="floor_div"))
        outs.append(gen_math_ops.floor_mod(x, y, name="floor_mod"))
        outs.append(gen_math_ops._pow(x, y, name="pow"))
        for name, f in [("less_equal", tf.less_equal), ("greater", tf.greater), ("greater_equal", tf.greater_equal),
                        ("equal", tf.equal), ("not_equal", tf.not_equal)]:
            outs.append(f(x, y, name=name))
        a, b = tf.greater(x, y), tf.less(x, y)
        outs.append(tf.logical_and(a, b, name="logical_and"))
        outs.append(tf.logical_or(a, b, name="logical_or"))
        outs.append(tf.logical_not(a, name="logical_not"))
        outs.append(tf.cast(gen_array_ops.size(x, name="size"), tf.float32))
        outs.append(tf.cast(gen_array_ops.rank(x, name="rank"), tf.float32))
        outs.append(tf.math.argmin(x, axis=1, name="arg_min"))
        l = tf.compat.v1.placeholder(tf.float32, [2, 3, 4], name="l")
        r = tf.compat.v1.placeholder(tf.float32, [2, 4, 5], name="r")
        outs.append(gen_math_ops.batch_mat_mul(l, r, name="batch_matmul"))
        outs.append(gen_math_ops.batch_mat_mul_v2(l, r, name="batch_matmul_v2"))
        outs.append(gen_math_ops.batch_mat_mul_v3(l, r, Tout=tf.float32, name="batch_matmul_v3"))
        outs.append(gen_nn_ops.bias_add_v1(x, tf.constant([1.0, 2.0, 3.0]), name="bias_add_v1"))
        img = tf.compat.v1.placeholder(tf.float32, [1, 2, 2, 3], name="img")
        c = tf.constant([1.0, 2.0, 3.0])
        outs.append(gen_nn_ops._fused_batch_norm(img, c, c, c, c + 1.0, is_training=False, name="fused_batch_norm")[0])
        outs.append(gen_nn_ops.fused_batch_norm_v2(img, c, c, c, c + 1.0, is_training=False, name="fused_batch_norm_v2")[0])
        outs.append(gen_array_ops.pad_v2(x, [[1, 0], [0, 2]], 0.5, name="pad_v2"))
    return g


if __name__ == "__main__":
    with open(sys.argv[1], "w") as f:
        f.write(str(build().as_graph_def()))
