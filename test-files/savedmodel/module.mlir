// RUN: %amanda_opt %S/module | FileCheck %s
// RUN: %amanda_opt %S/module --convert-tf-to-torch | FileCheck %s --check-prefix=TORCH

// tf.saved_model.save of a tf.Module (make.py): the signature's inputs x and bias_scale and
// outputs y and a come out in key order (as tf.nest.flatten orders a dict), named after
// their keys, so convert-tf-to-torch needs no feeds= or fetches=.

// CHECK: Placeholder name("bias_scale") {{.*}}shape = #tf_type.shape<>} : () -> (tensor<*xf32>)
// CHECK-NEXT: Placeholder name("x") {{.*}}shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
// CHECK: Const name({{.*}}) {{.*}}value = dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>
// CHECK: Identity({{.*}}) name("a")
// CHECK-NEXT: Identity({{.*}}) name("y")
// CHECK-NOT: VarHandleOp

// TORCH: func.func @main(%arg0: !torch.vtensor<[],f32>, %arg1: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,2],f32>)
// TORCH: torch.vtensor.literal(dense<{{.*}}> : tensor<3x2xf32>)
// TORCH: torch.aten.mm %arg1
// TORCH: return
