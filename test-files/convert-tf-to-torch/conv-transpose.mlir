// Conv2DBackpropInput (Keras's Conv2DTranspose): a transposed aten.convolution with the
// filter rearranged to OIHW like a forward convolution's, giving the full (4-1)*2+3 = 9 rows;
// SAME padding of the forward convolution (8 ← 4 with kernel 3, stride 2: 0 before, 1 after)
// keeps rows [0, 8). The NHWC gradient is permuted once and the result stays NCHW up to the
// boundary; the result shape comes from input_sizes.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x2>} : () -> (tensor<*xf32>)
  %sizes, %ctl_0 = Const name("sizes") {dtype = i32, value = dense<[1, 8, 8, 3]> : tensor<4xi32>} : () -> (tensor<*xi32>)
  %f, %ctl_1 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x2xf32>} : () -> (tensor<*xf32>)
  %y, %ctl_2 = Conv2DBackpropInput(%sizes, %f, %x) name("deconv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %r, %ctl_3 = Relu(%y) name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: "func.func"() <{function_type = (!torch.vtensor<[1,4,4,2],f32>) -> !torch.vtensor<[1,8,8,3],f32>
// CHECK: %[[XP:.*]] = "torch.aten.permute"(%{{.*}}) : {{.*}} -> !torch.vtensor<[1,2,4,4],f32>
// CHECK: %[[W:.*]] = "torch.vtensor.literal"() <{value = dense<5.000000e-01> : tensor<2x3x3x3xf32>}> : () -> !torch.vtensor<[2,3,3,3],f32>
// CHECK: %[[TRUE:.*]] = "torch.constant.bool"() <{value = true}>
// CHECK: %[[FULL:.*]] = "torch.aten.convolution"(%[[XP]], %[[W]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[TRUE]], %{{.*}}, %{{.*}}) : {{.*}} -> !torch.vtensor<[1,3,9,9],f32>
// CHECK: %[[H:.*]] = "torch.aten.slice.Tensor"(%[[FULL]], {{.*}}) : {{.*}} -> !torch.vtensor<[1,3,8,9],f32>
// CHECK: %[[HW:.*]] = "torch.aten.slice.Tensor"(%[[H]], {{.*}}) : {{.*}} -> !torch.vtensor<[1,3,8,8],f32>
// CHECK: %[[R:.*]] = "torch.aten.relu"(%[[HW]])
// CHECK: %[[OUT:.*]] = "torch.aten.permute"(%[[R]], %{{.*}}) : {{.*}} -> !torch.vtensor<[1,8,8,3],f32>
// CHECK: "func.return"(%[[OUT]])
