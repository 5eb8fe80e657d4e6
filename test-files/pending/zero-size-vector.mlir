// RUN: not %amanda_opt %s 2>&1 | FileCheck %s

// PENDING: vector dimensions must be positive; mlir-opt rejects `vector<0xi32>` with
// "vector types must have positive constant sizes but got 0", amanda-opt accepts it.
// Repro: echo '"foo.o"() {a = vector<0xi32>} : () -> ()' | amanda-opt

// CHECK: zero-size-vector.mlir:[[@LINE+1]]:16: error: vector types must have positive constant sizes but got 0
"foo.o"() {a = vector<0xi32>} : () -> ()
