// RUN: amanda-opt %s -split-input-file --lower-tf-to-primitive --mlir-print-debuginfo | FileCheck %s
// RUN: amanda-opt %s -split-input-file --lower-tf-to-primitive | amanda-opt - -split-input-file --pass=verify-namespace > /dev/null
// RUN: amanda-opt %s -split-input-file --lower-tf-to-primitive --name-map %t.json > /dev/null
// RUN: FileCheck %s --check-prefix=MAP < %t.json
// One case per rule of passes/lower-tf-to-primitive.yaml: each high-level op becomes the
// elementwise ops and reductions TensorFlow's kernel computes (numbers checked against
// TensorFlow by scripts/check-lowering.py); new nodes are named after the op they replace
// (the last keeps its name, so its users and fetches still find it), the ones without an
// input from another new node take its control inputs, and all record it as their origin
// (loc(fused[...]); --name-map). The result verifies against TensorFlow's vocabulary.

// MAP: "bn": [
// MAP-NEXT: "bn/Const",

// Rule: softmax
// CHECK-LABEL: tfg.graph
// CHECK: %[[V0_X:[^ ,]+]], %[[V0_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V0_R2FCONST:[^ ,]+]], %[[V0_CTL_0:[^ ,]+]] = Const [%[[V0_CTL]]] name("r/Const") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>) loc(fused["r"])
// CHECK-NEXT: %[[V0_R2FMAX:[^ ,]+]], %[[V0_CTL_2:[^ ,]+]] = Max(%[[V0_X]], %[[V0_R2FCONST]]) name("r/Max") {T = f32, Tidx = i32, keep_dims = true} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x1xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V0_R2FSUB:[^ ,]+]], %[[V0_CTL_3:[^ ,]+]] = Sub(%[[V0_X]], %[[V0_R2FMAX]]) name("r/Sub") {T = f32} : (tensor<2x5xf32>, tensor<2x1xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V0_R2FEXP:[^ ,]+]], %[[V0_CTL_4:[^ ,]+]] = Exp(%[[V0_R2FSUB]]) name("r/Exp") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V0_R2FSUM:[^ ,]+]], %[[V0_CTL_5:[^ ,]+]] = Sum(%[[V0_R2FEXP]], %[[V0_R2FCONST]]) name("r/Sum") {T = f32, Tidx = i32, keep_dims = true} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x1xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V0_R:[^ ,]+]], %[[V0_CTL_6:[^ ,]+]] = RealDiv(%[[V0_R2FEXP]], %[[V0_R2FSUM]]) name("r") {T = f32} : (tensor<2x5xf32>, tensor<2x1xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V0_O:[^ ,]+]], %[[V0_CTL_1:[^ ,]+]] = Identity(%[[V0_R]]) [%[[V0_CTL_6]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = Softmax(%x) [%ctl] name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: log_softmax
// CHECK-LABEL: tfg.graph
// CHECK: %[[V1_X:[^ ,]+]], %[[V1_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V1_R2FCONST:[^ ,]+]], %[[V1_CTL_0:[^ ,]+]] = Const [%[[V1_CTL]]] name("r/Const") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>) loc(fused["r"])
// CHECK-NEXT: %[[V1_R2FMAX:[^ ,]+]], %[[V1_CTL_2:[^ ,]+]] = Max(%[[V1_X]], %[[V1_R2FCONST]]) name("r/Max") {T = f32, Tidx = i32, keep_dims = true} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x1xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V1_R2FSUB:[^ ,]+]], %[[V1_CTL_3:[^ ,]+]] = Sub(%[[V1_X]], %[[V1_R2FMAX]]) name("r/Sub") {T = f32} : (tensor<2x5xf32>, tensor<2x1xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V1_R2FEXP:[^ ,]+]], %[[V1_CTL_4:[^ ,]+]] = Exp(%[[V1_R2FSUB]]) name("r/Exp") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V1_R2FSUM:[^ ,]+]], %[[V1_CTL_5:[^ ,]+]] = Sum(%[[V1_R2FEXP]], %[[V1_R2FCONST]]) name("r/Sum") {T = f32, Tidx = i32, keep_dims = true} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x1xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V1_R2FLOG:[^ ,]+]], %[[V1_CTL_6:[^ ,]+]] = Log(%[[V1_R2FSUM]]) name("r/Log") {T = f32} : (tensor<2x1xf32>) -> (tensor<2x1xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V1_R:[^ ,]+]], %[[V1_CTL_7:[^ ,]+]] = Sub(%[[V1_R2FSUB]], %[[V1_R2FLOG]]) name("r") {T = f32} : (tensor<2x5xf32>, tensor<2x1xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V1_O:[^ ,]+]], %[[V1_CTL_1:[^ ,]+]] = Identity(%[[V1_R]]) [%[[V1_CTL_7]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = LogSoftmax(%x) [%ctl] name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: selu
// CHECK-LABEL: tfg.graph
// CHECK: %[[V2_X:[^ ,]+]], %[[V2_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V2_R2FCONST:[^ ,]+]], %[[V2_CTL_0:[^ ,]+]] = Const [%[[V2_CTL]]] name("r/Const") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FCONST_1:[^ ,]+]], %[[V2_CTL_2:[^ ,]+]] = Const [%[[V2_CTL]]] name("r/Const_1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FCONST_2:[^ ,]+]], %[[V2_CTL_3:[^ ,]+]] = Const [%[[V2_CTL]]] name("r/Const_2") {dtype = f32, value = dense<1.7580993408473768> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FCONST_3:[^ ,]+]], %[[V2_CTL_4:[^ ,]+]] = Const [%[[V2_CTL]]] name("r/Const_3") {dtype = f32, value = dense<1.0507009873554805> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FLESS:[^ ,]+]], %[[V2_CTL_5:[^ ,]+]] = Less(%[[V2_X]], %[[V2_R2FCONST]]) name("r/Less") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xi1>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FEXP:[^ ,]+]], %[[V2_CTL_6:[^ ,]+]] = Exp(%[[V2_X]]) [%[[V2_CTL]]] name("r/Exp") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FSUB:[^ ,]+]], %[[V2_CTL_7:[^ ,]+]] = Sub(%[[V2_R2FEXP]], %[[V2_R2FCONST_1]]) name("r/Sub") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FMUL:[^ ,]+]], %[[V2_CTL_8:[^ ,]+]] = Mul(%[[V2_R2FCONST_2]], %[[V2_R2FSUB]]) name("r/Mul") {T = f32} : (tensor<f32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R2FMUL_1:[^ ,]+]], %[[V2_CTL_9:[^ ,]+]] = Mul(%[[V2_R2FCONST_3]], %[[V2_X]]) name("r/Mul_1") {T = f32} : (tensor<f32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_R:[^ ,]+]], %[[V2_CTL_10:[^ ,]+]] = SelectV2(%[[V2_R2FLESS]], %[[V2_R2FMUL]], %[[V2_R2FMUL_1]]) name("r") {T = f32} : (tensor<2x5xi1>, tensor<2x5xf32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V2_O:[^ ,]+]], %[[V2_CTL_1:[^ ,]+]] = Identity(%[[V2_R]]) [%[[V2_CTL_10]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = Selu(%x) [%ctl] name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: elu
// CHECK-LABEL: tfg.graph
// CHECK: %[[V3_X:[^ ,]+]], %[[V3_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V3_R2FCONST:[^ ,]+]], %[[V3_CTL_0:[^ ,]+]] = Const [%[[V3_CTL]]] name("r/Const") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V3_R2FCONST_1:[^ ,]+]], %[[V3_CTL_2:[^ ,]+]] = Const [%[[V3_CTL]]] name("r/Const_1") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V3_R2FLESS:[^ ,]+]], %[[V3_CTL_3:[^ ,]+]] = Less(%[[V3_X]], %[[V3_R2FCONST]]) name("r/Less") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xi1>) loc(fused["r"])
// CHECK-NEXT: %[[V3_R2FEXP:[^ ,]+]], %[[V3_CTL_4:[^ ,]+]] = Exp(%[[V3_X]]) [%[[V3_CTL]]] name("r/Exp") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V3_R2FSUB:[^ ,]+]], %[[V3_CTL_5:[^ ,]+]] = Sub(%[[V3_R2FEXP]], %[[V3_R2FCONST_1]]) name("r/Sub") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V3_R:[^ ,]+]], %[[V3_CTL_6:[^ ,]+]] = SelectV2(%[[V3_R2FLESS]], %[[V3_R2FSUB]], %[[V3_X]]) name("r") {T = f32} : (tensor<2x5xi1>, tensor<2x5xf32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V3_O:[^ ,]+]], %[[V3_CTL_1:[^ ,]+]] = Identity(%[[V3_R]]) [%[[V3_CTL_6]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = Elu(%x) [%ctl] name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: softplus
// CHECK-LABEL: tfg.graph
// CHECK: %[[V4_X:[^ ,]+]], %[[V4_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V4_R2FCONST:[^ ,]+]], %[[V4_CTL_0:[^ ,]+]] = Const [%[[V4_CTL]]] name("r/Const") {dtype = f32, value = dense<13.942384719848633> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V4_R2FCONST_1:[^ ,]+]], %[[V4_CTL_2:[^ ,]+]] = Const [%[[V4_CTL]]] name("r/Const_1") {dtype = f32, value = dense<-13.942384719848633> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V4_R2FGREATER:[^ ,]+]], %[[V4_CTL_3:[^ ,]+]] = Greater(%[[V4_X]], %[[V4_R2FCONST]]) name("r/Greater") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xi1>) loc(fused["r"])
// CHECK-NEXT: %[[V4_R2FLESS:[^ ,]+]], %[[V4_CTL_4:[^ ,]+]] = Less(%[[V4_X]], %[[V4_R2FCONST_1]]) name("r/Less") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xi1>) loc(fused["r"])
// CHECK-NEXT: %[[V4_R2FEXP:[^ ,]+]], %[[V4_CTL_5:[^ ,]+]] = Exp(%[[V4_X]]) [%[[V4_CTL]]] name("r/Exp") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V4_R2FLOG1P:[^ ,]+]], %[[V4_CTL_6:[^ ,]+]] = Log1p(%[[V4_R2FEXP]]) name("r/Log1p") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V4_R2FSELECTV2:[^ ,]+]], %[[V4_CTL_7:[^ ,]+]] = SelectV2(%[[V4_R2FLESS]], %[[V4_R2FEXP]], %[[V4_R2FLOG1P]]) name("r/SelectV2") {T = f32} : (tensor<2x5xi1>, tensor<2x5xf32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V4_R:[^ ,]+]], %[[V4_CTL_8:[^ ,]+]] = SelectV2(%[[V4_R2FGREATER]], %[[V4_X]], %[[V4_R2FSELECTV2]]) name("r") {T = f32} : (tensor<2x5xi1>, tensor<2x5xf32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V4_O:[^ ,]+]], %[[V4_CTL_1:[^ ,]+]] = Identity(%[[V4_R]]) [%[[V4_CTL_8]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = Softplus(%x) [%ctl] name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: relu6
// CHECK-LABEL: tfg.graph
// CHECK: %[[V5_X:[^ ,]+]], %[[V5_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V5_R2FCONST:[^ ,]+]], %[[V5_CTL_0:[^ ,]+]] = Const [%[[V5_CTL]]] name("r/Const") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V5_R2FCONST_1:[^ ,]+]], %[[V5_CTL_2:[^ ,]+]] = Const [%[[V5_CTL]]] name("r/Const_1") {dtype = f32, value = dense<6.0> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V5_R2FMAXIMUM:[^ ,]+]], %[[V5_CTL_3:[^ ,]+]] = Maximum(%[[V5_X]], %[[V5_R2FCONST]]) name("r/Maximum") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V5_R:[^ ,]+]], %[[V5_CTL_4:[^ ,]+]] = Minimum(%[[V5_R2FMAXIMUM]], %[[V5_R2FCONST_1]]) name("r") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V5_O:[^ ,]+]], %[[V5_CTL_1:[^ ,]+]] = Identity(%[[V5_R]]) [%[[V5_CTL_4]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = Relu6(%x) [%ctl] name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: leaky_relu
// CHECK-LABEL: tfg.graph
// CHECK: %[[V6_X:[^ ,]+]], %[[V6_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V6_R2FCONST:[^ ,]+]], %[[V6_CTL_0:[^ ,]+]] = Const [%[[V6_CTL]]] name("r/Const") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V6_R2FCONST_1:[^ ,]+]], %[[V6_CTL_2:[^ ,]+]] = Const [%[[V6_CTL]]] name("r/Const_1") {dtype = f32, value = dense<0.3> : tensor<f32>} : () -> (tensor<f32>) loc(fused["r"])
// CHECK-NEXT: %[[V6_R2FGREATER:[^ ,]+]], %[[V6_CTL_3:[^ ,]+]] = Greater(%[[V6_X]], %[[V6_R2FCONST]]) name("r/Greater") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xi1>) loc(fused["r"])
// CHECK-NEXT: %[[V6_R2FMUL:[^ ,]+]], %[[V6_CTL_4:[^ ,]+]] = Mul(%[[V6_X]], %[[V6_R2FCONST_1]]) name("r/Mul") {T = f32} : (tensor<2x5xf32>, tensor<f32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V6_R:[^ ,]+]], %[[V6_CTL_5:[^ ,]+]] = SelectV2(%[[V6_R2FGREATER]], %[[V6_X]], %[[V6_R2FMUL]]) name("r") {T = f32} : (tensor<2x5xi1>, tensor<2x5xf32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V6_O:[^ ,]+]], %[[V6_CTL_1:[^ ,]+]] = Identity(%[[V6_R]]) [%[[V6_CTL_5]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = LeakyRelu(%x) [%ctl] name("r") {T = f32, alpha = 3.000000e-01 : f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: rsqrt
// CHECK-LABEL: tfg.graph
// CHECK: %[[V7_X:[^ ,]+]], %[[V7_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V7_R2FSQRT:[^ ,]+]], %[[V7_CTL_0:[^ ,]+]] = Sqrt(%[[V7_X]]) [%[[V7_CTL]]] name("r/Sqrt") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V7_R:[^ ,]+]], %[[V7_CTL_2:[^ ,]+]] = Reciprocal(%[[V7_R2FSQRT]]) name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V7_O:[^ ,]+]], %[[V7_CTL_1:[^ ,]+]] = Identity(%[[V7_R]]) [%[[V7_CTL_2]]] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %r, %ctl_0 = Rsqrt(%x) [%ctl] name("r") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
  %o, %ctl_1 = Identity(%r) [%ctl_0] name("o") {T = f32} : (tensor<2x5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: squared_difference
// CHECK-LABEL: tfg.graph
// CHECK: %[[V8_X:[^ ,]+]], %[[V8_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
// CHECK-NEXT: %[[V8_Y:[^ ,]+]], %[[V8_CTL_0:[^ ,]+]] = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<5>} : () -> (tensor<5xf32>)
// CHECK-NEXT: %[[V8_R2FSUB:[^ ,]+]], %[[V8_CTL_1:[^ ,]+]] = Sub(%[[V8_X]], %[[V8_Y]]) name("r/Sub") {T = f32} : (tensor<2x5xf32>, tensor<5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
// CHECK-NEXT: %[[V8_R:[^ ,]+]], %[[V8_CTL_2:[^ ,]+]] = Mul(%[[V8_R2FSUB]], %[[V8_R2FSUB]]) name("r") {T = f32} : (tensor<2x5xf32>, tensor<2x5xf32>) -> (tensor<2x5xf32>) loc(fused["r"])
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x5>} : () -> (tensor<2x5xf32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<5>} : () -> (tensor<5xf32>)
  %r, %ctl_1 = SquaredDifference(%x, %y) name("r") {T = f32} : (tensor<2x5xf32>, tensor<5xf32>) -> (tensor<2x5xf32>)
}

