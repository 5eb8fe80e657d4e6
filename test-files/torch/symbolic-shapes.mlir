// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// Dynamic shapes as torch_mlir.fx.export_and_import writes them: torch.symbolic_int and
// torch.bind_symbolic_shape (its affine map printed inline; the generic form aliases it).

// CHECK: module {
// CHECK-NEXT:   func.func @main(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
// CHECK-NEXT:     %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 9223372036854775806} : !torch.int
// CHECK-NEXT:     torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 4)> : !torch.vtensor<[?,4],f32>
// CHECK-NEXT:     %1 = torch.aten.relu %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
// CHECK-NEXT:     torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (s0, 4)> : !torch.vtensor<[?,4],f32>
// CHECK-NEXT:     return %1 : !torch.vtensor<[?,4],f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: #map = affine_map<()[s0] -> (s0, 4)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (!torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32>, sym_name = "main"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !torch.vtensor<[?,4],f32>):
// GENERIC-NEXT:     %0 = "torch.symbolic_int"() <{max_val = 9223372036854775806 : i64, min_val = 2 : i64, symbol_name = "s0"}> : () -> !torch.int
// GENERIC-NEXT:     "torch.bind_symbolic_shape"(%arg0, %0) <{shape_expressions = #map}> : (!torch.vtensor<[?,4],f32>, !torch.int) -> ()
// GENERIC-NEXT:     %1 = "torch.aten.relu"(%arg0) : (!torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32>
// GENERIC-NEXT:     "torch.bind_symbolic_shape"(%1, %0) <{shape_expressions = #map}> : (!torch.vtensor<[?,4],f32>, !torch.int) -> ()
// GENERIC-NEXT:     "func.return"(%1) : (!torch.vtensor<[?,4],f32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @main(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 9223372036854775806} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 4)> : !torch.vtensor<[?,4],f32>
  %1 = torch.aten.relu %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (s0, 4)> : !torch.vtensor<[?,4],f32>
  return %1 : !torch.vtensor<[?,4],f32>
}
