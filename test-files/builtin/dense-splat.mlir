// RUN: %roundtrip %s
// RUN: %amanda_opt --canonical %s | FileCheck %s

// Splat `dense<v>` attributes: integers, floats (also a hex bit pattern and -0.0), i1,
// rank 0 and vector types. Literals keep their spelling; --canonical prints them as mlir-opt.

// CHECK:     module {
// CHECK-NEXT:  "foo.splat"() {a = dense<1> : tensor<4xi32>, b = dense<1.500000e+00> : tensor<2x3xf32>, c = dense<true> : tensor<2xi1>, d = dense<-0.000000e+00> : tensor<f16>, e = dense<5.000000e-01> : vector<4xf16>, f = dense<7> : tensor<i64>, g = dense<0x7FC00000> : tensor<2xf32>} : () -> ()
// CHECK-NEXT:}

"foo.splat"() {a = dense<1> : tensor<4xi32>, b = dense<1.5> : tensor<2x3xf32>, c = dense<true> : tensor<2xi1>, d = dense<-0.0> : tensor<f16>, e = dense<0.5> : vector<4xf16>, f = dense<7> : tensor<i64>, g = dense<0x7FC00000> : tensor<2xf32>} : () -> ()
