#!/usr/bin/env python3
"""Benchmark hook (not a test): convert-tf-to-torch on generated graphs of growing size, to
see that conversion time is linear in the number of nodes. Each graph is a residual chain
over a [4,8] placeholder: MatMul with a shared weight, BiasAdd, Relu, AddV2 of the previous
value, plus a Const per 16 nodes, and a Reshape/Transpose every 64 nodes.

Usage: convert-tf-to-torch-scaling.py [--amanda-opt PATH] N [N ...]
Prints nodes, seconds, microseconds per node (use a release build for real figures).
"""
import argparse
import os
import subprocess
import tempfile
import time


def graph(n):
    out = ['tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {',
           '  %x, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x8>} : () -> (tensor<*xf32>)',
           '  %w, %c1 = Const name("w") {dtype = f32, value = dense<0.01> : tensor<8x8xf32>} : () -> (tensor<*xf32>)',
           '  %s, %c2 = Const name("s") {dtype = i32, value = dense<[4, 8]> : tensor<2xi32>} : () -> (tensor<*xi32>)',
           '  %p, %c3 = Const name("p") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<*xi32>)']
    prev, nodes, i = "%x", 4, 0
    t = "(tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)"
    while nodes < n:
        if i % 4 == 0:
            out.append('  %%b%d, %%cb%d = Const name("b%d") {dtype = f32, value = dense<0.5> : tensor<8xf32>} : () -> (tensor<*xf32>)' % (i, i, i))
            nodes += 1
        out.append('  %%m%d, %%cm%d = MatMul(%s, %%w) name("m%d") {T = f32, transpose_a = false, transpose_b = false} : %s' % (i, i, prev, i, t))
        out.append('  %%a%d, %%ca%d = BiasAdd(%%m%d, %%b%d) name("a%d") {T = f32, data_format = "NHWC"} : %s' % (i, i, i, i - i % 4, i, t))
        out.append('  %%r%d, %%cr%d = Relu(%%a%d) name("r%d") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)' % (i, i, i, i))
        out.append('  %%v%d, %%cv%d = AddV2(%%r%d, %s) name("v%d") {T = f32} : %s' % (i, i, i, prev, i, t))
        prev = "%%v%d" % i
        nodes += 4
        if i % 16 == 15:
            out.append('  %%t%d, %%ct%d = Transpose(%s, %%p) name("t%d") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)' % (i, i, prev, i))
            out.append('  %%q%d, %%cq%d = Reshape(%%t%d, %%s) name("q%d") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)' % (i, i, i, i))
            prev = "%%q%d" % i
            nodes += 2
        i += 1
    out.append("}")
    return "\n".join(out) + "\n", nodes


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--amanda-opt", default=os.environ.get("AMANDA_OPT", os.path.join(here, "..", "target", "release", "amanda-opt")))
    ap.add_argument("sizes", nargs="+", type=int)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        for n in args.sizes:
            text, nodes = graph(n)
            path = os.path.join(d, "g%d.mlir" % n)
            with open(path, "w") as f:
                f.write(text)
            t0 = time.perf_counter()
            subprocess.run([args.amanda_opt, path, "-o", os.devnull], check=True)
            parse = time.perf_counter() - t0
            t0 = time.perf_counter()
            subprocess.run([args.amanda_opt, path, "--convert-tf-to-torch", "-o", os.devnull], check=True)
            total = time.perf_counter() - t0
            conv = total - parse
            print("%9d nodes  %8.3f s total  %8.3f s conversion  %7.2f us/node" % (nodes, total, conv, conv / nodes * 1e6))


if __name__ == "__main__":
    main()
