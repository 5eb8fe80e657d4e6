// A value known at conversion time (here a Fill whose dims come from Shape, StridedSlice and
// Pack of a static input) gives its users its static shape, though TensorFlow's types say
// [?,?]: the AddV2 after it converts (the numeric tier's computed_shape model). A computed
// float splat is aten.full, not a literal: state made at run time, not a weight.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<3x4xf32>)
  %s, %ctl_0 = Shape(%x) name("shape") {T = f32, out_type = i32} : (tensor<3x4xf32>) -> (tensor<2xi32>)
  %b, %ctl_1 = Const name("b") {dtype = i32, value = dense<0> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %e, %ctl_2 = Const name("e") {dtype = i32, value = dense<1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %n, %ctl_3 = StridedSlice(%s, %b, %e, %e) name("n") {Index = i32, T = i32, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> (tensor<i32>)
  %four, %ctl_4 = Const name("four") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %dims, %ctl_5 = Pack(%n, %four) name("dims") {N = 2 : i64, T = i32, axis = 0 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<2xi32>)
  %half, %ctl_6 = Const name("half") {dtype = f32, value = dense<5.000000e-01> : tensor<f32>} : () -> (tensor<f32>)
  %f, %ctl_7 = Fill(%dims, %half) name("fill") {T = f32, index_type = i32} : (tensor<2xi32>, tensor<f32>) -> (tensor<?x?xf32>)
  %y, %ctl_8 = AddV2(%x, %f) name("y") {T = f32} : (tensor<3x4xf32>, tensor<?x?xf32>) -> (tensor<?x?xf32>)
}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[3,4],f32>):
// CHECK: %[[HALF:.*]] = "torch.constant.float"() <{value = 5.0e-1 : f64}> : () -> !torch.float
// CHECK: %[[F:.*]] = "torch.aten.full"(%{{.*}}, %[[HALF]], %{{.*}}) : ({{.*}}) -> !torch.vtensor<[3,4],f32>
// CHECK: "torch.aten.add.Tensor"(%[[X]], %[[F]], %{{.*}}) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int) -> !torch.vtensor<[3,4],f32>
// CHECK: "func.return"({{.*}}) : (!torch.vtensor<[3,4],f32>) -> ()
