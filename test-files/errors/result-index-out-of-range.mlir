// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// `%x#N` past the last result of `%x` (mlir-opt: "reference to invalid result number").

// UNTOUCHED: previous output
%0:2 = "foo.a"() : () -> (i32, i32)
// CHECK: result-index-out-of-range.mlir:[[@LINE+1]]:9: error: reference to invalid result number
"foo.b"(%0#2) : (i32) -> ()
