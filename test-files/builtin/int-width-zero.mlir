// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Zero-width integers are valid types (as in MLIR), with the one value 0.

// CHECK: "foo.x"() {a = 0 : i0, b = si0, c = ui0, d = dense<0> : tensor<2xi0>, e = 0 : si0} : () -> i0
%0 = "foo.x"() {a = 0 : i0, b = si0, c = ui0, d = dense<0> : tensor<2xi0>, e = 0 : si0} : () -> i0
