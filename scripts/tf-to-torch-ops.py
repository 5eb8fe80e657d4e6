#!/usr/bin/env python3
"""Per-op numeric check of convert-tf-to-torch: each case builds a tiny TensorFlow function,
freezes it to a GraphDef, converts it with `amanda-opt model.pb --convert-tf-to-torch`, checks
the result with torch-mlir-opt, compiles it with iree-compile (llvm-cpu), runs it with the IREE
runtime and compares with TensorFlow's outputs (max abs diff <= 1e-4).

Usage: tf-to-torch-ops.py [--amanda-opt PATH] [--venv DIR] [--keep DIR] [CASE ...]
Needs: tensorflow in the Python that runs it, and a venv with torch-mlir-opt, iree-compile and
iree.runtime (default: the numeric tier's, $AMANDA_NUMERIC_VENV or
~/.cache/amanda-opt/numeric-venv; scripts/test.sh runs it with that venv's Python). Ends with
`N passed, N failed`; exit 1 when a case fails.
"""
import argparse
import os
import subprocess
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# The NCHW cases need oneDNN: TensorFlow's own CPU kernels have no NCHW convolution or pool, and
# TensorFlow turns oneDNN on by itself only on some CPUs (not on AMD EPYC, for one).
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "1")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2  # noqa: E402

RNG = np.random.default_rng(1234)


def rnd(*shape, lo=-1.0, hi=1.0):
    return RNG.uniform(lo, hi, size=shape).astype(np.float32)


def const(*shape):
    return tf.constant(rnd(*shape))


CASES = {}


def case(name, *specs):
    """specs: (shape, dtype) of each input."""
    def deco(fn):
        CASES[name] = (fn, specs)
        return fn
    return deco


F = tf.float32
I = tf.int32

# --- dense ---------------------------------------------------------------------------
case("mlp", ([2, 4], F))(lambda x: tf.matmul(tf.nn.relu(tf.nn.bias_add(tf.matmul(x, const(4, 8)), const(8))), const(8, 3)) + 1.0)
case("matmul_ta", ([4, 2], F))(lambda x: tf.matmul(x, const(4, 3), transpose_a=True))
case("matmul_tb", ([2, 4], F))(lambda x: tf.matmul(x, const(3, 4), transpose_b=True))
case("batch_matmul", ([2, 3, 4], F))(lambda x: tf.matmul(x, const(1, 5, 4), adjoint_b=True))
# --- elementwise ---------------------------------------------------------------------
case("binary", ([2, 3], F), ([3], F))(lambda a, b: [a + b, a - b, a * b, a / (tf.abs(b) + 1.0), tf.maximum(a, b), tf.minimum(a, b),
                                                   tf.pow(tf.abs(a) + 0.5, b), tf.math.squared_difference(a, b)])
case("unary", ([2, 5], F))(lambda x: [tf.sqrt(tf.abs(x) + 0.1), tf.math.rsqrt(tf.abs(x) + 0.1), tf.exp(x), tf.math.log(tf.abs(x) + 0.1),
                                      -x, tf.abs(x), tf.square(x), tf.math.floor(x * 3.0), tf.math.ceil(x * 3.0)])
case("compare_select", ([2, 3], F), ([2, 3], F))(lambda a, b: [tf.where(a < b, a, b), tf.where(a >= b, a * 2.0, b),
                                                               tf.cast(tf.equal(tf.round(a), 0.0), F), tf.raw_ops.Select(condition=tf.constant([True, False]), x=a, y=b)])
case("addn_identityn", ([2, 3], F), ([2, 3], F))(lambda a, b: [tf.add_n([a, b, a]), tf.identity_n([a, b])[1] * 2.0])
case("band_part", ([2, 4, 5], F))(lambda x: [tf.linalg.band_part(x, -1, 0), tf.linalg.band_part(x, 1, 2), tf.linalg.band_part(x, 0, -1),
                                         tf.linalg.band_part(x, -1, -1), tf.linalg.band_part(tf.cast(x > 0.0, I), 2, 0)])
