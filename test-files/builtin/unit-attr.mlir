// RUN: %amanda_opt %s | FileCheck %s
// RUN: %idempotent %s

// A unit attribute written `key = unit` prints as the bare key, as mlir-opt prints it.

// CHECK: "foo.unit"() {a, b, c = [unit]} : () -> ()

"foo.unit"() {a = unit, b, c = [unit]} : () -> ()
