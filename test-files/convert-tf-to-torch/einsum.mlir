// Einsum → aten.einsum with TensorFlow's equation (numpy's form, which torch reads as is)
// and the operands as a tensor list. The result's shape follows from the equation and the
// static input shapes (TensorFlow's types leave it unranked): contraction, batch dims
// (Keras's MultiHeadAttention scores), `...` broadcast dims, and the implicit output form.
// RUN: %amanda_opt %s --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

// CHECK-LABEL: func.func @main(%arg0: !torch.vtensor<[2,6,2,4],f32>, %arg1: !torch.vtensor<[2,6,2,4],f32>, %arg2: !torch.vtensor<[3,5,4],f32>, %arg3: !torch.vtensor<[4,7],f32>)
// CHECK: %[[S1:.*]] = torch.constant.str "aecd,abcd->acbe"
// CHECK: %[[L1:.*]] = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[2,6,2,4],f32>, !torch.vtensor<[2,6,2,4],f32>) -> !torch.list<vtensor>
// CHECK: torch.aten.einsum %[[S1]], %[[L1]], %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2,2,6,6],f32>
// CHECK: torch.constant.str "...ij,jk->...ik"
// CHECK: torch.aten.einsum {{.*}} -> !torch.vtensor<[3,5,7],f32>
// CHECK: torch.constant.str "ij,jk"
// CHECK: torch.aten.einsum {{.*}} -> !torch.vtensor<[5,7],f32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %q, %ctl = Placeholder name("q") {dtype = f32, shape = #tf_type.shape<2x6x2x4>} : () -> (tensor<*xf32>)
  %k, %ctl_0 = Placeholder name("k") {dtype = f32, shape = #tf_type.shape<2x6x2x4>} : () -> (tensor<*xf32>)
  %x, %ctl_1 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3x5x4>} : () -> (tensor<*xf32>)
  %w, %ctl_2 = Placeholder name("w") {dtype = f32, shape = #tf_type.shape<4x7>} : () -> (tensor<*xf32>)
  %scores, %ctl_3 = Einsum(%q, %k) name("scores") {N = 2 : i64, T = f32, equation = "aecd,abcd->acbe"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %proj, %ctl_4 = Einsum(%x, %w) name("proj") {N = 2 : i64, T = f32, equation = "...ij,jk->...ik"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %x0, %ctl_5 = Const name("x0") {dtype = f32, value = dense<1.0> : tensor<5x4xf32>} : () -> (tensor<*xf32>)
  %mm, %ctl_6 = Einsum(%x0, %w) name("implicit") {N = 2 : i64, T = f32, equation = "ij,jk"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

