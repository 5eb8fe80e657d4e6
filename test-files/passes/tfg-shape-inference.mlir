// RUN: %amanda_opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// Result types are refined from the operands' shapes; known values (Const, Identity,
// Shape) feed the shape operands of Reshape and Fill. Control operands are kept.
// CHECK-LABEL: tfg.graph
// CHECK: MatMul{{.*}} name("mm") {{.*}} -> (tensor<3x5xf32>)
// CHECK: BiasAdd{{.*}} name("ba") {{.*}} -> (tensor<3x5xf32>)
// CHECK: Shape(%{{.*}}) [%{{.*}}] name("shape") {{.*}} -> (tensor<2xi32>)
// CHECK: Reshape{{.*}} name("flat") {{.*}} -> (tensor<15xf32>)
// CHECK: Reshape{{.*}} name("back") {{.*}} -> (tensor<3x5xf32>)
// CHECK: Conv2D{{.*}} name("conv") {{.*}} -> (tensor<1x4x4x8xf32>)
// CHECK: MaxPool{{.*}} name("pool") {{.*}} -> (tensor<1x2x2x8xf32>)
// CHECK: Sum{{.*}} name("sum") {{.*}} -> (tensor<1x1x1x8xf32>)
// CHECK: Unknown{{.*}} -> (tensor<*xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<*xf32>)
  %W, %ctl_0 = Const name("w") {dtype = f32, value = dense<1.0> : tensor<4x5xf32>} : () -> (tensor<*xf32>)
  %B, %ctl_1 = Const name("b") {dtype = f32, value = dense<1.0> : tensor<5xf32>} : () -> (tensor<5xf32>)
  %MM, %ctl_2 = MatMul(%A, %W) name("mm") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %BA, %ctl_3 = BiasAdd(%MM, %B) name("ba") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<5xf32>) -> (tensor<*xf32>)
  %S, %ctl_4 = Shape(%BA) [%ctl_1] name("shape") {T = f32, out_type = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %F, %ctl_5 = Const name("f") {dtype = i32, value = dense<-1> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %R, %ctl_6 = Reshape(%BA, %F) name("flat") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<1xi32>) -> (tensor<*xf32>)
  %R2, %ctl_7 = Reshape(%R, %S) name("back") {T = f32, Tshape = i32} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>)
  %X, %ctl_8 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x7x7x3>} : () -> (tensor<*xf32>)
  %K, %ctl_9 = Const name("k") {dtype = f32, value = dense<1.0> : tensor<3x3x3x8xf32>} : () -> (tensor<3x3x3x8xf32>)
  %C, %ctl_10 = Conv2D(%X, %K) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<*xf32>, tensor<3x3x3x8xf32>) -> (tensor<*xf32>)
  %P, %ctl_11 = MaxPool(%C) name("pool") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>) -> (tensor<*xf32>)
  %I, %ctl_12 = Const name("axes") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Sm, %ctl_13 = Sum(%P, %I) name("sum") {T = f32, Tidx = i32, keep_dims = true} : (tensor<*xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %U, %ctl_14 = Unknown(%Sm) name("u") : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// Function results follow what `return` gives; ops in region bodies are refined too;
// generic functions are left alone.
// CHECK-LABEL: tfg.func @f
// CHECK: -> (tensor<2x2xf32> {tfg.name = "y"})
// CHECK: AddV2{{.*}} -> (tensor<2x2xf32>)
// CHECK: IfRegion
// CHECK: Neg{{.*}} -> (tensor<2x2xf32>)
tfg.func @f(%x: tensor<2x2xf32> {tfg.name = "x"}, %c: tensor<i1> {tfg.name = "c"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %A, %ctl = AddV2(%x, %x) name("add") {T = f32} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<*xf32>)
  %If, %ctl_0 = IfRegion %c then {
    %N, %ctl_1 = Neg(%x) name("neg") {T = f32} : (tensor<2x2xf32>) -> (tensor<*xf32>)
    yield(%N) : tensor<*xf32>
  } else {
    yield(%x) : tensor<2x2xf32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<*xf32>)
  return(%A) : tensor<*xf32>
}
// CHECK-LABEL: tfg.func generic @g
// CHECK: Neg{{.*}} -> (tensor<*xf32>)
tfg.func generic @g(%x: tensor<2xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %N, %ctl = Neg(%x) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<*xf32>)
  return(%N) : tensor<*xf32>
}

// -----

// Resource handles carry the variable's type; reading the variable gives it.
// CHECK-LABEL: tfg.graph
// CHECK: VarHandleOp{{.*}} -> (tensor<!tf_type.resource<tensor<3x7xf32>>>)
// CHECK: ReadVariableOp{{.*}} -> (tensor<3x7xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %V, %ctl = VarHandleOp name("v") {allowed_devices = [], container = "", dtype = f32, shape = #tf_type.shape<3x7>, shared_name = ""} : () -> (tensor<!tf_type.resource>)
  %R, %ctl_0 = ReadVariableOp(%V) name("read") {dtype = f32} : (tensor<!tf_type.resource>) -> (tensor<*xf32>)
}
