// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// A zero dimension before an element type whose name starts with hex digits and goes on
// (`memref<0xf8E5M2>`: `0xf8E5` is not a hex integer there, mlir-opt reads `0`, `x`,
// `f8E5M2`), also after other dimensions and before `complex<>`.

// CHECK:     module {
// CHECK-NEXT:  %0:7 = "foo.t"() : () -> (memref<0xf8E5M2>, tensor<0xf8E4M3FN>, tensor<2x0xf8E5M2>, tensor<0x0xf8E4M3FNUZ>, tensor<0xf4E2M1FN>, tensor<0x1xf32>, memref<0xcomplex<f32>>)
// CHECK-NEXT:}

%x:7 = "foo.t"() : () -> (memref<0xf8E5M2>, tensor<0xf8E4M3FN>, tensor<2x0xf8E5M2>, tensor<0x0xf8E4M3FNUZ>, tensor<0xf4E2M1FN>, tensor<0x1xf32>, memref<0xcomplex<f32>>)
