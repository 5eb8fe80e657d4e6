// A user adds ops the built-in table has no rule for with a few lines of YAML:
// convert-tf-to-torch{rules=FILE} asks FILE's rules before the built-in table's
// (Inputs/rules/more-ops.yaml: Expm1, Atan and Atan2 one-to-one, LeakyRelu with its alpha
// mapped to negative_slope). `layout: any` keeps the convolution's NCHW result as it is:
// no permute between the convolution and the ops after it, one at the end.
// RUN: %amanda_opt %s --print-op-generic --pass='convert-tf-to-torch{rules=%S/Inputs/rules/more-ops.yaml}' | FileCheck %s
// RUN: %amanda_opt %s --pass='convert-tf-to-torch{rules=%S/Inputs/rules/more-ops.yaml}' --pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --pass='convert-tf-to-torch{rules=%S/Inputs/rules/more-ops.yaml}' | %torch_mlir_opt > /dev/null %}
// Without the file the built-in table has no rule for them.
// RUN: not %amanda_opt %s --convert-tf-to-torch 2>&1 | FileCheck %s --check-prefix=MISSING
// A file that is not TensorFlow-to-torch rules, a malformed rule, a missing file.
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{rules=%S/Inputs/rules/wrong-direction.yaml}' 2>&1 | FileCheck %s --check-prefix=DIRECTION
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{rules=%S/Inputs/rules/bad-layout.yaml}' -o %t.out 2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: not ls %t.out
// RUN: not %amanda_opt %s --pass='convert-tf-to-torch{rules=%S/Inputs/rules/none.yaml}' 2>&1 | FileCheck %s --check-prefix=NOFILE

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x4x2>} : () -> (tensor<*xf32>)
  %w, %ctl_0 = Const name("w") {dtype = f32, value = dense<0.25> : tensor<1x1x2x3xf32>} : () -> (tensor<*xf32>)
  %c, %ctl_1 = Conv2D(%x, %w) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %e, %ctl_2 = Expm1(%c) name("expm1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %l, %ctl_3 = LeakyRelu(%e) name("leaky") {T = f32, alpha = 1.000000e-01 : f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %a, %ctl_4 = Atan(%l) name("atan") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %t, %ctl_5 = Atan2(%a, %c) name("atan2") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK: %[[CONV:.*]] = "torch.aten.convolution"
// CHECK-NOT: torch.aten.permute
// CHECK: %[[E:.*]] = "torch.aten.expm1"(%[[CONV]]) : (!torch.vtensor<[1,3,4,4],f32>) -> !torch.vtensor<[1,3,4,4],f32>
// CHECK-NOT: torch.aten.permute
// CHECK: %[[SLOPE:.*]] = "torch.constant.float"() <{value = 1.0e-1 : f64}>
// CHECK: %[[L:.*]] = "torch.aten.leaky_relu"(%[[E]], %[[SLOPE]])
// CHECK: %[[A:.*]] = "torch.aten.atan"(%[[L]])
// CHECK: %[[T:.*]] = "torch.aten.atan2"(%[[A]], %[[CONV]])
// CHECK: "torch.aten.permute"(%[[T]],
// CHECK-SAME: -> !torch.vtensor<[1,4,4,3],f32>
// STATS-DAG: 1 rule:Expm1
// STATS-DAG: 1 rule:LeakyReluFromTable
// STATS-DAG: 1 rule:Atan2

// MISSING: error: convert-tf-to-torch: 3 nodes of 3 op types have no torch lowering: Expm1 (1: expm1); Atan (1: atan); Atan2 (1: atan2)
// DIRECTION: rules={{.*}}wrong-direction.yaml: a table of rules for this pass converts amanda/tensorflow to amanda/pytorch, not amanda/pytorch/2.15 to amanda/tensorflow/2.21
// LAYOUT: bad-layout.yaml:8:40: error: 'layout' must be 'any' (an elementwise op: operands in any one layout) or 'tensorflow'
// NOFILE: rules={{.*}}none.yaml: No such file or directory
