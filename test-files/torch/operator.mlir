// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// torch.operator: the name, operands, attributes, functional type, and regions (the format
// leaves a space after the type when there are none).

// CHECK: module {
// CHECK-NEXT:   func.func @main(%arg0: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
// CHECK-NEXT:     %0 = torch.operator "onnx.Relu"(%arg0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// CHECK-NEXT:     %1:2 = torch.operator "foo.split"(%0) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[2],f32>) -> (!torch.vtensor<[1],f32>, !torch.vtensor<[1],f32>)
// CHECK-NEXT:     %2 = torch.operator "onnx.If"(%arg0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
// CHECK-NEXT:       torch.operator_terminator %0 : !torch.vtensor<[2],f32>
// CHECK-NEXT:     }, {
// CHECK-NEXT:       torch.operator_terminator %arg0 : !torch.vtensor<[2],f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return %2 : !torch.vtensor<[2],f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>, sym_name = "main"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !torch.vtensor<[2],f32>):
// GENERIC-NEXT:     %0 = "torch.operator"(%arg0) <{name = "onnx.Relu"}> : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// GENERIC-NEXT:     %1:2 = "torch.operator"(%0) <{name = "foo.split"}> {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[2],f32>) -> (!torch.vtensor<[1],f32>, !torch.vtensor<[1],f32>)
// GENERIC-NEXT:     %2 = "torch.operator"(%arg0) <{name = "onnx.If"}> ({
// GENERIC-NEXT:       "torch.operator_terminator"(%0) : (!torch.vtensor<[2],f32>) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "torch.operator_terminator"(%arg0) : (!torch.vtensor<[2],f32>) -> ()
// GENERIC-NEXT:     }) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// GENERIC-NEXT:     "func.return"(%2) : (!torch.vtensor<[2],f32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @main(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.operator "onnx.Relu"(%x) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> 
  %1:2 = torch.operator "foo.split"(%0) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[2],f32>) -> (!torch.vtensor<[1],f32>, !torch.vtensor<[1],f32>) 
  %2 = torch.operator "onnx.If"(%x) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
    torch.operator_terminator %0 : !torch.vtensor<[2],f32>
  }, {
    torch.operator_terminator %x : !torch.vtensor<[2],f32>
  }
  return %2 : !torch.vtensor<[2],f32>
}
