// RUN: %amanda_opt %s --tfg-constant-folding | FileCheck %s

// A concat is merged into the concat that reads it only when that is its one use (as
// Grappler's MergeConcat): a chain of concats each reading the one before twice stays as it
// is, instead of growing its operand lists exponentially.

// CHECK-LABEL: tfg.graph
// CHECK: %[[C1:.*]], %{{.*}} = ConcatV2(%[[P:.*]], %[[P]], %[[AXIS:.*]]) name("c1")
// CHECK: %[[C2:.*]], %{{.*}} = ConcatV2(%[[C1]], %[[C1]], %[[AXIS]]) name("c2")
// CHECK: ConcatV2(%[[C2]], %[[C2]], %[[AXIS]]) name("c3")
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %p, %ctl = Placeholder name("p") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %axis, %ctl_0 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %c1, %ctl_1 = ConcatV2(%p, %p, %axis) name("c1") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> (tensor<4xf32>)
  %c2, %ctl_2 = ConcatV2(%c1, %c1, %axis) name("c2") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> (tensor<8xf32>)
  %c3, %ctl_3 = ConcatV2(%c2, %c2, %axis) name("c3") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<8xf32>, tensor<8xf32>, tensor<i32>) -> (tensor<16xf32>)
  %out, %ctl_4 = Identity(%c3) name("out") {T = f32} : (tensor<16xf32>) -> (tensor<16xf32>)
}
