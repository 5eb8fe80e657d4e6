#!/usr/bin/env python3
"""The numeric tier's model generator: small TensorFlow models, built deterministically.

Each model is a `tf.function` (or a Keras model called inside one) over NHWC tensors of fixed
shape, with weights drawn from a NumPy generator seeded per model, frozen to a GraphDef with
`convert_variables_to_constants_v2` and written as `NAME.pb`, together with `NAME.npz` (the
inputs `in:FEED` and TensorFlow's outputs `out:K`, computed by running the frozen function) and
one `manifest.json` naming each model's feeds and fetches in order. The keras.applications
models of SAVED_MODELS are also written as Keras 3 users save them, `NAME.savedmodel/`
(`model.export`), named in the manifest as `saved_model`.

    models.py OUT_DIR [NAME...]        all models, or the ones named
    models.py --no-saved-models OUT_DIR [NAME...]   the same without the SavedModel directories
    models.py --list                   the model names, one a line

Determinism: weights and inputs come from `numpy.random.default_rng(seed)`, Keras layers get
their weights by `set_weights` from the same generator (no Keras initializer runs), and
TensorFlow runs with oneDNN off and op determinism on, so two runs write the same outputs.
"""

import argparse
import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework.convert_to_constants import (  # noqa: E402
    convert_variables_to_constants_v2,
)


class Params:
    """Variables with values from one seeded generator, scaled by fan-in (keeps activations
    near unit size, so float32 round-off stays far below the tier's 1e-4 tolerance)."""

    def __init__(self, seed):
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.keep = []

    def array(self, shape, scale=1.0, low=None):
        if low is not None:  # uniform in [low, low + scale): variances, scales
            a = low + scale * self.rng.random(shape)
        else:
            a = scale * self.rng.standard_normal(shape)
        return a.astype(np.float32)

    def var(self, shape, fan_in=None, scale=None, low=None):
        if scale is None:
            scale = 1.0 / np.sqrt(fan_in) if fan_in else 1.0
        v = tf.Variable(self.array(shape, scale, low))
        self.keep.append(v)
        return v

    def dense(self, n_in, n_out):
        return self.var([n_in, n_out], fan_in=n_in), self.var([n_out], scale=0.1)

    def conv(self, kh, kw, c_in, c_out):
        return self.var([kh, kw, c_in, c_out], fan_in=kh * kw * c_in), self.var([c_out], scale=0.1)

    def batch_norm(self, c):
        """scale, offset, mean, variance of an inference batch norm."""
        return (
            self.var([c], scale=0.5, low=0.75),
            self.var([c], scale=0.1),
            self.var([c], scale=0.1),
            self.var([c], scale=0.5, low=0.5),
        )


def batch_norm(x, bn, eps=1e-3):
    """FusedBatchNormV3 in inference mode."""
    scale, offset, mean, var = bn
    y, _, _ = tf.compat.v1.nn.fused_batch_norm(
        x, scale, offset, mean=mean, variance=var, epsilon=eps, is_training=False
    )
    return y


# Each builder takes a Params and returns (function, [(feed name, shape)]); the function takes
# the feeds in order and returns one tensor or a tuple.

def mlp(p):
    """Dense layers: MatMul (also transpose_b) + BiasAdd, Relu, Tanh."""
    w1, b1 = p.dense(16, 32)
    w2, b2 = p.dense(32, 24)
    w3t = p.var([10, 24], fan_in=24)  # stored transposed: MatMul with transpose_b
    b3 = p.var([10], scale=0.1)

    def f(x):
        h = tf.nn.relu(tf.nn.bias_add(tf.matmul(x, w1), b1))
        h = tf.tanh(tf.nn.bias_add(tf.matmul(h, w2), b2))
        return tf.nn.bias_add(tf.matmul(h, w3t, transpose_b=True), b3)

    return f, [("x", [4, 16])]


def cnn_same(p):
    """SAME padding: stride 1, stride 2 on an even size (TensorFlow pads bottom/right more),
    a dilated 3x3, and a non-square kernel with unequal strides."""
    k1, c1 = p.conv(3, 3, 3, 8)
    k2, c2 = p.conv(3, 3, 8, 8)
    k3, c3 = p.conv(3, 3, 8, 6)
    k4, c4 = p.conv(2, 3, 6, 4)

    def f(x):
        h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k1, 1, "SAME"), c1))
        h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, k2, 2, "SAME"), c2))
        h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(h, k3, 1, "SAME", dilations=2), c3))
        return tf.nn.bias_add(tf.nn.conv2d(h, k4, [1, 2, 1, 1], "SAME"), c4)

    return f, [("x", [2, 12, 12, 3])]


def cnn_valid(p):
    """VALID padding: stride 2 on an odd size, dilation 2, a 1x1 convolution; Sigmoid; then
    EXPLICIT padding, unequal on each side."""
    k1, c1 = p.conv(3, 3, 3, 8)
    k2, c2 = p.conv(3, 3, 8, 8)
    k3, c3 = p.conv(1, 1, 8, 5)
    k4, c4 = p.conv(2, 2, 5, 3)

    def f(x):
        h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k1, 2, "VALID"), c1))
        h = tf.sigmoid(tf.nn.bias_add(tf.nn.conv2d(h, k2, 1, "VALID", dilations=2), c2))
        h = tf.nn.bias_add(tf.nn.conv2d(h, k3, 1, "VALID"), c3)
        return tf.nn.bias_add(tf.nn.conv2d(h, k4, 1, [[0, 0], [1, 2], [2, 0], [0, 0]]), c4)

    return f, [("x", [2, 13, 13, 3])]


