// RUN: %amanda_opt --tfg-lift-legacy-call %s | FileCheck %s
// RUN: %amanda_opt --tfg-lift-legacy-call --symbol-privatize --symbol-dce %s | FileCheck %s --check-prefix=DCE

// A node whose type names a function of the module is a call and gets a symbol reference,
// wherever it is (graphs, functions, region bodies); other nodes and tfg's own ops don't.

// CHECK-LABEL: tfg.graph
// CHECK: Callee(%{{.*}}) [%{{.*}}] name("c") {tfg.legacy_call = @Callee}
// CHECK: Other name("o") :
// CHECK: yield
// CHECK-NEXT: } else {
// CHECK-NEXT: Nested [%{{.*}}] {keep, tfg.legacy_call = @Nested}
// CHECK-LABEL: tfg.func @Callee
// CHECK-NOT: tfg.legacy_call
// CHECK-LABEL: tfg.func @Nested
// CHECK: Callee {tfg.legacy_call = @Callee}

// DCE: tfg.func private @Callee
// DCE: tfg.func private @Nested
// DCE-NOT: @Unused
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  %x, %ctl = X : () -> (tensor<i1>)
  %c, %ctl_c = Callee(%x) [%ctl] name("c") : (tensor<i1>) -> (tensor<i1>)
  %o, %ctl_o = Other name("o") : () -> (tensor<i1>)
  %If, %ctl_if = IfRegion %x then {
    yield(%c) : tensor<i1>
  } else {
    %n, %ctl_n = Nested [%ctl_c] {keep} : () -> (tensor<i1>)
    yield(%n) : tensor<i1>
  } {_mlir_name = "if"} : (tensor<i1>) -> (tensor<i1>)
}
tfg.func @Callee(%a: tensor<i1>) -> (tensor<i1>) {
  return(%a) : tensor<i1>
}
tfg.func @Nested() -> (tensor<i1>) {
  %C, %ctl = Callee : () -> (tensor<i1>)
  return(%C) : tensor<i1>
}
tfg.func @Unused() -> () {
  return
}
