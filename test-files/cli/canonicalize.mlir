// RUN: %amanda_opt -canonicalize %s | FileCheck %s
// RUN: %amanda_opt --pass=canonicalize --canonical %s | FileCheck %s --check-prefix=CANON

// The `canonicalize` pass (`-canonicalize`, `--pass=canonicalize`): inside a tfg.func an op
// whose results are all unused is erased, repeatedly, whatever it is (TensorFlow's tfg
// canonicalizer does the same; graph ops are kept, see the conformance corpus).
//
// CHECK-LABEL: tfg.func @f
// CHECK-NOT:   Cast
// CHECK-NOT:   NoOp
// CHECK-NOT:   RandomUniform
// CHECK-NOT:   AssignVariableOp
// CHECK:       %Used, %ctl_1 = Identity(%a) : (tensor<i32>) -> (tensor<i32>)
// CHECK-NEXT:  return(%Used) : tensor<i32>
// CHECK-NEXT: }

// CANON:     module {
// CANON-NEXT:  tfg.func @f(%a: tensor<i32> {tfg.name = "a"})
// CANON-NEXT:       -> (tensor<i32> {tfg.name = "b"})
// CANON-NEXT:   {
// CANON-NEXT:    %Identity, %ctl = Identity(%a) : (tensor<i32>) -> (tensor<i32>)
// CANON-NEXT:    return(%Identity) : tensor<i32>
// CANON-NEXT:  }
// CANON-NEXT:}

tfg.func @f(%a: tensor<i32> {tfg.name = "a"})
     -> (tensor<i32> {tfg.name = "b"})
 {
  %Cast, %ctl = Cast(%a) name("cast") {DstT = f32, SrcT = i32} : (tensor<i32>) -> (tensor<f32>)
  %Id, %ctl_0 = Identity(%Cast) : (tensor<f32>) -> (tensor<f32>)
  %Used, %ctl_1 = Identity(%a) : (tensor<i32>) -> (tensor<i32>)
  %ctl_2 = NoOp
  %Stateful, %ctl_3 = RandomUniform(%a) : (tensor<i32>) -> (tensor<f32>)
  %ctl_4 = AssignVariableOp(%a, %a) : tensor<i32>, tensor<i32>
  return(%Used) : tensor<i32>
}