def depthwise(p):
    """DepthwiseConv2dNative: channel multiplier 2 with SAME, multiplier 1 with VALID stride 2,
    then a pointwise convolution; Relu6. (TensorFlow's CPU kernel has no dilated depthwise.)"""
    d1 = p.var([3, 3, 4, 2], fan_in=9)
    d2 = p.var([3, 3, 8, 1], fan_in=9)
    k3, c3 = p.conv(1, 1, 8, 6)

    def f(x):
        h = tf.nn.relu6(tf.nn.depthwise_conv2d(x, d1, [1, 1, 1, 1], "SAME"))
        h = tf.nn.depthwise_conv2d(h, d2, [1, 2, 2, 1], "VALID")
        return tf.nn.bias_add(tf.nn.conv2d(h, k3, 1, "VALID"), c3)

    return f, [("x", [2, 10, 10, 4])]


def batchnorm(p):
    """Convolution, FusedBatchNormV3 (inference), Relu6."""
    k1, c1 = p.conv(3, 3, 4, 6)
    bn = p.batch_norm(6)

    def f(x):
        h = tf.nn.bias_add(tf.nn.conv2d(x, k1, 1, "SAME"), c1)
        return tf.nn.relu6(batch_norm(h, bn))

    return f, [("x", [2, 8, 8, 4])]


def pooling(p):
    """MaxPool SAME stride 2, AvgPool VALID, and AvgPool SAME (TensorFlow's average leaves the
    padding out of the count); two fetches."""

    def f(x):
        a = tf.nn.max_pool2d(x, 3, 2, "SAME")
        a = tf.nn.avg_pool2d(a, 2, 2, "VALID")
        b = tf.nn.avg_pool2d(x, 3, 2, "SAME")
        return a, b

    return f, [("x", [2, 11, 11, 3])]


def residual(p):
    """A ResNet basic block (conv-bn-relu-conv-bn, identity shortcut, AddV2, Relu), global
    average pooling as Mean over H and W, a dense head."""
    k1, _ = p.conv(3, 3, 8, 8)
    bn1 = p.batch_norm(8)
    k2, _ = p.conv(3, 3, 8, 8)
    bn2 = p.batch_norm(8)
    w, b = p.dense(8, 5)

    def f(x):
        h = tf.nn.relu(batch_norm(tf.nn.conv2d(x, k1, 1, "SAME"), bn1))
        h = batch_norm(tf.nn.conv2d(h, k2, 1, "SAME"), bn2)
        h = tf.nn.relu(h + x)
        h = tf.reduce_mean(h, axis=[1, 2])
        return tf.nn.bias_add(tf.matmul(h, w), b)

    return f, [("x", [2, 8, 8, 8])]


def softmax_classifier(p):
    """A flattening Reshape, two dense layers and Softmax."""
    w1, b1 = p.dense(48, 16)
    w2, b2 = p.dense(16, 6)

    def f(x):
        h = tf.reshape(x, [3, 48])
        h = tf.nn.relu(tf.nn.bias_add(tf.matmul(h, w1), b1))
        return tf.nn.softmax(tf.nn.bias_add(tf.matmul(h, w2), b2))

    return f, [("x", [3, 4, 4, 3])]


def keras_cnn(p):
    """What Keras 3 writes: Conv2D (with its bias Reshape/Squeeze), BatchNormalization as
    Rsqrt/Mul/Sub/AddV2, MaxPooling2D, Flatten, Dense with softmax."""
    import keras

    model = keras.Sequential(
        [
            keras.Input(shape=(10, 10, 3), batch_size=2),
            keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
            keras.layers.BatchNormalization(),
            keras.layers.MaxPooling2D(),
            keras.layers.Flatten(),
            keras.layers.Dense(5, activation="softmax"),
        ]
    )
    weights = []
    for w in model.get_weights():
        scale = 1.0 / np.sqrt(max(1, int(np.prod(w.shape[:-1]))))
        weights.append(p.array(w.shape, scale=scale))
    # BatchNormalization's moving variance (the 4th weight of that layer) must be positive.
    bn = model.layers[1]
    start = len(model.layers[0].get_weights())
    weights[start + 3] = p.array(bn.get_weights()[3].shape, scale=0.5, low=0.5)
    model.set_weights(weights)
    p.keep.append(model)

    def f(x):
        return model(x, training=False)

    return f, [("x", [2, 10, 10, 3])]


def elementwise(p):
    """Broadcasting arithmetic and comparison, unary math, the other activations, Select and
    a Cast to int32 (an integer output, compared exactly); LogSoftmax."""
    c = p.var([1, 8], scale=0.5)
    d = p.var([8], scale=0.5, low=0.5)

    def f(x, y):
        a = (x + c) * y - d / (tf.abs(y) + 1.0)
        b = tf.maximum(a, x) - tf.minimum(a, 0.5 * y)
        e = tf.exp(-tf.square(b)) + tf.math.log(tf.abs(b) + 1.0) + tf.sqrt(tf.abs(a) + 0.5)
        e = e + tf.math.rsqrt(tf.abs(x) + 1.0) + tf.math.squared_difference(x, y) + tf.pow(tf.abs(y) + 1.0, 0.5)
        g = tf.nn.elu(e - 1.5) + tf.nn.selu(b) + tf.nn.softplus(a) + tf.nn.leaky_relu(-b, 0.2)
        g = g + tf.math.erf(x) + tf.negative(tf.abs(y)) * tf.sigmoid(x)
        picked = tf.where(x > y, g, tf.tanh(a))
        flags = tf.cast(tf.greater_equal(x, y), tf.int32) + tf.cast(tf.less(a, 0.0), tf.int32)
        return tf.nn.log_softmax(picked), flags

    return f, [("x", [4, 8]), ("y", [4, 8])]


