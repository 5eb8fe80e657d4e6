// ReverseV2 with an axis out of range: an error naming the node, exit 1.
// RUN: not %amanda_opt %s --convert-tf-to-torch 2>&1 | FileCheck %s

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<*xf32>)
  %ax, %ctl_0 = Const name("ax") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<*xi32>)
  %r, %ctl_1 = ReverseV2(%x, %ax) name("rev") {T = f32, Tidx = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
}
// CHECK: reverse-errors.mlir:[[# @LINE-2]]:3: error: convert-tf-to-torch: ReverseV2 'rev': axis 2 is out of range for rank 2
