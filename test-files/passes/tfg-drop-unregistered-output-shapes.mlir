// RUN: %amanda_opt %s --tfg-drop-unregistered-output-shapes | FileCheck %s
// RUN: %amanda_opt %s --pass-pipeline='builtin.module(tfg-drop-unregistered-output-shapes{skip=tfg.Keep,tfg.IfRegion})' | FileCheck %s --check-prefix=SKIP

// `_output_shapes` goes from every op (graphs, functions, region ops and their regions);
// other attributes and control edges stay. Ops named in `skip` (full names) keep it.
// CHECK-LABEL: tfg.graph
// SKIP-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
  // CHECK: %a, %ctl_a = Keep name("a") {_other = 1 : i64} :
  // SKIP: %a, %ctl_a = Keep name("a") {_output_shapes = [#tf_type.shape<>], _other = 1 : i64} :
  %a, %ctl_a = Keep name("a") {_output_shapes = [#tf_type.shape<>], _other = 1 : i64} : () -> (tensor<i32>)
  // CHECK: %b, %ctl_b = Drop(%a) [%ctl_a] name("b") :
  // SKIP: %b, %ctl_b = Drop(%a) [%ctl_a] name("b") :
  %b, %ctl_b = Drop(%a) [%ctl_a] name("b") {_output_shapes = [#tf_type.shape<>]} : (tensor<i32>) -> (tensor<i32>)
}

// CHECK-LABEL: tfg.func @f
// SKIP-LABEL: tfg.func @f
tfg.func @f(%c: tensor<i1> {tfg.name = "c"}) -> (tensor<i32>) {
  // CHECK-NOT: _output_shapes
  // SKIP: Inner name("in") :
  // SKIP: {_mlir_name = "if", _output_shapes = [#tf_type.shape<>]}
  %if, %ctl_if = IfRegion %c then {
    %in, %ctl_in = Inner name("in") {_output_shapes = [#tf_type.shape<>]} : () -> (tensor<i32>)
    yield(%in) : tensor<i32>
  } else {
    %in2, %ctl_in2 = Inner name("in2") : () -> (tensor<i32>)
    yield(%in2) : tensor<i32>
  } {_mlir_name = "if", _output_shapes = [#tf_type.shape<>]} : (tensor<i1>) -> (tensor<i32>)
  return(%if) : tensor<i32>
}