def shapes(p):
    """Shape ops: Transpose, ConcatV2, Pack, Squeeze, ExpandDims, StridedSlice (masks), Slice,
    GatherV2, Pad, Reshape, BatchMatMulV2, and the reductions Sum, Max, Min, Prod."""
    w = p.var([3, 5, 4], fan_in=5)

    def f(x):
        t = tf.transpose(x, [0, 2, 1])  # [3,5,6]
        m = tf.matmul(tf.transpose(t, [0, 2, 1]), w)  # BatchMatMulV2: [3,6,5]x[3,5,4]
        cat = tf.concat([m, tf.expand_dims(tf.reduce_sum(m, axis=2), -1)], axis=2)  # [3,6,5]
        sl = cat[:, 1:5:2, ::-1]  # StridedSlice with a negative stride: [3,2,5]
        sl2 = cat[1, ..., tf.newaxis, 2]  # shrink, ellipsis and new axis: [6,1]
        sq = tf.squeeze(tf.slice(cat, [0, 0, 1], [3, 1, 3]), axis=1)  # [3,3]
        g = tf.gather(sq, [2, 0, 2, 1], axis=1)  # [3,4]
        pk = tf.stack([g, g * 2.0], axis=0)  # [2,3,4]
        pd = tf.pad(pk, [[0, 0], [1, 0], [0, 2]])  # [2,4,6]
        red = (tf.reduce_max(pd, axis=[1]) + tf.reduce_min(pd, axis=2, keepdims=True)[:, :1, 0:1][:, 0]
               + tf.reduce_prod(tf.sigmoid(pd) + 0.5, axis=1))
        return tf.reshape(sl, [6, 5]), sl2, red

    return f, [("x", [3, 6, 5])]


def computed_shape(p):
    """Sizes computed from the graph: `tf.shape` of a static tensor (TensorFlow writes it as a
    Const), a StridedSlice of it and a Pack give Fill its dims and Reshape its shape; the
    converter must fold them to static sizes."""
    w, b = p.dense(6, 4)

    def f(x):
        n = tf.shape(x)[0]
        h = tf.reshape(x, tf.stack([n, -1]))  # [3,6]
        h = tf.nn.bias_add(tf.matmul(h, w), b)
        return h + tf.fill(tf.stack([n, 4]), 0.5)

    return f, [("x", [3, 2, 3])]


# Functional control flow (If, While, Case with their branch functions in the library): these
# builders are frozen with the control flow kept functional (see `freeze`).

def functional(builder):
    builder.functional = True
    return builder


@functional
def cond_branches(p):
    """tf.cond on a data-dependent predicate, twice (on h and -h, so both branches run);
    each branch returns two values, one uses a captured weight (a branch input once frozen)."""
    w, b = p.dense(6, 6)

    def branch(h):
        return tf.cond(
            tf.reduce_sum(h) > 0.0,
            lambda: (tf.nn.relu(h + b), h * 2.0),
            lambda: (tf.tanh(h - b), h - 1.0),
        )

    def f(x):
        h = tf.matmul(x, w)
        return branch(h) + branch(-h)

    return f, [("x", [2, 6])]


@functional
def while_counter(p):
    """tf.while_loop with a counter (i < 6): the loop body multiplies by a weight."""
    w = p.var([5, 5], fan_in=5)

    def f(x):
        _, y = tf.while_loop(lambda i, a: i < 6, lambda i, a: (i + 1, tf.tanh(tf.matmul(a, w)) + a * 0.5), [tf.constant(0), x])
        return y

    return f, [("x", [3, 5])]


@functional
def while_data(p):
    """A data-dependent loop: halve the tensor until its norm is below 1 (a float condition),
    counting the steps."""

    def f(x):
        n, y = tf.while_loop(lambda n, a: tf.reduce_sum(a * a) > 1.0, lambda n, a: (n + 1.0, a * 0.5), [tf.constant(0.0), x * 4.0])
        return y, n

    return f, [("x", [4, 3])]


@functional
def switch_case(p):
    """tf.switch_case with three branches, run with the indices 0, 1, 2 and 3 (out of range:
    the last branch runs); each index is computed from the input (k times a predicate that
    holds), so nothing folds it."""
    w = p.var([4, 4], fan_in=4)

    def f(x):
        holds = tf.cast(tf.reduce_sum(x) > -1e9, tf.int32)
        return tuple(
            tf.switch_case(holds * k, [lambda: tf.matmul(x, w), lambda: tf.nn.relu(x) + 1.0, lambda: -x]) for k in range(4)
        )

    return f, [("x", [2, 4])]


@functional
def cond_in_loop(p):
    """A tf.cond nested in a tf.while_loop body (even and odd steps differ)."""
    w = p.var([4, 4], fan_in=4)

    def body(i, a):
        a = tf.cond(i % 2 == 0, lambda: tf.matmul(a, w), lambda: tf.nn.relu(a) - 0.25)
        return i + 1, a

    def f(x):
        _, y = tf.while_loop(lambda i, a: i < 5, body, [tf.constant(0), x])
        return y

    return f, [("x", [2, 4])]


