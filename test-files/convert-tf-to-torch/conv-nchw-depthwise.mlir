// NCHW convolutions need no permute of their input or result; EXPLICIT padding is read
// from the dims data_format names (H: 2 before, 1 after; W: 1 before, 0 after: uneven, so
// padded explicitly), dilations and strides from the NCHW positions. DepthwiseConv2dNative
// reshapes its [KH,KW,C,M] filter to [KH,KW,1,C*M] before the OIHW rearrangement (done here
// for constant filters), with groups = C.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x6x6>} : () -> (tensor<*xf32>)
  %f, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x2x4xf32>} : () -> (tensor<*xf32>)
  %c, %ctl_1 = Conv2D(%x, %f) name("c") {T = f32, data_format = "NCHW", dilations = [1, 1, 2, 1], explicit_paddings = [0, 0, 0, 0, 2, 1, 1, 0], padding = "EXPLICIT", strides = [1, 1, 1, 2], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %y, %ctl_2 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x5x5x3>} : () -> (tensor<*xf32>)
  %d, %ctl_3 = Const name("d") {dtype = f32, value = dense<0.25> : tensor<3x3x3x2xf32>} : () -> (tensor<*xf32>)
  %dw, %ctl_4 = DepthwiseConv2dNative(%y, %d) name("dw") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: "func.func"() <{function_type = (!torch.vtensor<[1,2,6,6],f32>, !torch.vtensor<[1,5,5,3],f32>) -> (!torch.vtensor<[1,4,5,3],f32>, !torch.vtensor<[1,5,5,6],f32>), sym_name = "main"}>
// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[1,2,6,6],f32>, %[[Y:.*]]: !torch.vtensor<[1,5,5,3],f32>):
// CHECK-NOT: "torch.aten.permute"(%[[X]]
// CHECK: %[[W:.*]] = "torch.vtensor.literal"() <{value = dense<5.000000e-01> : tensor<4x2x3x3xf32>}> : () -> !torch.vtensor<[4,2,3,3],f32>
// CHECK: %[[XPAD:.*]] = "torch.aten.constant_pad_nd"(%[[X]], {{.*}}) : (!torch.vtensor<[1,2,6,6],f32>, !torch.list<int>, !torch.float) -> !torch.vtensor<[1,2,9,7],f32>
// CHECK: %[[C:.*]] = "torch.aten.convolution"(%[[XPAD]], %[[W]], {{.*}}) : (!torch.vtensor<[1,2,9,7],f32>, !torch.vtensor<[4,2,3,3],f32>, {{.*}}) -> !torch.vtensor<[1,4,5,3],f32>
// CHECK: %[[I3:.*]] = "torch.constant.int"() <{value = 3 : i64}>
// CHECK: %[[YP:.*]] = "torch.aten.permute"(%[[Y]], {{.*}}) -> !torch.vtensor<[1,3,5,5],f32>
// CHECK: %[[DW:.*]] = "torch.vtensor.literal"() <{value = dense<2.500000e-01> : tensor<6x1x3x3xf32>}> : () -> !torch.vtensor<[6,1,3,3],f32>
// CHECK: %[[DC:.*]] = "torch.aten.convolution"(%[[YP]], %[[DW]], {{.*}}, %[[I3]]) : {{.*}} -> !torch.vtensor<[1,6,5,5],f32>
// CHECK: %[[DOUT:.*]] = "torch.aten.permute"(%[[DC]], {{.*}}) -> !torch.vtensor<[1,5,5,6],f32>
// CHECK: "func.return"(%[[C]], %[[DOUT]])
