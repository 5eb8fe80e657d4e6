// RUN: not %amanda_opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: %amanda_opt %s --split-input-file --verify-diagnostics

// Numbers that do not fit their (possibly implied) type are errors at the literal, worded as
// mlir-opt words them; none is silently wrapped or truncated (issue 19).

// -----
// CHECK: number-ranges.mlir:[[@LINE+2]]:16: error: integer constant out of range for attribute
// expected-error @+1 {{integer constant out of range for attribute}}
"foo.a"() {a = 99999999999999999999999999} : () -> ()

// -----
// expected-error @+1 {{integer constant out of range for attribute}}
"foo.a"() {a = 18446744073709551616} : () -> ()

// -----
// CHECK: number-ranges.mlir:[[@LINE+2]]:17: error: integer constant out of range for attribute
// expected-error @+1 {{integer constant out of range for attribute}}
"foo.a"() {a = -9223372036854775809} : () -> ()

// -----
// expected-error @+1 {{integer constant out of range for attribute}}
"foo.a"() {a = #tf_type.version<producer = 99999999999999999999, min_consumer = 0>} : () -> ()

// -----
// A hex float literal has at most as many bits as its type.
// CHECK: number-ranges.mlir:[[@LINE+2]]:16: error: hexadecimal float constant out of range for type
// expected-error @+1 {{hexadecimal float constant out of range for type}}
"foo.a"() {a = 0x1FFFFFFFF : f32} : () -> ()

// -----
// expected-error @+1 {{hexadecimal float constant out of range for type}}
"foo.a"() {a = dense<0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF> : tensor<f32>} : () -> ()

// -----
// expected-error @+1 {{hexadecimal float constant out of range for type}}
"foo.a"() {a = dense<[0x1, 0x1FFFFFFFF]> : tensor<2xf32>} : () -> ()

// -----
// expected-error @+1 {{hexadecimal float constant out of range for type}}
"foo.a"() {a = dense<(0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF, 0.0)> : tensor<complex<f32>>} : () -> ()

// -----
// Complex elements are checked against their part type.
// expected-error @+1 {{integer constant out of range for type}}
"foo.a"() {a = dense<(300, 0)> : tensor<complex<i8>>} : () -> ()

// -----
// expected-error @+1 {{integer constant out of range for type}}
"foo.a"() {a = dense<[(1, 2), (3, -129)]> : tensor<2xcomplex<i8>>} : () -> ()

// -----
// expected-error @+1 {{integer constant out of range for type}}
"foo.a"() {a = dense<300> : tensor<i8>} : () -> ()

