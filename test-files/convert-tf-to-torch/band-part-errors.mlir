// MatrixBandPart errors name the node, exit 1 and write nothing: a bound fed at run time,
// a bound that is not a scalar, an input of rank below 2.
// RUN: rm -f %t.out
// RUN: not %amanda_opt %s --split-input-file --convert-tf-to-torch -o %t.out 2>&1 | FileCheck %s
// RUN: not ls %t.out

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<*xf32>)
  %k, %ctl_0 = Placeholder name("k") {dtype = i64, shape = #tf_type.shape<>} : () -> (tensor<*xi64>)
  %z, %ctl_1 = Const name("z") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<*xi64>)
  %b, %ctl_2 = MatrixBandPart(%x, %k, %z) name("band") {T = f32, Tindex = i64} : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>) -> (tensor<*xf32>)
}
// CHECK: band-part-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: MatrixBandPart 'band': input 1 (num_lower) must be a constant integer tensor

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4x4>} : () -> (tensor<*xf32>)
  %v, %ctl_0 = Const name("v") {dtype = i64, value = dense<[0, 1]> : tensor<2xi64>} : () -> (tensor<*xi64>)
  %z, %ctl_1 = Const name("z") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<*xi64>)
  %b, %ctl_2 = MatrixBandPart(%x, %z, %v) name("band2") {T = f32, Tindex = i64} : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>) -> (tensor<*xf32>)
}
// CHECK: band-part-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: MatrixBandPart 'band2': num_upper must be a scalar

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %z, %ctl_0 = Const name("z") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<*xi64>)
  %b, %ctl_1 = MatrixBandPart(%x, %z, %z) name("band3") {T = f32, Tindex = i64} : (tensor<*xf32>, tensor<*xi64>, tensor<*xi64>) -> (tensor<*xf32>)
}
// CHECK: band-part-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: MatrixBandPart 'band3': the input has rank 1; MatrixBandPart needs a rank of at least 2
