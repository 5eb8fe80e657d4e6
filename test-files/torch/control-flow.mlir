// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// torch.prim.If / torch.prim.If.yield and torch.prim.Loop / torch.prim.Loop.condition,
// with and without results and loop-carried values.

// CHECK: module {
// CHECK-NEXT:   func.func @main(%arg0: !torch.bool, %arg1: !torch.int, %arg2: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
// CHECK-NEXT:     %0 = torch.prim.If %arg0 -> (!torch.vtensor<[2],f32>) {
// CHECK-NEXT:       %3 = torch.aten.relu %arg2 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
// CHECK-NEXT:       torch.prim.If.yield %3 : !torch.vtensor<[2],f32>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       torch.prim.If.yield %arg2 : !torch.vtensor<[2],f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     torch.prim.If %arg0 -> () {
// CHECK-NEXT:       torch.prim.If.yield
// CHECK-NEXT:     } else {
// CHECK-NEXT:       torch.prim.If.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     %1:2 = torch.prim.If %arg0 -> (!torch.int, !torch.int) {
// CHECK-NEXT:       %int1 = torch.constant.int 1
// CHECK-NEXT:       torch.prim.If.yield %int1, %int1 : !torch.int, !torch.int
// CHECK-NEXT:     } else {
// CHECK-NEXT:       torch.prim.If.yield %arg1, %arg1 : !torch.int, !torch.int
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = torch.prim.Loop %arg1, %arg0, init(%0) {
// CHECK-NEXT:     ^bb0(%arg3: !torch.int, %arg4: !torch.vtensor<[2],f32>):
// CHECK-NEXT:       %3 = torch.aten.relu %arg4 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
// CHECK-NEXT:       torch.prim.Loop.condition %arg0, iter(%3 : !torch.vtensor<[2],f32>)
// CHECK-NEXT:     } : (!torch.int, !torch.bool, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// CHECK-NEXT:     torch.prim.Loop %arg1, %arg0, init() {
// CHECK-NEXT:     ^bb0(%arg3: !torch.int):
// CHECK-NEXT:       torch.prim.Loop.condition %arg0, iter()
// CHECK-NEXT:     } : (!torch.int, !torch.bool) -> ()
// CHECK-NEXT:     return %2 : !torch.vtensor<[2],f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (!torch.bool, !torch.int, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>, sym_name = "main"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !torch.bool, %arg1: !torch.int, %arg2: !torch.vtensor<[2],f32>):
// GENERIC-NEXT:     %0 = "torch.prim.If"(%arg0) ({
// GENERIC-NEXT:       %5 = "torch.aten.relu"(%arg2) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// GENERIC-NEXT:       "torch.prim.If.yield"(%5) : (!torch.vtensor<[2],f32>) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "torch.prim.If.yield"(%arg2) : (!torch.vtensor<[2],f32>) -> ()
// GENERIC-NEXT:     }) : (!torch.bool) -> !torch.vtensor<[2],f32>
// GENERIC-NEXT:     "torch.prim.If"(%arg0) ({
// GENERIC-NEXT:       "torch.prim.If.yield"() : () -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "torch.prim.If.yield"() : () -> ()
// GENERIC-NEXT:     }) : (!torch.bool) -> ()
// GENERIC-NEXT:     %1:2 = "torch.prim.If"(%arg0) ({
// GENERIC-NEXT:       %4 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
// GENERIC-NEXT:       "torch.prim.If.yield"(%4, %4) : (!torch.int, !torch.int) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "torch.prim.If.yield"(%arg1, %arg1) : (!torch.int, !torch.int) -> ()
// GENERIC-NEXT:     }) : (!torch.bool) -> (!torch.int, !torch.int)
// GENERIC-NEXT:     %2 = "torch.prim.Loop"(%arg1, %arg0, %0) ({
// GENERIC-NEXT:     ^bb0(%arg4: !torch.int, %arg5: !torch.vtensor<[2],f32>):
// GENERIC-NEXT:       %3 = "torch.aten.relu"(%arg5) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// GENERIC-NEXT:       "torch.prim.Loop.condition"(%arg0, %3) : (!torch.bool, !torch.vtensor<[2],f32>) -> ()
// GENERIC-NEXT:     }) : (!torch.int, !torch.bool, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
// GENERIC-NEXT:     "torch.prim.Loop"(%arg1, %arg0) ({
// GENERIC-NEXT:     ^bb0(%arg3: !torch.int):
// GENERIC-NEXT:       "torch.prim.Loop.condition"(%arg0) : (!torch.bool) -> ()
// GENERIC-NEXT:     }) : (!torch.int, !torch.bool) -> ()
// GENERIC-NEXT:     "func.return"(%2) : (!torch.vtensor<[2],f32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @main(%c: !torch.bool, %n: !torch.int, %x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.prim.If %c -> (!torch.vtensor<[2],f32>) {
    %r = torch.aten.relu %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
    torch.prim.If.yield %r : !torch.vtensor<[2],f32>
  } else {
    torch.prim.If.yield %x : !torch.vtensor<[2],f32>
  }
  torch.prim.If %c -> () {
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %a, %b = torch.prim.If %c -> (!torch.int, !torch.int) {
    %i = torch.constant.int 1
    torch.prim.If.yield %i, %i : !torch.int, !torch.int
  } else {
    torch.prim.If.yield %n, %n : !torch.int, !torch.int
  }
  %1 = torch.prim.Loop %n, %c, init(%0) {
  ^bb0(%i: !torch.int, %acc: !torch.vtensor<[2],f32>):
    %s = torch.aten.relu %acc : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
    torch.prim.Loop.condition %c, iter(%s : !torch.vtensor<[2],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  torch.prim.Loop %n, %c, init() {
  ^bb0(%i: !torch.int):
    torch.prim.Loop.condition %c, iter()
  } : (!torch.int, !torch.bool) -> ()
  return %1 : !torch.vtensor<[2],f32>
}
