// The boundary: feeds become the arguments in the order given (default: the Placeholders
// in text order), fetches the results (`node` or `node:port`; default: the first result of
// every node whose results nothing uses), what the fetches do not need is pruned, a fed
// node's producer is not converted, and control edges between stateless nodes are dropped.
// RUN: %amanda_opt %s --print-op-generic --convert-tf-to-torch | FileCheck %s --check-prefix=DEFAULT
// RUN: %amanda_opt %s --print-op-generic --pass='convert-tf-to-torch{feeds=y,x fetches=relu:0 func-name=forward}' | FileCheck %s --check-prefix=ORDER
// RUN: %amanda_opt %s --print-op-generic --pass='convert-tf-to-torch{feeds=add,x fetches=mul}' | FileCheck %s --check-prefix=CUT
// RUN: %if torch-mlir-opt %{ %amanda_opt %s --convert-tf-to-torch | %torch_mlir_opt > /dev/null %}
// The operand lists agree with the TorchScript schemas of the pytorch namespace:
// RUN: %amanda_opt %s --convert-tf-to-torch --verify-namespace > /dev/null

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %a, %ctl_1 = AddV2(%x, %y) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %b, %ctl_2 = Mul(%a, %x) name("mul") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_3 = NoOp [%ctl_1] name("after_add") : () -> ()
  %c, %ctl_4 = Relu(%b) [%ctl_3] name("relu") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %d, %ctl_5 = Sub(%x, %y) name("unused_sub") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// DEFAULT: "func.func"() <{function_type = (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>), sym_name = "main"}>
// DEFAULT-NEXT: ^bb0(%[[X:.*]]: !torch.vtensor<[2],f32>, %[[Y:.*]]: !torch.vtensor<[2],f32>):
// DEFAULT: %[[A:.*]] = "torch.aten.add.Tensor"(%[[X]], %[[Y]], %{{.*}})
// DEFAULT: %[[B:.*]] = "torch.aten.mul.Tensor"(%[[A]], %[[X]])
// DEFAULT: %[[C:.*]] = "torch.aten.relu"(%[[B]])
// DEFAULT: %[[D:.*]] = "torch.aten.sub.Tensor"(%[[X]], %[[Y]], %{{.*}})
// DEFAULT: "func.return"(%[[C]], %[[D]])
// DEFAULT-NOT: tfg.

// ORDER: "func.func"() <{function_type = (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>, sym_name = "forward"}>
// ORDER-NEXT: ^bb0(%[[Y:.*]]: !torch.vtensor<[2],f32>, %[[X:.*]]: !torch.vtensor<[2],f32>):
// ORDER: %[[A:.*]] = "torch.aten.add.Tensor"(%[[X]], %[[Y]], %{{.*}})
// ORDER-NOT: sub.Tensor
// ORDER: "func.return"

// CUT: ^bb0(%[[A:.*]]: !torch.vtensor<[2],f32>, %[[X:.*]]: !torch.vtensor<[2],f32>):
// CUT-NOT: add.Tensor
// CUT: %[[B:.*]] = "torch.aten.mul.Tensor"(%[[A]], %[[X]])
// CUT-NEXT: "func.return"(%[[B]])
