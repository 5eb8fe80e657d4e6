// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Nested `dense<[...]>` literals of rank 1 to 3, of integers (also hex, negative), floats
// and booleans. A literal whose elements are all equal prints as a splat under --canonical.

// CHECK:     module {
// CHECK-NEXT:  "foo.nested"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<{{\[\[}}[1]], {{\[\[}}2]]]> : tensor<2x1x1xi8>, e = dense<[-1, 16]> : tensor<2xi16>, f = dense<1.000000e+00> : tensor<2xf64>} : () -> ()
// CHECK-NEXT:}

"foo.nested"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, e = dense<[-1, 0x10]> : tensor<2xi16>, f = dense<[1.0, 1.0]> : tensor<2xf64>} : () -> ()
