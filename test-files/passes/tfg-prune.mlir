// RUN: %amanda_opt --pass-pipeline='builtin.module(tfg-prune{fetches=f:0,^g})' %s | FileCheck %s
// RUN: %amanda_opt --tfg-prune %s | FileCheck %s --check-prefix=NOFETCH

// Only nodes a fetch needs through data or control edges stay (a region op whole, with
// what its regions use from outside); in functions the return is always a root.

// CHECK-LABEL: tfg.graph
// CHECK-NEXT: %[[A:.*]], %{{.*}} = A name("a")
// CHECK-NEXT: %[[B:.*]], %{{.*}} = B name("b")
// CHECK-NEXT: %{{.*}}, %[[SCTL:.*]] = Side name("side")
// CHECK-NEXT: %[[IF:.*]], %{{.*}} = IfRegion %[[A]] then {
// CHECK-NEXT: yield(%[[B]])
// CHECK: %{{.*}}, %{{.*}} = F(%[[IF]]) [%[[SCTL]]] name("f")
// CHECK-NEXT: G name("g")
// CHECK-NEXT: }
// NOFETCH: Dead(
// NOFETCH: Unfetched
// CHECK-LABEL: tfg.func @fn
// CHECK: %[[K:.*]], %{{.*}} = K
// CHECK-NEXT: %{{.*}}, %[[CCTL:.*]] = Ctl
// CHECK-NEXT: return(%[[K]]) [%[[CCTL]]]
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %a, %ctl = A name("a") : () -> (tensor<i1>)
  %b, %ctl_b = B name("b") : () -> (tensor<i32>)
  %s, %ctl_s = Side name("side") : () -> (tensor<i32>)
  %dead, %ctl_d = Dead(%b) name("dead") : (tensor<i32>) -> (tensor<i32>)
  %if, %ctl_if = IfRegion %a then {
    yield(%b) : tensor<i32>
  } else {
    yield(%b) : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i32>)
  %f, %ctl_f = F(%if) [%ctl_s] name("f") : (tensor<i32>) -> (tensor<i32>)
  %ctl_g = G name("g")
  %u, %ctl_u = Unfetched(%f) name("u") : (tensor<i32>) -> (tensor<i32>)
}
tfg.func @fn() -> (tensor<i32>) {
  %k, %ctl = K : () -> (tensor<i32>)
  %c, %ctl_0 = Ctl : () -> (tensor<i32>)
  %d, %ctl_1 = Dropped(%k) : (tensor<i32>) -> (tensor<i32>)
  return(%k) [%ctl_0] : tensor<i32>
}
