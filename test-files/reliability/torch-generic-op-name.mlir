// RUN: %amanda_opt --canonical %s > %t
// RUN: %idempotent %t --canonical
// RUN: FileCheck %s < %t

// A `torch.` op whose name is not one the lexer reads as a custom op name (the roundtrip
// fuzz target's `torch.aten.rel(u`) has no custom form: it prints generic in every mode, so
// the output reads back (issue 19). Names made of [a-zA-Z0-9_$.] keep torch-mlir's form.

// CHECK: %0 = "torch.aten.rel(u"(%arg0) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// CHECK: %1 = torch.aten.relu %0 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
func.func @f(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = "torch.aten.rel(u"(%x) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %1 : !torch.vtensor<[2],f32>
}
