// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// func.func in custom form (public, private, nested; argument and result attributes;
// `attributes {...}`; external declarations, `no_inline`) and `return` with and without operands.
// The generic form shows the properties mlir-opt gives func.func.

// CHECK: module attributes {torch.debug_module_name = "M"} {
// CHECK-NEXT:   func.func @main(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.int {my.arg = 1 : i64}) -> (!torch.vtensor<[2,3],f32> {my.res}, !torch.int) attributes {my.fn = "f"} {
// CHECK-NEXT:     return %arg0, %arg1 : !torch.vtensor<[2,3],f32>, !torch.int
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @decl(!torch.int, !torch.float {my.arg}) -> !torch.int
// CHECK-NEXT:   func.func private @keep() attributes {my.x, no_inline}
// CHECK-NEXT:   func.func nested @empty() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func public @one(%arg0: !torch.bool) -> !torch.bool {
// CHECK-NEXT:     return %arg0 : !torch.bool
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{arg_attrs = [{}, {my.arg = 1 : i64}], function_type = (!torch.vtensor<[2,3],f32>, !torch.int) -> (!torch.vtensor<[2,3],f32>, !torch.int), res_attrs = [{my.res}, {}], sym_name = "main"}> ({
// GENERIC-NEXT:   ^bb0(%arg1: !torch.vtensor<[2,3],f32>, %arg2: !torch.int):
// GENERIC-NEXT:     "func.return"(%arg1, %arg2) : (!torch.vtensor<[2,3],f32>, !torch.int) -> ()
// GENERIC-NEXT:   }) {my.fn = "f"} : () -> ()
// GENERIC-NEXT:   "func.func"() <{arg_attrs = [{}, {my.arg}], function_type = (!torch.int, !torch.float) -> !torch.int, sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), no_inline, sym_name = "keep", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) {my.x} : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "empty", sym_visibility = "nested"}> ({
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (!torch.bool) -> !torch.bool, sym_name = "one", sym_visibility = "public"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !torch.bool):
// GENERIC-NEXT:     "func.return"(%arg0) : (!torch.bool) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) {torch.debug_module_name = "M"} : () -> ()

module attributes {torch.debug_module_name = "M"} {
  func.func @main(%x: !torch.vtensor<[2,3],f32>, %y: !torch.int {my.arg = 1 : i64}) -> (!torch.vtensor<[2,3],f32> {my.res}, !torch.int) attributes {my.fn = "f"} {
    return %x, %y : !torch.vtensor<[2,3],f32>, !torch.int
  }
  func.func private @decl(!torch.int, !torch.float {my.arg}) -> !torch.int
  func.func private @keep() attributes {my.x, no_inline}
  func.func nested @empty() {
    return
  }
  func.func public @one(%a: !torch.bool) -> !torch.bool {
    return %a : !torch.bool
  }
}
