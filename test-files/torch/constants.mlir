// RUN: %roundtrip %s
// RUN: %amanda_opt %s --canonical | FileCheck %s
// RUN: %amanda_opt %s --canonical --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %amanda_opt %s --print-op-generic | %amanda_opt - --canonical | FileCheck %s
// torch.constant.{int,float,bool,none,str,device} and the names torch-mlir gives them
// (`%int-3`, `%float1.500000e00`, `%floatInf`, `%cuda3A0`), with an attribute dictionary.

// CHECK: module {
// CHECK-NEXT:   func.func @constants() {
// CHECK-NEXT:     %int1 = torch.constant.int 1
// CHECK-NEXT:     %int-3 = torch.constant.int -3
// CHECK-NEXT:     %int9223372036854775807 = torch.constant.int 9223372036854775807
// CHECK-NEXT:     %float1.500000e00 = torch.constant.float 1.500000e+00
// CHECK-NEXT:     %float1.000000e-05 = torch.constant.float 1.000000e-05
// CHECK-NEXT:     %float-0.000000e00 = torch.constant.float -0.000000e+00
// CHECK-NEXT:     %floatInf = torch.constant.float 0x7FF0000000000000
// CHECK-NEXT:     %float3.141590e00 = torch.constant.float 3.1415926500000002
// CHECK-NEXT:     %true = torch.constant.bool true
// CHECK-NEXT:     %false = torch.constant.bool false {my.tag}
// CHECK-NEXT:     %none = torch.constant.none
// CHECK-NEXT:     %str = torch.constant.str "none"
// CHECK-NEXT:     %str_0 = torch.constant.str "a\22b"
// CHECK-NEXT:     %cpu = torch.constant.device "cpu"
// CHECK-NEXT:     %cuda3A0 = torch.constant.device "cuda:0"
// CHECK-NEXT:     %int1_1 = torch.constant.int 1
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "constants"}> ({
// GENERIC-NEXT:     %0 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
// GENERIC-NEXT:     %1 = "torch.constant.int"() <{value = -3 : i64}> : () -> !torch.int
// GENERIC-NEXT:     %2 = "torch.constant.int"() <{value = 9223372036854775807 : i64}> : () -> !torch.int
// GENERIC-NEXT:     %3 = "torch.constant.float"() <{value = 1.500000e+00 : f64}> : () -> !torch.float
// GENERIC-NEXT:     %4 = "torch.constant.float"() <{value = 1.000000e-05 : f64}> : () -> !torch.float
// GENERIC-NEXT:     %5 = "torch.constant.float"() <{value = -0.000000e+00 : f64}> : () -> !torch.float
// GENERIC-NEXT:     %6 = "torch.constant.float"() <{value = 0x7FF0000000000000 : f64}> : () -> !torch.float
// GENERIC-NEXT:     %7 = "torch.constant.float"() <{value = 3.1415926500000002 : f64}> : () -> !torch.float
// GENERIC-NEXT:     %8 = "torch.constant.bool"() <{value = true}> : () -> !torch.bool
// GENERIC-NEXT:     %9 = "torch.constant.bool"() <{value = false}> {my.tag} : () -> !torch.bool
// GENERIC-NEXT:     %10 = "torch.constant.none"() : () -> !torch.none
// GENERIC-NEXT:     %11 = "torch.constant.str"() <{value = "none"}> : () -> !torch.str
// GENERIC-NEXT:     %12 = "torch.constant.str"() <{value = "a\22b"}> : () -> !torch.str
// GENERIC-NEXT:     %13 = "torch.constant.device"() <{value = "cpu"}> : () -> !torch.Device
// GENERIC-NEXT:     %14 = "torch.constant.device"() <{value = "cuda:0"}> : () -> !torch.Device
// GENERIC-NEXT:     %15 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @constants() {
  %a = torch.constant.int 1
  %b = torch.constant.int -3
  %c = torch.constant.int 9223372036854775807
  %d = torch.constant.float 1.5
  %e = torch.constant.float 1.0e-05
  %f = torch.constant.float -0.0
  %g = torch.constant.float 0x7FF0000000000000
  %h = torch.constant.float 3.14159265
  %i = torch.constant.bool true
  %j = torch.constant.bool false {my.tag}
  %k = torch.constant.none
  %l = torch.constant.str "none"
  %m = torch.constant.str "a\"b"
  %n = torch.constant.device "cpu"
  %o = torch.constant.device "cuda:0"
  %p = torch.constant.int 1
  return
}
