// A dense layer pair as Keras freezes it: MatMul, BiasAdd, Relu, MatMul with transpose_b,
// AddV2 of a scalar. Placeholders are the arguments (in text order), the result nobody
// uses is returned, and every aten op gets its full operand list (add.Tensor's alpha). The
// transposed kernel of transpose_b is stored transposed (torch-fold-weight-layout), not
// transposed by an op on every call.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --print-op-generic --convert-tf-to-torch | %torch_mlir_opt | FileCheck %s --check-prefix=TORCH %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null
// Every op is located at the TensorFlow node it comes from, the arguments at their feeds:
// RUN: %amanda_opt %s --convert-tf-to-torch --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x4>} : () -> (tensor<*xf32>)
  %w1, %ctl_0 = Const name("w1") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 0.0, -1.0]]> : tensor<4x3xf32>} : () -> (tensor<*xf32>)
  %b1, %ctl_1 = Const name("b1") {dtype = f32, value = dense<[0.5, -0.5, 1.0]> : tensor<3xf32>} : () -> (tensor<*xf32>)
  %w2, %ctl_2 = Const name("w2") {dtype = f32, value = dense<1.0> : tensor<2x3xf32>} : () -> (tensor<*xf32>)
  %one, %ctl_3 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<*xf32>)
  %mm, %ctl_4 = MatMul(%x, %w1) name("dense/MatMul") {T = f32, transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ba, %ctl_5 = BiasAdd(%mm, %b1) name("dense/BiasAdd") {T = f32, data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %r, %ctl_6 = Relu(%ba) name("dense/Relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %mm2, %ctl_7 = MatMul(%r, %w2) name("dense_1/MatMul") {T = f32, transpose_a = false, transpose_b = true} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %add, %ctl_8 = AddV2(%mm2, %one) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %out, %ctl_9 = Identity(%add) name("Identity") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// CHECK-NOT: tfg.
// CHECK: "func.func"() <{function_type = (!torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,2],f32>, sym_name = "main"}> ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: !torch.vtensor<[2,4],f32>):
// CHECK: %[[W1:.*]] = "torch.vtensor.literal"() <{value = dense<{{.*}}> : tensor<4x3xf32>}> : () -> !torch.vtensor<[4,3],f32>
// CHECK: %[[MM:.*]] = "torch.aten.mm"(%[[X]], %[[W1]]) : (!torch.vtensor<[2,4],f32>, !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK: %[[B1:.*]] = "torch.vtensor.literal"() <{value = dense<[0.5, -0.5, 1.0]> : tensor<3xf32>}> : () -> !torch.vtensor<[3],f32>
// CHECK: %[[ALPHA:.*]] = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
// CHECK: %[[BA:.*]] = "torch.aten.add.Tensor"(%[[MM]], %[[B1]], %[[ALPHA]]) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
// CHECK: %[[R:.*]] = "torch.aten.relu"(%[[BA]]) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// CHECK-NOT: torch.aten.transpose.int
// CHECK: %[[W2T:.*]] = "torch.vtensor.literal"() <{value = dense<1.0> : tensor<3x2xf32>}> : () -> !torch.vtensor<[3,2],f32>
// CHECK-NEXT: %[[MM2:.*]] = "torch.aten.mm"(%[[R]], %[[W2T]]) : {{.*}} -> !torch.vtensor<[2,2],f32>
// CHECK: %[[ONE:.*]] = "torch.vtensor.literal"() <{value = dense<1.0> : tensor<f32>}> : () -> !torch.vtensor<[],f32>
// CHECK: %[[ADD:.*]] = "torch.aten.add.Tensor"(%[[MM2]], %[[ONE]], %[[ALPHA]])
// CHECK: "func.return"(%[[ADD]]) : (!torch.vtensor<[2,2],f32>) -> ()

// LOC: func.func @main(%arg0: !torch.vtensor<[2,4],f32> loc("x"))
// LOC: torch.vtensor.literal({{.*}}) : !torch.vtensor<[4,3],f32> loc("w1")
// LOC: torch.aten.mm %arg0, {{.*}} loc("dense/MatMul")
// LOC: torch.aten.add.Tensor {{.*}} loc("dense/BiasAdd")
// LOC: torch.aten.relu {{.*}} loc("dense/Relu")
// LOC: torch.vtensor.literal({{.*}}) : !torch.vtensor<[3,2],f32> loc("w2")
// LOC: torch.aten.mm {{.*}} loc("dense_1/MatMul")
// LOC: torch.aten.add.Tensor {{.*}} loc("add")

// TORCH: func.func @main(%arg0: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,2],f32>
// TORCH: torch.aten.mm
// TORCH: torch.aten.relu
// TORCH: return %{{.*}} : !torch.vtensor<[2,2],f32>