@functional
def while_max_iter(p):
    """tf.while_loop with maximum_iterations (TensorFlow adds the count to the loop
    variables and ANDs it into the condition): stops after 3 of the 6 steps the data asks."""

    def f(x):
        return tf.while_loop(lambda a: tf.reduce_max(a) < 64.0, lambda a: a * 2.0 + 0.5, [tf.abs(x) + 1.0], maximum_iterations=3)[0]

    return f, [("x", [2, 3])]


@functional
def conv_in_cond(p):
    """A convolution in one tf.cond branch and pooling in the other (NCHW inside a branch,
    given back in TensorFlow's layout), applied to both signs so both branches run."""
    k, c = p.conv(3, 3, 4, 4)

    def branch(x):
        return tf.cond(
            tf.reduce_mean(x) > 0.0,
            lambda: tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k, 1, "SAME"), c)),
            lambda: tf.nn.avg_pool2d(x, 3, 1, "SAME"),
        )

    def f(x):
        return branch(x), branch(-x)

    return f, [("x", [1, 6, 6, 4])]


@functional
def rnn_loop(p):
    """A hand-written RNN: tf.while_loop over the time steps, the step's input gathered by
    the loop counter (a value only known at run time), h = tanh(x_t W + h U + b)."""
    w, b = p.dense(3, 5)
    u = p.var([5, 5], fan_in=5)

    def f(xs):
        steps = xs.shape[0]

        def body(t, h):
            x_t = tf.gather(xs, t)  # [2, 3]
            return t + 1, tf.tanh(tf.matmul(x_t, w) + tf.matmul(h, u) + b)

        _, h = tf.while_loop(lambda t, h: t < steps, body, [tf.constant(0), tf.zeros([2, 5])])
        return h

    return f, [("xs", [4, 2, 3])]


def keras_transformer(p):
    """A transformer encoder block as Keras 3 writes it: MultiHeadAttention (its projections
    as Einsum, scores by Einsum, Softmax), residuals, LayerNormalization, a GELU (Erf)
    feed-forward."""
    import keras

    k = keras.layers
    x = keras.Input(shape=(6, 8), batch_size=2)
    a = k.MultiHeadAttention(num_heads=2, key_dim=4)(x, x)
    h = k.LayerNormalization()(x + a)
    f = k.Dense(8)(k.Dense(16, activation="gelu")(h))
    model = keras.Model(x, k.LayerNormalization()(h + f))
    return keras_model(p, model, [2, 6, 8])


def keras_causal_decoder(p):
    """A GPT-style decoder block as Keras 3 writes it: MultiHeadAttention with
    use_causal_mask=True (the mask is `ops.tril` of ones: TensorFlow's MatrixBandPart(-1, 0)),
    a residual, LayerNormalization, a feed-forward."""
    import keras

    k = keras.layers
    x = keras.Input(shape=(6, 8), batch_size=2)
    a = k.MultiHeadAttention(num_heads=2, key_dim=4)(x, x, use_causal_mask=True)
    h = k.LayerNormalization()(x + a)
    model = keras.Model(x, k.Dense(8)(k.Dense(16, activation="relu")(h)) + h)
    return keras_model(p, model, [2, 6, 8])


def keras_model(p, model, input_shape):
    """A Keras model with weights from `p` (scaled by fan-in), called on one input."""
    weights = []
    for w in model.get_weights():
        scale = 1.0 / np.sqrt(max(1, int(np.prod(w.shape[:-1]))))
        weights.append(p.array(w.shape, scale=scale))
    model.set_weights(weights)
    p.keep.append(model)

    def f(x):
        return model(x, training=False)

    return f, [("x", input_shape)]


def keras_recurrent(p, layers, seq_len, features):
    """A Keras 3 Sequential model [Input, recurrent layer(s), Dense] with weights from `p`."""
    import keras

    layers = layers if isinstance(layers, list) else [layers]
    model = keras.Sequential([keras.Input(shape=(seq_len, features), batch_size=2)] + layers + [keras.layers.Dense(3)])
    return keras_model(p, model, [2, seq_len, features])


@functional
def while_unread(p):
    """A tf.while_loop variable recomputed from the others each step, never read by the body
    (b = tanh(a)): the converter guards it so IREE compiles the loop."""

    def f(x):
        _, _, b = tf.while_loop(lambda i, a, b: i < 3, lambda i, a, b: (i + 1, a * 2.0, tf.tanh(a)), [tf.constant(0), x, x])
        return b

    return f, [("x", [2, 3])]


@functional
def tensor_array(p):
    """tf.TensorArray written in a tf.while_loop without an element shape (TensorListReserve
    with element shape -1: the converter takes it from the TensorListStack after the loop)."""
    w = p.var([3, 3], fan_in=3)

    def f(xs):
        out = tf.TensorArray(tf.float32, size=4)

        def body(t, h, out):
            h = tf.tanh(tf.matmul(tf.gather(xs, t), w) + h)
            return t + 1, h, out.write(t, h)

        _, _, out = tf.while_loop(lambda t, h, o: t < 4, body, [tf.constant(0), tf.zeros([2, 3]), out])
        return out.stack()

    return f, [("xs", [4, 2, 3])]


@functional
def keras_lstm(p):
    """Keras 3's LSTM layer (its time loop: a While over TensorList ops in the function
    library), then Dense."""
    import keras

    return keras_recurrent(p, keras.layers.LSTM(6), 5, 4)


