// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Hex-string `dense<"0x...">` literals (raw little-endian element bytes) stay hex when
// printed; --canonical decodes them as mlir-opt does (a splat when one element repeats).

// CHECK:     module {
// CHECK-NEXT:  "foo.hex"() {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, b = dense<[1, 2, 3, 4]> : tensor<4xi8>, c = dense<1.000000e+00> : tensor<4xf32>, d = dense<{{\[\[}}1], [0]]> : tensor<2x1xi8>} : () -> ()
// CHECK-NEXT:}

"foo.hex"() {a = dense<"0x0000803F00000040"> : tensor<2xf32>, b = dense<"0x01020304"> : tensor<4xi8>, c = dense<"0x0000803F"> : tensor<4xf32>, d = dense<"0x0100"> : tensor<2x1xi8>} : () -> ()
