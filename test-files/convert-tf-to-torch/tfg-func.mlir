// A tfg.func converts too: its data arguments are the feeds, its return's data operands
// the fetches (control tokens dropped).
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.func @f(%x: tensor<3xf32> {tfg.name = "x"}, %y: tensor<3xf32> {tfg.name = "y"}) -> (tensor<3xf32> {tfg.name = "z"}) {
  %t, %ctl = Tanh(%x) name("t") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
  %z, %ctl_0 = Minimum(%t, %y) name("z") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
  return(%z) [%ctl] : tensor<3xf32>
}

// CHECK: "func.func"() <{function_type = (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>, sym_name = "main"}>
// CHECK-NEXT: ^bb0(%[[X:.*]]: !torch.vtensor<[3],f32>, %[[Y:.*]]: !torch.vtensor<[3],f32>):
// CHECK-NEXT: %[[T:.*]] = "torch.aten.tanh"(%[[X]])
// CHECK-NEXT: %[[Z:.*]] = "torch.aten.minimum"(%[[T]], %[[Y]])
// CHECK-NEXT: "func.return"(%[[Z]])
// CHECK-NOT: tfg.