@functional
def keras_gru(p):
    """Keras 3's GRU layer (reset_after, the default), then Dense."""
    import keras

    return keras_recurrent(p, keras.layers.GRU(6), 5, 4)


@functional
def keras_lstm_seq(p):
    """Keras 3's LSTM with return_sequences=True (the loop stacks every step's output), then
    Dense on each step."""
    import keras

    return keras_recurrent(p, keras.layers.LSTM(6, return_sequences=True), 5, 4)


@functional
def keras_bidirectional(p):
    """Keras 3's Bidirectional(LSTM) (the backward loop reads the time-reversed input,
    ReverseV2; the two last outputs concatenated), then Dense."""
    import keras

    return keras_recurrent(p, keras.layers.Bidirectional(keras.layers.LSTM(4)), 5, 4)


@functional
def keras_stacked_rnn(p):
    """Two recurrent layers: SimpleRNN with return_sequences=True feeding a GRU with
    reset_after=False (TensorFlow 1's GRU formula), then Dense."""
    import keras

    model_layers = [keras.layers.SimpleRNN(6, return_sequences=True), keras.layers.GRU(5, reset_after=False)]
    return keras_recurrent(p, model_layers, 5, 4)


def keras_lstm_batch_none(p):
    """Keras 3's LSTM as users save it: batch None, frozen the default way (the loop lowered
    to Switch/Merge, which the converter raises back to a While), converted with input-shapes
    pinning the batch. Its list of outputs is reserved with element shape [-1, 6] and the
    loop's state is [?, 6] as written: the batch comes from the state the loop starts from."""
    import keras

    model = keras.Sequential([keras.Input(shape=(5, 4)), keras.layers.LSTM(6), keras.layers.Dense(3)])
    return keras_model(p, model, [None, 5, 4])


def any_batch(builder):
    """Marks a builder whose model keeps its batch None in the converted function: it is
    converted without input-shapes, compiled once, and checked at each of ANY_BATCHES."""
    builder.any_batch = True
    return builder


@any_batch
def keras_cnn_any_batch(p):
    """A Keras CNN as users save it (batch None) kept for any batch: Conv2D with bias,
    BatchNormalization, ZeroPadding2D, MaxPooling2D, a Conv2D without bias,
    GlobalAveragePooling2D beside Flatten (Shape -> StridedSlice -> Pack -> Reshape on the
    unknown batch), Dense with relu and softmax."""
    import keras

    x = keras.Input(shape=(12, 12, 3))
    h = keras.layers.Conv2D(8, 3, padding="same", activation="relu")(x)
    h = keras.layers.BatchNormalization()(h)
    h = keras.layers.ZeroPadding2D(1)(h)
    h = keras.layers.MaxPooling2D(3, strides=2)(h)
    h = keras.layers.Conv2D(6, 3, use_bias=False)(h)
    flat = keras.layers.Flatten()(h)
    pooled = keras.layers.GlobalAveragePooling2D()(h)
    h = keras.layers.Concatenate()([keras.layers.Dense(16, activation="relu")(flat), pooled])
    y = keras.layers.Dense(5, activation="softmax")(h)
    model = keras.Model(x, y)
    f, feeds = keras_model(p, model, [None, 12, 12, 3])
    bn = model.get_layer(index=2)
    gamma, beta, mean, var = bn.get_weights()
    bn.set_weights([gamma, beta, mean, p.array(var.shape, scale=0.5, low=0.5)])
    return f, feeds


@any_batch
def keras_transformer_any_batch(p):
    """keras_transformer's encoder block saved with batch None and kept for any batch: the
    Einsum projections, scores and Softmax, LayerNormalization and the GELU feed-forward
    carry the batch; the sequence length stays static."""
    import keras

    k = keras.layers
    x = keras.Input(shape=(6, 8))
    a = k.MultiHeadAttention(num_heads=2, key_dim=4)(x, x)
    h = k.LayerNormalization()(x + a)
    f = k.Dense(8)(k.Dense(16, activation="gelu")(h))
    model = keras.Model(x, k.LayerNormalization()(h + f))
    return keras_model(p, model, [None, 6, 8])


def keras_application(app, size):
    """keras.applications.APP at SIZE x SIZE as users save it (batch None), kept for any
    batch: the architecture with its real-size weights, initialised by Keras's own
    initializers from a fixed seed, its normalisation statistics (BatchNormalization's and
    LayerNormalization's scale, offset, mean and variance; EfficientNet's input
    Normalization) drawn from `p` so that none is the identity, and logits out
    (classifier_activation=None: 1000 values of unit size, not softmax's 1e-3)."""

    @any_batch
    def builder(p):
        import keras

        keras.utils.set_random_seed(p.seed)
        model = getattr(keras.applications, app)(weights=None, input_shape=(size, size, 3), classifier_activation=None)
        for w in model.weights:
            if not w.dtype.startswith("float") or len(w.shape) != 1:
                continue
            leaf = w.path.rsplit("/", 1)[-1]
            if "variance" in leaf:
                w.assign(p.array(w.shape, scale=0.5, low=0.5))
            elif leaf == "gamma" and "layer_scale" not in w.path:
                w.assign(p.array(w.shape, scale=0.5, low=0.75))
            elif leaf in ("beta", "moving_mean", "mean"):
                w.assign(p.array(w.shape, scale=0.1))
        # Logits of unit size, so that the tier's absolute 1e-4 is a relative one: the
        # classifier is scaled by the spread of its logits on a probe input (NASNet's reach
        # about 200 with these statistics, VGG16's without batch norm about 1e-3).
        head = model.layers[-1]
        spread = float(np.std(model(p.array([1, size, size, 3]), training=False)))
        if spread > 0:
            head.set_weights([w / spread for w in head.get_weights()])
        p.keep.append(model)
        p.keras_model = model
        return (lambda x: model(x, training=False)), [("image", [None, size, size, 3])]

    builder.__name__ = f"keras_app_{app.lower()}"
    builder.__doc__ = f"keras.applications.{app} at {size}x{size}, batch None, kept for any batch."
    return builder


