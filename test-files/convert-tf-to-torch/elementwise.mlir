// Elementwise arithmetic, comparison, Select/SelectV2 and Cast with NumPy broadcasting:
// the result shape is the broadcast shape, the element type TensorFlow's (i1 for
// comparisons); add/sub get their alpha operand; int32 becomes si32 and Cast is
// aten.to.dtype with TorchScript's ScalarType number (float32 = 6, int32 = 3).
// Select with a vector condition picks rows: the condition is reshaped to [N,1]. Constants
// are emitted where they are first used as tensors.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %b, %ctl_0 = Placeholder name("b") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %i, %ctl_1 = Placeholder name("i") {dtype = i32, shape = #tf_type.shape<2x1>} : () -> (tensor<*xi32>)
  %sub, %ctl_2 = Sub(%a, %b) name("sub") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %div, %ctl_3 = RealDiv(%sub, %a) name("div") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %max, %ctl_4 = Maximum(%div, %b) name("max") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %sq, %ctl_5 = SquaredDifference(%max, %a) name("sqd") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %lt, %ctl_6 = Less(%sq, %b) name("lt") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xi1>)
  %sel, %ctl_7 = SelectV2(%lt, %sq, %b) name("sel") {T = f32} : (tensor<*xi1>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %rs, %ctl_8 = Rsqrt(%sel) name("rsqrt") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %ci, %ctl_9 = Cast(%i) name("cast") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
  %mul, %ctl_10 = Mul(%rs, %ci) name("mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %c, %ctl_11 = Const name("rows") {dtype = i1, value = dense<[true, false]> : tensor<2xi1>} : () -> (tensor<*xi1>)
  %s1, %ctl_12 = Select(%c, %mul, %a) name("select") {T = f32} : (tensor<*xi1>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %k, %ctl_13 = Const name("k") {dtype = i32, value = dense<[7, -8, 9]> : tensor<3xi32>} : () -> (tensor<*xi32>)
  %ik, %ctl_14 = Cast(%k) name("back") {DstT = f32, SrcT = i32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
  %out, %ctl_15 = AddV2(%s1, %ik) name("out") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: ^bb0(%[[A:.*]]: !torch.vtensor<[2,3],f32>, %[[B:.*]]: !torch.vtensor<[3],f32>, %[[I:.*]]: !torch.vtensor<[2,1],si32>):
// CHECK: %[[ONE:.*]] = "torch.constant.int"() <{value = 1 : i64}>
// CHECK: %[[SUB:.*]] = "torch.aten.sub.Tensor"(%[[A]], %[[B]], %[[ONE]]) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
// CHECK: %[[DIV:.*]] = "torch.aten.div.Tensor"(%[[SUB]], %[[A]])
// CHECK: %[[MAX:.*]] = "torch.aten.maximum"(%[[DIV]], %[[B]]) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK: %[[D:.*]] = "torch.aten.sub.Tensor"(%[[MAX]], %[[A]], %[[ONE]])
// CHECK: %[[SQ:.*]] = "torch.aten.mul.Tensor"(%[[D]], %[[D]])
// CHECK: %[[LT:.*]] = "torch.aten.lt.Tensor"(%[[SQ]], %[[B]]) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],i1>
// CHECK: %[[SEL:.*]] = "torch.aten.where.self"(%[[LT]], %[[SQ]], %[[B]]) : (!torch.vtensor<[2,3],i1>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK: %[[RS:.*]] = "torch.aten.rsqrt"(%[[SEL]])
// CHECK: %[[F32:.*]] = "torch.constant.int"() <{value = 6 : i64}>
// CHECK: %[[FALSE:.*]] = "torch.constant.bool"() <{value = false}>
// CHECK: %[[NONE:.*]] = "torch.constant.none"()
// CHECK: %[[CI:.*]] = "torch.aten.to.dtype"(%[[I]], %[[F32]], %[[FALSE]], %[[FALSE]], %[[NONE]]) : (!torch.vtensor<[2,1],si32>, !torch.int, !torch.bool, !torch.bool, !torch.none) -> !torch.vtensor<[2,1],f32>
// CHECK: %[[MUL:.*]] = "torch.aten.mul.Tensor"(%[[RS]], %[[CI]]) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],f32>) -> !torch.vtensor<[2,3],f32>
// Select's rank-1 condition, reshaped to [2,1] to broadcast, is stored so.
// CHECK: %[[COND:.*]] = "torch.vtensor.literal"() <{value = dense<{{\[}}[true], [false]]> : tensor<2x1xi1>}> : () -> !torch.vtensor<[2,1],i1>
// CHECK: %[[S1:.*]] = "torch.aten.where.self"(%[[COND]], %[[MUL]], %[[A]])
// The Cast of a constant is folded during conversion:
// CHECK: %[[KF:.*]] = "torch.vtensor.literal"() <{value = dense<[7.000000e+00, -8.000000e+00, 9.000000e+00]> : tensor<3xf32>}> : () -> !torch.vtensor<[3],f32>
// CHECK: %[[OUT:.*]] = "torch.aten.add.Tensor"(%[[S1]], %[[KF]], %[[ONE]]) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
// CHECK: "func.return"(%[[OUT]])