case("cast", ([2, 3], F))(lambda x: [tf.cast(tf.cast(x * 10.0, I), F), tf.cast(x > 0.0, F)])
case("activations", ([3, 4], F))(lambda x: [tf.nn.relu6(x * 8.0), tf.nn.elu(x), tf.nn.selu(x), tf.sigmoid(x), tf.tanh(x), tf.nn.softplus(x),
                                            tf.nn.leaky_relu(x, 0.3), tf.math.erf(x), tf.math.erfc(x), tf.nn.softmax(x), tf.nn.log_softmax(x)])
# --- reductions and shapes -----------------------------------------------------------
case("reductions", ([2, 3, 4], F))(lambda x: [tf.reduce_mean(x, [1]), tf.reduce_sum(x, [0, 2], keepdims=True), tf.reduce_max(x, -1),
                                              tf.reduce_min(x, [1, 2]), tf.reduce_prod(x + 1.0, [0, 1])])
case("shapes", ([2, 3, 4], F))(lambda x: [tf.reshape(x, [4, -1]), tf.transpose(x, [2, 0, 1]), tf.concat([x, x * 2.0], 1), tf.stack([x, x], 1),
                                          tf.squeeze(tf.reshape(x, [2, 1, 3, 4]), [1]), tf.expand_dims(x, -1), tf.slice(x, [0, 1, 1], [-1, 2, 2]),
                                          tf.gather(x, [2, 0, 2], axis=1), tf.pad(x, [[0, 0], [1, 2], [0, 1]]),
                                          tf.fill([2, 2], 3.0), tf.cast(tf.shape(x), F)])
case("split_tile_arg", ([4, 6], F))(lambda x: list(tf.split(x, 3, axis=1)) + list(tf.split(x, [1, -1, 2], axis=0)) + list(tf.unstack(x, axis=1))[:2]
                                   + [tf.tile(x, [2, 1]), tf.cast(tf.argmax(x, 1), F), tf.cast(tf.argmin(x, 0, output_type=tf.int32), F)])
case("strided_slice", ([4, 5, 6], F))(lambda x: [x[1:3, ::2, -1], x[..., 1:4], x[::-1, tf.newaxis, 2:0:-1], x[-1], x[:, 1:, ::-2],
                                                 x[1:, ..., :3], x[tf.newaxis, ..., 0]])
# --- convolutions and pools ----------------------------------------------------------
def conv(x, k, s, pad, d=1, fmt="NHWC", cout=4):
    cin = x.shape[-1] if fmt == "NHWC" else x.shape[1]
    return tf.nn.conv2d(x, const(k, k, cin, cout), s, pad, data_format=fmt, dilations=d)


case("conv_same", ([1, 7, 7, 3], F))(lambda x: tf.nn.relu(tf.nn.bias_add(conv(x, 3, 2, "SAME"), const(4))))
case("conv_valid_dil", ([1, 9, 9, 3], F))(lambda x: conv(x, 3, 1, "VALID", d=2))
case("conv_same_even", ([1, 8, 8, 2], F))(lambda x: conv(x, 4, 1, "SAME"))
case("conv_explicit", ([1, 6, 6, 2], F))(lambda x: conv(x, 3, 1, [[0, 0], [1, 2], [0, 1], [0, 0]]))
case("conv_chain", ([1, 8, 8, 3], F))(lambda x: conv(tf.nn.relu(conv(x, 3, 1, "SAME")), 3, 2, "SAME", cout=5) + 1.0)
# Rows no window reads (InceptionV3 at 96x96: 3x3 stride-2 VALID over 4x4), SAME with a 1x1
# stride-2 window over an even size, and pools the same way.
case("conv_unread", ([1, 4, 5, 2], F))(lambda x: [conv(x, 3, 2, "VALID"), conv(x, 1, 2, "SAME"), conv(x, 2, 3, "VALID", d=1),
                                                  tf.nn.max_pool2d(x, 3, 2, "VALID"), tf.nn.max_pool2d(x, 1, 2, "SAME"), tf.nn.avg_pool2d(x, 3, 2, "VALID"),
                                                  tf.nn.avg_pool2d(x, 2, 2, "SAME")])
