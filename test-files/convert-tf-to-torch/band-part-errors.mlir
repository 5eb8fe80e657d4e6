// MatrixBandPart whose bound is fed at run time: an error naming the node and the input, exit 1.
// RUN: not %amanda_opt %s --convert-tf-to-torch 2>&1 | FileCheck %s

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<*xf32>)
  %k, %ctl_0 = Placeholder name("k") {dtype = i64, shape = #tf_type.shape<>} : () -> (tensor<*xi64>)
  %z, %ctl_1 = Const name("z") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<*xi64>)
  %b, %ctl_2 = MatrixBandPart(%x, %k, %z) name("band") {T = f32, Tindex = i64} : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>) -> (tensor<*xf32>)
}
// CHECK: band-part-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: MatrixBandPart 'band': input 1 (num_lower) must be a constant integer tensor
