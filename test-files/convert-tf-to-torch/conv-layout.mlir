// NHWC convolutions become aten.convolution in NCHW. The input is permuted to NCHW once,
// the value stays NCHW through Conv2D, Relu, BiasAdd and the second Conv2D, and is permuted
// back once where it is returned. SAME padding that is uneven (input 6, kernel 3, stride 2:
// 0 before, 1 after) is an explicit aten.constant_pad_nd before the convolution, as in
// TensorFlow; the 1x1 VALID convolution keeps its dilation. Constant filters HWIO are
// rearranged to OIHW literals here, with no permute.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | grep -c '"torch.aten.permute"' | FileCheck %s --check-prefix=PERMUTES
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x6x6x2>} : () -> (tensor<*xf32>)
  %f1, %ctl_0 = Const name("f1") {dtype = f32, value = dense<0.5> : tensor<3x3x2x4xf32>} : () -> (tensor<*xf32>)
  %f2, %ctl_1 = Const name("f2") {dtype = f32, value = dense<[[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]]> : tensor<1x1x4x3xf32>} : () -> (tensor<*xf32>)
  %b, %ctl_2 = Const name("b") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %c1, %ctl_3 = Conv2D(%x, %f1) name("c1") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %r, %ctl_4 = Relu(%c1) name("r") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %c2, %ctl_5 = Conv2D(%r, %f2) name("c2") {T = f32, data_format = "NHWC", dilations = [1, 2, 2, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ba, %ctl_6 = BiasAdd(%c2, %b) name("ba") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// Two permutes in all: the input and the result.
// PERMUTES: {{^}}2{{$}}

// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[1,6,6,2],f32>):
// CHECK-DAG: %[[I0:.*]] = "torch.constant.int"() <{value = 0 : i64}>
// CHECK-DAG: %[[I1:.*]] = "torch.constant.int"() <{value = 1 : i64}>
// CHECK-DAG: %[[I2:.*]] = "torch.constant.int"() <{value = 2 : i64}>
// CHECK-DAG: %[[I3:.*]] = "torch.constant.int"() <{value = 3 : i64}>
// CHECK: %[[TONCHW:.*]] = "torch.prim.ListConstruct"(%[[I0]], %[[I3]], %[[I1]], %[[I2]])
// CHECK: %[[XP:.*]] = "torch.aten.permute"(%[[X]], %[[TONCHW]]) : (!torch.vtensor<[1,6,6,2],f32>, !torch.list<int>) -> !torch.vtensor<[1,2,6,6],f32>
// CHECK: %[[W1:.*]] = "torch.vtensor.literal"() <{value = dense<5.000000e-01> : tensor<4x2x3x3xf32>}> : () -> !torch.vtensor<[4,2,3,3],f32>
// The uneven SAME padding: W gets [0, 1], H gets [0, 1] (torch lists the last dim first).
// CHECK: %[[PADS:.*]] = "torch.prim.ListConstruct"(%[[I0]], %[[I1]], %[[I0]], %[[I1]])
// CHECK: %[[ZERO:.*]] = "torch.constant.float"() <{value = 0.0e0 : f64}> : () -> !torch.float
// CHECK: %[[XPAD:.*]] = "torch.aten.constant_pad_nd"(%[[XP]], %[[PADS]], %[[ZERO]]) : (!torch.vtensor<[1,2,6,6],f32>, !torch.list<int>, !torch.float) -> !torch.vtensor<[1,2,7,7],f32>
// CHECK: %[[NONE:.*]] = "torch.constant.none"() : () -> !torch.none
// CHECK: %[[S2:.*]] = "torch.prim.ListConstruct"(%[[I2]], %[[I2]])
// CHECK: %[[NOPAD:.*]] = "torch.prim.ListConstruct"(%[[I0]], %[[I0]])
// CHECK: %[[D1:.*]] = "torch.prim.ListConstruct"(%[[I1]], %[[I1]])
// CHECK: %[[FALSE:.*]] = "torch.constant.bool"() <{value = false}> : () -> !torch.bool
// CHECK: %[[OUTPAD:.*]] = "torch.prim.ListConstruct"(%[[I0]], %[[I0]])
// CHECK: %[[C1:.*]] = "torch.aten.convolution"(%[[XPAD]], %[[W1]], %[[NONE]], %[[S2]], %[[NOPAD]], %[[D1]], %[[FALSE]], %[[OUTPAD]], %[[I1]]) : (!torch.vtensor<[1,2,7,7],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int) -> !torch.vtensor<[1,4,3,3],f32>
// CHECK: %[[R:.*]] = "torch.aten.relu"(%[[C1]]) : (!torch.vtensor<[1,4,3,3],f32>) -> !torch.vtensor<[1,4,3,3],f32>
// Filter element [0,0,i,o] = 3i+o lands at [o,i,0,0].
// CHECK: %[[W2:.*]] = "torch.vtensor.literal"() <{value = dense<{{\[\[\[\[}}0.000000e+00]], {{\[\[}}3.000000e+00]], {{\[\[}}6.000000e+00]], {{\[\[}}9.000000e+00]]], {{\[\[\[}}1.000000e+00]], {{.*}}]]]> : tensor<3x4x1x1xf32>}> : () -> !torch.vtensor<[3,4,1,1],f32>
// CHECK: %[[S1:.*]] = "torch.prim.ListConstruct"(%[[I1]], %[[I1]])
// CHECK: %[[NOPAD2:.*]] = "torch.prim.ListConstruct"(%[[I0]], %[[I0]])
// CHECK: %[[D2:.*]] = "torch.prim.ListConstruct"(%[[I2]], %[[I2]])
// The BiasAdd is the convolution's bias (torch-fold-conv-affine): no add after it.
// CHECK: %[[B:.*]] = "torch.vtensor.literal"() <{value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>}> : () -> !torch.vtensor<[3],f32>
// CHECK: %[[C2:.*]] = "torch.aten.convolution"(%[[R]], %[[W2]], %[[B]], %[[S1]], %[[NOPAD2]], %[[D2]], %[[FALSE]], %{{.*}}, %[[I1]]) : {{.*}} -> !torch.vtensor<[1,3,3,3],f32>
// CHECK-NOT: "torch.aten.add.Tensor"
// Back to NHWC once, at the boundary.
// CHECK: %[[TONHWC:.*]] = "torch.prim.ListConstruct"(%[[I0]], %[[I2]], %[[I3]], %[[I1]])
// CHECK: %[[OUT:.*]] = "torch.aten.permute"(%[[C2]], %[[TONHWC]]) : (!torch.vtensor<[1,3,3,3],f32>, !torch.list<int>) -> !torch.vtensor<[1,3,3,3],f32>
// CHECK-NEXT: "func.return"(%[[OUT]])
