// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-unknown-op.yaml 2>&1 | FileCheck %s --check-prefix=OP
// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-unknown-attr.yaml 2>&1 | FileCheck %s --check-prefix=ATTR
// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-capture.yaml 2>&1 | FileCheck %s --check-prefix=CAPTURE
// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-syntax.yaml 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-helper.yaml 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-required.yaml 2>&1 | FileCheck %s --check-prefix=REQUIRED
// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-ref-boolean.yaml 2>&1 | FileCheck %s --check-prefix=BOOLREF
// RUN: not amanda-opt %s --mapping-table %S/Inputs/bad-unknown-op.yaml -o %t.out 2>&1 ; not test -e %t.out
// A table with a problem is refused before any input is read: each problem is an error at
// its line and column in the YAML file, and the exit status is 1.

// OP: bad-unknown-op.yaml:7:19: error: 'Reluu' is not an op of amanda/tensorflow/2.21; did you mean 'Relu'?
// ATTR: bad-unknown-attr.yaml:10:11: error: 'MatMul' has no attribute 'transpose_c' in amanda/tensorflow/2.21 (its attributes: transpose_a, transpose_b, T, grad_a, grad_b)
// CAPTURE: bad-capture.yaml:11:18: error: capture 'y' is not defined before this use (defined: x)
// SYNTAX: bad-syntax.yaml:7:10: error: invalid YAML: while parsing a flow mapping, did not find expected ',' or '}'
// HELPER: bad-helper.yaml:11:24: error: no helper function 'perm_form_data_format' (docs/mapping-tables.md lists them)
// BOOLREF: bad-ref-boolean.yaml:6:54: error: 'ref' must name a capture, not a boolean; YAML reads this unquoted name as such: quote it ({ref: 'y'})
// REQUIRED: bad-required.yaml:7:19: error: mapper op 'Relu' does not set the required attribute 'T' (type) of amanda/tensorflow/2.21

tfg.graph #tf_type.version<producer = 1, min_consumer = 1> {
}
