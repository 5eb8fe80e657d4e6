// RUN: not %amanda_opt --split-input-file %s 2>&1 | FileCheck %s

// Integer literals just outside their type, each rejected where and as mlir-opt does.

// CHECK: integer-range-edges.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 340282366920938463463374607431768211456 : i128} : () -> ()

// -----
// CHECK: integer-range-edges.mlir:[[@LINE+1]]:17: error: integer constant out of range for attribute
"foo.a"() {a = -170141183460469231731687303715884105729 : i128} : () -> ()

// -----
// CHECK: integer-range-edges.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 170141183460469231731687303715884105728 : si128} : () -> ()

// -----
// CHECK: integer-range-edges.mlir:[[@LINE+1]]:17: error: negative integer literal not valid for unsigned integer type
"foo.a"() {a = -1 : ui128} : () -> ()

// -----
// CHECK: integer-range-edges.mlir:[[@LINE+1]]:17: error: integer constant out of range for attribute
"foo.a"() {a = -0 : i32} : () -> ()

// -----
// CHECK: integer-range-edges.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 9223372036854775808 : index} : () -> ()