def deconv(x, k, s, pad, out_hw, cout=3, d=1):
    n, cin = x.shape[0], x.shape[-1]
    return tf.nn.conv2d_transpose(x, const(k, k, cout, cin), [n, out_hw[0], out_hw[1], cout], s, pad, dilations=d)


case("conv_transpose", ([1, 4, 4, 2], F))(lambda x: [deconv(x, 3, 2, "SAME", (8, 8)), deconv(x, 3, 2, "SAME", (7, 7)), deconv(x, 4, 2, "SAME", (8, 8)),
                                                     deconv(x, 3, 2, "VALID", (9, 9)), deconv(x, 2, 2, "VALID", (8, 8)), deconv(x, 3, 1, "SAME", (4, 4), d=2),
                                                     deconv(x, 3, 2, "VALID", (10, 10))])
case("resize_nearest", ([1, 3, 4, 2], F))(lambda x: [tf.image.resize(x, [6, 8], method="nearest"), tf.compat.v1.image.resize_nearest_neighbor(x, [9, 4]),
                                                     tf.image.resize(conv(x, 1, 1, "SAME"), [3, 12], method="nearest")])
case("depthwise", ([1, 7, 7, 3], F))(lambda x: tf.nn.depthwise_conv2d(x, const(3, 3, 3, 2), [1, 2, 2, 1], "SAME"))
case("depthwise_valid", ([1, 6, 6, 2], F))(lambda x: tf.nn.depthwise_conv2d(x, const(3, 3, 2, 1), [1, 1, 1, 1], "VALID"))
case("pools", ([1, 7, 7, 2], F))(lambda x: [tf.nn.max_pool2d(x, 3, 2, "SAME"), tf.nn.avg_pool2d(x, 3, 2, "SAME"), tf.nn.max_pool2d(x, 2, 2, "VALID"),
                                            tf.nn.avg_pool2d(x, 2, 1, "VALID"), tf.nn.avg_pool2d(x, 2, 2, "SAME")])
case("batchnorm", ([1, 5, 5, 3], F))(lambda x: tf.compat.v1.nn.fused_batch_norm(conv(x, 3, 1, "SAME", cout=3), const(3), const(3), mean=const(3),
                                                                                 variance=tf.abs(const(3)) + 0.5, is_training=False)[0])
case("residual_gap", ([1, 6, 6, 4], F))(lambda x: tf.reduce_mean(tf.nn.relu(conv(x, 3, 1, "SAME") + x), [1, 2]))
case("conv_flatten", ([2, 5, 5, 2], F))(lambda x: tf.matmul(tf.reshape(tf.nn.max_pool2d(conv(x, 3, 1, "SAME", cout=3), 2, 2, "VALID"), [2, -1]), const(12, 3)))
case("zero_pad_conv", ([1, 5, 5, 2], F))(lambda x: conv(tf.pad(tf.nn.relu(conv(x, 1, 1, "VALID")), [[0, 0], [1, 1], [2, 0], [0, 0]]), 3, 1, "VALID"))

# NCHW data_format, and layouts meeting other ops.
case("conv_nchw", ([1, 3, 7, 7], F))(lambda x: tf.nn.relu(tf.nn.bias_add(conv(x, 3, 2, "SAME", fmt="NCHW"), const(4), data_format="NCHW")))
case("conv_nchw_dil", ([1, 2, 9, 9], F))(lambda x: conv(x, 3, 1, "VALID", d=2, fmt="NCHW"))
case("conv_nchw_explicit", ([1, 2, 6, 6], F))(lambda x: conv(x, 3, 1, [[0, 0], [0, 0], [2, 1], [1, 0]], fmt="NCHW"))
case("pools_nchw", ([1, 2, 7, 7], F))(lambda x: [tf.nn.max_pool2d(x, 3, 2, "SAME", data_format="NCHW"), tf.nn.avg_pool2d(x, 3, 2, "SAME", data_format="NCHW")])
case("batchnorm_nchw", ([1, 3, 5, 5], F))(lambda x: tf.compat.v1.nn.fused_batch_norm(x, const(3), const(3), mean=const(3), variance=tf.abs(const(3)) + 0.5,
                                                                                      is_training=False, data_format="NCHW")[0])
