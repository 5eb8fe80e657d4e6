#!/usr/bin/env python3
"""Makes the SavedModels the lit tests of this folder read (run from anywhere, with the
system python3: TensorFlow 2.21, Keras 3):

* keras_conv/: Keras 3 `model.export` of a small Conv2D -> Flatten -> Dense model with
  random weights (seeded), input "image" of shape 1x4x4x2, output "output_0" of shape 1x3;
* module/: `tf.saved_model.save` of a `tf.Module` with two `tf.Variable`s and a signature
  of two inputs ("x", "bias_scale") and two outputs ("a", "y") -- their keys sort
  differently from their creation order.

Re-running rewrites both folders (new random weights); the lit tests check shapes and
names, and the weights against the values this script prints, so update
keras-conv.mlir's WEIGHT line when re-generating.
"""

import os
import shutil

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def keras_conv(path):
    keras.utils.set_random_seed(31)
    inp = keras.Input((4, 4, 2), batch_size=1, name="image")
    x = keras.layers.Conv2D(3, 2, activation="relu", name="conv")(inp)
    x = keras.layers.Flatten()(x)
    out = keras.layers.Dense(3, name="dense")(x)
    m = keras.Model(inp, out)
    m.get_layer("conv").bias.assign(np.array([0.25, -0.5, 0.125], dtype="float32"))
    m.export(path, verbose=False)
    print("conv kernel[0,0,0,:] =", m.get_layer("conv").kernel.numpy()[0, 0, 0, :].tolist())


class Module(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.random.normal([3, 2], seed=7), name="w")
        self.b = tf.Variable([1.5, -2.0], name="b")

    @tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float32), tf.TensorSpec([], tf.float32)])
    def __call__(self, x, bias_scale):
        return {"y": tf.matmul(x, self.w) + self.b * bias_scale, "a": tf.nn.relu(x)}


def module(path):
    tf.random.set_seed(7)
    m = Module()
    tf.saved_model.save(m, path, signatures=m.__call__)


def keras_lstm(path):
    keras.utils.set_random_seed(5)
    inp = keras.Input((5, 3), name="seq")
    x = keras.layers.LSTM(4, name="lstm")(inp)
    out = keras.layers.Dense(2, name="dense")(x)
    keras.Model(inp, out).export(path, verbose=False)


def save_tf1(graph, path, inputs, outputs):
    """Saves TF1 graph `graph` (variables initialised) as a SavedModel tagged serve whose
    serving_default signature maps `inputs` to `outputs` (dicts of key -> tensor)."""
    with tf.compat.v1.Session(graph=graph) as s:
        s.run(tf.compat.v1.global_variables_initializer())
        builder = tf.compat.v1.saved_model.Builder(path)
        sig = tf.compat.v1.saved_model.predict_signature_def(inputs, outputs)
        builder.add_meta_graph_and_variables(s, ["serve"], signature_def_map={"serving_default": sig})
        builder.save()


def tf1(path):
    g = tf.Graph()
    with g.as_default():
        tf.compat.v1.set_random_seed(3)
        x = tf.compat.v1.placeholder(tf.float32, [1, 3], name="x")
        w = tf.compat.v1.get_variable("w", [3, 2], use_resource=False)
        b = tf.compat.v1.get_variable("b", [2], use_resource=False, initializer=tf.compat.v1.constant_initializer([0.5, -0.25]))
        y = tf.nn.tanh(tf.matmul(x, w) + b, name="y")
        save_tf1(g, path, {"input": x}, {"output": y})


MAKERS = {"keras_conv": keras_conv, "module": module, "keras_lstm": keras_lstm, "tf1": tf1}

if __name__ == "__main__":
    import sys

    for name in sys.argv[1:] or list(MAKERS):
        make = MAKERS[name]
        path = os.path.join(HERE, name)
        shutil.rmtree(path, ignore_errors=True)
        make(path)
