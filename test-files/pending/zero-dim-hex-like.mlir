// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// PENDING: a zero dimension before an element type starting with a hex digit,
// `tensor<0xf32>`, fails with "expected element type": the lexer reads `0xf32` as a hex
// integer (mlir-opt splits it into `0` and `xf32`). Repro: amanda-opt on this file.

// CHECK:     module {
// CHECK-NEXT:  "foo.o"() {a = tensor<0xf32>, b = tensor<2x0xf16>, c = dense<> : tensor<0xf32>, e = memref<0xf64>, f = tensor<0xbf16>} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = tensor<0xf32>, b = tensor<2x0xf16>, c = dense<> : tensor<0xf32>, e = memref<0xf64>, f = tensor<0xbf16>} : () -> ()
