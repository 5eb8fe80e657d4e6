// RUN: %amanda_opt %S/keras_conv | FileCheck %s
// RUN: %amanda_opt %S/keras_conv --emit=graphdef -o %t.pb
// RUN: %amanda_opt %t.pb | FileCheck %s
// RUN: %amanda_opt %S/keras_conv --emit=pbtxt | FileCheck %s --check-prefix=PBTXT
// The SavedModel straight to torch-mlir, its batch None pinned with input-shapes.
// RUN: %amanda_opt %S/keras_conv --print-op-generic --pass='convert-tf-to-torch{input-shapes=image:2x4x4x2}' | FileCheck %s --check-prefix=TORCH
// RUN: %amanda_opt %S/keras_conv --convert-tf-to-torch | FileCheck %s --check-prefix=UNPINNED

// A Keras 3 `model.export` (make.py): Conv2D -> Flatten -> Dense with random weights.
// The serving_default signature is frozen: its input is a Placeholder named after its key,
// its output an Identity named after its key, the call chain is inlined and the variable
// reads are constants holding the checkpoint's weights (the kernel's first values are the
// ones make.py printed from Keras; the bias is the one it assigned). The same holds after a
// round trip through --emit=graphdef.

// CHECK-NOT: VarHandleOp
// CHECK-NOT: ReadVariableOp(
// CHECK: Placeholder name("image") {{.*}}shape = #tf_type.shape<?x4x4x2>} : () -> (tensor<*xf32>)
// CHECK-NOT: VarHandleOp
// CHECK: Const name("{{.*}}conv_1/convolution/ReadVariableOp") {{.*}}value = dense<{{\[\[\[\[}}0.193310797, 0.148470104, -0.00888931751]
// CHECK-SAME: tensor<2x2x2x3xf32>
// CHECK: Conv2D(%Placeholder, %Const)
// CHECK: Const name("{{.*}}conv_1/Reshape/ReadVariableOp") {{.*}}value = dense<[2.500000e-01, -5.000000e-01, 1.250000e-01]> : tensor<3xf32>
// CHECK: Const name("{{.*}}dense_1/Cast/ReadVariableOp") {{.*}}tensor<27x3xf32>
// CHECK: MatMul(
// CHECK: Identity({{.*}}) name("output_0")
// CHECK-NOT: StatefulPartitionedCall(
// CHECK-NOT: ReadVariableOp(
// CHECK-NOT: VarHandleOp
// CHECK-NOT: RestoreV2
// CHECK-NOT: tfg.func

// Weights are exported as the checkpoint's bytes.
// PBTXT: name: "image"
// PBTXT-NEXT: op: "Placeholder"
// PBTXT: name: "{{.*}}conv_1/convolution/ReadVariableOp"
// PBTXT-NEXT: op: "Const"
// PBTXT: tensor_content:
// PBTXT: name: "output_0"
// PBTXT-NEXT: op: "Identity"
// PBTXT-NOT: op: "VarHandleOp"
// PBTXT-NOT: library

// TORCH: "func.func"() <{function_type = (!torch.vtensor<[2,4,4,2],f32>) -> !torch.vtensor<[2,3],f32>, sym_name = "main"}>
// TORCH: torch.aten.convolution
// Saved with batch None and not pinned: a function for any batch.
// UNPINNED: func.func @main(%arg0: !torch.vtensor<[?,4,4,2],f32>) -> !torch.vtensor<[?,3],f32>
// UNPINNED: torch.aten.convolution {{.*}} -> !torch.vtensor<[?,
