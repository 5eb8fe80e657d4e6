// RUN: not %amanda_opt %s 2>&1 | FileCheck %s

// PENDING: `!tf_type.f16ref`, `!tf_type.int2ref` and `!tf_type.uint2ref` are not TensorFlow
// types (its half reference type is `halfref`); TensorFlow rejects them with "unknown type
// in TF graph dialect: f16ref" at the type, amanda-opt accepts them.
// Repro: echo 'module attributes {tfg.type = !tf_type.f16ref} {}' | amanda-opt --canonical

// CHECK: unknown-tf-type.mlir:[[@LINE+1]]:{{31|40}}: error: unknown type in TF graph dialect: f16ref
module attributes {tfg.type = !tf_type.f16ref} {}
