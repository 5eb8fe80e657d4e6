// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Zero-width integers are valid types (as in MLIR), with the one value 0. MLIR stores no
// bits for their dense elements and never prints them as a splat.

// CHECK: "foo.x"() {a = 0 : i0, b = si0, c = ui0, d = dense<[0, 0]> : tensor<2xi0>, e = 0 : si0} : () -> i0
// CHECK: "foo.y"() {a = dense<[0]> : tensor<1xi0>, b = dense<{{\[\[0, 0\], \[0, 0\]}}]> : tensor<2x2xi0>, c = dense<"0x"> : tensor<101xi0>, d = dense<> : tensor<0xi0>, e = dense<[0, 0, 0]> : tensor<3xi0>} : () -> ()
%0 = "foo.x"() {a = 0 : i0, b = si0, c = ui0, d = dense<0> : tensor<2xi0>, e = 0 : si0} : () -> i0
"foo.y"() {a = dense<0> : tensor<1xi0>, b = dense<0> : tensor<2x2xi0>, c = dense<0> : tensor<101xi0>, d = dense<> : tensor<0xi0>, e = dense<"0x"> : tensor<3xi0>} : () -> ()
