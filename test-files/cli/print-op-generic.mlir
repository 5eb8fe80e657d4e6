// RUN: %amanda_opt --print-op-generic %s | FileCheck %s
// RUN: %amanda_opt --mlir-print-op-generic %s | FileCheck %s
// RUN: %amanda_opt --canonical %s > %t.direct
// RUN: %amanda_opt --print-op-generic %s | %amanda_opt --canonical - > %t.via-generic
// RUN: diff %t.direct %t.via-generic
// RUN: %idempotent %s --print-op-generic

// --print-op-generic (alias --mlir-print-op-generic) prints every op in MLIR's generic form:
// the control result and control operands become explicit `!tf_type.control` values, the
// clauses become `_mlir_*` attributes, the graph version and the function signature become
// attributes. Going through the generic form loses nothing: printing the generic output
// gives the same --canonical text as printing the input. (The operandSegmentSizes
// properties TensorFlow needs: pending/generic-tfg-segments.mlir.)

// CHECK:      "tfg.graph"() ({
// CHECK-NEXT:   %x, %ctl = "tfg.Op"() {_mlir_device = "/CPU:0", _mlir_name = "x"} : () -> (tensor<*xf32>, !tf_type.control)
// CHECK-NEXT:   %y, %ctl_0 = "tfg.Neg"(%x, %ctl) : (tensor<*xf32>, !tf_type.control) -> (tensor<*xf32>, !tf_type.control)
// CHECK-NEXT:   %ctl_1 = "tfg.NoOp"(%ctl, %ctl_0) : (!tf_type.control, !tf_type.control) -> !tf_type.control
// CHECK-NEXT: }) {version = #tf_type.version<producer = 42, min_consumer = 33>} : () -> ()
// CHECK-NEXT: "tfg.func"() ({
// CHECK-NEXT: ^{{[a-z0-9_]+}}(%x: !tf_type.tensor, %x.ctl: !tf_type.control):
// CHECK-NEXT:   %add, %ctl = "tfg.AddV2"(%x, %x, %x.ctl) : (!tf_type.tensor, !tf_type.tensor, !tf_type.control) -> (!tf_type.tensor, !tf_type.control)
// CHECK-NEXT:   %out = "tfg.get_result"(%add) {name = "z", number = 0 : i32} : (!tf_type.tensor) -> !tf_type.tensor
// CHECK:      }) {
// CHECK-DAG:  sym_name = "g"
// CHECK-DAG:  generic
// CHECK-DAG:  function_type = (!tf_type.tensor, !tf_type.control) -> !tf_type.tensor
// CHECK-DAG:  arg_attrs = [{tfg.name = "x"}, {}]
// CHECK:      } : () -> ()

tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %x, %ctl = Op device("/CPU:0") name("x") : () -> (tensor<*xf32>)
  %y, %ctl_0 = Neg(%x) [%ctl] : (tensor<*xf32>) -> (tensor<*xf32>)
  %ctl_1 = NoOp [%ctl, %ctl_0]
}
tfg.func generic @g(%x: !tf_type.tensor {tfg.name = "x"})
     -> (!tf_type.tensor)
 {
  %add, %ctl = AddV2(%x, %x) [%x.ctl] : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %out = get_result(%add) "z" : 0
  return(%out) : !tf_type.tensor
}