# One model of each keras.applications family, at a small size (the weights are real-size):
# the numeric tier's models of issue 31. Sizes are each family's smallest accepted input, or
# one where a stride-2 VALID window leaves a row unused (InceptionV3 at 96).
KERAS_APPLICATIONS = {
    "keras_app_resnet50": ("ResNet50", 32),
    "keras_app_resnet50v2": ("ResNet50V2", 32),
    "keras_app_vgg16": ("VGG16", 32),
    "keras_app_inceptionv3": ("InceptionV3", 96),
    "keras_app_inceptionresnetv2": ("InceptionResNetV2", 75),
    "keras_app_xception": ("Xception", 71),
    "keras_app_mobilenet": ("MobileNet", 32),
    "keras_app_mobilenetv2": ("MobileNetV2", 32),
    "keras_app_mobilenetv3small": ("MobileNetV3Small", 32),
    "keras_app_efficientnetb0": ("EfficientNetB0", 32),
    "keras_app_efficientnetv2b0": ("EfficientNetV2B0", 32),
    "keras_app_densenet121": ("DenseNet121", 32),
    "keras_app_nasnetmobile": ("NASNetMobile", 32),
    "keras_app_convnexttiny": ("ConvNeXtTiny", 32),
}


# The models also written as a SavedModel (`model.export`), converted from the directory:
# one of each kind of layer the families add (residual blocks; squeeze-and-excitation with
# hard-swish; input Rescaling/Normalization; LayerNormalization, GELU and Dense on 4-D).
SAVED_MODELS = ("keras_app_resnet50", "keras_app_mobilenetv3small", "keras_app_efficientnetb0", "keras_app_convnexttiny")


@functional
def keras_lstm_masked(p):
    """Keras 3's Masking before an LSTM (the mask through Any and NotEqual, and SelectV2 in
    the loop keeping the state over masked steps); the last two steps of each sequence are
    zeros, so masked."""
    import keras

    f, feeds = keras_recurrent(p, [keras.layers.Masking(0.0), keras.layers.LSTM(6)], 5, 4)

    def g(x):
        return f(tf.concat([x[:, :3], tf.zeros([2, 2, 4])], axis=1))

    return g, feeds
def tf1(builder):
    """A TF1 graph-mode builder: `builder(p)` returns (fn, feeds) as the others do, but `fn`
    is called on Placeholders inside a `tf.Graph` with control flow v2 off, so
    `tf.compat.v1.while_loop` and `tf.compat.v1.cond` write Switch/Merge/Enter/Exit/
    NextIteration/LoopCond; the graph is frozen with TensorFlow 1's freezer (build_tf1)."""
    builder.tf1 = True
    return builder


@tf1
def tf1_while(p):
    """A TF1 while loop: a counter (i < 5), a loop-carried tensor, a captured weight (a loop
    invariant, an Enter with is_constant=true) and a second invariant bias."""
    w = p.var([5, 5], fan_in=5)
    b = p.var([5], scale=0.1)

    def f(x):
        _, y = tf.compat.v1.while_loop(
            lambda i, a: i < 5,
            lambda i, a: (i + 1, tf.tanh(tf.matmul(a, w) + b) + a * 0.5),
            [tf.constant(0), x],
        )
        return y

    return f, [("x", [3, 5])]


@tf1
def tf1_cond(p):
    """TF1 conditionals on data-dependent predicates, twice (on h and -h, so both branches
    run); each branch returns two values and one uses a captured weight."""
    w, b = p.dense(6, 6)

    def branch(h):
        return tf.compat.v1.cond(
            tf.reduce_sum(h) > 0.0,
            lambda: (tf.nn.relu(h + b), h * 2.0),
            lambda: (tf.tanh(h - b), h - 1.0),
        )

    def f(x):
        h = tf.matmul(x, w)
        t1, e1 = branch(h)
        t2, e2 = branch(-h)
        return t1 + t2, e1 * e2

    return f, [("x", [2, 6])]


@tf1
def tf1_nested(p):
    """Nested TF1 control flow: an outer while loop (3 steps) whose body runs an inner while
    loop for i + 1 steps and a conditional on the step's parity."""
    w = p.var([4, 4], fan_in=4)

    def f(x):
        def body(i, a):
            _, a = tf.compat.v1.while_loop(lambda j, c: j <= i, lambda j, c: (j + 1, tf.tanh(tf.matmul(c, w))), [tf.constant(0), a])
            a = tf.compat.v1.cond(tf.equal(tf.math.floormod(i, 2), 0), lambda: a * 2.0, lambda: a - 0.25)
            return i + 1, a

        _, y = tf.compat.v1.while_loop(lambda i, a: i < 3, body, [tf.constant(0), x])
        return y

    return f, [("x", [2, 4])]


