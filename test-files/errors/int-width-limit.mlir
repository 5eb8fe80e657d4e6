// RUN: not %amanda_opt --split-input-file %s 2>&1 | FileCheck %s

// Integer types are at most 16777215 bits wide, and i0 holds only 0 (mlir-opt's messages).

// CHECK: int-width-limit.mlir:[[@LINE+1]]:16: error: integer bitwidth is limited to 16777215 bits
"foo.a"() {a = i16777216} : () -> ()

// -----
// CHECK: int-width-limit.mlir:[[@LINE+1]]:29: error: integer bitwidth is limited to 16777215 bits
"foo.a"() : () -> (tensor<2xsi99999999>)

// -----
// CHECK: int-width-limit.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 1 : i0} : () -> ()
