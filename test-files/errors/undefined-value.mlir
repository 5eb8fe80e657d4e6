// RUN: echo "previous output" > %t
// RUN: not %amanda_opt %s -o %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=UNTOUCHED < %t

// A use of a value defined nowhere (not even later: graph regions allow that).

// UNTOUCHED: previous output
// CHECK: undefined-value.mlir:[[@LINE+1]]:14: error: use of undeclared SSA value name '%missing'
%0 = "foo.a"(%missing) : (i32) -> i32
