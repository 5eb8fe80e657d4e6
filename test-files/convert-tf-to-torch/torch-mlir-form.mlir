// convert-tf-to-torch prints its output in torch-mlir's custom syntax, as torch_mlir.fx
// writes it (value names of torch-mlir's printer: %int1, %true, %none, ...), and it reads
// back. The CHECK lines are torch-mlir-opt's output for this conversion. With torch-mlir-opt
// available, the --canonical output of every conversion test equals torch-mlir-opt's
// printing of the same result, byte for byte.
// RUN: %amanda_opt %s --convert-tf-to-torch --canonical | FileCheck %s
// RUN: %amanda_opt %s --convert-tf-to-torch | %amanda_opt --canonical | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt | FileCheck %s %}
// RUN: %if torch-mlir-opt %{ bash %S/Inputs/agree-with-torch-mlir.sh %amanda_opt %torch_mlir_opt %t %S/activations.mlir %S/boundary.mlir %S/conv-layout.mlir %S/conv-nchw-depthwise.mlir %S/elementwise.mlir %S/library.mlir %S/mlp.mlir %S/pool-batchnorm.mlir %S/reductions.mlir %S/shapes.mlir %S/split-tile-arg.mlir %S/strided-slice.mlir %S/tfg-func.mlir %s %}

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %w, %ctl_0 = Const name("w") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> (tensor<3x2xf32>)
  %b, %ctl_1 = Const name("b") {dtype = f32, value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %mm, %ctl_2 = MatMul(%x, %w) name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<2x3xf32>, tensor<3x2xf32>) -> (tensor<2x2xf32>)
  %ba, %ctl_3 = BiasAdd(%mm, %b) name("ba") {T = f32, data_format = "NHWC"} : (tensor<2x2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>)
  %r6, %ctl_4 = Relu6(%ba) name("r6") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
  %sm, %ctl_5 = Softmax(%r6) name("sm") {T = f32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>)
}

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,2],f32> {
// CHECK-NEXT:    %[[W:[0-9]+]] = torch.vtensor.literal(dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>) : !torch.vtensor<[3,2],f32>
// CHECK-NEXT:    %[[MM:[0-9]+]] = torch.aten.mm %arg0, %[[W]] : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3,2],f32> -> !torch.vtensor<[2,2],f32>
// CHECK-NEXT:    %[[B:[0-9]+]] = torch.vtensor.literal(dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
// CHECK-NEXT:    %int1 = torch.constant.int 1
// CHECK-NEXT:    %[[BA:[0-9]+]] = torch.aten.add.Tensor %[[MM]], %[[B]], %int1 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2],f32>, !torch.int -> !torch.vtensor<[2,2],f32>
// CHECK-NEXT:    %float0.000000e00 = torch.constant.float 0.000000e+00
// CHECK-NEXT:    %float6.000000e00 = torch.constant.float 6.000000e+00
// CHECK-NEXT:    %[[R6:[0-9]+]] = torch.aten.clamp %[[BA]], %float0.000000e00, %float6.000000e00 : !torch.vtensor<[2,2],f32>, !torch.float, !torch.float -> !torch.vtensor<[2,2],f32>
// CHECK-NEXT:    %false = torch.constant.bool false
// CHECK-NEXT:    %[[SM:[0-9]+]] = torch.aten._softmax %[[R6]], %int1, %false : !torch.vtensor<[2,2],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2,2],f32>
// CHECK-NEXT:    return %[[SM]] : !torch.vtensor<[2,2],f32>
// CHECK-NEXT:  }