// -----

// Rule: fused_batch_norm_folded (constant parameters)
// CHECK-LABEL: tfg.graph
// CHECK: %[[V9_X:[^ ,]+]], %[[V9_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
// CHECK-NEXT: %[[V9_SCALE:[^ ,]+]], %[[V9_CTL_0:[^ ,]+]] = Const name("scale") {dtype = f32, value = dense<[1.0, 2.0, 0.5]> : tensor<3xf32>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V9_OFFSET:[^ ,]+]], %[[V9_CTL_1:[^ ,]+]] = Const name("offset") {dtype = f32, value = dense<[0.0, 1.0, -1.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V9_MEAN:[^ ,]+]], %[[V9_CTL_2:[^ ,]+]] = Const name("mean") {dtype = f32, value = dense<[0.5, 0.25, 2.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V9_VAR:[^ ,]+]], %[[V9_CTL_3:[^ ,]+]] = Const name("var") {dtype = f32, value = dense<[4.0, 1.0, 0.25]> : tensor<3xf32>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V9_BN2FCONST:[^ ,]+]], %[[V9_CTL_4:[^ ,]+]] = Const name("bn/Const") {dtype = f32, value = dense<[0.499937475, 1.99900079, 0.998006045]> : tensor<3xf32>} : () -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V9_BN2FCONST_1:[^ ,]+]], %[[V9_CTL_6:[^ ,]+]] = Const name("bn/Const_1") {dtype = f32, value = dense<[-0.249968737, 0.500249803, -2.99601221]> : tensor<3xf32>} : () -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V9_BN2FMUL:[^ ,]+]], %[[V9_CTL_7:[^ ,]+]] = Mul(%[[V9_X]], %[[V9_BN2FCONST]]) name("bn/Mul") {T = f32} : (tensor<1x2x2x3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V9_BN:[^ ,]+]], %[[V9_CTL_8:[^ ,]+]] = AddV2(%[[V9_BN2FMUL]], %[[V9_BN2FCONST_1]]) name("bn") {T = f32} : (tensor<1x2x2x3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V9_O:[^ ,]+]], %[[V9_CTL_5:[^ ,]+]] = Identity(%[[V9_BN]]) name("o") {T = f32} : (tensor<1x2x2x3xf32>) -> (tensor<1x2x2x3xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
  %scale, %ctl_0 = Const name("scale") {dtype = f32, value = dense<[1.0, 2.0, 0.5]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %offset, %ctl_1 = Const name("offset") {dtype = f32, value = dense<[0.0, 1.0, -1.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %mean, %ctl_2 = Const name("mean") {dtype = f32, value = dense<[0.5, 0.25, 2.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %var, %ctl_3 = Const name("var") {dtype = f32, value = dense<[4.0, 1.0, 0.25]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %bn:6, %ctl_4 = FusedBatchNormV3(%x, %scale, %offset, %mean, %var) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 0.001 : f32, exponential_avg_factor = 1.0 : f32, is_training = false} : (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<*xf32>)
  %o, %ctl_5 = Identity(%bn#0) name("o") {T = f32} : (tensor<1x2x2x3xf32>) -> (tensor<1x2x2x3xf32>)
}

// -----

// Rule: fused_batch_norm (parameters known at run time; its Rsqrt is lowered in turn)
// CHECK-LABEL: tfg.graph
// CHECK: %[[V10_X:[^ ,]+]], %[[V10_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
// CHECK-NEXT: %[[V10_P0:[^ ,]+]], %[[V10_CTL_P0:[^ ,]+]] = Placeholder name("p0") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V10_P1:[^ ,]+]], %[[V10_CTL_P1:[^ ,]+]] = Placeholder name("p1") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V10_P2:[^ ,]+]], %[[V10_CTL_P2:[^ ,]+]] = Placeholder name("p2") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V10_P3:[^ ,]+]], %[[V10_CTL_P3:[^ ,]+]] = Placeholder name("p3") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V10_BN2FCONST:[^ ,]+]], %[[V10_CTL_0:[^ ,]+]] = Const name("bn/Const") {dtype = f32, value = dense<0.001> : tensor<f32>} : () -> (tensor<f32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN2FADDV2:[^ ,]+]], %[[V10_CTL_1:[^ ,]+]] = AddV2(%[[V10_P3]], %[[V10_BN2FCONST]]) name("bn/AddV2") {T = f32} : (tensor<3xf32>, tensor<f32>) -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN2FRSQRT2FSQRT:[^ ,]+]], %[[V10_CTL_2:[^ ,]+]] = Sqrt(%[[V10_BN2FADDV2]]) name("bn/Rsqrt/Sqrt") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN2FRSQRT:[^ ,]+]], %[[V10_CTL_3:[^ ,]+]] = Reciprocal(%[[V10_BN2FRSQRT2FSQRT]]) name("bn/Rsqrt") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN2FMUL:[^ ,]+]], %[[V10_CTL_4:[^ ,]+]] = Mul(%[[V10_P0]], %[[V10_BN2FRSQRT]]) name("bn/Mul") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN2FMUL_1:[^ ,]+]], %[[V10_CTL_6:[^ ,]+]] = Mul(%[[V10_P2]], %[[V10_BN2FMUL]]) name("bn/Mul_1") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN2FSUB:[^ ,]+]], %[[V10_CTL_7:[^ ,]+]] = Sub(%[[V10_P1]], %[[V10_BN2FMUL_1]]) name("bn/Sub") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN2FMUL_2:[^ ,]+]], %[[V10_CTL_8:[^ ,]+]] = Mul(%[[V10_X]], %[[V10_BN2FMUL]]) name("bn/Mul_2") {T = f32} : (tensor<1x2x2x3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_BN:[^ ,]+]], %[[V10_CTL_9:[^ ,]+]] = AddV2(%[[V10_BN2FMUL_2]], %[[V10_BN2FSUB]]) name("bn") {T = f32} : (tensor<1x2x2x3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>) loc(fused["bn"])
// CHECK-NEXT: %[[V10_O:[^ ,]+]], %[[V10_CTL_5:[^ ,]+]] = Identity(%[[V10_BN]]) name("o") {T = f32} : (tensor<1x2x2x3xf32>) -> (tensor<1x2x2x3xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
  %p0, %ctl_p0 = Placeholder name("p0") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %p1, %ctl_p1 = Placeholder name("p1") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %p2, %ctl_p2 = Placeholder name("p2") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %p3, %ctl_p3 = Placeholder name("p3") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %bn:6, %ctl_4 = FusedBatchNormV3(%x, %p0, %p1, %p2, %p3) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 0.001 : f32, is_training = false} : (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<*xf32>)
  %o, %ctl_5 = Identity(%bn#0) name("o") {T = f32} : (tensor<1x2x2x3xf32>) -> (tensor<1x2x2x3xf32>)
}

// -----

// Rule: no rule: a training batch norm stays
// CHECK-LABEL: tfg.graph
// CHECK: %[[V11_X:[^ ,]+]], %[[V11_CTL:[^ ,]+]] = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
// CHECK-NEXT: %[[V11_P0:[^ ,]+]], %[[V11_CTL_P0:[^ ,]+]] = Placeholder name("p0") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V11_P1:[^ ,]+]], %[[V11_CTL_P1:[^ ,]+]] = Placeholder name("p1") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V11_P2:[^ ,]+]], %[[V11_CTL_P2:[^ ,]+]] = Placeholder name("p2") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V11_P3:[^ ,]+]], %[[V11_CTL_P3:[^ ,]+]] = Placeholder name("p3") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
// CHECK-NEXT: %[[V11_BN_6:[^ ,]+]], %[[V11_CTL_4:[^ ,]+]] = FusedBatchNormV3(%[[V11_X]], %[[V11_P0]], %[[V11_P1]], %[[V11_P2]], %[[V11_P3]]) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 0.001 : f32, is_training = true} : (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<*xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x2x3>} : () -> (tensor<1x2x2x3xf32>)
  %p0, %ctl_p0 = Placeholder name("p0") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %p1, %ctl_p1 = Placeholder name("p1") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %p2, %ctl_p2 = Placeholder name("p2") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %p3, %ctl_p3 = Placeholder name("p3") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %bn:6, %ctl_4 = FusedBatchNormV3(%x, %p0, %p1, %p2, %p3) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 0.001 : f32, is_training = true} : (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<*xf32>)
}

