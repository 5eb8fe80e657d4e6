// RUN: not %amanda_opt %s 2>&1 | FileCheck %s

// Vector dimensions must be positive, as in mlir-opt.

// CHECK: zero-size-vector.mlir:[[@LINE+1]]:16: error: vector types must have positive constant sizes but got 0
"foo.o"() {a = vector<0xi32>} : () -> ()