def lowered_control_flow(p):
    """TensorFlow 2 control flow frozen the default way, which lowers it to TF1 control flow
    (Switch/Merge/Enter/Exit/NextIteration/LoopCond, _SwitchN for Case): a while loop whose
    body runs a tf.switch_case on the step and a tf.cond on the data."""
    w = p.var([4, 4], fan_in=4)

    def f(x):
        def body(i, a):
            a = tf.switch_case(i % 3, [lambda: tf.tanh(tf.matmul(a, w)), lambda: a * 0.5, lambda: -a])
            a = tf.cond(tf.reduce_sum(a) > 0.0, lambda: a + 1.0, lambda: a - 0.5)
            return i + 1, a

        _, y = tf.while_loop(lambda i, a: i < 5, body, [tf.constant(0), x])
        return y

    return f, [("x", [2, 4])]


def build_tf1(name, builder, seed, out_dir):
    """build() for a TF1 graph-mode builder: Variables frozen to Consts by
    `tf.compat.v1.graph_util.convert_variables_to_constants`, TensorFlow's outputs computed by
    running the frozen GraphDef in a session."""
    tf1 = tf.compat.v1
    was_v2 = tf1.control_flow_v2_enabled()
    tf1.disable_control_flow_v2()
    try:
        g = tf.Graph()
        with g.as_default():
            p = Params(seed)
            fn, feeds = builder(p)
            phs = [tf1.placeholder(tf.float32, shape, name=feed) for feed, shape in feeds]
            outs = fn(*phs)
            if not isinstance(outs, (list, tuple)):
                outs = [outs]
            outs = [tf.identity(o, name=f"output_{k}") for k, o in enumerate(outs)]
            with tf1.Session(graph=g) as sess:
                sess.run(tf1.global_variables_initializer())
                graph_def = tf1.graph_util.convert_variables_to_constants(sess, g.as_graph_def(), [o.op.name for o in outs])
    finally:
        if was_v2:
            tf1.enable_control_flow_v2()
    inputs = [p.array(shape) for _, shape in feeds]
    run = tf.Graph()
    with run.as_default():
        tf.graph_util.import_graph_def(graph_def, name="")
        with tf1.Session(graph=run) as sess:
            outputs = sess.run([f"output_{k}:0" for k in range(len(outs))], {f"{feed}:0": a for (feed, _), a in zip(feeds, inputs)})
    fetches = [f"output_{k}" for k in range(len(outs))]
    return write_model(out_dir, name, graph_def, feeds, inputs, outputs, [feed for feed, _ in feeds], fetches)


def write_model(out_dir, name, graph_def, feeds, inputs, outputs, feed_nodes, fetch_nodes, more=()):
    """Writes NAME.pb and NAME.npz (inputs `in:FEED`, TensorFlow's outputs `out:K`; for a
    model kept for any batch, each batch B's as `bB/in:FEED` and `bB/out:K`, from `more`:
    (B, inputs, outputs) triples); returns the model's manifest entry."""
    outputs = [np.asarray(o) for o in outputs]
    with open(os.path.join(out_dir, name + ".pb"), "wb") as f:
        f.write(graph_def.SerializeToString(deterministic=True))
    arrays = {f"in:{feed}": a for (feed, _), a in zip(feeds, inputs)}
    arrays.update({f"out:{k}": o for k, o in enumerate(outputs)})
    for batch, ins, outs in more:
        arrays.update({f"b{batch}/in:{feed}": a for (feed, _), a in zip(feeds, ins)})
        arrays.update({f"b{batch}/out:{k}": np.asarray(o) for k, o in enumerate(outs)})
    np.savez(os.path.join(out_dir, name + ".npz"), **arrays)
    entry = {
        "name": name,
        "feeds": feed_nodes,
        "fetches": fetch_nodes,
        "input_shapes": [list(a.shape) for a in inputs],
        "output_shapes": [list(o.shape) for o in outputs],
        "ops": sorted({n.op for n in graph_def.node}),
    }
    # A feed with a dim of None (batch None, as Keras saves models) is converted with the
    # dims of the input it is checked on pinned (the pass's input-shapes option), unless the
    # model is kept for any batch.
    if more:
        entry["batches"] = [batch for batch, _, _ in more]
    elif any(d is None for _, shape in feeds for d in shape):
        entry["pin"] = ",".join(f"{feed}:" + "x".join(map(str, a.shape)) for (feed, _), a in zip(feeds, inputs))
    return entry


MODELS = {
    "mlp": mlp,
    "cnn_same": cnn_same,
    "cnn_valid": cnn_valid,
    "depthwise": depthwise,
    "batchnorm": batchnorm,
    "pooling": pooling,
    "residual": residual,
    "softmax_classifier": softmax_classifier,
    "keras_cnn": keras_cnn,
    "elementwise": elementwise,
    "shapes": shapes,
    "computed_shape": computed_shape,
    "cond_branches": cond_branches,
    "while_counter": while_counter,
    "while_data": while_data,
    "switch_case": switch_case,
    "cond_in_loop": cond_in_loop,
    "while_max_iter": while_max_iter,
    "conv_in_cond": conv_in_cond,
    "rnn_loop": rnn_loop,
    "keras_transformer": keras_transformer,
    "keras_causal_decoder": keras_causal_decoder,
    "keras_transformer_any_batch": keras_transformer_any_batch,
    "keras_lstm": keras_lstm,
    "keras_gru": keras_gru,
    "keras_lstm_seq": keras_lstm_seq,
    "while_unread": while_unread,
    "tensor_array": tensor_array,
    "keras_bidirectional": keras_bidirectional,
    "keras_stacked_rnn": keras_stacked_rnn,
    "keras_lstm_masked": keras_lstm_masked,
    "keras_lstm_batch_none": keras_lstm_batch_none,
    "keras_cnn_any_batch": keras_cnn_any_batch,
    "tf1_while": tf1_while,
    "tf1_cond": tf1_cond,
    "tf1_nested": tf1_nested,
    "lowered_control_flow": lowered_control_flow,
    **{name: keras_application(app, size) for name, (app, size) in KERAS_APPLICATIONS.items()},
}


