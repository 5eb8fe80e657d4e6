// Errors name the nodes, exit 1, and write nothing.
// RUN: rm -f %t.out
// RUN: not %amanda_opt %s --split-input-file --convert-tf-to-torch -o %t.out 2>&1 | FileCheck %s
// RUN: not ls %t.out

// Every unconvertible node in one error: each op type with its count and node names.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %ax, %ctl_0 = Const name("ax") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<*xi32>)
  %c1, %ctl_1 = Cumsum(%x, %ax) name("cs1") {T = f32, Tidx = i32, exclusive = false, reverse = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %r, %ctl_2 = Relu(%c1) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %c2, %ctl_3 = Cumsum(%r, %ax) name("cs2") {T = f32, Tidx = i32, exclusive = false, reverse = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %e, %ctl_4 = Expm1(%c2) name("em1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: errors.mlir:[[# @LINE-5]]:3: error: convert-tf-to-torch: 3 nodes of 2 op types have no torch lowering: Cumsum (2: cs1, cs2); Expm1 (1: em1)

// -----

// A feed with an unknown dim other than the batch (dim 0, which may stay unknown).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<?x?x4>} : () -> (tensor<*xf32>)
  %r, %ctl_0 = Relu(%x) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: the function is built for static shapes but for an unknown batch (dim 0), and 1 feed has another unknown dim: 'x' is [?,?,4]; pin them with the option input-shapes=x:1x1x4

// -----

// A control edge from a stateful node cannot be kept with value semantics.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %s, %ctl_0 = Const name("shape") {dtype = i32, value = dense<4> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %rnd, %ctl_1 = RandomUniform(%s) name("rng") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<*xi32>) -> (tensor<*xf32>)
  %r, %ctl_2 = Relu(%x) [%ctl_1] name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %z, %ctl_3 = Identity(%rnd) name("keep") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: errors.mlir:[[# @LINE-3]]:3: error: convert-tf-to-torch: the control edge from 'rng' to 'relu' orders a stateful op

// -----

// Malformed operands are errors at the node, not crashes.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %p, %ctl_0 = Const name("p") {dtype = i32, value = dense<[1, 1]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %t, %ctl_1 = Transpose(%x, %p) name("transpose") {T = f32, Tperm = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: Transpose 'transpose': [1, 1] is not a permutation of the 2 dims

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %b, %ctl = Const name("b") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %m, %ctl_0 = MatMul(%b, %b) name("mm") {T = f32, transpose_a = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: MatMul 'mm': operand 0 has rank 0; a matrix product needs 2

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x4>} : () -> (tensor<*xf32>)
  %w, %ctl_0 = Const name("w") {dtype = f32, value = dense<1.0> : tensor<3x4xf32>} : () -> (tensor<*xf32>)
  %m, %ctl_1 = MatMul(%x, %w) name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
// CHECK: errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: MatMul 'mm': result 0 has type tensor<*xf32> without a static shape or a torch element type (input shapes: [2,4], [3,4])
