// RUN: %amanda_opt %S/Inputs/parity-no-inference.pbtxt | FileCheck %s
// RUN: not %amanda_opt %S/Inputs/parity-empty-op.pbtxt 2>&1 | FileCheck %s --check-prefix=EMPTY-OP
// RUN: not %amanda_opt %S/Inputs/parity-type-list.pbtxt 2>&1 | FileCheck %s --check-prefix=TYPE-LIST
// RUN: not %amanda_opt %S/Inputs/parity-empty-attr.pbtxt 2>&1 | FileCheck %s --check-prefix=EMPTY-ATTR
// RUN: not %amanda_opt %S/Inputs/parity-index.pbtxt 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not %amanda_opt %S/Inputs/parity-handle-data.pbtxt 2>&1 | FileCheck %s --check-prefix=HANDLE
// RUN: not %amanda_opt %S/Inputs/parity-generic-empty-result.pbtxt 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: not %amanda_opt %S/Inputs/parity-func-attr-list.pbtxt 2>&1 | FileCheck %s --check-prefix=FUNC-ATTR
// RUN: not %amanda_opt %S/Inputs/parity-function-empty-attr.pbtxt 2>&1 | FileCheck %s --check-prefix=FUNCTION-ATTR
// RUN: not %amanda_opt %S/Inputs/parity-generic-empty-attr.pbtxt 2>&1 | FileCheck %s --check-prefix=GENERIC-ATTR

// The GraphDef importer does what TensorFlow 2.21's (tfg-translate -graphdef-to-mlir,
// tensorflow/core/ir/importexport/graphdef_import.cc) does: result types come from the op
// definition only (`_output_shapes` is kept as an attribute; shapes are the shape-inference
// pass's job), attribute names are kept as written (`_tpu_replicate` too), and bad input is
// refused with TensorFlow's wording.

// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x") {_output_shapes = [#tf_type.shape<4>], _tpu_replicate = "cluster", dtype = i32, shape = #tf_type.shape<*>} : () -> (tensor<*xi32>)
// CHECK: Identity(%[[X]]) name("y") {T = i32, _output_shapes = [#tf_type.shape<4>]} : (tensor<*xi32>) -> (tensor<*xi32>)

// EMPTY-OP: Node n has an empty op name
// TYPE-LIST: Expected 'Tout' to be a list of types
// EMPTY-ATTR: empty attr name
// INDEX: Output index 4294967295 is invalid (too large)
// HANDLE: input_arg 'a': INVALID_ARGUMENT: Invalid dtype for handle_data
// RESULT: Function 'g' has empty result name
// FUNC-ATTR: attribute 'fs': empty func_attr name (node 'n', field 'attr')
// FUNCTION-ATTR: Function h has an empty attr name
// GENERIC-ATTR: Invalid function attribute name
