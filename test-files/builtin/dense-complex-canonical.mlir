// RUN: %amanda_opt --canonical %s | FileCheck %s

// Complex dense elements print as mlir-opt and TensorFlow print them: no space after the comma.

// CHECK:     module {
// CHECK-NEXT:  "foo.complex"() {a = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, b = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, c = dense<(-0.000000e+00,-0.000000e+00)> : tensor<complex<f32>>} : () -> ()
// CHECK-NEXT:}

"foo.complex"() {a = dense<(1.0, 2.0)> : tensor<complex<f32>>, b = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, c = dense<(-0.0, -0.0)> : tensor<complex<f32>>} : () -> ()
