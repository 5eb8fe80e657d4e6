// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A value name defined twice in one scope.

// UNTOUCHED: previous output
%0 = "foo.a"() : () -> i32
// CHECK: redefined-value.mlir:[[@LINE+1]]:1: error: redefinition of SSA value '%0'
%0 = "foo.b"() : () -> i32
