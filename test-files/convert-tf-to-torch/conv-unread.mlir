// Rows no window reads are cut off before a convolution or pool (aten.slice.Tensor):
// a 3x3 stride-2 VALID window over 4 rows reads 3 (InceptionV3 at 96x96), a 1x1 stride-2
// SAME window over 4 rows reads rows 0 and 2. IREE rejects the uncut input; the 5 columns
// are all read and stay.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x5x2>} : () -> (tensor<*xf32>)
  %f, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x2x4xf32>} : () -> (tensor<*xf32>)
  %c, %ctl_1 = Conv2D(%x, %f) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %p, %ctl_2 = MaxPool(%x) name("pool") {T = f32, data_format = "NHWC", ksize = [1, 1, 1, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %a, %ctl_3 = AvgPool(%x) name("avg") {T = f32, data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[1,4,5,2],f32>) -> (!torch.vtensor<[1,1,2,4],f32>, !torch.vtensor<[1,2,3,2],f32>, !torch.vtensor<[1,1,2,2],f32>)
// CHECK:      %[[X:.*]] = torch.aten.permute %arg0, %{{.*}} -> !torch.vtensor<[1,2,4,5],f32>
// CHECK:      %[[CUT:.*]] = torch.aten.slice.Tensor %[[X]], %int2, %int0, %int3, %int1 : !torch.vtensor<[1,2,4,5],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[1,2,3,5],f32>
// CHECK:      torch.aten.convolution %[[CUT]], {{.*}} -> !torch.vtensor<[1,4,1,2],f32>
// CHECK:      %[[CUT2:.*]] = torch.aten.slice.Tensor %[[X]], %int2, %int0, %int3, %int1 : {{.*}} -> !torch.vtensor<[1,2,3,5],f32>
// CHECK:      torch.aten.max_pool2d %[[CUT2]], {{.*}} -> !torch.vtensor<[1,2,2,3],f32>
// CHECK:      %[[CUT3:.*]] = torch.aten.slice.Tensor %[[X]], %int2, %int0, %int3, %int1 : {{.*}} -> !torch.vtensor<[1,2,3,5],f32>
// CHECK:      torch.aten.avg_pool2d %[[CUT3]], {{.*}} -> !torch.vtensor<[1,2,1,2],f32>
