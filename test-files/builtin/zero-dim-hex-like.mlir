// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// A zero dimension before an element type starting with a hex digit, `tensor<0xf32>`
// (the lexer must not read `0xf32` as a hex integer, as mlir-opt does not).

// CHECK:     module {
// CHECK-NEXT:  "foo.o"() {a = tensor<0xf32>, b = tensor<2x0xf16>, c = dense<> : tensor<0xf32>, e = memref<0xf64>, f = tensor<0xbf16>} : () -> ()
// CHECK-NEXT:}

"foo.o"() {a = tensor<0xf32>, b = tensor<2x0xf16>, c = dense<> : tensor<0xf32>, e = memref<0xf64>, f = tensor<0xbf16>} : () -> ()
