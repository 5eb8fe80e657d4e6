#!/usr/bin/env python3
"""keras.applications models as users have them, converted (a benchmark, not a test).

For each model (random weights of the real size, batch None): the frozen GraphDef
(`convert_variables_to_constants_v2` of the model's function) and the SavedModel
(`model.export`), written once into OUT. Then, in one run:
  * amanda-opt, whole process (read, convert, print to a file): the frozen GraphDef and the
    SavedModel directory, `--pass=convert-tf-to-torch` without pins (a function for any
    batch, as a user converts them); best wall time of RUNS, and the peak resident memory
    (GNU time);
  * tf2onnx in process on the same frozen GraphDef (`tf2onnx.convert.from_graph_def`, the
    GraphDef already parsed, TensorFlow already imported): best of RUNS;
  * tf2onnx's whole process on the SavedModel (`python -m tf2onnx.convert --saved-model`):
    one run;
  * the whole process of amanda-opt on a tiny model (examples/tf-mlp/model.pb): best of 20.
Prints one line per model and the ratios; growth is read from the per-MB column.

    bench_keras_apps.py --out DIR --amanda-opt BIN [--runs N] [--no-tf2onnx] [NAME:SIZE ...]
    (default models: MobileNetV3Small:224 ResNet50:224 VGG19:224)
"""

import argparse
import os
import subprocess
import sys
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")


def make(out, name, size):
    """Writes NAME_SIZE.pb and NAME_SIZE/ (SavedModel) once; returns (pb, dir, output names)."""
    pb = os.path.join(out, f"{name}_{size}.pb")
    sm = os.path.join(out, f"{name}_{size}")
    if not (os.path.exists(pb) and os.path.isdir(sm)):
        import keras
        import tensorflow as tf
        from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

        keras.utils.set_random_seed(0)
        model = getattr(keras.applications, name)(weights=None, input_shape=(size, size, 3))
        spec = tf.TensorSpec([None, size, size, 3], tf.float32, name="image")
        fn = tf.function(lambda x: model(x, training=False)).get_concrete_function(spec)
        graph_def = convert_variables_to_constants_v2(fn).graph.as_graph_def()
        with open(pb, "wb") as f:
            f.write(graph_def.SerializeToString(deterministic=True))
        model.export(sm, verbose=False)
    return pb, sm


def timed(cmd, runs):
    """Best wall time of `runs` runs of cmd and the peak RSS (MiB) of the last one."""
    best, peak = None, None
    for _ in range(runs):
        t = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        dt = time.perf_counter() - t
        if r.returncode != 0:
            raise SystemExit(f"bench: failed: {' '.join(cmd)}\n{r.stderr[-2000:]}")
        best = dt if best is None else min(best, dt)
        peak = int(r.stderr.strip().splitlines()[-1]) / 1024
    return best, peak


def tf2onnx_graph_def(pb, runs):
    import tensorflow as tf
    import tf2onnx

    graph_def = tf.compat.v1.GraphDef()
    with open(pb, "rb") as f:
        graph_def.ParseFromString(f.read())
    outputs = [n.name + ":0" for n in graph_def.node if n.op == "Identity" and not any(n.name + ":0" == i or n.name == i for m in graph_def.node for i in m.input)]
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        tf2onnx.convert.from_graph_def(graph_def, input_names=["image:0"], output_names=outputs)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return best


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("models", nargs="*", default=["MobileNetV3Small:224", "ResNet50:224", "VGG19:224"])
    ap.add_argument("--out", required=True)
    ap.add_argument("--amanda-opt", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-tf2onnx", action="store_true")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    amanda = args.amanda_opt
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tiny, _ = timed([amanda, os.path.join(here, "examples/tf-mlp/model.pb"), "--pass=convert-tf-to-torch", "-o", os.devnull, "--no-summary"], 20)
    print(f"tiny model (examples/tf-mlp/model.pb), whole process: {tiny * 1000:.1f} ms")
    print(f"{'model':<24}{'MB':>7}  {'amanda pb':>10}{'s/MB':>8}{'peak MiB':>10}  {'amanda SM':>10}{'peak MiB':>10}  {'tf2onnx pb':>11}{'ratio':>7}  {'tf2onnx SM':>11}{'ratio':>7}")
    for item in args.models:
        name, size = item.split(":")
        size = int(size)
        pb, sm = make(args.out, name, size)
        mb = os.path.getsize(pb) / 1e6
        # As users have them: batch None, converted without pins (a function for any batch).
        option = "--pass=convert-tf-to-torch"
        out = os.path.join(args.out, f"{name}_{size}.torch.mlir")
        t_pb, m_pb = timed([amanda, pb, option, "-o", out, "--no-summary"], args.runs)
        t_sm, m_sm = timed([amanda, sm, option, "-o", out, "--no-summary"], args.runs)
        line = f"{name + ':' + str(size):<24}{mb:>7.1f}  {t_pb:>9.2f}s{t_pb / mb:>8.3f}{m_pb:>10.0f}  {t_sm:>9.2f}s{m_sm:>10.0f}"
        if not args.no_tf2onnx:
            o_pb = tf2onnx_graph_def(pb, args.runs)
            t = time.perf_counter()
            r = subprocess.run([sys.executable, "-m", "tf2onnx.convert", "--saved-model", sm, "--output", os.path.join(args.out, "tf2onnx.onnx")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            o_sm = time.perf_counter() - t if r.returncode == 0 else float("nan")
            line += f"  {o_pb:>10.2f}s{o_pb / t_pb:>6.1f}x  {o_sm:>10.2f}s{o_sm / t_sm:>6.1f}x"
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
