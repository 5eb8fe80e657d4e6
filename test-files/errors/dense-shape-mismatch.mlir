// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A dense literal whose nesting does not match its type (mlir-opt: same place, same words).

// UNTOUCHED: previous output
// CHECK: dense-shape-mismatch.mlir:[[@LINE+1]]:16: error: inferred shape of elements literal ([3]) does not match type ([2])
"foo.a"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()
