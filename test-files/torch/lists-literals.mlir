// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// torch.prim.ListConstruct (functional type, also with no operands), torch.vtensor.literal
// (dense and dense_resource values), torch.derefine and torch.copy.to_vtensor.

// CHECK: module {
// CHECK-NEXT:   func.func @main(%arg0: !torch.tensor<[3],f32>) -> !torch.list<int> {
// CHECK-NEXT:     %int1 = torch.constant.int 1
// CHECK-NEXT:     %int2 = torch.constant.int 2
// CHECK-NEXT:     %none = torch.constant.none
// CHECK-NEXT:     %0 = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK-NEXT:     %1 = torch.prim.ListConstruct  : () -> !torch.list<int>
// CHECK-NEXT:     %2 = torch.vtensor.literal(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
// CHECK-NEXT:     %3 = torch.vtensor.literal(dense<7> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
// CHECK-NEXT:     %4 = torch.vtensor.literal(dense_resource<blob0> : tensor<2xf32>) : !torch.vtensor<[2],f32>
// CHECK-NEXT:     %5 = torch.derefine %none : !torch.none to !torch.optional<int>
// CHECK-NEXT:     %6 = torch.copy.to_vtensor %arg0 : !torch.vtensor<[3],f32>
// CHECK-NEXT:     return %0 : !torch.list<int>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob0: "0x040000000000803F00000040"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (!torch.tensor<[3],f32>) -> !torch.list<int>, sym_name = "main"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !torch.tensor<[3],f32>):
// GENERIC-NEXT:     %0 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
// GENERIC-NEXT:     %1 = "torch.constant.int"() <{value = 2 : i64}> : () -> !torch.int
// GENERIC-NEXT:     %2 = "torch.constant.none"() : () -> !torch.none
// GENERIC-NEXT:     %3 = "torch.prim.ListConstruct"(%0, %1) : (!torch.int, !torch.int) -> !torch.list<int>
// GENERIC-NEXT:     %4 = "torch.prim.ListConstruct"() : () -> !torch.list<int>
// GENERIC-NEXT:     %5 = "torch.vtensor.literal"() <{value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>}> : () -> !torch.vtensor<[3],f32>
// GENERIC-NEXT:     %6 = "torch.vtensor.literal"() <{value = dense<7> : tensor<2x2xsi64>}> : () -> !torch.vtensor<[2,2],si64>
// GENERIC-NEXT:     %7 = "torch.vtensor.literal"() <{value = dense_resource<blob0> : tensor<2xf32>}> : () -> !torch.vtensor<[2],f32>
// GENERIC-NEXT:     %8 = "torch.derefine"(%2) : (!torch.none) -> !torch.optional<int>
// GENERIC-NEXT:     %9 = "torch.copy.to_vtensor"(%arg0) : (!torch.tensor<[3],f32>) -> !torch.vtensor<[3],f32>
// GENERIC-NEXT:     "func.return"(%3) : (!torch.list<int>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:
// GENERIC-NEXT: {-#
// GENERIC-NEXT:   dialect_resources: {
// GENERIC-NEXT:     builtin: {
// GENERIC-NEXT:       blob0: "0x040000000000803F00000040"
// GENERIC-NEXT:     }
// GENERIC-NEXT:   }
// GENERIC-NEXT: #-}

func.func @main(%t: !torch.tensor<[3],f32>) -> !torch.list<int> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct  : () -> !torch.list<int>
  %2 = torch.vtensor.literal(dense<[1.0, 2.0, 3.0]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
  %3 = torch.vtensor.literal(dense<7> : tensor<2x2xsi64>) : !torch.vtensor<[2,2],si64>
  %4 = torch.vtensor.literal(dense_resource<blob0> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  %5 = torch.derefine %none : !torch.none to !torch.optional<int>
  %6 = torch.copy.to_vtensor %t : !torch.vtensor<[3],f32>
  return %0 : !torch.list<int>
}

{-#
  dialect_resources: {
    builtin: {
      blob0: "0x040000000000803F00000040"
    }
  }
#-}
