// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// More result names than the op has results (mlir-opt: same place, same words).

// UNTOUCHED: previous output
// CHECK: result-count-mismatch.mlir:[[@LINE+1]]:1: error: operation defines 2 results but was provided 3 to bind
%0:3 = "foo.a"() : () -> (i32, i32)
