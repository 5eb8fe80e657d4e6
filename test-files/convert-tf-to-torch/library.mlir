// A graph's function library is dropped with the graph (nothing converted can call it, and
// torch-mlir reads no tfg ops). IdentityN passes its inputs through; AddN is a chain of adds.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<*xf32>)
  %i:2, %ctl_1 = IdentityN(%x, %y) name("idn") {T = [f32, f32]} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %s, %ctl_2 = AddN(%i#0, %i#1, %i#0) name("sum") {N = 3 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @unused(%a: tensor<3xf32> {tfg.name = "a"}) -> (tensor<3xf32> {tfg.name = "b"}) {
  return(%a) : tensor<3xf32>
}

// CHECK-NOT: tfg.
// CHECK: ^bb0(%[[X:.*]]: !torch.vtensor<[3],f32>, %[[Y:.*]]: !torch.vtensor<[3],f32>):
// CHECK-NEXT: %[[ONE:.*]] = "torch.constant.int"() <{value = 1 : i64}>
// CHECK-NEXT: %[[S1:.*]] = "torch.aten.add.Tensor"(%[[X]], %[[Y]], %[[ONE]])
// CHECK-NEXT: %[[S2:.*]] = "torch.aten.add.Tensor"(%[[S1]], %[[X]], %[[ONE]])
// CHECK-NEXT: "func.return"(%[[S2]])
// CHECK-NOT: tfg.
