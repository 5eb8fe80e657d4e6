// RUN: %amanda_opt %s --tfg-constant-folding | FileCheck %s

// Constant push-down rewrites an Add of (Sub, Const) into new ops and erases the old ones.
// In a graph region the Sub may read the Add itself (a cycle, as in a loop body without
// its Merge); the rewrite is then left alone rather than keep a use of an erased op.

// CHECK-LABEL: tfg.graph
// CHECK: %[[SUB:.*]], %{{.*}} = Sub(%[[X:.*]], %[[ADD:.*]]) name("child")
// CHECK: %[[ADD]], %{{.*}} = AddV2(%[[SUB]], %{{.*}}) name("add")
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %c, %ctl_0 = Const name("c") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %child, %ctl_1 = Sub(%x, %add) name("child") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %add, %ctl_2 = AddV2(%child, %c) name("add") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
}

// ConstantPushDownAdd and ConstantPushDownBiasAdd move a constant from an Add (BiasAdd) into
// its BiasAdd (Add) child. When the child reads the op itself (a cycle), each would push the
// constant back into the other for ever: both leave such a pair alone.

// CHECK-LABEL: tfg.graph
// CHECK: %[[ADD:.*]], %{{.*}} = AddV2(%[[BIAS:.*]], %[[K:.*]]) name("add")
// CHECK: %[[BIAS]], %{{.*}} = BiasAdd(%[[ADD]], %[[I:.*]]) name("bias")
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %i, %ctl_0 = Identity(%x) name("i") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %k, %ctl_1 = Const name("k") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %add, %ctl_2 = AddV2(%bias, %k) name("add") {T = f32} : (tensor<?x2xf32>, tensor<2xf32>) -> (tensor<?x2xf32>)
  %bias, %ctl_3 = BiasAdd(%add, %i) name("bias") {T = f32, data_format = "NHWC"} : (tensor<?x2xf32>, tensor<2xf32>) -> (tensor<?x2xf32>)
}
