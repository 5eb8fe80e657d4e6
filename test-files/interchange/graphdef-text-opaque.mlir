// A GraphDef printed as text (canonical with locations, as the command line prints an
// import, and preserving) reads back and exports to the same GraphDef: quantized and variant
// tensors, which have no MLIR element literal, print as TensorFlow's
// `#tf_type<tensor_proto : "0x..."> : tensor<...>` (a dialect attribute with a trailing
// type, which the parser reads as MLIR does), and empty string and float tensors as
// `dense<>` (issue 32).

// RUN: %amanda_opt %S/Inputs/opaque-tensors.pbtxt --print-debuginfo -o %t.mlir
// RUN: FileCheck %s --check-prefix=TEXT < %t.mlir
// TEXT: Const name("q") {dtype = !tf_type.quint8, value = #tf_type<tensor_proto : "0x{{[0-9A-F]+}}"> : tensor<2x!tf_type.quint8>}
// TEXT: Const name("empty_strings") {dtype = !tf_type.string, value = dense<> : tensor<0x!tf_type.string>}
// TEXT: Const name("v") {dtype = !tf_type.variant, value = #tf_type<tensor_proto : "0x{{[0-9A-F]+}}"> : tensor<!tf_type.variant>}

// The text reads back, prints the same, and exports the tensors as they were.
// RUN: %amanda_opt %t.mlir --canonical --print-debuginfo -o %t.again.mlir
// RUN: diff %t.mlir %t.again.mlir
// RUN: %amanda_opt %t.mlir --emit=pbtxt | FileCheck %s
// RUN: %amanda_opt %S/Inputs/opaque-tensors.pbtxt -o %t.preserving.mlir --print-debuginfo
// RUN: %amanda_opt %t.preserving.mlir -tfg-toposort --print-debuginfo -o %t.pass.mlir
// RUN: %amanda_opt %t.pass.mlir --emit=pbtxt | FileCheck %s

// CHECK-LABEL: name: "q"
// CHECK:           dtype: DT_QUINT8
// CHECK:           int_val: 7
// CHECK-NEXT:      int_val: 9
// CHECK-LABEL: name: "empty_strings"
// CHECK:           dtype: DT_STRING
// CHECK-LABEL: name: "empty_floats"
// CHECK:           dtype: DT_FLOAT
// CHECK-NEXT:      tensor_shape {
// CHECK-NEXT:        dim {
// CHECK-NEXT:        }
// CHECK-LABEL: name: "v"
// CHECK:           dtype: DT_VARIANT

// A trailing type is taken only after a dialect attribute.
// RUN: not %amanda_opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: unexpected ':' after attribute that takes no type
"x.y"() {a = [1] : tensor<1xi32>} : () -> ()
