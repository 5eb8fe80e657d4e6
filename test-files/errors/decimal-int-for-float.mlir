// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t
// RUN: not %amanda_opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT

// A decimal integer literal for a float type (mlir-opt: same place, same words; a hex
// literal is the float's bits and stays valid).

// UNTOUCHED: previous output
// CHECK: decimal-int-for-float.mlir:[[@LINE+1]]:16: error: unexpected decimal integer literal for a floating point value
"foo.a"() {a = 1 : f32, b = 0x3F800000 : f32} : () -> ()

// -----
// SPLIT: decimal-int-for-float.mlir:[[@LINE+1]]:17: error: unexpected decimal integer literal for a floating point value
"foo.a"() {a = -1 : f32} : () -> ()

// -----
// SPLIT: decimal-int-for-float.mlir:[[@LINE+1]]:27: error: unexpected decimal integer literal for a floating point value
"foo.a"() {a = array<f32: 1, 2>} : () -> ()

// -----
// SPLIT: decimal-int-for-float.mlir:[[@LINE+1]]:17: error: hexadecimal float literal should not have a leading minus
"foo.a"() {a = -0x1 : f32} : () -> ()
