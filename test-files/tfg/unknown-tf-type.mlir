// RUN: not %amanda_opt --split-input-file %s 2>&1 | FileCheck %s

// A `!tf_type` name TensorFlow does not define is rejected at the name, in its words.

// CHECK: unknown-tf-type.mlir:[[@LINE+1]]:40: error: unknown type in TF graph dialect: f16ref
module attributes {tfg.type = !tf_type.f16ref} {}

// -----
// CHECK: unknown-tf-type.mlir:[[@LINE+1]]:47: error: unknown type in TF graph dialect: uint2ref
module attributes {tfg.type = tensor<!tf_type.uint2ref>} {}

// -----
// CHECK: unknown-tf-type.mlir:[[@LINE+1]]:66: error: unknown type in TF graph dialect: int2ref
module attributes {tfg.type = !tf_type.int4ref, tfg.b = !tf_type.int2ref} {}