def selftest_mlp(p):
    """The runner's self-test model: y = relu(x @ W + b) with the small constants written out
    in scripts/numeric/selftest/mlp.mlir (a torch-mlir file written by hand)."""
    w = tf.constant(SELFTEST_W)
    b = tf.constant(SELFTEST_B)

    def f(x):
        return tf.nn.relu(tf.nn.bias_add(tf.matmul(x, w), b))

    return f, [("x", [2, 3])]


SELFTEST_W = np.array([[0.5, -1.0, 0.25], [1.5, 0.75, -0.5], [-2.0, 0.125, 1.0]], np.float32)
SELFTEST_B = np.array([0.1, -0.2, 0.3], np.float32)
SELFTESTS = {"selftest_mlp": selftest_mlp}


def freeze(fn, feeds, functional=False):
    """The frozen ConcreteFunction and its GraphDef; feeds become Placeholders named after them.
    `functional`: control flow stays functional (If/While/Case and their library functions)
    instead of being lowered to Switch/Merge; the freezer does that for If and While with
    lower_control_flow=False, and for Case once it is in the set of ops it does it for."""
    spec = [tf.TensorSpec(shape, tf.float32, name=name) for name, shape in feeds]
    concrete = tf.function(fn, input_signature=spec).get_concrete_function()
    if functional:
        from tensorflow.python.framework import convert_to_constants

        ops = convert_to_constants._CONTROL_FLOW_OPS
        convert_to_constants._CONTROL_FLOW_OPS = ops | {"Case", "StatelessCase"}
        try:
            frozen = convert_variables_to_constants_v2(concrete, lower_control_flow=False)
        finally:
            convert_to_constants._CONTROL_FLOW_OPS = ops
    else:
        frozen = convert_variables_to_constants_v2(concrete)
    return frozen, frozen.graph.as_graph_def()


def node_of(tensor_name):
    """`Identity:0` -> `Identity`, `a:1` -> `a:1` (the pass's fetch syntax)."""
    node, _, port = tensor_name.partition(":")
    return node if port in ("", "0") else f"{node}:{port}"


# The batch of the inputs a model with batch None is checked on.
BATCH = 2
# The batches a model kept for any batch is checked on, from one compiled module.
ANY_BATCHES = (1, 3)


def build(name, builder, seed, out_dir, saved_models=True):
    if getattr(builder, "tf1", False):
        return build_tf1(name, builder, seed, out_dir)
    p = Params(seed)
    fn, feeds = builder(p)
    frozen, graph_def = freeze(fn, feeds, getattr(builder, "functional", False))
    inputs = [p.array([BATCH if d is None else d for d in shape]) for _, shape in feeds]
    outputs = frozen(*[tf.constant(a) for a in inputs])
    if not isinstance(outputs, (list, tuple)):
        outputs = [outputs]
    more = []
    for batch in ANY_BATCHES if getattr(builder, "any_batch", False) else ():
        ins = [p.array([batch if d is None else d for d in shape]) for _, shape in feeds]
        outs = frozen(*[tf.constant(a) for a in ins])
        more.append((batch, ins, outs if isinstance(outs, (list, tuple)) else [outs]))
    feed_nodes = [node_of(t.name) for t in frozen.inputs]
    fetch_nodes = [node_of(t.name) for t in frozen.outputs]
    entry = write_model(out_dir, name, graph_def, feeds, inputs, outputs, feed_nodes, fetch_nodes, more)
    if saved_models and name in SAVED_MODELS:
        # Also as Keras 3 users save it: `model.export(dir)`, batch None, variables not frozen.
        entry["saved_model"] = name + ".savedmodel"
        p.keras_model.export(os.path.join(out_dir, entry["saved_model"]), verbose=False)
    return entry


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out_dir", nargs="?")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--list", action="store_true", help="print the model names")
    ap.add_argument("--selftest", action="store_true", help="write the runner's self-test model")
    ap.add_argument("--no-saved-models", action="store_true", help="write no SavedModel directories (frozen graphs only)")
    args = ap.parse_args(argv)
    table = SELFTESTS if args.selftest else MODELS
    if args.list:
        print("\n".join(table))
        return 0
    if not args.out_dir:
        ap.error("OUT_DIR is required")
    unknown = [n for n in args.names if n not in table]
    if unknown:
        ap.error(f"unknown model(s): {', '.join(unknown)} (known: {', '.join(table)})")
    tf.config.experimental.enable_op_determinism()
    os.makedirs(args.out_dir, exist_ok=True)
    manifest = []
    for seed, name in enumerate(table, start=1):
        if args.names and name not in args.names:
            continue
        manifest.append(build(name, table[name], 1000 + seed, args.out_dir, not args.no_saved_models))
    with open(os.path.join(args.out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
