// RUN: amanda-opt %s -split-input-file --convert-torch-to-tf --mlir-print-debuginfo | FileCheck %s
// RUN: amanda-opt %s -split-input-file --convert-torch-to-tf | amanda-opt - -split-input-file --pass=verify-namespace > /dev/null
// One case per rule of passes/convert-torch-to-tf.yaml, on graphs in the Amanda design's
// PyTorch form (a graph op declaring its namespace, torch-mlir op names, arguments given
// as attributes): each TorchScript op becomes its TensorFlow node, named after the value
// it defined, results as builtin tensors; inputs that stay TorchScript values are used as
// they are. When nothing of PyTorch is left, the graph declares the TensorFlow namespace.

// Rule: matmul_transposed (the design's subgraph: t feeding matmul's second input)
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[4,3],f32>):
// CHECK-NEXT: %[[V0_Y:[^ ,]+]], %[[V0_CTL:[^ ,]+]] = tfg.BatchMatMulV2(%x, %w) name("y") {T = f32, adj_y = true} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[4,3],f32>) -> (tensor<2x4xf32>) loc(fused["wt", "y"])
// CHECK-NEXT: "test.return"(%[[V0_Y]]) : (tensor<2x4xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[4,3],f32>):
  %wt = "torch.aten.t"(%w) : (!torch.vtensor<[4,3],f32>) -> !torch.vtensor<[3,4],f32>
  %y = "torch.aten.matmul"(%x, %wt) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[2,4],f32>
  "test.return"(%y) : (!torch.vtensor<[2,4],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: matmul
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[3,4],f32>):
// CHECK-NEXT: %[[V1_Y:[^ ,]+]], %[[V1_CTL:[^ ,]+]] = tfg.BatchMatMulV2(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3,4],f32>) -> (tensor<2x4xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V1_Y]]) : (tensor<2x4xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[3,4],f32>):
  %y = "torch.aten.matmul"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[2,4],f32>
  "test.return"(%y) : (!torch.vtensor<[2,4],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: t (2-D only: t of a vector is itself)
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V2_Y2FCONST:[^ ,]+]], %[[V2_CTL:[^ ,]+]] = tfg.Const name("y/Const") {dtype = i32, value = dense<[1, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>) loc(fused["y"])
// CHECK-NEXT: %[[V2_Y:[^ ,]+]], %[[V2_CTL_0:[^ ,]+]] = tfg.Transpose(%x, %[[V2_Y2FCONST]]) name("y") {T = f32, Tperm = i32} : (!torch.vtensor<[2,3],f32>, tensor<2xi32>) -> (tensor<3x2xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V2_Y]]) : (tensor<3x2xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.t"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32>
  "test.return"(%y) : (!torch.vtensor<[3,2],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: transpose
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3,5],f32>):
// CHECK-NEXT: %[[V3_Y2FCONST:[^ ,]+]], %[[V3_CTL:[^ ,]+]] = tfg.Const name("y/Const") {dtype = i32, value = dense<[2, 1, 0]> : tensor<3xi32>} : () -> (tensor<3xi32>) loc(fused["y"])
// CHECK-NEXT: %[[V3_Y:[^ ,]+]], %[[V3_CTL_0:[^ ,]+]] = tfg.Transpose(%x, %[[V3_Y2FCONST]]) name("y") {T = f32, Tperm = i32} : (!torch.vtensor<[2,3,5],f32>, tensor<3xi32>) -> (tensor<5x3x2xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V3_Y]]) : (tensor<5x3x2xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3,5],f32>):
  %y = "torch.aten.transpose.int"(%x) {dim0 = -1 : i64, dim1 = 0 : i64} : (!torch.vtensor<[2,3,5],f32>) -> !torch.vtensor<[5,3,2],f32>
  "test.return"(%y) : (!torch.vtensor<[5,3,2],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: softmax (last dimension only: dim = 0 stays)
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V4_Y:[^ ,]+]], %[[V4_CTL:[^ ,]+]] = tfg.Softmax(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: %[[V4_Z:[^ ,]+]] = "torch.aten.softmax.int"(%x) {dim = 0 : i64} : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT: "test.return"(%[[V4_Y]], %[[V4_Z]]) : (tensor<2x3xf32>, !torch.vtensor<[2,3],f32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = ["amanda/pytorch/2.15", "amanda/tensorflow/2.21"]} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.softmax.int"(%x) {dim = 1 : i64} : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  %z = "torch.aten.softmax.int"(%x) {dim = 0 : i64} : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y, %z) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: relu
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V5_Y:[^ ,]+]], %[[V5_CTL:[^ ,]+]] = tfg.Relu(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V5_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.relu"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: sigmoid
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V6_Y:[^ ,]+]], %[[V6_CTL:[^ ,]+]] = tfg.Sigmoid(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V6_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.sigmoid"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: tanh
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V7_Y:[^ ,]+]], %[[V7_CTL:[^ ,]+]] = tfg.Tanh(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V7_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.tanh"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: neg
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V8_Y:[^ ,]+]], %[[V8_CTL:[^ ,]+]] = tfg.Neg(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V8_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.neg"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: exp
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V9_Y:[^ ,]+]], %[[V9_CTL:[^ ,]+]] = tfg.Exp(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V9_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.exp"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: log
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V10_Y:[^ ,]+]], %[[V10_CTL:[^ ,]+]] = tfg.Log(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V10_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.log"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: sqrt
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V11_Y:[^ ,]+]], %[[V11_CTL:[^ ,]+]] = tfg.Sqrt(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V11_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.sqrt"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: rsqrt
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V12_Y:[^ ,]+]], %[[V12_CTL:[^ ,]+]] = tfg.Rsqrt(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V12_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.rsqrt"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: abs
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V13_Y:[^ ,]+]], %[[V13_CTL:[^ ,]+]] = tfg.Abs(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V13_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.abs"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: erf
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V14_Y:[^ ,]+]], %[[V14_CTL:[^ ,]+]] = tfg.Erf(%x) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V14_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.erf"(%x) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: add (alpha = 1 only)
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V15_Y:[^ ,]+]], %[[V15_CTL:[^ ,]+]] = tfg.AddV2(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: %[[V15_Z:[^ ,]+]] = "torch.aten.add.Tensor"(%x, %w) {alpha = 2 : i64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT: "test.return"(%[[V15_Y]], %[[V15_Z]]) : (tensor<2x3xf32>, !torch.vtensor<[2,3],f32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = ["amanda/pytorch/2.15", "amanda/tensorflow/2.21"]} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.add.Tensor"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  %z = "torch.aten.add.Tensor"(%x, %w) {alpha = 2 : i64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y, %z) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: sub (alpha = 1 only)
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V16_Y:[^ ,]+]], %[[V16_CTL:[^ ,]+]] = tfg.Sub(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: %[[V16_Z:[^ ,]+]] = "torch.aten.sub.Tensor"(%x, %w) {alpha = 2 : i64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT: "test.return"(%[[V16_Y]], %[[V16_Z]]) : (tensor<2x3xf32>, !torch.vtensor<[2,3],f32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = ["amanda/pytorch/2.15", "amanda/tensorflow/2.21"]} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.sub.Tensor"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  %z = "torch.aten.sub.Tensor"(%x, %w) {alpha = 2 : i64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y, %z) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: mul
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V17_Y:[^ ,]+]], %[[V17_CTL:[^ ,]+]] = tfg.Mul(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V17_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.mul.Tensor"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: div
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V18_Y:[^ ,]+]], %[[V18_CTL:[^ ,]+]] = tfg.RealDiv(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V18_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.div.Tensor"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: maximum
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V19_Y:[^ ,]+]], %[[V19_CTL:[^ ,]+]] = tfg.Maximum(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V19_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.maximum"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: minimum
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V20_Y:[^ ,]+]], %[[V20_CTL:[^ ,]+]] = tfg.Minimum(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V20_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.minimum"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

// -----

// Rule: pow
// CHECK-LABEL: "test.graph"() ({
// CHECK: ^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
// CHECK-NEXT: %[[V21_Y:[^ ,]+]], %[[V21_CTL:[^ ,]+]] = tfg.Pow(%x, %w) name("y") {T = f32} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> (tensor<2x3xf32>) loc(fused["y"])
// CHECK-NEXT: "test.return"(%[[V21_Y]]) : (tensor<2x3xf32>) -> ()
// CHECK-NEXT: }) {amanda.namespace = "amanda/tensorflow/2.21"} : () -> ()
"test.graph"() ({
^bb0(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[2,3],f32>):
  %y = "torch.aten.pow.Tensor_Tensor"(%x, %w) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  "test.return"(%y) : (!torch.vtensor<[2,3],f32>) -> ()
}) {amanda.namespace = "amanda/pytorch/2.15"} : () -> ()

