// RUN: %amanda_opt %s | FileCheck %s
// RUN: %idempotent %s
// RUN: %amanda_opt --canonical %s | FileCheck %s --check-prefix=CANON

// The node form with every clause: data operands, control operands, device(...),
// assigned_device(...), name(...), an attribute dictionary (also spread over lines), and
// each trailing type form: a full function type, a result type without parentheses,
// operand types only, and no type at all.

// CHECK-LABEL: tfg.graph
// CHECK-NEXT:    %a, %ctl = Const device("/job:localhost/replica:0/task:0/device:CPU:0") name("a") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
// CHECK-NEXT:    %b, %ctl_0 = Op(%a) assigned_device("/device:GPU:0") : (tensor<f32>) -> (tensor<f32>)
// CHECK-NEXT:    %c, %ctl_1 = Op(%a, %b) [%ctl] device("CPU") assigned_device("GPU") name("c") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// CHECK-NEXT:    %d, %ctl_2 = Op(%c) : (tensor<f32>) -> (tensor<f32>)
// CHECK-NEXT:    %ctl_3 = Sink(%a, %b) : tensor<f32>, tensor<f32>
// CHECK-NEXT:    %ctl_4 = _Arg
// CHECK-NEXT:    %e, %ctl_5 = Op {attr = [f32, i1], other = "x"} : () -> (tensor<i32>)
// CHECK-NEXT:  }

// CANON:      module {
// CANON-NEXT:   tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
// CANON-NEXT:     %Const, %ctl = Const device("/job:localhost/replica:0/task:0/device:CPU:0") name("a") {dtype = f32, value = dense<1.000000e+00> : tensor<f32>} : () -> (tensor<f32>)
// CANON-NEXT:     %Op, %ctl_0 = Op(%Const) assigned_device("/device:GPU:0") : (tensor<f32>) -> (tensor<f32>)
// CANON-NEXT:     %Op_1, %ctl_2 = Op(%Const, %Op) [%ctl] device("CPU") assigned_device("GPU") name("c") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
// CANON-NEXT:     %Op_3, %ctl_4 = Op(%Op_1) : (tensor<f32>) -> (tensor<f32>)
// CANON-NEXT:     %ctl_5 = Sink(%Const, %Op) : tensor<f32>, tensor<f32>
// CANON-NEXT:     %ctl_6 = _Arg
// CANON-NEXT:     %Op_7, %ctl_8 = Op {attr = [f32, i1], other = "x"} : () -> (tensor<i32>)
// CANON-NEXT:   }
// CANON-NEXT: }

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %a, %ctl = Const device("/job:localhost/replica:0/task:0/device:CPU:0") name("a") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %b, %ctl_0 = Op(%a) assigned_device("/device:GPU:0") : (tensor<f32>) -> (tensor<f32>)
  %c, %ctl_1 = Op(%a, %b) [%ctl] device("CPU") assigned_device("GPU") name("c") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %d, %ctl_2 = Op(%c) : (tensor<f32>) -> tensor<f32>
  %ctl_3 = Sink(%a, %b) : tensor<f32>, tensor<f32>
  %ctl_4 = _Arg
  %e, %ctl_5 = Op
    {attr = [f32, i1],
     other = "x"}
    : () -> (tensor<i32>)
}
