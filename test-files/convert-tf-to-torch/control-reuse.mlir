// One function called with values of two shapes: each inlining converts it for its own
// argument types (the Fill of its Shape is a [2,2] aten.full, then a [3] one); constants
// already emitted are reused.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x2>} : () -> (tensor<*xf32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %p:1, %ctl_3 = PartitionedCall(%x) name("call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@double, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  %q:1, %ctl_4 = PartitionedCall(%y) name("call2") {Tin = [f32], Tout = [f32], f = #tf_type.func<@double, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @double(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %two, %ctl = Const name("double/two") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %r, %ctl_0 = Mul(%a, %two) name("double/mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %s, %ctl_1 = Shape(%r) name("double/shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %f, %ctl_2 = Fill(%s, %two) name("double/fill") {T = f32, index_type = i32} : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
  %t, %ctl_3 = AddV2(%r, %f) name("double/add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%t) : tensor<*xf32>
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,2],f32>, %arg1: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[3],f32>)
// CHECK-NEXT: %[[TWO:.*]] = torch.vtensor.literal(dense<2.0> : tensor<f32>)
// CHECK-NEXT: %[[M1:.*]] = torch.aten.mul.Tensor %arg0, %[[TWO]] : !torch.vtensor<[2,2],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[2,2],f32>
// CHECK:      %[[F1:.*]] = torch.aten.full %{{.*}}, %[[V:.*]], %int6, %none, %none, %none : {{.*}} -> !torch.vtensor<[2,2],f32>
// CHECK-NEXT: %[[ONE:.*]] = torch.constant.int 1
// CHECK-NEXT: %[[A1:.*]] = torch.aten.add.Tensor %[[M1]], %[[F1]], %[[ONE]]
// CHECK-NEXT: %[[M2:.*]] = torch.aten.mul.Tensor %arg1, %[[TWO]] : !torch.vtensor<[3],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[3],f32>
// CHECK:      %[[F2:.*]] = torch.aten.full %{{.*}}, %[[V]], %int6, %none, %none, %none : {{.*}} -> !torch.vtensor<[3],f32>
// CHECK-NEXT: %[[A2:.*]] = torch.aten.add.Tensor %[[M2]], %[[F2]], %[[ONE]]
// CHECK-NEXT: return %[[A1]], %[[A2]]
