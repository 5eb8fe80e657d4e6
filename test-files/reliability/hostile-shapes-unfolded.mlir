// Issue 35: constants whose declared size is huge and that no pass may expand, where the
// result cannot stay a splat: they stay as they are.
//
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt %s --pass=tfg-constant-folding' | FileCheck %s --check-prefix=FOLD
// RUN: sh -c 'ulimit -v 2000000 && %amanda_opt %s --pass=tfg-shape-inference' | FileCheck %s --check-prefix=SHAPES

// Fill of a huge size stays unfolded (Grappler's size rule), and a shape operand of a huge
// declared length gives no type of that rank.
// FOLD-LABEL: tfg.graph
// FOLD: Fill(%d, %v) name("fill")
// SHAPES-LABEL: tfg.graph
// SHAPES: Reshape(%x, %s) name("reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<1000000000000xi32>) -> (tensor<*xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %d, %ctl = Const name("d") {dtype = i64, value = dense<[100000, 100000, 100000]> : tensor<3xi64>} : () -> (tensor<3xi64>)
  %v, %ctl_0 = Const name("v") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %f, %ctl_1 = Fill(%d, %v) name("fill") {T = f32, index_type = i64} : (tensor<3xi64>, tensor<f32>) -> (tensor<*xf32>)
  %s, %ctl_2 = Const name("s") {dtype = i32, value = dense<1> : tensor<1000000000000xi32>} : () -> (tensor<1000000000000xi32>)
  %x, %ctl_3 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %r, %ctl_4 = Reshape(%x, %s) name("reshape") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<1000000000000xi32>) -> (tensor<*xf32>)
}
