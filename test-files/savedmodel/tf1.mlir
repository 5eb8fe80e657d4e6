// RUN: %amanda_opt %S/tf1 | FileCheck %s

// A TF1 SavedModel (make.py: tf.compat.v1.saved_model.Builder, VariableV2 variables): the
// variables become Consts of the checkpoint's values under their own names (b's value is
// the constant initializer make.py gave it), the signature's keys name the feed and fetch,
// and the init and save/restore machinery is gone.

// CHECK: Placeholder name("input") {{.*}}shape = #tf_type.shape<1x3>} : () -> (tensor<*xf32>)
// CHECK: Const name("w") {{.*}}: tensor<3x2xf32>
// CHECK: Identity(%Const) name("w/read")
// CHECK: Const name("b") {{.*}}value = dense<[5.000000e-01, -2.500000e-01]> : tensor<2xf32>
// CHECK: Tanh({{.*}}) name("y")
// CHECK: Identity(%Tanh) name("output")
// CHECK-NOT: VariableV2
// CHECK-NOT: Assign
// CHECK-NOT: save/
