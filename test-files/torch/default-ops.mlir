// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// The default format of torch-mlir's generated ops (`printDefaultTorchOp`): operands,
// attribute dictionary, `: operand types -> result types`; multi-result ops named after
// the schema's results (`%values, %indices`; `%result0`... for unnamed ones).

// CHECK: module {
// CHECK-NEXT:   func.func @main(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.list<int>, %arg2: !torch.none) -> !torch.vtensor<[2,3],f32> {
// CHECK-NEXT:     %int1 = torch.constant.int 1
// CHECK-NEXT:     %false = torch.constant.bool false
// CHECK-NEXT:     %float1.000000e-05 = torch.constant.float 1.000000e-05
// CHECK-NEXT:     %0 = torch.aten.relu %arg0 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT:     %1 = torch.aten.add.Tensor %0, %arg0, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT:     %values, %indices = torch.aten.max.dim %1, %int1, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
// CHECK-NEXT:     %result0, %result1, %result2 = torch.aten.native_layer_norm %1, %arg1, %arg2, %arg2, %float1.000000e-05 : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>
// CHECK-NEXT:     %2 = torch.aten.mul.Tensor %result0, %result0 {my.note = "kept"} : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
// CHECK-NEXT:     %3 = torch.aten.size.int %2, %int1 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.int
// CHECK-NEXT:     %4 = torch.prim.ListUnpack %arg1 : !torch.list<int> -> !torch.int
// CHECK-NEXT:     %str = torch.constant.str "boom"
// CHECK-NEXT:     torch.prim.RaiseException %str, %arg2 : !torch.str, !torch.none
// CHECK-NEXT:     return %2 : !torch.vtensor<[2,3],f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (!torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.none) -> !torch.vtensor<[2,3],f32>, sym_name = "main"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.list<int>, %arg2: !torch.none):
// GENERIC-NEXT:     %0 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
// GENERIC-NEXT:     %1 = "torch.constant.bool"() <{value = false}> : () -> !torch.bool
// GENERIC-NEXT:     %2 = "torch.constant.float"() <{value = 1.000000e-05 : f64}> : () -> !torch.float
// GENERIC-NEXT:     %3 = "torch.aten.relu"(%arg0) : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// GENERIC-NEXT:     %4 = "torch.aten.add.Tensor"(%3, %arg0, %0) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int) -> !torch.vtensor<[2,3],f32>
// GENERIC-NEXT:     %5:2 = "torch.aten.max.dim"(%4, %0, %1) : (!torch.vtensor<[2,3],f32>, !torch.int, !torch.bool) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>)
// GENERIC-NEXT:     %6:3 = "torch.aten.native_layer_norm"(%4, %arg1, %arg2, %arg2, %2) : (!torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>)
// GENERIC-NEXT:     %7 = "torch.aten.mul.Tensor"(%6#0, %6#0) {my.note = "kept"} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
// GENERIC-NEXT:     %8 = "torch.aten.size.int"(%7, %0) : (!torch.vtensor<[2,3],f32>, !torch.int) -> !torch.int
// GENERIC-NEXT:     %9 = "torch.prim.ListUnpack"(%arg1) : (!torch.list<int>) -> !torch.int
// GENERIC-NEXT:     %10 = "torch.constant.str"() <{value = "boom"}> : () -> !torch.str
// GENERIC-NEXT:     "torch.prim.RaiseException"(%10, %arg2) : (!torch.str, !torch.none) -> ()
// GENERIC-NEXT:     "func.return"(%7) : (!torch.vtensor<[2,3],f32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @main(%x: !torch.vtensor<[2,3],f32>, %w: !torch.list<int>, %n: !torch.none) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %eps = torch.constant.float 1.0e-05
  %0 = torch.aten.relu %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.add.Tensor %0, %x, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %v, %i = torch.aten.max.dim %1, %int1, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
  %r:3 = torch.aten.native_layer_norm %1, %w, %n, %n, %eps : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>
  %2 = torch.aten.mul.Tensor %r#0, %r#0 {my.note = "kept"} : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %3 = torch.aten.size.int %2, %int1 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.int
  %4 = torch.prim.ListUnpack %w : !torch.list<int> -> !torch.int
  %msg = torch.constant.str "boom"
  torch.prim.RaiseException %msg, %n : !torch.str, !torch.none
  return %2 : !torch.vtensor<[2,3],f32>
}
