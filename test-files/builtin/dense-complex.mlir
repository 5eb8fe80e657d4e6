// RUN: %roundtrip %s

// Complex `dense<(re, im)>` literals, scalar and in lists. (Their --canonical spelling,
// without a space after the comma: dense-complex-canonical.mlir.)

"foo.complex"() {a = dense<(1.0, 2.0)> : tensor<complex<f32>>, b = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, c = dense<(-0.0, -0.0)> : tensor<complex<f32>>} : () -> ()
