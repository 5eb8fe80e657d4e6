// Reductions over constant axes (negative axes counted from the end, duplicates dropped,
// sorted): Mean → aten.mean.dim, Sum → aten.sum.dim_IntList, Max → aten.amax, Min →
// aten.amin, each with keepdim and, where the schema has it, dtype = None; Prod →
// aten.prod.dim_int one dim at a time (kept), then reshaped. An integer Sum or Prod passes
// its dtype (torch accumulates integers in int64 without one; TensorFlow keeps the type).
// A global average pool of a value held as NCHW reduces the physical H and W dims in place:
// no permute back to NHWC.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x4>} : () -> (tensor<*xf32>)
  %ax1, %ctl_0 = Const name("ax1") {dtype = i32, value = dense<[-1, 0, -1]> : tensor<3xi32>} : () -> (tensor<*xi32>)
  %ax2, %ctl_1 = Const name("ax2") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<*xi32>)
  %mean, %ctl_2 = Mean(%x, %ax1) name("mean") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %sum, %ctl_3 = Sum(%x, %ax2) name("sum") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %max, %ctl_4 = Max(%x, %ax2) name("max") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %min, %ctl_5 = Min(%x, %ax1) name("min") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %prod, %ctl_6 = Prod(%x, %ax1) name("prod") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %img, %ctl_7 = Placeholder name("img") {dtype = f32, shape = #tf_type.shape<1x4x4x2>} : () -> (tensor<*xf32>)
  %f, %ctl_8 = Const name("f") {dtype = f32, value = dense<1.0> : tensor<1x1x2x3xf32>} : () -> (tensor<*xf32>)
  %conv, %ctl_9 = Conv2D(%img, %f) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %hw, %ctl_10 = Const name("hw") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<*xi32>)
  %gap, %ctl_11 = Mean(%conv, %hw) name("gap") {T = f32, Tidx = i32, keep_dims = false} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %n, %ctl_12 = Placeholder name("n") {dtype = i32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xi32>)
  %isum, %ctl_13 = Sum(%n, %ax2) name("isum") {T = i32, Tidx = i32, keep_dims = false} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %iprod, %ctl_14 = Prod(%n, %ax2) name("iprod") {T = i32, Tidx = i32, keep_dims = true} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[2,3,4],f32>, %[[IMG:.*]]: !torch.vtensor<[1,4,4,2],f32>, %[[N:.*]]: !torch.vtensor<[2,3],si32>):
// CHECK: %[[A02:.*]] = "torch.prim.ListConstruct"(%[[I0:.*]], %[[I2:.*]]) : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK: %[[FALSE:.*]] = "torch.constant.bool"() <{value = false}>
// CHECK: %[[NONE:.*]] = "torch.constant.none"()
// CHECK: "torch.aten.mean.dim"(%[[X]], %[[A02]], %[[FALSE]], %[[NONE]]) : (!torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none) -> !torch.vtensor<[3],f32>
// CHECK: %[[A1:.*]] = "torch.prim.ListConstruct"(%[[I1:.*]]) : (!torch.int) -> !torch.list<int>
// CHECK: %[[TRUE:.*]] = "torch.constant.bool"() <{value = true}>
// CHECK: "torch.aten.sum.dim_IntList"(%[[X]], %[[A1]], %[[TRUE]], %[[NONE]]) : {{.*}} -> !torch.vtensor<[2,1,4],f32>
// CHECK: "torch.aten.amax"(%[[X]], %{{.*}}, %[[FALSE]]) : (!torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool) -> !torch.vtensor<[2,4],f32>
// CHECK: "torch.aten.amin"(%[[X]], %{{.*}}, %[[TRUE]]) : {{.*}} -> !torch.vtensor<[1,3,1],f32>
// CHECK: %[[P0:.*]] = "torch.aten.prod.dim_int"(%[[X]], %[[I0]], %[[TRUE]], %[[NONE]]) : (!torch.vtensor<[2,3,4],f32>, !torch.int, !torch.bool, !torch.none) -> !torch.vtensor<[1,3,4],f32>
// CHECK: %[[P2:.*]] = "torch.aten.prod.dim_int"(%[[P0]], %[[I2]], %[[TRUE]], %[[NONE]]) : {{.*}} -> !torch.vtensor<[1,3,1],f32>
// CHECK: "torch.aten.reshape"(%[[P2]], %{{.*}}) : {{.*}} -> !torch.vtensor<[3],f32>
// CHECK: %[[CONV:.*]] = "torch.aten.convolution"({{.*}} -> !torch.vtensor<[1,3,4,4],f32>
// CHECK: %[[HW:.*]] = "torch.prim.ListConstruct"(%[[I2]], %{{.*}}) : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK: %[[GAP:.*]] = "torch.aten.mean.dim"(%[[CONV]], %[[HW]], %[[FALSE]], %[[NONE]]) : {{.*}} -> !torch.vtensor<[1,3],f32>
// CHECK-NOT: torch.aten.permute
// The dtype is int32's ScalarType number, 3 (torch names the constant %int3):
// CHECK: "torch.aten.sum.dim_IntList"(%[[N]], %{{.*}}, %[[FALSE]], %int3) : {{.*}} -> !torch.vtensor<[2],si32>
// CHECK: "torch.aten.prod.dim_int"(%[[N]], %[[I1]], %[[TRUE]], %int3) : {{.*}} -> !torch.vtensor<[2,1],si32>
// CHECK: "func.return"({{.*}}, %[[GAP]], {{.*}})
