#!/usr/bin/env python3
"""TensorFlow runs what tfg-functionalize-control-flow makes of TF1 control flow.

For each TF1-control-flow model of the numeric tier's generator (scripts/numeric/models.py:
tf1_while, tf1_cond, tf1_nested, lowered_control_flow, or the names given), the frozen
GraphDef is raised by `amanda-opt MODEL.pb --tfg-functionalize-control-flow --emit=graphdef`,
checked to hold no Switch/Merge/Enter/Exit/NextIteration/LoopCond/_SwitchN any more, loaded
back into TensorFlow and run on the model's inputs; its outputs must equal TensorFlow's
outputs of the original graph exactly (the same kernels run in the same order).

    scripts/tf1-functionalize-check.py [--amanda-opt BIN] [NAME...]

Needs a Python with tensorflow (the system python3 here). Ends with `N passed, N failed`;
exits 1 when one failed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = ["tf1_while", "tf1_cond", "tf1_nested", "lowered_control_flow"]
TF1_OPS = {"Switch", "RefSwitch", "_SwitchN", "Merge", "RefMerge", "Enter", "RefEnter", "Exit", "RefExit",
           "NextIteration", "RefNextIteration", "LoopCond"}


def run_graph(graph_def, feeds, fetches, arrays):
    tf1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        tf.graph_util.import_graph_def(graph_def, name="")
        with tf1.Session(graph=g) as sess:
            return sess.run([f + ":0" for f in fetches], {f + ":0": arrays["in:" + f] for f in feeds})


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="models (default: %s)" % ", ".join(MODELS))
    ap.add_argument("--amanda-opt", default=os.environ.get("AMANDA_OPT", os.path.join(HERE, "..", "target", "debug", "amanda-opt")))
    args = ap.parse_args(argv)
    names = args.names or MODELS
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="amanda-tf1-") as work:
        subprocess.run([sys.executable, os.path.join(HERE, "numeric", "models.py"), work] + names, check=True)
        with open(os.path.join(work, "manifest.json")) as f:
            manifest = {m["name"]: m for m in json.load(f)}
        for name in names:
            m = manifest[name]
            pb = os.path.join(work, name + ".pb")
            out = os.path.join(work, name + ".func.pb")
            r = subprocess.run([args.amanda_opt, pb, "--tfg-functionalize-control-flow", "--emit=graphdef", "-o", out],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print("FAIL %-22s amanda-opt failed: %s" % (name, r.stderr.strip().splitlines()[:1]))
                failed += 1
                continue
            gd = tf.compat.v1.GraphDef()
            with open(out, "rb") as f:
                gd.ParseFromString(f.read())
            left = sorted({n.op for n in gd.node} & TF1_OPS)
            arrays = np.load(os.path.join(work, name + ".npz"))
            try:
                outs = run_graph(gd, m["feeds"], m["fetches"], arrays)
            except Exception as ex:  # noqa: BLE001 -- any TensorFlow error fails the model
                print("FAIL %-22s TensorFlow cannot run the raised graph: %s" % (name, str(ex).splitlines()[0][:200]))
                failed += 1
                continue
            diff = max(float(np.max(np.abs(o - arrays["out:%d" % i]))) for i, o in enumerate(outs))
            ops = sorted({n.op for n in gd.node} & {"While", "StatelessWhile", "If", "StatelessIf", "Case", "StatelessCase"})
            if left or diff != 0.0:
                print("FAIL %-22s TF1 ops left: %s, max abs diff %g" % (name, left, diff))
                failed += 1
            else:
                print("PASS %-22s %s, outputs equal" % (name, ", ".join(ops)))
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
