// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// An integer that does not fit its type (mlir-opt: same place, same words).

// UNTOUCHED: previous output
// CHECK: integer-out-of-range.mlir:[[@LINE+1]]:16: error: integer constant out of range for attribute
"foo.a"() {a = 300 : i8} : () -> ()