case("layout_mix", ([1, 6, 6, 2], F))(lambda x: [tf.transpose(conv(x, 3, 1, "SAME"), [0, 3, 1, 2]), tf.concat([conv(x, 1, 1, "SAME"), conv(x, 3, 1, "SAME")], 3),
                                                 conv(x, 3, 1, "SAME")[:, 1:, :, ::2], tf.nn.softmax(conv(x, 1, 1, "SAME")), tf.reduce_sum(conv(x, 1, 1, "SAME"), [3]),
                                                 tf.reduce_max(conv(x, 1, 1, "SAME"), [1, 2], keepdims=True) * conv(x, 1, 1, "SAME")])
case("int_ops", ([2, 3], I), ([3], I))(lambda a, b: [a + b, a * b - 1, tf.maximum(a, b), tf.cast(a > b, I), tf.gather(tf.constant([[1.5, 2.0], [3.0, 4.5], [5.0, 6.0]]), tf.abs(b) % 3),
                                                      tf.reduce_sum(a, [1]), tf.reshape(a, [3, 2]), a // (tf.abs(b) + 1), tf.math.floormod(a, tf.abs(b) + 1),
                                                      tf.math.floordiv(tf.cast(a, F), 2.5)])


def keras_cnn():
    """A small Keras CNN as frozen by TensorFlow: Conv2D + BatchNormalization (frozen to
    Mul/Sub/AddV2), depthwise, a residual Add, pooling, ZeroPadding2D, Flatten, Dense with exact
    GELU (Erfc), Dropout, softmax."""
    tf.keras.utils.set_random_seed(0)
    L = tf.keras.layers
    inp = tf.keras.Input((12, 12, 3), batch_size=2)
    x = L.ReLU()(L.BatchNormalization(moving_variance_initializer="ones", gamma_initializer="random_uniform",
                                      beta_initializer="random_uniform", moving_mean_initializer="random_uniform")(
        L.Conv2D(8, 3, strides=2, padding="same")(inp)))
    y = L.Conv2D(8, 1)(L.DepthwiseConv2D(3, padding="same")(x))
    x = L.MaxPooling2D(2)(L.Add()([x, y]))
    x = L.AveragePooling2D(2, strides=1, padding="same")(L.ZeroPadding2D(((1, 0), (0, 1)))(x))
    x = L.Dropout(0.5)(L.Dense(16, activation="gelu")(L.Flatten()(x)))
    model = tf.keras.Model(inp, L.Dense(5, activation="softmax")(x))
    return lambda x: model(x, training=False)


case("keras_cnn", ([2, 12, 12, 3], F))(keras_cnn())


def keras_decoder():
    """Keras Conv2DTranspose (SAME and VALID, strides 2) with UpSampling-free decoding."""
    tf.keras.utils.set_random_seed(1)
    L = tf.keras.layers
    inp = tf.keras.Input((5, 5, 3), batch_size=1)
    x = L.Conv2DTranspose(4, 3, strides=2, padding="same", activation="relu")(inp)
    x = L.Conv2DTranspose(2, 2, strides=2, padding="valid")(x)
    x = L.Conv2D(3, 3, padding="same")(L.UpSampling2D((2, 3))(x))
    model = tf.keras.Model(inp, x)
    return lambda x: model(x, training=False)


case("keras_decoder", ([1, 5, 5, 3], F))(keras_decoder())


def build(name, fn, specs, out_dir):
    sig = [tf.TensorSpec(s, d, name="in%d" % i) for i, (s, d) in enumerate(specs)]
    f = tf.function(fn, input_signature=sig)
    cf = f.get_concrete_function()
    frozen = convert_variables_to_constants_v2(cf)
    gd = frozen.graph.as_graph_def()
    pb = os.path.join(out_dir, name + ".pb")
    with open(pb, "wb") as fh:
        fh.write(gd.SerializeToString())
    inputs = [rnd(*s) if d == F else RNG.integers(-5, 5, size=s).astype(np.int32) for s, d in specs]
    outs = frozen(*[tf.constant(v) for v in inputs])
    if not isinstance(outs, (list, tuple)):
        outs = [outs]
    return pb, inputs, [np.asarray(o) for o in outs]


def run_case(name, args, out_dir):
    fn, specs = CASES[name]
    pb, inputs, expected = build(name, fn, specs, out_dir)
    mlir = os.path.join(out_dir, name + ".mlir")
    vmfb = os.path.join(out_dir, name + ".vmfb")
    feeds = ",".join("in%d" % i for i in range(len(specs)))
    fetches = ",".join("Identity" if i == 0 else "Identity_%d" % i for i in range(len(expected)))
    r = subprocess.run([args.amanda_opt, pb, "--pass=convert-tf-to-torch{feeds=%s fetches=%s}" % (feeds, fetches), "-o", mlir],
                       capture_output=True, text=True)
    if r.returncode:
        return "convert: " + r.stderr.strip()
    r = subprocess.run([os.path.join(args.venv, "bin", "torch-mlir-opt"), mlir, "-o", os.devnull], capture_output=True, text=True)
    if r.returncode:
        return "torch-mlir-opt: " + r.stderr.strip()[:2000]
    r = subprocess.run([os.path.join(args.venv, "bin", "iree-compile"), "--iree-input-type=torch", "--iree-hal-target-backends=llvm-cpu",
                        "--iree-llvmcpu-target-cpu=generic", mlir, "-o", vmfb], capture_output=True, text=True)
    if r.returncode:
        return "iree-compile: " + r.stderr.strip()[:2000]
    np.savez(os.path.join(out_dir, name + "_in.npz"), *inputs)
    r = subprocess.run([os.path.join(args.venv, "bin", "python"), "-c", RUNNER, vmfb, os.path.join(out_dir, name)], capture_output=True, text=True)
    if r.returncode:
        return "iree-run: " + r.stderr.strip()[-2000:]
    got = np.load(os.path.join(out_dir, name + "_out.npz"))
    got = [got["arr_%d" % i] for i in range(len(got.files))]
    if len(got) != len(expected):
        return "got %d results, expected %d" % (len(got), len(expected))
    worst = 0.0
    for i, (g, e) in enumerate(zip(got, expected)):
        if g.shape != e.shape:
            return "result %d: shape %s, TensorFlow %s" % (i, g.shape, e.shape)
        d = float(np.max(np.abs(g.astype(np.float64) - e.astype(np.float64)))) if e.size else 0.0
        if not d <= 1e-4:
            return "result %d: max abs diff %g" % (i, d)
        worst = max(worst, d)
    return worst


RUNNER = r"""
import sys, numpy as np, iree.runtime as rt
vmfb, base = sys.argv[1], sys.argv[2]
ins = np.load(base + "_in.npz"); ins = [ins["arr_%d" % i] for i in range(len(ins.files))]
config = rt.Config("local-task")
ctx = rt.SystemContext(config=config)
with open(vmfb, "rb") as f:
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, f.read()))
out = ctx.modules.module["main"](*ins)
if not isinstance(out, (list, tuple)): out = [out]
np.savez(base + "_out.npz", *[np.asarray(o.to_host() if hasattr(o, "to_host") else o) for o in out])
"""


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--amanda-opt", default=os.environ.get("AMANDA_OPT", os.path.join(here, "..", "target", "debug", "amanda-opt")))
    ap.add_argument("--venv", default=os.environ.get("AMANDA_NUMERIC_VENV") or os.path.expanduser("~/.cache/amanda-opt/numeric-venv"))
    ap.add_argument("--keep")
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args()
    names = args.cases or list(CASES)
    out_dir = args.keep or tempfile.mkdtemp(prefix="tf2torch-")
    os.makedirs(out_dir, exist_ok=True)
    failed = 0
    for name in names:
        try:
            res = run_case(name, args, out_dir)
        except Exception as ex:  # a case that TensorFlow itself cannot build is a failure of the case
            res = "error: %r" % ex
        if isinstance(res, float):
            print("PASS %-18s max abs diff %.3g" % (name, res))
        else:
            failed += 1
            print("FAIL %-18s %s" % (name, res))
    print("%d passed, %d failed" % (len(names) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
